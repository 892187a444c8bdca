/**
 * The route table: every API route with its method, path, access rule, request and response
 * schemas and the business codes it may answer. The server registers its handlers against this
 * table, the OpenAPI document is generated from it, and the permission tests iterate it.
 */
import { z } from 'zod';
import { apiPaths, type TApiPaths, type TRouteId } from './api-paths';
import { ErrorCode } from './codes';
import { ZAccountBaseInfo, ZAccountBody, ZAccountDetail, ZAccountQuery, ZCheckBill } from './schemas/account';
import {
  ZAccountCenter,
  ZActivateAccountRequest,
  ZActivationResult,
  ZFormalApplicationRequest,
  ZFormalApplicationResult,
  ZUpdateAccountInfoRequest,
  ZUpdateProfileRequest,
  ZUpdateRegistrationPhoneRequest,
} from './schemas/account-admin';
import { ZAuditExportQuery, ZAuditListRequest, ZAuditPage } from './schemas/audit';
import { ZLoginRequest, ZLoginResponse, ZPwdErrorTimes, ZPwdErrorTimesQuery } from './schemas/auth';
import {
  ZAlertConfig,
  ZAlertUpdateRequest,
  ZBillingCount,
  ZBillingDetailPage,
  ZBillingDetailRequest,
  ZBillingExportRequest,
  ZBillingFilter,
  ZCspRegion,
  ZDeductionListRequest,
  ZDeductionPage,
  ZDownloadRequest,
  ZFundsAccount,
  ZPayQrcodeQuery,
  ZRecharge,
  ZRemittance,
  ZRemittanceInfo,
  ZRemittanceListRequest,
  ZRemittancePage,
  ZRemittanceRequest,
  ZSku,
  ZStatementDetail,
  ZStatementExportRequest,
  ZStatementListRequest,
  ZStatementPage,
  ZStatementRequest,
  ZStatementYears,
  ZTransactionListRequest,
  ZTransactionPage,
  ZUploaded,
  ZUploadQuery,
  ZUsageBatch,
  ZUsageBatchResult,
  ZVoucherListRequest,
  ZVoucherPage,
  ZWebhook,
  ZWebhookDeliveryPage,
  ZWebhookDeliveryRequest,
  ZWebhookIdRequest,
  ZWebhookInput,
  ZWebhookSaveResult,
  ZWebhookSecretRotation,
  ZWebhookTestResult,
} from './schemas/billing';
import {
  ZCertification,
  ZCertificationState,
  ZCompanyVerifyRequest,
  ZDevFaceBody,
  ZDevFaceQuery,
  ZFaceResult,
  ZFaceResultQuery,
  ZFaceReturnQuery,
  ZFaceVerifyRequest,
  ZFaceVerifyResult,
  ZPersonalVerifyRequest,
  ZPersonalVerifyResult,
} from './schemas/certification';
import { ZNull } from './schemas/common';
import {
  ZAcceptedInvitation,
  ZAcceptInvitationRequest,
  ZInvitation,
  ZInvitationAdminRequest,
  ZInvitationQuery,
  ZInvitationRef,
  ZUserInvitation,
} from './schemas/invitation';
import { ZHealth, ZMeta } from './schemas/meta';
import {
  ZAuthCodeTokenHeaders,
  ZGetMfaCodeRequest,
  ZMfaChallenge,
  ZMfaCode,
  ZMfaPolicy,
  ZMfaState,
  ZModifyMfaStatusRequest,
  ZOptionalAuthCodeTokenHeaders,
  ZOptionalAuthMethodHeaders,
  ZSaveMfaPolicyRequest,
  ZSendLoginCodeRequest,
} from './schemas/mfa';
import {
  ZPasskeyList,
  ZPasskeySignInOptionsRequest,
  ZPasskeySignInRequest,
  ZRegisterPasskeyRequest,
  ZRemovePasskeyRequest,
  ZRenamePasskeyRequest,
  ZWebAuthnOptions,
} from './schemas/passkeys';
import {
  ZCreatedScimToken,
  ZCreateScimTokenRequest,
  ZRevokeScimTokenRequest,
  ZScimTokenList,
} from './schemas/scim';
import {
  ZAwsMktBuyerForm,
  ZChangePasswordRequest,
  ZChangeRequest,
  ZCheckAwsMktTokenQuery,
  ZCheckTokenHeaders,
  ZConfirmTokenQuery,
  ZCreateAccountRequest,
  ZCreateAwsMktAccountRequest,
  ZCreatedAccount,
  ZFindAccountRequest,
  ZFoundAccounts,
  ZFoundUsernames,
  ZGetUserByUsernameRequest,
  ZGetUsernamesRequest,
  ZIdentityProofHeaders,
  ZLicense,
  ZLicenseQuery,
  ZLicenses,
  ZMarketplaceCustomer,
  ZPasswordPolicy,
  ZPendingChange,
  ZPendingChanges,
  ZPolicyQuery,
  ZResetLookup,
  ZResetPasswordRequest,
  ZResetPasswordWithoutLoginRequest,
  ZRevokePendingChangeRequest,
  ZUpdateRegistrationInfoRequest,
  ZUpdateUserWithConfirmRequest,
} from './schemas/self-service';
import {
  ZAccountTag,
  ZCreateInstanceRequest,
  ZCsp,
  ZDisableInsightUsersRequest,
  ZEnableInsightUsersRequest,
  ZInsightChange,
  ZInsightRole,
  ZInsightServiceInfo,
  ZInsightSyncStatus,
  ZInsightUserList,
  ZInsightUserListQuery,
  ZInstance,
  ZInstanceIdQuery,
  ZInstanceIdRequest,
  ZInstanceList,
  ZInstanceListQuery,
  ZInstanceUrl,
  ZListUserWorkspacesRequest,
  ZRegion,
  ZRegionListQuery,
  ZService,
  ZServiceIdRequest,
  ZServiceRegion,
  ZServiceVersion,
  ZUserWorkspaces,
} from './schemas/services';
import {
  ZEndedSessions,
  ZEndSessionRequest,
  ZEndUserSessionsRequest,
  ZSessionList,
  ZUserSessionsQuery,
} from './schemas/sessions';
import {
  ZCreatedJobProfileShare,
  ZCreateJobProfileShareRequest,
  ZInstanceJobs,
  ZInstanceJobsQuery,
  ZJobProfileShareIdRequest,
  ZJobProfileShareList,
  ZJobProfileShareListQuery,
  ZSharedJobProfile,
  ZShareTokenQuery,
} from './schemas/share';
import {
  ZOidcCallbackQuery,
  ZSamlAcsBody,
  ZSamlMetadataQuery,
  ZSaveSsoConfigRequest,
  ZSsoAuthenticationQuery,
  ZSsoConfig,
  ZSsoSuite,
  ZSsoSuiteQuery,
  ZSsoTestStart,
  ZThirdPartyBindQuery,
  ZThirdPartyCallbackQuery,
  ZThirdPartyLoginQuery,
  ZThirdPartyLoginStatus,
  ZThirdPartyProviderBody,
  ZUserBindingConfig,
} from './schemas/sso';
import { ZBindEmailRequest, ZCurrentUser, ZFoundCurrentUser, ZUserAuth } from './schemas/user';
import {
  ZAccountOnly,
  ZAddManagedUserRequest,
  ZAddUserRequest,
  ZBulkResult,
  ZCheckPropertiesRequest,
  ZCheckPropertiesResult,
  ZDeleteUserQuery,
  ZOwnedResources,
  ZResetManagedUserPasswordRequest,
  ZResetUserMfaRequest,
  ZResetUserMfaResult,
  ZRetryUserSyncRequest,
  ZRoleDetail,
  ZRoleGrantRequest,
  ZRoleIdRequest,
  ZRoleList,
  ZRoleUserList,
  ZRoleUserListRequest,
  ZTenantAdmin,
  ZUpdateUserRequest,
  ZUpdateUserResult,
  ZUpdateUserStatusRequest,
  ZUserIdQuery,
  ZUserIdRef,
  ZUserIdsQuery,
  ZUserList,
  ZUserListRequest,
  ZUserRoleList,
  ZUserRoleQuery,
  ZUserRow,
  ZUserSyncQuery,
  ZUserSyncStatus,
} from './schemas/users';
import {
  ZAuthMethodHeaders,
  ZCaptcha,
  ZCheckAuthCodeQuery,
  ZCheckCodeHeaders,
  ZCheckPhoneAuthCodeBody,
  ZCheckResult,
  ZCountryList,
  ZOutbox,
  ZOutboxQuery,
  ZSendAuthCodeQuery,
  ZSendCodeResult,
  ZSendForUnregisteredBody,
  ZSendPhoneAuthCodeBody,
} from './schemas/verification';
import { ZWorkbenchOverview } from './schemas/workbench';

const codeErrors = [
  ErrorCode.codeExpired,
  ErrorCode.codeAlreadyUsed,
  ErrorCode.verificationFailed,
  ErrorCode.codeMismatch,
  ErrorCode.tooManyVerifications,
];
const policyErrors = [
  ErrorCode.passwordTooShort,
  ErrorCode.passwordTooLong,
  ErrorCode.passwordMissingCharTypes,
  ErrorCode.passwordInvalidChars,
  ErrorCode.passwordSameAsOld,
  ErrorCode.passwordPolicyViolated,
];
/** The refusals of an invitation link: another user's or unknown, accepted, revoked, expired. */
const invitationErrors = [
  ErrorCode.invitationInvalid,
  ErrorCode.invitationUsed,
  ErrorCode.invitationRevoked,
  ErrorCode.invitationExpired,
  ErrorCode.userDeleted,
  ErrorCode.userDisabled,
  ErrorCode.tooManyRequests,
];
const sendErrors = [
  ErrorCode.sendCodeFailed,
  ErrorCode.smsRateLimited,
  ErrorCode.smsNumberInvalid,
  ErrorCode.smsNotConfigured,
  ErrorCode.emailNotConfigured,
  ErrorCode.callLimitExceeded,
  ErrorCode.captchaRequired,
  ErrorCode.captchaInvalid,
];

