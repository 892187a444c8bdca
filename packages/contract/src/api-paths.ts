/**
 * Method and path of every API route, free of any schema library so that clients can import them
 * without the schemas. Paths are the spec's (section 7) after the base prefix of
 * API-CONVENTIONS.md. The route table (`routes.ts`) adds schemas and access rules to each entry.
 */
type TMethod = 'GET' | 'POST';
type TPathDef = { readonly method: TMethod; readonly path: string };

function def<const M extends TMethod, const P extends string>(method: M, path: P) {
  return { method, path } as const satisfies TPathDef;
}

export const apiPaths = {
  // console meta and operations
  meta: def('GET', '/api/meta'),
  healthz: def('GET', '/healthz'),
  readyz: def('GET', '/readyz'),
  // login and logout ("no prefix")
  login: def('POST', '/api/login'),
  logout: def('POST', '/api/logout'),
  // user
  getCurrentUser: def('POST', '/api/portal/user/getCurrentUser'),
  findCurrentUser: def('GET', '/api/portal/user/findCurrentUser'),
  getUserAuth: def('GET', '/api/portal/user/getUserAuth'),
  getPwdErrorTimes: def('GET', '/api/portal/user/getPwdErrorTimes'),
  bindEmail: def('POST', '/api/portal/user/bindEmail'),
  // account
  getAccountDetail: def('GET', '/api/portal/account/getAccountDetail'),
  getAccountBaseInfo: def('POST', '/api/portal/account/getAccountBaseInfo'),
  checkBill: def('GET', '/api/portal/account/checkBill'),
  // account center and own profile (issue "Administration")
  getAccountCenter: def('GET', '/api/portal/account/center'),
  updateAccountInfo: def('POST', '/api/portal/account/updateAccountInfo'),
  updateAccount: def('POST', '/api/portal/account/updateAccount'),
  activateAccount: def('POST', '/api/portal/account/activate'),
  formalApplication: def('POST', '/api/portal/account/formal/application'),
  updateProfile: def('POST', '/api/portal/user/updateProfile'),
  // active sessions (issue 22): the user's own, and an administrator's view of a user's
  listMySessions: def('GET', '/api/portal/user/sessions'),
  endMySession: def('POST', '/api/portal/user/sessions/end'),
  endMyOtherSessions: def('POST', '/api/portal/user/sessions/endOthers'),
  listUserSessions: def('GET', '/api/portal/user/userSessions'),
  endUserSessions: def('POST', '/api/portal/user/userSessions/end'),
  // passkeys (issue 22): the user's own, and sign-in by passkey ("no prefix", as login)
  listPasskeys: def('GET', '/api/portal/user/passkeys'),
  passkeyRegistrationOptions: def('POST', '/api/portal/user/passkeys/options'),
  registerPasskey: def('POST', '/api/portal/user/passkeys/register'),
  renamePasskey: def('POST', '/api/portal/user/passkeys/rename'),
  removePasskey: def('POST', '/api/portal/user/passkeys/remove'),
  passkeySignInOptions: def('POST', '/api/login/passkey/options'),
  passkeySignIn: def('POST', '/api/login/passkey'),
  // verification codes and captcha (spec section 7 "Common")
  generateImageCaptcha: def('POST', '/api/portal/common/generateImageCaptcha'),
  sendAuthCode: def('POST', '/api/portal/common/sendAuthCode'),
  checkAuthCode: def('POST', '/api/portal/common/checkAuthCode'),
  sendPhoneAuthCode: def('POST', '/api/portal/common/sendPhoneAuthCode'),
  sendPhoneAuthCodeWithToken: def('POST', '/api/portal/common/sendPhoneAuthCodeWithToken'),
  checkPhoneAuthCode: def('POST', '/api/portal/common/checkPhoneAuthCode'),
  sendAuthCodeForUnregistered: def('POST', '/api/portal/common/sendAuthCodeForUnregistered'),
  countries: def('GET', '/api/meta/countries'),
  // login protection (spec section 7 "MFA")
  getMfaCode: def('POST', '/api/portal/mfa/getMfaCode'),
  modifyMfaStatus: def('POST', '/api/portal/mfa/modifyMfaStatus'),
  resetMfaCode: def('POST', '/api/portal/mfa/resetMfaCode'),
  getMfaStatus: def('GET', '/api/portal/mfa/status'),
  createMfaChallenge: def('POST', '/api/portal/mfa/challenge'),
  sendLoginCode: def('POST', '/api/portal/mfa/sendLoginCode'),
  getMfaPolicy: def('GET', '/api/portal/mfa/policy'),
  saveMfaPolicy: def('POST', '/api/portal/mfa/policy'),
  // password policy and passwords (spec section 7 "Password policy", "User")
  getPasswordPolicy: def('GET', '/api/portal/password/policy/get'),
  savePasswordPolicy: def('POST', '/api/portal/password/policy/save'),
  changePassword: def('POST', '/api/portal/user/changePassword'),
  resetPassword: def('POST', '/api/portal/user/resetPassword'),
  // recovery without a session
  findAccount: def('POST', '/api/portal/account/findAccount'),
  getUsernamesByPhoneOrEmail: def('POST', '/api/portal/user/getUsernamesByPhoneOrEmail'),
  getUserByUsername: def('POST', '/api/portal/user/getUserByUsername'),
  resetPasswordWithoutLogin: def('POST', '/api/portal/user/resetPasswordWithoutLogin'),
  // registration
  createAccount: def('POST', '/api/portal/account/createAccount'),
  createAwsMktAccount: def('POST', '/api/portal/account/createAwsMktAccount'),
  checkAwsMktToken: def('GET', '/api/portal/account/checkAwsMktToken'),
  receiveAwsMktBuyer: def('POST', '/api/portal/account/awsMktRegister'),
  updateRegistrationInfo: def('POST', '/api/portal/account/updateRegistrationInfo'),
  // contact changes confirmed by the user
  updateUserWithConfirm: def('POST', '/api/portal/user/updateUserWithConfirm'),
  getUserUpdateInfoByConfirmToken: def('GET', '/api/portal/user/getUserUpdateInfoByConfirmToken'),
  updateUserByConfirmToken: def('POST', '/api/portal/user/updateUserByConfirmToken'),
  listPendingChanges: def('GET', '/api/portal/user/pendingChanges'),
  revokePendingChange: def('POST', '/api/portal/user/revokePendingChange'),
  // user management and roles (administrators)
  userList: def('POST', '/api/portal/user/userList'),
  addUser: def('POST', '/api/portal/user/addUser'),
  addManagedUser: def('POST', '/api/portal/user/addManagedUser'),
  updateUser: def('POST', '/api/portal/user/updateUser'),
  updateUserStatus: def('POST', '/api/portal/user/updateUserStatus'),
  checkUserSyncStatus: def('GET', '/api/portal/user/checkUserSyncStatus'),
  retryUserSync: def('POST', '/api/portal/user/retryUserSync'),
  deleteUser: def('POST', '/api/portal/user/deleteUser'),
  deleteManagedUser: def('POST', '/api/portal/user/deleteManagedUser'),
  recoverManagedUser: def('POST', '/api/portal/user/recoverManagedUser'),
  recoverUser: def('POST', '/api/portal/user/recoverUser'),
  resetManagedUserPassword: def('POST', '/api/portal/user/resetManagedUserPassword'),
  // an administrator resets another user's login protection (authenticator app and passkeys)
  resetUserMfa: def('POST', '/api/portal/user/resetMfa'),
  checkProperties: def('POST', '/api/portal/user/checkProperties'),
  fetchUser: def('GET', '/api/portal/user/fetchUser'),
  userOwnedResources: def('GET', '/api/portal/user/ownedResources'),
  checkTenantAdmin: def('GET', '/api/portal/user/checkTenantAdmin'),
  // invitations: administrators resend and revoke; the invited user reads and accepts without a session
  resendInvitation: def('POST', '/api/portal/user/resendInvitation'),
  revokeInvitation: def('POST', '/api/portal/user/revokeInvitation'),
  getInvitation: def('GET', '/api/portal/user/invitation'),
  invitationMfaCode: def('POST', '/api/portal/user/invitation/mfaCode'),
  acceptInvitation: def('POST', '/api/portal/user/acceptInvitation'),
  roleList: def('POST', '/api/portal/role/roleList'),
  roleDetail: def('POST', '/api/portal/role/roleDetail'),
  roleUserList: def('POST', '/api/portal/role/roleUserList'),
  grantRoleForUser: def('POST', '/api/portal/role/grantRoleForUser'),
  deleteRoleForUser: def('POST', '/api/portal/role/deleteRoleForUser'),
  userRoleList: def('GET', '/api/portal/role/userRoleList'),
  // Huawei-cloud license activation
  listLicenses: def('GET', '/api/portal/huaweiLicense/listLicenses'),
  activateLicense: def('POST', '/api/portal/huaweiLicense/activate'),
  // single sign-on (spec section 7 "SSO")
  getSsoConfig: def('GET', '/api/portal/sso/config'),
  saveSsoConfig: def('POST', '/api/portal/sso/config'),
  testSsoConfig: def('POST', '/api/portal/sso/config/test'),
  ssoAccountSuite: def('GET', '/api/portal/sso/account/suite'),
  ssoAuthentication: def('GET', '/api/portal/sso/suite/authentication'),
  ssoOidcCallback: def('GET', '/api/portal/sso/oidc/callback'),
  ssoSamlAcs: def('POST', '/api/portal/sso/saml/acs'),
  ssoSamlMetadata: def('GET', '/api/portal/sso/saml/metadata'),
  // SCIM provisioning tokens (issue 22), managed on the SSO page
  listScimTokens: def('GET', '/api/portal/sso/scim/tokens'),
  createScimToken: def('POST', '/api/portal/sso/scim/tokens'),
  revokeScimToken: def('POST', '/api/portal/sso/scim/tokens/revoke'),
  // third-party binding (spec section 7 "Third party")
  getUserBindingConfig: def('POST', '/api/portal/thirdparty/getUserBindingConfig'),
  userUnBinding: def('POST', '/api/portal/thirdparty/userUnBinding'),
  modifyThirdPartyLoginStatus: def('POST', '/api/portal/thirdparty/modifyThirdPartyLoginStatus'),
  thirdPartyBind: def('GET', '/api/portal/thirdparty/bind'),
  thirdPartyLogin: def('GET', '/api/portal/thirdparty/login'),
  thirdPartyCallback: def('GET', '/api/portal/thirdparty/callback'),
  // services and instances (spec section 7 "Service")
  serviceList: def('GET', '/api/portal/service/serviceList'),
  serviceVersionList: def('POST', '/api/portal/service/serviceVersionList'),
  serviceCspList: def('GET', '/api/portal/service/serviceCspList'),
  serviceRegionList: def('GET', '/api/portal/service/serviceRegionList'),
  getRegionListByServiceId: def('POST', '/api/portal/service/getRegionListByServiceId'),
  getAccountTags: def('GET', '/api/portal/tag/getAccountTags'),
  createInstance: def('POST', '/api/portal/service/createInstance'),
  serviceInstanceList: def('GET', '/api/portal/service/serviceInstanceList'),
  getAccountInstanceList: def('GET', '/api/portal/account/getAccountInstanceList'),
  // the workbench's cards in one answer
  getWorkbenchOverview: def('GET', '/api/portal/workbench/overview'),
  getInstanceUrl: def('GET', '/api/portal/service/getInstanceUrl'),
  retryInstance: def('POST', '/api/portal/service/retryInstance'),
  closeInstance: def('POST', '/api/portal/service/closeInstance'),
  // shared job profiles (spec section 2 "/share/jobProfile"; decision 0023)
  createJobProfileShare: def('POST', '/api/portal/share/jobProfile'),
  listJobProfileShares: def('GET', '/api/portal/share/jobProfile/list'),
  revokeJobProfileShare: def('POST', '/api/portal/share/jobProfile/revoke'),
  listInstanceJobs: def('GET', '/api/portal/share/jobProfile/jobs'),
  getSharedJobProfile: def('GET', '/api/portal/share/jobProfile/view'),
  // Insight users (spec section 7 "Insight")
  insightServiceInfo: def('GET', '/api/portal/insight/service/info'),
  insightUserList: def('GET', '/api/portal/insight/user/list'),
  enableInsightUsers: def('POST', '/api/portal/insight/user/enableUsers'),
  disableInsightUsers: def('POST', '/api/portal/insight/user/disableUsers'),
  insightUserRoles: def('GET', '/api/portal/insight/user/roles'),
  insightUserSyncStatus: def('GET', '/api/portal/insight/user/getUserSyncStatus'),
  // workspaces (authority gateway)
  listUserWorkspaces: def('POST', '/api/authority/v1/workspace/centre/listUserWorkspaces'),
  // billing (spec section 7 "Billing", account billing base path)
  billingCount: def('POST', '/api/portal/billing/count'),
  billingDetailList: def('POST', '/api/portal/billing/detail/list'),
  billingDetailDownload: def('POST', '/api/portal/billing/detail/download/list'),
  statementList: def('POST', '/api/portal/billing/history/list'),
  statementYears: def('POST', '/api/portal/billing/history/years'),
  statementDetail: def('POST', '/api/portal/billing/history/detail'),
  statementDownload: def('POST', '/api/portal/billing/history/download'),
  deductionList: def('POST', '/api/portal/billing/deduction/list'),
  voucherList: def('POST', '/api/portal/billing/voucher/list'),
  transactionList: def('POST', '/api/portal/billing/transaction/list'),
  getFundsAccount: def('GET', '/api/portal/billing/getAccount'),
  cspRegionList: def('GET', '/api/portal/billing/cspRegionList'),
  skuList: def('GET', '/api/portal/billing/skuList'),
  getPayQrcode: def('GET', '/api/portal/billing/getPayQrcode'),
  getRecharge: def('GET', '/api/portal/billing/recharge/:rechargeId'),
  certificationUpload: def('POST', '/api/portal/billing/certification/upload'),
  certificationDownload: def('POST', '/api/portal/billing/certification/download'),
  // real-name verification (spec section 7 "Billing" certification calls)
  personalVerify: def('POST', '/api/portal/billing/certification/personalVerify'),
  faceVerify: def('POST', '/api/portal/billing/certification/faceVerify'),
  queryFaceVerifyResult: def('GET', '/api/portal/billing/certification/queryfaceVerifyRest'),
  faceReturn: def('GET', '/api/portal/billing/certification/faceReturn'),
  companyVerify: def('POST', '/api/portal/billing/certification/companyVerify'),
  certificationStatus: def('GET', '/api/portal/billing/certification/status'),
  remittanceInfo: def('GET', '/api/portal/billing/remittance/info'),
  submitRemittance: def('POST', '/api/portal/billing/remittance/submit'),
  remittanceList: def('POST', '/api/portal/billing/remittance/list'),
  getAlert: def('GET', '/api/portal/billing/alert/get'),
  updateAlert: def('POST', '/api/portal/billing/alert/update'),
  webhookList: def('GET', '/api/portal/billing/webhook/list'),
  saveWebhook: def('POST', '/api/portal/billing/webhook/save'),
  deleteWebhook: def('POST', '/api/portal/billing/webhook/delete'),
  testWebhook: def('POST', '/api/portal/billing/webhook/test'),
  webhookDeliveries: def('POST', '/api/portal/billing/webhook/deliveries'),
  rotateWebhookSecret: def('POST', '/api/portal/billing/webhook/rotateSecret'),
  // machine API (signed, never cookie-authenticated)
  usageHook: def('POST', '/api/hooks/usage'),
  wechatPayNotify: def('POST', '/api/hooks/pay/wechat'),
  alipayNotify: def('POST', '/api/hooks/pay/alipay'),
  // audit log (no spec path: API-CONVENTIONS.md "Lists", keyset cursor)
  auditList: def('POST', '/api/portal/audit/list'),
  auditExport: def('GET', '/api/portal/audit/export'),
  // development only (absent in production mode)
  devOutbox: def('GET', '/api/dev/outbox'),
  devPayGateway: def('GET', '/api/dev/pay/:rechargeId'),
  devPayConfirm: def('POST', '/api/dev/pay/:rechargeId'),
  devFacePage: def('GET', '/api/dev/face/:sessionId'),
  devFaceConfirm: def('POST', '/api/dev/face/:sessionId'),
  devInstancePage: def('GET', '/api/dev/instance/:instanceName'),
} as const;

export type TApiPaths = typeof apiPaths;
export type TRouteId = keyof TApiPaths;