/**
 * public: no session needed; optional: a session is used when present (else the request names
 * its subject itself); session: any signed-in user; admin: account administrators only.
 */
export type TAccess = 'public' | 'optional' | 'session' | 'admin';

export type TRouteDef = {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly access: TAccess;
  readonly summary: string;
  readonly tag: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Headers the route reads (lower-case names). */
  readonly headers?: z.ZodType;
  readonly response: z.ZodType;
  /** Present only outside production mode. */
  readonly devOnly?: boolean;
  /** A larger body than the default 1 MiB (usage batches). */
  readonly bodyLimit?: number;
  /** Business codes (HTTP 200 with the code in the body) this route may answer. */
  readonly codes?: readonly number[];
};

type TRouteExtras = Omit<TRouteDef, 'method' | 'path'>;

function route<const P extends TApiPaths[TRouteId], const E extends TRouteExtras>(path: P, extras: E): P & E {
  return { ...path, ...extras };
}

export const routes = {
  meta: route(apiPaths.meta, {
    access: 'public',
    tag: 'meta',
    summary: 'Console meta: edition, deployment mode, feature flags and support contacts',
    response: ZMeta,
  }),
  healthz: route(apiPaths.healthz, {
    access: 'public',
    tag: 'ops',
    summary: 'The process is up',
    response: ZHealth,
  }),
  readyz: route(apiPaths.readyz, {
    access: 'public',
    tag: 'ops',
    summary: 'The database answers (503 when it does not)',
    response: ZHealth,
  }),
  login: route(apiPaths.login, {
    access: 'public',
    tag: 'auth',
    summary:
      'Sign in with account name, username and password; answers a session token, or the second-factor requirement. The image captcha after repeated failures of the name or of the client address; 429 with `Retry-After` while the address is blocked',
    body: ZLoginRequest,
    response: ZLoginResponse,
    codes: [
      ErrorCode.wrongPassword,
      ErrorCode.userDisabled,
      ErrorCode.userDeleted,
      ErrorCode.serviceUserNoWebLogin,
      ErrorCode.accountUnavailable,
      ErrorCode.passwordMustReset,
      ErrorCode.ssoRequired,
      ErrorCode.ssoAdminLoginDisabled,
      ErrorCode.captchaRequired,
      ErrorCode.captchaInvalid,
      ErrorCode.mfaDecryptFailed,
      ErrorCode.mfaTargetMissing,
      ...codeErrors,
      ErrorCode.challengeExpired,
      ErrorCode.gaNotBound,
    ],
  }),
  logout: route(apiPaths.logout, {
    access: 'session',
    tag: 'auth',
    summary: 'Sign out: ends the session on the server and clears the cookie',
    response: ZNull,
  }),
  getCurrentUser: route(apiPaths.getCurrentUser, {
    access: 'session',
    tag: 'user',
    summary: 'The signed-in user',
    body: ZAccountBody,
    response: ZCurrentUser,
  }),
  findCurrentUser: route(apiPaths.findCurrentUser, {
    access: 'optional',
    tag: 'user',
    summary:
      'The signed-in user as `user`, or `user: null` when the request has no live session (none, expired or ended): the login page\'s check for a session to resume (spec section 7: getCurrentUser "returns empty" there, without hint or forced logout), which answers 200 either way',
    response: ZFoundCurrentUser,
  }),
  getUserAuth: route(apiPaths.getUserAuth, {
    access: 'session',
    tag: 'user',
    summary: 'Resource authorisations of the signed-in user (menus are type 0)',
    query: ZAccountQuery,
    response: ZUserAuth,
  }),
  getPwdErrorTimes: route(apiPaths.getPwdErrorTimes, {
    access: 'public',
    tag: 'user',
    summary: 'Consecutive wrong passwords for an account name and username, and whether sign-in is locked',
    query: ZPwdErrorTimesQuery,
    response: ZPwdErrorTimes,
  }),
  bindEmail: route(apiPaths.bindEmail, {
    access: 'session',
    tag: 'user',
    summary:
      'Binds an e-mail address to the signed-in user, proven by a checkToken of a BIND_EMAIL code sent to it (headers `authCodeToken`, `authCodeType`)',
    body: ZBindEmailRequest,
    headers: ZAuthCodeTokenHeaders,
    response: ZCurrentUser,
    codes: codeErrors,
  }),
  getAccountDetail: route(apiPaths.getAccountDetail, {
    access: 'session',
    tag: 'account',
    summary: 'The account of the session, with its login address and remaining trial days',
    query: ZAccountQuery,
    response: ZAccountDetail,
  }),
  getAccountBaseInfo: route(apiPaths.getAccountBaseInfo, {
    access: 'session',
    tag: 'account',
    summary: 'Basic facts of the account of the session',
    body: ZAccountBody,
    response: ZAccountBaseInfo,
  }),
  checkBill: route(apiPaths.checkBill, {
    access: 'session',
    tag: 'account',
    summary:
      'Whether billing applies to the account of the session: the cru billing feature and the account’s own billing flag',
    query: ZAccountQuery,
    response: ZCheckBill,
  }),
  getAccountCenter: route(apiPaths.getAccountCenter, {
    access: 'session',
    tag: 'account',
    summary:
      'The account center: company name, registration phone and e-mail (masked), login protection of the account, trial extension',
    response: ZAccountCenter,
  }),
  updateAccountInfo: route(apiPaths.updateAccountInfo, {
    access: 'admin',
    tag: 'account',
    summary: 'Changes the company name of the account (1–256 characters)',
    body: ZUpdateAccountInfoRequest,
    response: ZAccountCenter,
  }),
  updateAccount: route(apiPaths.updateAccount, {
    access: 'admin',
    tag: 'account',
    summary:
      'Changes the registration phone of the account, proven by the checkToken of an EDIT_PHONE code sent to the new number (headers `authCodeToken`, `authCodeType`)',
    body: ZUpdateRegistrationPhoneRequest,
    headers: ZAuthCodeTokenHeaders,
    response: ZAccountCenter,
    codes: [...codeErrors, ErrorCode.alreadyRegistered],
  }),
  activateAccount: route(apiPaths.activateAccount, {
    access: 'admin',
    tag: 'account',
    summary:
      'Redeems an activation code (turns a trial account formal or extends its trial) or a cloud-marketplace code (checked by the marketplace)',
    body: ZActivateAccountRequest,
    response: ZActivationResult,
    codes: [ErrorCode.activationCodeInvalid, ErrorCode.accountAlreadyFormal],
  }),
  formalApplication: route(apiPaths.formalApplication, {
    access: 'admin',
    tag: 'account',
    summary:
      'Applies to upgrade the trial account to the enterprise edition (contact name ≤ 128, company ≤ 255, e-mail ≤ 128, agreement)',
    body: ZFormalApplicationRequest,
    response: ZFormalApplicationResult,
    codes: [ErrorCode.accountAlreadyFormal, ErrorCode.formalApplicationPending],
  }),
  updateProfile: route(apiPaths.updateProfile, {
    access: 'session',
    tag: 'user',
    summary:
      "Changes the signed-in user's display name, phone or e-mail; a new phone or e-mail needs the identity check (headers `authCodeToken`, `authCodeType`) and the new target's checkToken",
    body: ZUpdateProfileRequest,
    headers: ZOptionalAuthCodeTokenHeaders,
    response: ZCurrentUser,
    codes: codeErrors,
  }),
  listMySessions: route(apiPaths.listMySessions, {
    access: 'session',
    tag: 'user',
    summary:
      "The signed-in user's live sessions, the current one first, then the most recently active: device and browser (from the user agent), address, sign-in method, sign-in and last activity; `isCurrent` marks this request's",
    response: ZSessionList,
  }),
  endMySession: route(apiPaths.endMySession, {
    access: 'session',
    tag: 'user',
    summary:
      "Ends one of the signed-in user's sessions (the current one too: that signs out here). Its holder's next request is answered 4004",
    body: ZEndSessionRequest,
    response: ZEndedSessions,
  }),
  endMyOtherSessions: route(apiPaths.endMyOtherSessions, {
    access: 'session',
    tag: 'user',
    summary: 'Ends every session of the signed-in user except the current one',
    response: ZEndedSessions,
  }),
  listUserSessions: route(apiPaths.listUserSessions, {
    access: 'admin',
    tag: 'users',
    summary:
      "A user's live sessions (`userId`, a user of the administrator's account), as `listMySessions` gives them",
    query: ZUserSessionsQuery,
    response: ZSessionList,
  }),
  endUserSessions: route(apiPaths.endUserSessions, {
    access: 'admin',
    tag: 'users',
    summary:
      "Ends one session (`id`) of a user of the administrator's account, or all of the user's sessions",
    body: ZEndUserSessionsRequest,
    response: ZEndedSessions,
  }),
  listPasskeys: route(apiPaths.listPasskeys, {
    access: 'session',
    tag: 'mfa',
    summary:
      "The signed-in user's passkeys (name, registered, last used, synced), and whether the account allows sign-in by passkey alone",
    response: ZPasskeyList,
  }),
  passkeyRegistrationOptions: route(apiPaths.passkeyRegistrationOptions, {
    access: 'session',
    tag: 'mfa',
    summary:
      "WebAuthn options to register a passkey (single-use challenge, valid 5 minutes; the user's passkeys excluded), proven by the checkToken of a code sent to the phone or e-mail (`MFA_STATUS`)",
    headers: ZAuthCodeTokenHeaders,
    response: ZWebAuthnOptions,
    codes: [ErrorCode.verificationFailed, ErrorCode.codeExpired, ErrorCode.passkeyLimitReached],
  }),
  registerPasskey: route(apiPaths.registerPasskey, {
    access: 'session',
    tag: 'mfa',
    summary: "Registers the authenticator's answer to `passkeyRegistrationOptions` as a passkey with a name",
    body: ZRegisterPasskeyRequest,
    response: ZPasskeyList,
    codes: [ErrorCode.passkeyChallengeExpired, ErrorCode.passkeyNotVerified, ErrorCode.passkeyLimitReached],
  }),
  renamePasskey: route(apiPaths.renamePasskey, {
    access: 'session',
    tag: 'mfa',
    summary: "Renames one of the signed-in user's passkeys",
    body: ZRenamePasskeyRequest,
    response: ZPasskeyList,
  }),
  removePasskey: route(apiPaths.removePasskey, {
    access: 'session',
    tag: 'mfa',
    summary:
      "Removes one of the signed-in user's passkeys, proven by the checkToken of a code sent to the phone or e-mail (`MFA_STATUS`)",
    body: ZRemovePasskeyRequest,
    headers: ZAuthCodeTokenHeaders,
    response: ZPasskeyList,
    codes: [ErrorCode.verificationFailed, ErrorCode.codeExpired],
  }),
  passkeySignInOptions: route(apiPaths.passkeySignInOptions, {
    access: 'public',
    tag: 'auth',
    summary:
      "WebAuthn options of a sign-in by passkey (single-use challenge, valid 5 minutes): the second step of a password sign-in (`uniqueId`, the user's passkeys allowed), or a sign-in by passkey alone at the account's login address (`accountDisplayName`, discoverable passkeys) where the account allows it",
    body: ZPasskeySignInOptionsRequest,
    response: ZWebAuthnOptions,
    codes: [ErrorCode.challengeExpired, ErrorCode.passkeySignInDisabled],
  }),
  passkeySignIn: route(apiPaths.passkeySignIn, {
    access: 'public',
    tag: 'auth',
    summary:
      "Signs in with the authenticator's answer to `passkeySignInOptions`: a session token, as `login` answers it. The signature counter must grow (a counter that went backwards is refused, 4191)",
    body: ZPasskeySignInRequest,
    response: ZLoginResponse,
    codes: [
      ErrorCode.passkeyUnknown,
      ErrorCode.passkeyCounterRegression,
      ErrorCode.passkeyNotVerified,
      ErrorCode.passkeySignInDisabled,
      ErrorCode.passkeyChallengeExpired,
      ErrorCode.challengeExpired,
      ErrorCode.tooManyVerifications,
      ErrorCode.userDisabled,
      ErrorCode.userDeleted,
      ErrorCode.accountUnavailable,
      ErrorCode.ssoRequired,
      ErrorCode.ssoAdminLoginDisabled,
      ErrorCode.passwordMustReset,
    ],
  }),
  generateImageCaptcha: route(apiPaths.generateImageCaptcha, {
    access: 'public',
    tag: 'verification',
    summary: 'A new image captcha (single use, valid 5 minutes)',
    response: ZCaptcha,
  }),
  sendAuthCode: route(apiPaths.sendAuthCode, {
    access: 'optional',
    tag: 'verification',
    summary:
      "Sends a 6-digit code for the purpose in `authMethod` to a user's phone or e-mail (`accountId` + `userId`, or the session's user), or to the given phone or e-mail",
    query: ZSendAuthCodeQuery,
    headers: ZAuthMethodHeaders,
    response: ZSendCodeResult,
    codes: sendErrors,
  }),
  checkAuthCode: route(apiPaths.checkAuthCode, {
    access: 'optional',
    tag: 'verification',
    summary:
      'Checks a code (header `authCode`) and answers a single-use checkToken valid 10 minutes; after many failed checks from the client address the image captcha too (429 while the address is blocked)',
    query: ZCheckAuthCodeQuery,
    headers: ZCheckCodeHeaders,
    response: ZCheckResult,
    codes: [...codeErrors, ErrorCode.captchaRequired, ErrorCode.captchaInvalid],
  }),
  sendPhoneAuthCode: route(apiPaths.sendPhoneAuthCode, {
    access: 'public',
    tag: 'verification',
    summary: 'Sends a 6-digit code by SMS to a phone number',
    body: ZSendPhoneAuthCodeBody,
    response: ZSendCodeResult,
    codes: sendErrors,
  }),
  sendPhoneAuthCodeWithToken: route(apiPaths.sendPhoneAuthCodeWithToken, {
    access: 'session',
    tag: 'verification',
    summary: 'Sends a 6-digit code by SMS to a phone number, for the signed-in user (e.g. a new phone)',
    body: ZSendPhoneAuthCodeBody,
    response: ZSendCodeResult,
    codes: sendErrors,
  }),
  checkPhoneAuthCode: route(apiPaths.checkPhoneAuthCode, {
    access: 'public',
    tag: 'verification',
    summary:
      'Checks an SMS code sent to a phone number and answers a checkToken; after many failed checks from the client address the image captcha too (429 while the address is blocked)',
    body: ZCheckPhoneAuthCodeBody,
    response: ZCheckResult,
    codes: [...codeErrors, ErrorCode.captchaRequired, ErrorCode.captchaInvalid],
  }),
  sendAuthCodeForUnregistered: route(apiPaths.sendAuthCodeForUnregistered, {
    access: 'public',
    tag: 'verification',
    summary: 'Sends a code to a phone number or e-mail address that no account has registered yet',
    body: ZSendForUnregisteredBody,
    response: ZSendCodeResult,
    codes: [...sendErrors, ErrorCode.alreadyRegistered],
  }),
  countries: route(apiPaths.countries, {
    access: 'public',
    tag: 'meta',
    summary: "Countries of the phone input with their phone codes, named in the request's language",
    response: ZCountryList,
  }),
  getMfaCode: route(apiPaths.getMfaCode, {
    access: 'optional',
    tag: 'mfa',
    summary:
      'Starts binding an authenticator app: a new secret (otpauth URI, QR code, text) for the signed-in user, or for the sign-in `uniqueId` that must bind',
    body: ZGetMfaCodeRequest,
    headers: ZOptionalAuthMethodHeaders,
    response: ZMfaCode,
    codes: [ErrorCode.verificationFailed, ErrorCode.challengeExpired, ErrorCode.gaAlreadyBound],
  }),
  modifyMfaStatus: route(apiPaths.modifyMfaStatus, {
    access: 'session',
    tag: 'mfa',
    summary:
      'Turns login protection on or off: with an encrypted authenticator code (GA), or with a checkToken of a code sent to the phone or e-mail',
    body: ZModifyMfaStatusRequest,
    headers: ZOptionalAuthCodeTokenHeaders,
    response: ZMfaState,
    codes: [
      ErrorCode.mfaDecryptFailed,
      ErrorCode.mfaTargetMissing,
      ...codeErrors,
      ErrorCode.challengeExpired,
      ErrorCode.gaNotBound,
      ErrorCode.mfaRequiredByAccount,
    ],
  }),
  resetMfaCode: route(apiPaths.resetMfaCode, {
    access: 'session',
    tag: 'mfa',
    summary: 'Rebinds the authenticator app after identity verification (header `authCodeToken`)',
    headers: ZAuthCodeTokenHeaders,
    response: ZMfaCode,
    codes: codeErrors,
  }),
  getMfaStatus: route(apiPaths.getMfaStatus, {
    access: 'session',
    tag: 'mfa',
    summary: "The signed-in user's login protection",
    response: ZMfaState,
  }),
  createMfaChallenge: route(apiPaths.createMfaChallenge, {
    access: 'session',
    tag: 'mfa',
    summary: 'A public key and id under which to send an authenticator code (e.g. to turn protection off)',
    response: ZMfaChallenge,
  }),
  sendLoginCode: route(apiPaths.sendLoginCode, {
    access: 'public',
    tag: 'mfa',
    summary: "Sends the second-step code of a sign-in (`uniqueId`) to the user's phone or e-mail",
    body: ZSendLoginCodeRequest,
    response: ZSendCodeResult,
    codes: [
      ...sendErrors,
      ErrorCode.verificationFailed,
      ErrorCode.mfaTargetMissing,
      ErrorCode.challengeExpired,
    ],
  }),
  getMfaPolicy: route(apiPaths.getMfaPolicy, {
    access: 'session',
    tag: 'mfa',
    summary:
      'Whether the account requires login protection of every user; for administrators also whether it can be required now (who could not complete a second step, who will be asked to set it up, how the administrator proves their own)',
    response: ZMfaPolicy,
  }),
  saveMfaPolicy: route(apiPaths.saveMfaPolicy, {
    access: 'admin',
    tag: 'mfa',
    summary:
      "Requires (or stops requiring) login protection of every user of the account. Requiring it is refused while a user could not complete a second step, and needs the administrator's own second step in the same request (an encrypted authenticator code under a status challenge, or the checkToken of a code sent to their phone or e-mail)",
    body: ZSaveMfaPolicyRequest,
    headers: ZOptionalAuthCodeTokenHeaders,
    response: ZMfaPolicy,
    codes: [
      ErrorCode.mfaEnforcementUsersBlocked,
      ErrorCode.mfaEnforcementNoCodeChannel,
      ErrorCode.mfaEnforcementNoAuthenticator,
      ErrorCode.mfaEnforcementProofRequired,
      ErrorCode.mfaDecryptFailed,
      ...codeErrors,
      ErrorCode.challengeExpired,
    ],
  }),
  getPasswordPolicy: route(apiPaths.getPasswordPolicy, {
    access: 'optional',
    tag: 'password',
    summary: "The password policy of the session's account, or of `accountId` without a session",
    query: ZPolicyQuery,
    response: ZPasswordPolicy,
  }),
  savePasswordPolicy: route(apiPaths.savePasswordPolicy, {
    access: 'admin',
    tag: 'password',
    summary: 'Saves the password policy of the account (at least 2 classes, minimum 8–32, 0 or 1–365 days)',
    body: ZPasswordPolicy,
    response: ZPasswordPolicy,
  }),
  changePassword: route(apiPaths.changePassword, {
    access: 'session',
    tag: 'password',
    summary:
      "Changes the signed-in user's password (current password, new one); ends the user's other sessions",
    body: ZChangePasswordRequest,
    response: ZNull,
    codes: [ErrorCode.oldPasswordWrong, ...policyErrors],
  }),
  resetPassword: route(apiPaths.resetPassword, {
    access: 'session',
    tag: 'password',
    summary:
      "Sets a password after a verified code of the signed-in user (headers `authMethod`, `authCodeToken`, `authCodeType`): the user's own, or, for an administrator, a regular user's of the account (RESET_USER_PASSWORD_MODAL), whose sessions end and who changes it at the next sign-in (5066); service users' through `resetManagedUserPassword`",
    body: ZResetPasswordRequest,
    headers: ZCheckTokenHeaders,
    response: ZNull,
    codes: [
      ...codeErrors,
      ...policyErrors,
      ErrorCode.notAccountAdmin,
      ErrorCode.notRegularUser,
      ErrorCode.userIsDeleted,
    ],
  }),
  findAccount: route(apiPaths.findAccount, {
    access: 'public',
    tag: 'recovery',
    summary: 'Every account registered with a phone number or e-mail address whose code was verified',
    body: ZFindAccountRequest,
    headers: ZCheckTokenHeaders,
    response: ZFoundAccounts,
    codes: codeErrors,
  }),
  getUsernamesByPhoneOrEmail: route(apiPaths.getUsernamesByPhoneOrEmail, {
    access: 'public',
    tag: 'recovery',
    summary:
      "The usernames of an account's users with a phone number or e-mail address whose code was verified",
    body: ZGetUsernamesRequest,
    headers: ZCheckTokenHeaders,
    response: ZFoundUsernames,
    codes: codeErrors,
  }),
  getUserByUsername: route(apiPaths.getUserByUsername, {
    access: 'public',
    tag: 'recovery',
    summary:
      'The reset lookup: where a password-reset code can go (masked), without telling whether the names exist; after many lookups from the client address the image captcha too (429 while the address is blocked)',
    body: ZGetUserByUsernameRequest,
    response: ZResetLookup,
    codes: [ErrorCode.captchaRequired, ErrorCode.captchaInvalid, ErrorCode.challengeExpired],
  }),
  resetPasswordWithoutLogin: route(apiPaths.resetPasswordWithoutLogin, {
    access: 'public',
    tag: 'recovery',
    summary:
      'Sets a new password after a verified FIND_PASSWORD code (header `authCodeToken`); ends all of the user’s sessions',
    body: ZResetPasswordWithoutLoginRequest,
    headers: ZCheckTokenHeaders,
    response: ZNull,
    codes: [...codeErrors, ...policyErrors],
  }),
  createAccount: route(apiPaths.createAccount, {
    access: 'public',
    tag: 'registration',
    summary:
      'Registers an account (a 30-day trial) and its first user as administrator, after a verified REGISTER_FORM code and the captcha',
    body: ZCreateAccountRequest,
    headers: ZCheckTokenHeaders,
    response: ZCreatedAccount,
    codes: [
      ...codeErrors,
      ...policyErrors,
      ErrorCode.alreadyRegistered,
      ErrorCode.inviteCodeInvalid,
      ErrorCode.captchaRequired,
      ErrorCode.captchaInvalid,
    ],
  }),
  createAwsMktAccount: route(apiPaths.createAwsMktAccount, {
    access: 'public',
    tag: 'registration',
    summary: 'Registers an account from a cloud-marketplace subscription (its token and offer type)',
    body: ZCreateAwsMktAccountRequest,
    headers: ZCheckTokenHeaders,
    response: ZCreatedAccount,
    codes: [
      ...codeErrors,
      ...policyErrors,
      ErrorCode.alreadyRegistered,
      ErrorCode.marketplaceTokenInvalid,
      ErrorCode.marketplaceTokenExpired,
      ErrorCode.marketplaceUnavailable,
      ErrorCode.marketplaceAccountRegistered,
      ErrorCode.captchaRequired,
      ErrorCode.captchaInvalid,
      ErrorCode.marketplaceNotConfigured,
    ],
  }),
  checkAwsMktToken: route(apiPaths.checkAwsMktToken, {
    access: 'public',
    tag: 'registration',
    summary:
      'Checks a cloud-marketplace registration token (or the reference the registration URL gave for one)',
    query: ZCheckAwsMktTokenQuery,
    response: ZMarketplaceCustomer,
    codes: [
      ErrorCode.marketplaceTokenInvalid,
      ErrorCode.marketplaceTokenExpired,
      ErrorCode.marketplaceUnavailable,
      ErrorCode.marketplaceAccountRegistered,
      ErrorCode.marketplaceNotConfigured,
    ],
  }),
  receiveAwsMktBuyer: route(apiPaths.receiveAwsMktBuyer, {
    access: 'public',
    tag: 'registration',
    summary:
      "AWS Marketplace's registration URL: takes the form AWS posts with the buyer (x-amzn-marketplace-token, x-amzn-marketplace-offer-type), holds the token for an hour and redirects (303) to /aws-register with a reference to it",
    body: ZAwsMktBuyerForm,
    response: ZNull,
  }),
  updateRegistrationInfo: route(apiPaths.updateRegistrationInfo, {
    access: 'public',
    tag: 'registration',
    summary: 'Saves the registration questionnaire (with the registrationKey answered at registration)',
    body: ZUpdateRegistrationInfoRequest,
    response: ZNull,
  }),
  updateUserWithConfirm: route(apiPaths.updateUserWithConfirm, {
    access: 'admin',
    tag: 'user',
    summary:
      "Asks to change another user's e-mail or phone, after the administrator's own identity check (an UPDATE_USER_INFO code: headers `authCodeToken`, `authCodeType`; 4158 without them): nothing changes until the user agrees through a link sent to the new address",
    body: ZUpdateUserWithConfirmRequest,
    headers: ZIdentityProofHeaders,
    response: ZPendingChange,
    codes: [
      ...codeErrors,
      ErrorCode.contactChangeNeedsIdentity,
      ErrorCode.sendCodeFailed,
      ErrorCode.smsRateLimited,
      ErrorCode.smsNumberInvalid,
      ErrorCode.smsNotConfigured,
      ErrorCode.emailNotConfigured,
    ],
  }),
  getUserUpdateInfoByConfirmToken: route(apiPaths.getUserUpdateInfoByConfirmToken, {
    access: 'public',
    tag: 'user',
    summary: 'The change request behind a confirmation link',
    query: ZConfirmTokenQuery,
    response: ZChangeRequest,
    codes: [ErrorCode.confirmLinkInvalid],
  }),
  updateUserByConfirmToken: route(apiPaths.updateUserByConfirmToken, {
    access: 'public',
    tag: 'user',
    summary: 'Agrees to the change request of a confirmation link (once, within an hour)',
    query: ZConfirmTokenQuery,
    response: ZNull,
    codes: [ErrorCode.confirmLinkInvalid],
  }),
  listPendingChanges: route(apiPaths.listPendingChanges, {
    access: 'admin',
    tag: 'user',
    summary: "The account's contact changes waiting for their users' agreement",
    response: ZPendingChanges,
  }),
  revokePendingChange: route(apiPaths.revokePendingChange, {
    access: 'admin',
    tag: 'user',
    summary: 'Revokes a pending contact change (its link stops working)',
    body: ZRevokePendingChangeRequest,
    response: ZNull,
  }),
  userList: route(apiPaths.userList, {
    access: 'admin',
    tag: 'users',
    summary:
      "The account's users, paged, searchable (username, display name, phone, e-mail) and sortable; phone and e-mail masked unless `reveal`. Each page answers the cursors of the next and previous pages (keyset: any depth costs what the first page does); a search counts up to 1,000 matches (`isTotalCapped` beyond)",
    body: ZUserListRequest,
    response: ZUserList,
    codes: [ErrorCode.listCursorInvalid],
  }),
  addUser: route(apiPaths.addUser, {
    access: 'admin',
    tag: 'users',
    summary:
      'Adds a user with an initial password under the policy (the user must change it at the first sign-in, 5066), or with `invite` sends an invitation link (valid 72 hours) to the e-mail or phone instead',
    body: ZAddUserRequest,
    response: ZUserIdRef,
    codes: [
      ...policyErrors,
      ErrorCode.sendCodeFailed,
      ErrorCode.smsRateLimited,
      ErrorCode.smsNumberInvalid,
      ErrorCode.invitationSmsNotConfigured,
      ErrorCode.invitationEmailNotConfigured,
    ],
  }),
  addManagedUser: route(apiPaths.addManagedUser, {
    access: 'admin',
    tag: 'users',
    summary: 'Adds a custom service user (JDBC and API only, never a web session)',
    body: ZAddManagedUserRequest,
    response: ZUserIdRef,
    codes: policyErrors,
  }),
  updateUser: route(apiPaths.updateUser, {
    access: 'admin',
    tag: 'users',
    summary:
      "Saves the edit dialog's fields other than contacts; a change of another user's phone or e-mail is refused (4158): it goes through `updateUserWithConfirm` after the administrator's identity check (`pendingChange` stays null)",
    body: ZUpdateUserRequest,
    response: ZUpdateUserResult,
    codes: [
      ErrorCode.contactChangeNeedsIdentity,
      ErrorCode.systemServiceUser,
      ErrorCode.userIsDeleted,
      ErrorCode.adminRegularOnly,
      ErrorCode.lastAdmin,
    ],
  }),
  updateUserStatus: route(apiPaths.updateUserStatus, {
    access: 'admin',
    tag: 'users',
    summary:
      'Enables or disables users; disabling ends their sessions at once, the service instances follow asynchronously (`checkUserSyncStatus`)',
    body: ZUpdateUserStatusRequest,
    response: ZBulkResult,
    codes: [ErrorCode.notSelf, ErrorCode.systemServiceUser, ErrorCode.lastAdmin],
  }),
  checkUserSyncStatus: route(apiPaths.checkUserSyncStatus, {
    access: 'admin',
    tag: 'users',
    summary:
      'Whether the service instances have applied the latest status change of a user (`id`), or of several (`ids`, a page of the list in one call)',
    query: ZUserSyncQuery,
    response: ZUserSyncStatus,
  }),
  retryUserSync: route(apiPaths.retryUserSync, {
    access: 'admin',
    tag: 'users',
    summary:
      'Queues again the synchronisation of users whose status the instances failed to apply (answers how many users were queued)',
    body: ZRetryUserSyncRequest,
    response: ZBulkResult,
  }),
  deleteUser: route(apiPaths.deleteUser, {
    access: 'admin',
    tag: 'users',
    summary:
      'Deletes regular users: recoverable during the retention period (default 7 days), or for good with `force`; service users through `deleteManagedUser` (4157)',
    body: ZDeleteUserQuery,
    query: ZDeleteUserQuery,
    response: ZBulkResult,
    codes: [ErrorCode.notSelf, ErrorCode.lastAdmin, ErrorCode.notRegularUser],
  }),
  deleteManagedUser: route(apiPaths.deleteManagedUser, {
    access: 'admin',
    tag: 'users',
    summary:
      'Deletes custom service users (managed users, decision 0020), recoverable like regular ones or for good with `force`; system ones come with their instance (4154), regular users go through `deleteUser` (4156)',
    body: ZDeleteUserQuery,
    query: ZDeleteUserQuery,
    response: ZBulkResult,
    codes: [ErrorCode.systemServiceUser, ErrorCode.notManagedUser],
  }),
  recoverManagedUser: route(apiPaths.recoverManagedUser, {
    access: 'admin',
    tag: 'users',
    summary:
      'Recovers deleted service users (managed users, decision 0020) whose countdown has not ended; regular users through `recoverUser` (4156)',
    body: ZDeleteUserQuery,
    query: ZDeleteUserQuery,
    response: ZBulkResult,
    codes: [ErrorCode.recoverExpired, ErrorCode.notManagedUser],
  }),
  recoverUser: route(apiPaths.recoverUser, {
    access: 'admin',
    tag: 'users',
    summary:
      'Recovers deleted regular users whose countdown has not ended; service users through `recoverManagedUser` (4157)',
    body: ZDeleteUserQuery,
    query: ZDeleteUserQuery,
    response: ZBulkResult,
    codes: [ErrorCode.recoverExpired, ErrorCode.notRegularUser],
  }),
  resetManagedUserPassword: route(apiPaths.resetManagedUserPassword, {
    access: 'admin',
    tag: 'users',
    summary:
      "Sets a custom service user's password (managed users, decision 0020; the JDBC and API clients use the new one); system ones come with their instance (4154), regular users' through `resetPassword` with the administrator's identity check (4156)",
    body: ZResetManagedUserPasswordRequest,
    response: ZNull,
    codes: [...policyErrors, ErrorCode.systemServiceUser, ErrorCode.userIsDeleted, ErrorCode.notManagedUser],
  }),
  resetUserMfa: route(apiPaths.resetUserMfa, {
    access: 'admin',
    tag: 'users',
    summary:
      "Resets another regular user's login protection, with a reason (decision 0048): removes the authenticator app and every passkey, ends the user's sessions, tells the user by e-mail or SMS where a channel reaches them (`notice` says whether it did), and the user sets protection up again at the next sign-in where the account requires it. Needs the administrator's own identity check (a RESET_USER_MFA code: headers `authCodeToken`, `authCodeType`; 4350 without them)",
    body: ZResetUserMfaRequest,
    headers: ZIdentityProofHeaders,
    response: ZResetUserMfaResult,
    codes: [
      ...codeErrors,
      ErrorCode.mfaResetNeedsIdentity,
      ErrorCode.mfaResetNothing,
      ErrorCode.mfaResetSelf,
      ErrorCode.notRegularUser,
      ErrorCode.userIsDeleted,
    ],
  }),
  checkProperties: route(apiPaths.checkProperties, {
    access: 'admin',
    tag: 'users',
    summary:
      'Inline checks of a username (format, unique in the account), a phone number and an e-mail address',
    body: ZCheckPropertiesRequest,
    response: ZCheckPropertiesResult,
  }),
  fetchUser: route(apiPaths.fetchUser, {
    access: 'admin',
    tag: 'users',
    summary: 'One user of the account, with full phone and e-mail (for the edit dialog)',
    query: ZUserIdQuery,
    response: ZUserRow,
  }),
  userOwnedResources: route(apiPaths.userOwnedResources, {
    access: 'admin',
    tag: 'users',
    summary:
      'What users own on the service instances (scheduled tasks, sync tasks, table-permission approvals), before deleting or disabling them',
    query: ZUserIdsQuery,
    response: ZOwnedResources,
    codes: [ErrorCode.provisionerNotConfigured],
  }),
  checkTenantAdmin: route(apiPaths.checkTenantAdmin, {
    access: 'session',
    tag: 'roles',
    summary:
      'Whether the signed-in user (or, for administrators, `userId`) holds the account administrator role',
    query: ZUserRoleQuery,
    response: ZTenantAdmin,
  }),
  resendInvitation: route(apiPaths.resendInvitation, {
    access: 'admin',
    tag: 'users',
    summary:
      "Sends the user's invitation again with a new link (valid 72 hours); the previous link stops working",
    body: ZInvitationAdminRequest,
    response: ZUserInvitation,
    codes: [
      ErrorCode.invitationUsed,
      ErrorCode.userIsDeleted,
      ErrorCode.sendCodeFailed,
      ErrorCode.smsRateLimited,
      ErrorCode.smsNumberInvalid,
      ErrorCode.invitationSmsNotConfigured,
      ErrorCode.invitationEmailNotConfigured,
    ],
  }),
  revokeInvitation: route(apiPaths.revokeInvitation, {
    access: 'admin',
    tag: 'users',
    summary: "Revokes the user's pending invitation: its link stops working",
    body: ZInvitationAdminRequest,
    response: ZNull,
  }),
  getInvitation: route(apiPaths.getInvitation, {
    access: 'public',
    tag: 'users',
    summary:
      'The invitation behind a link `/userManage/{userId}?token=…`: account, username, password policy and the login protection required',
    query: ZInvitationQuery,
    response: ZInvitation,
    codes: [...invitationErrors],
  }),
  invitationMfaCode: route(apiPaths.invitationMfaCode, {
    access: 'public',
    tag: 'users',
    summary:
      'Starts binding an authenticator app for an invitation whose account requires login protection (international edition)',
    body: ZInvitationRef,
    response: ZMfaCode,
    codes: [...invitationErrors],
  }),
  acceptInvitation: route(apiPaths.acceptInvitation, {
    access: 'public',
    tag: 'users',
    summary:
      "Accepts an invitation once: sets the password under the account's policy and binds the login protection the account requires",
    body: ZAcceptInvitationRequest,
    response: ZAcceptedInvitation,
    codes: [
      ...invitationErrors,
      ...policyErrors,
      ...codeErrors,
      ErrorCode.challengeExpired,
      ErrorCode.mfaDecryptFailed,
    ],
  }),
  roleList: route(apiPaths.roleList, {
    access: 'admin',
    tag: 'roles',
    summary: "The account's roles; the highest-id one is the account administrator role",
    body: ZAccountOnly,
    response: ZRoleList,
  }),
  roleDetail: route(apiPaths.roleDetail, {
    access: 'admin',
    tag: 'roles',
    summary: 'A role with the resources it grants',
    body: ZRoleIdRequest,
    response: ZRoleDetail,
  }),
  roleUserList: route(apiPaths.roleUserList, {
    access: 'admin',
    tag: 'roles',
    summary: 'The users holding a role, paged',
    body: ZRoleUserListRequest,
    response: ZRoleUserList,
  }),
  grantRoleForUser: route(apiPaths.grantRoleForUser, {
    access: 'admin',
    tag: 'roles',
    summary: 'Grants a role to a user of the account',
    body: ZRoleGrantRequest,
    response: ZNull,
    codes: [ErrorCode.adminRegularOnly, ErrorCode.lastAdmin],
  }),
  deleteRoleForUser: route(apiPaths.deleteRoleForUser, {
    access: 'admin',
    tag: 'roles',
    summary: 'Removes a role from a user; the last account administrator keeps the administrator role',
    body: ZRoleGrantRequest,
    response: ZNull,
    codes: [ErrorCode.adminRegularOnly, ErrorCode.lastAdmin],
  }),
  userRoleList: route(apiPaths.userRoleList, {
    access: 'session',
    tag: 'roles',
    summary: "The signed-in user's roles (administrators may ask for another user's)",
    query: ZUserRoleQuery,
    response: ZUserRoleList,
  }),
  listLicenses: route(apiPaths.listLicenses, {
    access: 'public',
    tag: 'license',
    summary: 'Huawei-cloud licenses activated on this installation',
    response: ZLicenses,
  }),
  activateLicense: route(apiPaths.activateLicense, {
    access: 'public',
    tag: 'license',
    summary: 'Activates a Huawei-cloud license (a signed string, verified with the configured public key)',
    query: ZLicenseQuery,
    response: ZLicense,
    codes: [ErrorCode.licenseInvalid, ErrorCode.licenseExpired, ErrorCode.licenseNotConfigured],
  }),
  getSsoConfig: route(apiPaths.getSsoConfig, {
    access: 'admin',
    tag: 'sso',
    summary:
      "The account's single sign-on configuration and this console's redirect URI, SP entity id and metadata address (the client secret is never returned)",
    response: ZSsoConfig,
  }),
  saveSsoConfig: route(apiPaths.saveSsoConfig, {
    access: 'admin',
    tag: 'sso',
    summary:
      'Saves the configuration: OpenID Connect (issuer discovered at save) or SAML 2.0 (IdP metadata by URL or XML), on/off and administrator password login',
    body: ZSaveSsoConfigRequest,
    response: ZSsoConfig,
    codes: [ErrorCode.ssoProviderInvalid, ErrorCode.outboundAddressNotAllowed],
  }),
  testSsoConfig: route(apiPaths.testSsoConfig, {
    access: 'admin',
    tag: 'sso',
    summary:
      'Starts a test sign-in with the given (unsaved) configuration, to open in a popup; changes no setting and creates no session',
    body: ZSaveSsoConfigRequest,
    response: ZSsoTestStart,
    codes: [ErrorCode.ssoProviderInvalid, ErrorCode.outboundAddressNotAllowed],
  }),
  ssoAccountSuite: route(apiPaths.ssoAccountSuite, {
    access: 'public',
    tag: 'sso',
    summary:
      'Whether the named account signs in through single sign-on, whether administrators may use password login, and where the SSO sign-in starts',
    query: ZSsoSuiteQuery,
    response: ZSsoSuite,
  }),
  ssoAuthentication: route(apiPaths.ssoAuthentication, {
    access: 'public',
    tag: 'sso',
    summary:
      "Starts a single sign-on at the account's identity provider: answers a 302 redirect (to /sso-error when SSO is off)",
    query: ZSsoAuthenticationQuery,
    response: ZNull,
  }),
  ssoOidcCallback: route(apiPaths.ssoOidcCallback, {
    access: 'public',
    tag: 'sso',
    summary:
      'OpenID Connect redirect URI: checks state, PKCE, ID token and nonce, then signs in and redirects (to /sso-error on failure)',
    query: ZOidcCallbackQuery,
    response: ZNull,
  }),
  ssoSamlAcs: route(apiPaths.ssoSamlAcs, {
    access: 'public',
    tag: 'sso',
    summary:
      'SAML 2.0 assertion consumer service (HTTP-POST binding, form-encoded): checks signature, audience, recipient, destination, time window, InResponseTo and replay, then signs in and redirects',
    body: ZSamlAcsBody,
    response: ZNull,
  }),
  ssoSamlMetadata: route(apiPaths.ssoSamlMetadata, {
    access: 'public',
    tag: 'sso',
    summary: 'The SAML 2.0 service-provider metadata of an account (answers application/samlmetadata+xml)',
    query: ZSamlMetadataQuery,
    response: ZNull,
  }),
  listScimTokens: route(apiPaths.listScimTokens, {
    access: 'admin',
    tag: 'sso',
    summary:
      "The account's SCIM provisioning tokens (name, prefix, creation, last use, revocation; never the token) and its SCIM base URL",
    response: ZScimTokenList,
  }),
  createScimToken: route(apiPaths.createScimToken, {
    access: 'admin',
    tag: 'sso',
    summary:
      'Creates a SCIM provisioning token for the identity provider; the token is answered this once (only its digest is kept)',
    body: ZCreateScimTokenRequest,
    response: ZCreatedScimToken,
  }),
  revokeScimToken: route(apiPaths.revokeScimToken, {
    access: 'admin',
    tag: 'sso',
    summary: 'Revokes a SCIM provisioning token of the account: its next SCIM request is answered 401',
    body: ZRevokeScimTokenRequest,
    response: ZScimTokenList,
  }),
  getUserBindingConfig: route(apiPaths.getUserBindingConfig, {
    access: 'session',
    tag: 'thirdparty',
    summary:
      'The third-party providers of this deployment, whether the caller has bound an identity of each, and whether the account allows third-party sign-in',
    response: ZUserBindingConfig,
  }),
  userUnBinding: route(apiPaths.userUnBinding, {
    access: 'session',
    tag: 'thirdparty',
    summary: "Removes the caller's binding to a third-party identity",
    body: ZThirdPartyProviderBody,
    response: ZUserBindingConfig,
    codes: [ErrorCode.thirdPartyNotBound, ErrorCode.thirdPartyUnavailable],
  }),
  modifyThirdPartyLoginStatus: route(apiPaths.modifyThirdPartyLoginStatus, {
    access: 'admin',
    tag: 'thirdparty',
    summary: 'Turns third-party sign-in on or off for the account',
    body: ZThirdPartyLoginStatus,
    response: ZThirdPartyLoginStatus,
  }),
  thirdPartyBind: route(apiPaths.thirdPartyBind, {
    access: 'session',
    tag: 'thirdparty',
    summary:
      'Starts binding a third-party identity to the caller (OAuth 2.0 authorization code with PKCE): answers a 302 redirect to the provider',
    query: ZThirdPartyBindQuery,
    response: ZNull,
  }),
  thirdPartyLogin: route(apiPaths.thirdPartyLogin, {
    access: 'public',
    tag: 'thirdparty',
    summary: 'Starts a sign-in through a bound third-party identity: answers a 302 redirect to the provider',
    query: ZThirdPartyLoginQuery,
    response: ZNull,
  }),
  thirdPartyCallback: route(apiPaths.thirdPartyCallback, {
    access: 'public',
    tag: 'thirdparty',
    summary:
      'OAuth 2.0 redirect URI of the third-party provider: completes a binding or a sign-in and redirects',
    query: ZThirdPartyCallbackQuery,
    response: ZNull,
  }),
  serviceList: route(apiPaths.serviceList, {
    access: 'session',
    tag: 'service',
    summary: 'The services of the platform (Lakehouse, data assistant, Insight) in the request language',
    response: z.array(ZService),
  }),
  serviceVersionList: route(apiPaths.serviceVersionList, {
    access: 'session',
    tag: 'service',
    summary: "A service's versions (trial, formal) with trial days and the Insight user limit",
    body: ZServiceIdRequest,
    response: z.array(ZServiceVersion),
  }),
  serviceCspList: route(apiPaths.serviceCspList, {
    access: 'session',
    tag: 'service',
    summary: 'The cloud service providers',
    response: z.array(ZCsp),
  }),
  serviceRegionList: route(apiPaths.serviceRegionList, {
    access: 'session',
    tag: 'service',
    summary: 'The regions offered to the account, optionally of one cloud provider',
    query: ZRegionListQuery,
    response: z.array(ZRegion),
  }),
  getRegionListByServiceId: route(apiPaths.getRegionListByServiceId, {
    access: 'session',
    tag: 'service',
    summary: 'The regions offering a service, each marked when the account already has a live instance there',
    body: ZServiceIdRequest,
    response: z.array(ZServiceRegion),
  }),
  getAccountTags: route(apiPaths.getAccountTags, {
    access: 'session',
    tag: 'service',
    summary: "The account's tags set by the platform operator (they can open regions to the account)",
    response: z.array(ZAccountTag),
  }),
  createInstance: route(apiPaths.createInstance, {
    access: 'admin',
    tag: 'service',
    summary:
      'Opens a service in a region: the instance starts opening (0) and a provisioning job takes it to opened (1) or openFailed (2)',
    body: ZCreateInstanceRequest,
    response: ZInstance,
    codes: [ErrorCode.instanceExists, ErrorCode.insufficientBalance, ErrorCode.provisionerNotConfigured],
  }),
  serviceInstanceList: route(apiPaths.serviceInstanceList, {
    access: 'session',
    tag: 'service',
    summary: "The account's instances (hidden ones left out), newest first, optionally of one service",
    query: ZInstanceListQuery,
    response: ZInstanceList,
  }),
  getAccountInstanceList: route(apiPaths.getAccountInstanceList, {
    access: 'session',
    tag: 'service',
    summary: "All the account's instances that are not closed or hidden",
    response: z.array(ZInstance),
  }),
  getWorkbenchOverview: route(apiPaths.getWorkbenchOverview, {
    access: 'session',
    tag: 'workbench',
    summary:
      "The workbench's cards in one answer, each part as its own route answers it: services and instances, login protection, and for administrators the user counts, the last 30 days' consumption and the funds (null where the caller may not see them)",
    response: ZWorkbenchOverview,
  }),
  getInstanceUrl: route(apiPaths.getInstanceUrl, {
    access: 'session',
    tag: 'service',
    summary:
      "An opened instance's address: the platform's, or the development stand-in's local page of the instance (4100 where no provisioner is configured)",
    query: ZInstanceIdQuery,
    response: ZInstanceUrl,
    codes: [ErrorCode.instanceStateInvalid, ErrorCode.provisionerNotConfigured],
  }),
  retryInstance: route(apiPaths.retryInstance, {
    access: 'admin',
    tag: 'service',
    summary: 'Opens a failed instance again (openFailed → opening)',
    body: ZInstanceIdRequest,
    response: ZInstance,
    codes: [
      ErrorCode.instanceStateInvalid,
      ErrorCode.insufficientBalance,
      ErrorCode.provisionerNotConfigured,
    ],
  }),
  closeInstance: route(apiPaths.closeInstance, {
    access: 'admin',
    tag: 'service',
    summary: 'Closes an instance (→ closed); the platform releases it in the background',
    body: ZInstanceIdRequest,
    response: ZInstance,
    codes: [ErrorCode.instanceStateInvalid, ErrorCode.provisionerNotConfigured],
  }),
  insightServiceInfo: route(apiPaths.insightServiceInfo, {
    access: 'session',
    tag: 'insight',
    summary: "The account's Insight service: its instance, the enabled-user limit and how many are enabled",
    response: ZInsightServiceInfo,
  }),
  insightUserList: route(apiPaths.insightUserList, {
    access: 'admin',
    tag: 'insight',
    summary: "The account's users with their Insight status (the spec sends pageNo 0, pageSize 9999)",
    query: ZInsightUserListQuery,
    response: ZInsightUserList,
  }),
  enableInsightUsers: route(apiPaths.enableInsightUsers, {
    access: 'admin',
    tag: 'insight',
    summary:
      'Enables users for Insight: each goes USER_STARTING (0) and then USER_START_SUCCESS (1) or USER_START_FAIL (2); refused beyond the limit',
    body: ZEnableInsightUsersRequest,
    response: ZInsightChange,
    codes: [
      ErrorCode.insightNotOpened,
      ErrorCode.insightUserLimit,
      ErrorCode.insufficientBalance,
      ErrorCode.provisionerNotConfigured,
    ],
  }),
  disableInsightUsers: route(apiPaths.disableInsightUsers, {
    access: 'admin',
    tag: 'insight',
    summary:
      'Disables users for Insight: each goes USER_STOPING (3) and then USER_STOP_SUCCESS (4) or USER_STOP_FAIL (5)',
    body: ZDisableInsightUsersRequest,
    response: ZInsightChange,
    codes: [ErrorCode.insightNotOpened, ErrorCode.provisionerNotConfigured],
  }),
  insightUserRoles: route(apiPaths.insightUserRoles, {
    access: 'session',
    tag: 'insight',
    summary: "Insight's own user roles",
    response: z.array(ZInsightRole),
  }),
  insightUserSyncStatus: route(apiPaths.insightUserSyncStatus, {
    access: 'admin',
    tag: 'insight',
    summary: 'Whether the Insight instance has applied every enable and disable (pending and failed counts)',
    response: ZInsightSyncStatus,
  }),
  createJobProfileShare: route(apiPaths.createJobProfileShare, {
    access: 'session',
    tag: 'share',
    summary:
      'Shares the execution profile of a job of an opened Lakehouse instance of the account: answers the link `/share/jobProfile?token=…` (valid 1 to 30 days) once; only its digest is kept',
    body: ZCreateJobProfileShareRequest,
    response: ZCreatedJobProfileShare,
    codes: [
      ErrorCode.instanceStateInvalid,
      ErrorCode.jobProfileNotLakehouse,
      ErrorCode.jobNotFound,
      ErrorCode.jobProfileUnavailable,
      ErrorCode.provisionerNotConfigured,
    ],
  }),
  listJobProfileShares: route(apiPaths.listJobProfileShares, {
    access: 'session',
    tag: 'share',
    summary:
      "The account's job-profile share links (never their tokens), newest first, optionally of one instance",
    query: ZJobProfileShareListQuery,
    response: ZJobProfileShareList,
  }),
  revokeJobProfileShare: route(apiPaths.revokeJobProfileShare, {
    access: 'session',
    tag: 'share',
    summary:
      'Revokes a job-profile share link (its creator or an administrator); the link stops working at once',
    body: ZJobProfileShareIdRequest,
    response: ZNull,
    codes: [ErrorCode.shareRevokeNotAllowed],
  }),
  listInstanceJobs: route(apiPaths.listInstanceJobs, {
    access: 'session',
    tag: 'share',
    summary:
      'The recent jobs of an opened Lakehouse instance of the account, newest first (to pick one to share)',
    query: ZInstanceJobsQuery,
    response: ZInstanceJobs,
    codes: [
      ErrorCode.instanceStateInvalid,
      ErrorCode.jobProfileNotLakehouse,
      ErrorCode.jobProfileUnavailable,
      ErrorCode.provisionerNotConfigured,
    ],
  }),
  getSharedJobProfile: route(apiPaths.getSharedJobProfile, {
    access: 'public',
    tag: 'share',
    summary:
      'The job profile behind a share link (no session): that one profile, with its instance and service names. Unknown links count against the client address (decision 0012)',
    query: ZShareTokenQuery,
    response: ZSharedJobProfile,
    codes: [
      ErrorCode.shareLinkInvalid,
      ErrorCode.shareLinkExpired,
      ErrorCode.shareLinkRevoked,
      ErrorCode.instanceStateInvalid,
      ErrorCode.jobNotFound,
      ErrorCode.jobProfileUnavailable,
      ErrorCode.provisionerNotConfigured,
    ],
  }),
  listUserWorkspaces: route(apiPaths.listUserWorkspaces, {
    access: 'session',
    tag: 'service',
    summary:
      "The signed-in user's workspaces on each opened instance of the account (or on one); administrators may ask for another user's (`userId`)",
    body: ZListUserWorkspacesRequest,
    response: ZUserWorkspaces,
    codes: [ErrorCode.notAccountAdmin],
  }),
  billingCount: route(apiPaths.billingCount, {
    access: 'admin',
    tag: 'billing',
    summary:
      'The billing record over a range (today, last 7 or 30 days, custom) with every amount and its discount variant, from daily rollups',
    body: ZBillingFilter,
    response: ZBillingCount,
  }),
  billingDetailList: route(apiPaths.billingDetailList, {
    access: 'admin',
    tag: 'billing',
    summary: 'Daily bill details (one row per day, instance, workspace and SKU) with the bill columns',
    body: ZBillingDetailRequest,
    response: ZBillingDetailPage,
    codes: [ErrorCode.billDetailFailed],
  }),
  billingDetailDownload: route(apiPaths.billingDetailDownload, {
    access: 'admin',
    tag: 'billing',
    summary: 'The filtered bill details as a streamed XLSX or CSV file',
    body: ZBillingExportRequest,
    response: ZNull,
  }),
  statementList: route(apiPaths.statementList, {
    access: 'admin',
    tag: 'billing',
    summary: 'Monthly statements, newest first, optionally of one year',
    body: ZStatementListRequest,
    response: ZStatementPage,
  }),
  statementYears: route(apiPaths.statementYears, {
    access: 'admin',
    tag: 'billing',
    summary: 'The years that have statements',
    response: ZStatementYears,
  }),
  statementDetail: route(apiPaths.statementDetail, {
    access: 'admin',
    tag: 'billing',
    summary: "A month's statement with its amounts and its lines per instance and SKU",
    body: ZStatementRequest,
    response: ZStatementDetail,
    codes: [ErrorCode.billDetailFailed],
  }),
  statementDownload: route(apiPaths.statementDownload, {
    access: 'admin',
    tag: 'billing',
    summary: "A month's statement as a streamed XLSX or CSV file",
    body: ZStatementExportRequest,
    response: ZNull,
  }),
  deductionList: route(apiPaths.deductionList, {
    access: 'admin',
    tag: 'billing',
    summary: 'What vouchers paid, per day, instance and SKU',
    body: ZDeductionListRequest,
    response: ZDeductionPage,
  }),
  voucherList: route(apiPaths.voucherList, {
    access: 'admin',
    tag: 'billing',
    summary: "The account's vouchers with their amounts, dates, scope and state",
    body: ZVoucherListRequest,
    response: ZVoucherPage,
  }),
  transactionList: route(apiPaths.transactionList, {
    access: 'admin',
    tag: 'billing',
    summary: 'Movements of the cash account (recharge, consumption, refund, cash account), newest first',
    body: ZTransactionListRequest,
    response: ZTransactionPage,
  }),
  getFundsAccount: route(apiPaths.getFundsAccount, {
    access: 'admin',
    tag: 'billing',
    summary: "The account's funds: cash, outstanding amount, vouchers in effect (not fetched on-premise)",
    response: ZFundsAccount,
  }),
  cspRegionList: route(apiPaths.cspRegionList, {
    access: 'admin',
    tag: 'billing',
    summary: "The account's instances with their region and workspaces (the billing filters)",
    response: z.array(ZCspRegion),
  }),
  skuList: route(apiPaths.skuList, {
    access: 'admin',
    tag: 'billing',
    summary: "The SKUs with their unit, list price and the account's discount",
    response: z.array(ZSku),
  }),
  getPayQrcode: route(apiPaths.getPayQrcode, {
    access: 'admin',
    tag: 'billing',
    summary:
      'Creates a top-up order with WeChat Pay (at most 50,000 yuan) or Alipay and answers its QR code; the agreement must be ticked',
    query: ZPayQrcodeQuery,
    response: ZRecharge,
    codes: [ErrorCode.rechargeFailed, ErrorCode.paymentNotConfigured],
  }),
  getRecharge: route(apiPaths.getRecharge, {
    access: 'admin',
    tag: 'billing',
    summary: 'A top-up order and its status (the page polls it until paid)',
    response: ZRecharge,
  }),
  certificationUpload: route(apiPaths.certificationUpload, {
    access: 'admin',
    tag: 'billing',
    summary:
      'Uploads a transfer certificate or business licence (multipart `file`; JPG, JPEG, PNG or PDF, checked by content; at most 10 MiB)',
    query: ZUploadQuery,
    response: ZUploaded,
  }),
  certificationDownload: route(apiPaths.certificationDownload, {
    access: 'admin',
    tag: 'billing',
    summary: 'An uploaded file of the account (administrators only)',
    body: ZDownloadRequest,
    response: ZNull,
  }),
  personalVerify: route(apiPaths.personalVerify, {
    access: 'admin',
    tag: 'certification',
    summary:
      'Starts a personal verification (name and resident ID, GB 11643 checked): answers the verification and the face session whose address the QR code shows',
    body: ZPersonalVerifyRequest,
    response: ZPersonalVerifyResult,
    codes: [
      ErrorCode.certificationAttemptsExceeded,
      ErrorCode.alreadyCertified,
      ErrorCode.certificationFailed,
      ErrorCode.identityNotConfigured,
    ],
  }),
  faceVerify: route(apiPaths.faceVerify, {
    access: 'admin',
    tag: 'certification',
    summary:
      "Called by the phone (signed in as an administrator of the account): answers the provider's liveness check address",
    body: ZFaceVerifyRequest,
    response: ZFaceVerifyResult,
    codes: [ErrorCode.faceSessionInvalid, ErrorCode.certificationFailed],
  }),
  queryFaceVerifyResult: route(apiPaths.queryFaceVerifyResult, {
    access: 'admin',
    tag: 'certification',
    summary: "The face session's state (waiting, passed, failed with its error): the desktop page polls it",
    query: ZFaceResultQuery,
    response: ZFaceResult,
    codes: [ErrorCode.faceSessionInvalid],
  }),
  faceReturn: route(apiPaths.faceReturn, {
    access: 'public',
    tag: 'certification',
    summary:
      "The identity provider's page sends the phone back here: the face check's outcome is read from the provider and the phone goes on to /faceRecognitionSuccessful or /faceRecognition?token=…&error=CODE",
    query: ZFaceReturnQuery,
    response: ZNull,
    codes: [ErrorCode.faceSessionInvalid, ErrorCode.certificationFailed],
  }),
  companyVerify: route(apiPaths.companyVerify, {
    access: 'admin',
    tag: 'certification',
    summary:
      'Enterprise verification (credit code GB 32100 checked, licence uploaded with purpose businessLicense): answers the verification, passed, failed with its result, or verifying (manual review)',
    body: ZCompanyVerifyRequest,
    response: ZCertification,
    codes: [
      ErrorCode.certificationAttemptsExceeded,
      ErrorCode.alreadyCertified,
      ErrorCode.certificationFailed,
      ErrorCode.identityNotConfigured,
    ],
  }),
  certificationStatus: route(apiPaths.certificationStatus, {
    access: 'admin',
    tag: 'certification',
    summary:
      "The account's latest verification (masked), account type, attempts left today and invoice types",
    response: ZCertificationState,
  }),
  remittanceInfo: route(apiPaths.remittanceInfo, {
    access: 'admin',
    tag: 'billing',
    summary: 'The bank account to transfer to, and the remark that names the account',
    response: ZRemittanceInfo,
    codes: [ErrorCode.remittanceNotConfigured],
  }),
  submitRemittance: route(apiPaths.submitRemittance, {
    access: 'admin',
    tag: 'billing',
    summary:
      'Reports a bank transfer with its certificate; an operator confirms it and the account is credited',
    body: ZRemittanceRequest,
    response: ZRemittance,
    codes: [ErrorCode.remittanceNotConfigured],
  }),
  remittanceList: route(apiPaths.remittanceList, {
    access: 'admin',
    tag: 'billing',
    summary: "The account's reported bank transfers and their review",
    body: ZRemittanceListRequest,
    response: ZRemittancePage,
  }),
  getAlert: route(apiPaths.getAlert, {
    access: 'admin',
    tag: 'billing',
    summary: 'Balance alerts: low-balance threshold, smart alerts, recipients, methods, webhooks',
    response: ZAlertConfig,
  }),
  updateAlert: route(apiPaths.updateAlert, {
    access: 'admin',
    tag: 'billing',
    summary: 'Saves the balance alerts (recipients are users of the account)',
    body: ZAlertUpdateRequest,
    response: ZAlertConfig,
  }),
  webhookList: route(apiPaths.webhookList, {
    access: 'admin',
    tag: 'billing',
    summary: "The account's webhooks with their last delivery",
    response: z.array(ZWebhook),
  }),
  saveWebhook: route(apiPaths.saveWebhook, {
    access: 'admin',
    tag: 'billing',
    summary:
      'Creates a webhook, or updates one (`id`), with its signing mode; a generated Standard Webhooks secret is answered this once',
    body: ZWebhookInput,
    response: ZWebhookSaveResult,
  }),
  deleteWebhook: route(apiPaths.deleteWebhook, {
    access: 'admin',
    tag: 'billing',
    summary: 'Deletes a webhook',
    body: ZWebhookIdRequest,
    response: ZNull,
  }),
  testWebhook: route(apiPaths.testWebhook, {
    access: 'admin',
    tag: 'billing',
    summary: 'Sends a test message to a webhook now and answers the outcome',
    body: ZWebhookIdRequest,
    response: ZWebhookTestResult,
    codes: [ErrorCode.webhookSendFailed],
  }),
  webhookDeliveries: route(apiPaths.webhookDeliveries, {
    access: 'admin',
    tag: 'billing',
    summary: "A webhook's deliveries, newest first",
    body: ZWebhookDeliveryRequest,
    response: ZWebhookDeliveryPage,
  }),
  rotateWebhookSecret: route(apiPaths.rotateWebhookSecret, {
    access: 'admin',
    tag: 'billing',
    summary:
      'Generates a new Standard Webhooks signing secret for the webhook (the old one stops at once) and answers it this once',
    body: ZWebhookIdRequest,
    response: ZWebhookSecretRotation,
    codes: [ErrorCode.webhookSecretNotRotatable],
  }),
  usageHook: route(apiPaths.usageHook, {
    access: 'public',
    tag: 'hooks',
    summary:
      'Usage records from the platform, up to 10,000 per batch, idempotent by record id; signed: `X-CZ-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(USAGE_HOOK_SECRET, t + "." + body)>`',
    body: ZUsageBatch,
    response: ZUsageBatchResult,
    bodyLimit: 16 * 1024 * 1024,
  }),
  wechatPayNotify: route(apiPaths.wechatPayNotify, {
    access: 'public',
    tag: 'hooks',
    summary: 'WeChat Pay API v3 payment notification (signature headers, AES-256-GCM resource)',
    response: ZNull,
  }),
  alipayNotify: route(apiPaths.alipayNotify, {
    access: 'public',
    tag: 'hooks',
    summary: 'Alipay asynchronous notification (form, RSA2 signature); answers `success`',
    response: ZNull,
  }),
  auditList: route(apiPaths.auditList, {
    access: 'admin',
    tag: 'audit',
    summary:
      "The account's audit entries, newest first, filtered by time range, user, object type, status and free text; keyset cursor paging",
    body: ZAuditListRequest,
    response: ZAuditPage,
  }),
  auditExport: route(apiPaths.auditExport, {
    access: 'admin',
    tag: 'audit',
    summary:
      'The filtered audit entries as a streamed CSV file (UTF-8 with BOM, headers in the request language); answers text/csv',
    query: ZAuditExportQuery,
    response: ZNull,
  }),
  devOutbox: route(apiPaths.devOutbox, {
    access: 'public',
    tag: 'development',
    summary:
      'Development outbox: every e-mail and SMS the server sent, newest first (absent in production mode)',
    query: ZOutboxQuery,
    response: ZOutbox,
    devOnly: true,
  }),
  devPayGateway: route(apiPaths.devPayGateway, {
    access: 'public',
    tag: 'development',
    summary:
      "Development payment gateway: the page a QR code opens, playing the provider's part (absent in production mode)",
    response: ZNull,
    devOnly: true,
  }),
  devPayConfirm: route(apiPaths.devPayConfirm, {
    access: 'public',
    tag: 'development',
    summary: "Development payment gateway: pays the order and sends the provider's signed notification",
    response: ZNull,
    devOnly: true,
  }),
  devFacePage: route(apiPaths.devFacePage, {
    access: 'public',
    tag: 'development',
    summary:
      'Development liveness check: the page the phone opens, where the outcome (pass or a face error) is chosen (absent in production mode)',
    query: ZDevFaceQuery,
    response: ZNull,
    devOnly: true,
  }),
  devFaceConfirm: route(apiPaths.devFaceConfirm, {
    access: 'public',
    tag: 'development',
    summary:
      'Development liveness check: records the chosen outcome and redirects the phone to /faceRecognitionSuccessful or /faceRecognition?token=…&error=CODE',
    body: ZDevFaceBody,
    response: ZNull,
    devOnly: true,
  }),
  devInstancePage: route(apiPaths.devInstancePage, {
    access: 'session',
    tag: 'development',
    summary:
      "Development platform: the page an opened instance's address leads to where the stand-in provisioner plays the platform (the instance's name, service, region and status; absent otherwise)",
    response: ZNull,
    devOnly: true,
  }),
} as const satisfies Record<TRouteId, TRouteDef>;

export type TRoutes = typeof routes;

type TSchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
/** Headers a client sends to a route. */
export type TRouteHeaders<K extends TRouteId> = TSchemaInput<
  TRoutes[K] extends { headers: infer H } ? H : undefined
>;
type TSchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a client sends to a route. */
export type TRouteBody<K extends TRouteId> = TSchemaInput<
  TRoutes[K] extends { body: infer B } ? B : undefined
>;
export type TRouteQuery<K extends TRouteId> = TSchemaInput<
  TRoutes[K] extends { query: infer Q } ? Q : undefined
>;
/** What a route answers in `data`. */
export type TRouteData<K extends TRouteId> = TSchemaOutput<TRoutes[K]['response']>;
