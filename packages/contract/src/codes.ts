/**
 * Response codes of the envelope `{ code, message, data }`.
 *
 * Codes below 1000 mirror the HTTP status of the answer. Codes of 1000 and above are business
 * outcomes: they are answered with HTTP 200 and the code in the body, as the spec names them.
 * Every code is also a phrase key (`errors.<code>`) so that server and client translate it alike.
 */
export const ErrorCode = {
  ok: 0,
  badRequest: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  internal: 500,
  unavailable: 503,

  /** The session was ended by the server (user disabled or deleted, account stopped): sign in again. */
  sessionRevoked: 4004,
  /** Wrong account name, username or password; data carries `{ current, total, exceed }`. */
  wrongPassword: 4019,
  /** The user is disabled by an administrator. */
  userDisabled: 4020,
  /** The user is deleted. */
  userDeleted: 4021,
  /** Service users (JDBC/API identities) never get a web session. */
  serviceUserNoWebLogin: 4022,
  /** The account is stopped or deleted. */
  accountUnavailable: 4023,
  /** An image captcha must be solved first (after repeated failures, or before a resend). */
  captchaRequired: 4024,
  /** The image captcha answer is wrong, expired or already used. */
  captchaInvalid: 4025,
  /** The second step needs a phone or e-mail address that the user does not have. */
  mfaTargetMissing: 4026,
  /** The phone number or e-mail address is already registered. */
  alreadyRegistered: 4027,
  /** The invite code is unknown, used up or expired. */
  inviteCodeInvalid: 4028,
  /** The cloud-marketplace token is missing or unknown (AWS: InvalidTokenException). */
  marketplaceTokenInvalid: 4029,
  /** The cloud-marketplace token has expired (AWS: ExpiredTokenException): open the page again from the marketplace. */
  marketplaceTokenExpired: 4210,
  /** The marketplace could not check the token now (throttled, its error, unreachable): try later. */
  marketplaceUnavailable: 4211,
  /** The marketplace subscription's cloud account (AWS account) already has an account here. */
  marketplaceAccountRegistered: 4212,
  /** The license's signature does not verify (forged or damaged). */
  licenseInvalid: 4030,
  /** The license has expired or was released. */
  licenseExpired: 4031,
  /** The confirmation link is unknown, used, revoked or expired. */
  confirmLinkInvalid: 4032,
  /** The current password is wrong (changing one's password). */
  oldPasswordWrong: 4033,
  /** The caller is not an account administrator. */
  notAccountAdmin: 4037,
  /** The account signs in through single sign-on: password login is for administrators only. */
  ssoRequired: 4040,
  /** Single sign-on is on and the account does not let administrators use password login. */
  ssoAdminLoginDisabled: 4041,
  /** Single sign-on is not configured or not turned on for this account. */
  ssoNotConfigured: 4042,
  /** The identity provider's discovery document or metadata could not be loaded or read. */
  ssoProviderInvalid: 4043,
  /** Single sign-on (or a third-party sign-in) failed; the message names the reason. */
  ssoFailed: 4044,
  /** The third-party provider is unknown, or third-party sign-in is off for the account. */
  thirdPartyUnavailable: 4045,
  /** That third-party identity is already bound to another user. */
  thirdPartyAlreadyBound: 4046,
  /** The user has no identity of that provider bound. */
  thirdPartyNotBound: 4047,
  /** SAML: the assertion is not signed, and the account requires signed assertions. */
  ssoAssertionNotSigned: 4130,
  /** SAML: the response is not signed, and the account accepts a signed response instead of signed assertions. */
  ssoResponseNotSigned: 4131,
  /** SAML: a signature uses an algorithm that is not accepted (SHA-1 …); params `{ algorithm }`. */
  ssoAlgorithmNotAllowed: 4132,
  /** SAML: the username would be a transient NameID. */
  ssoTransientNameId: 4133,
  /** SAML: an answer the console did not ask for (IdP-initiated, or no matching pending request). */
  ssoUnsolicitedResponse: 4134,
  /**
   * An identity provider's address (SAML metadata URL, OpenID issuer and its endpoints) is a
   * loopback, private or link-local address that `OUTBOUND_ALLOW_HOSTS` does not name; params `{ host, address }`.
   */
  outboundAddressNotAllowed: 4135,
  /** The activation code (or cloud-marketplace code) is unknown, used or expired. */
  activationCodeInvalid: 4050,
  /** The account is formal already: an activation code or upgrade application does not apply. */
  accountAlreadyFormal: 4051,
  /** An upgrade application of the account is already in progress. */
  formalApplicationPending: 4052,
  /** The account already has a live instance of this service in this region. */
  instanceExists: 4060,
  /** The instance is not in a state that allows the action (retry needs openFailed, the URL needs opened). */
  instanceStateInvalid: 4061,
  /** The Insight service is not opened for the account. */
  insightNotOpened: 4062,
  /** The balance does not cover the action. */
  insufficientBalance: 4070,
  /** The payment provider refused or failed to create the order. */
  rechargeFailed: 4071,
  /** The webhook could not be reached or did not answer its success value. */
  webhookSendFailed: 4072,
  /**
   * Only Standard Webhooks secrets are generated by the console: a DingTalk or Feishu secret comes
   * from the robot's own settings (paste it into the webhook), and `none` signs nothing.
   */
  webhookSecretNotRotatable: 4140,
  /** The bill details could not be fetched. */
  billDetailFailed: 4073,
  /** The verification provider failed or could not be reached: try again later. */
  certificationFailed: 4080,
  /** The account used up today's verification attempts. */
  certificationAttemptsExceeded: 4081,
  /** The face session is unknown, expired or already finished: start again. */
  faceSessionInvalid: 4082,
  /** The account is verified already (or waits for a manual review). */
  alreadyCertified: 4083,
  /** Enabling would exceed the Insight service's limit of enabled users; data `{ limit, enabled }`. */
  insightUserLimit: 4063,

  /** Removing the role (or disabling, deleting) would leave the account without an enabled administrator. */
  lastAdmin: 4150,
  /** Roles are held by regular users that are not deleted only. */
  adminRegularOnly: 4151,
  /** An administrator cannot do this to their own user (disable, delete, reset the password). */
  notSelf: 4152,
  /** The deleted user's recovery period has ended: it can no longer be recovered. */
  recoverExpired: 4153,
  /** System service users come with their instance: they cannot be edited, disabled or deleted. */
  systemServiceUser: 4154,
  /** The user is deleted: recover it before changing it. */
  userIsDeleted: 4155,

  /** The invitation link does not belong to this user, or no such invitation exists. */
  invitationInvalid: 4174,
  /** The invitation was already accepted: sign in with the username and the password set then. */
  invitationUsed: 4175,
  /** The invitation was revoked, or replaced by a newer one. */
  invitationRevoked: 4176,
  /** The invitation has expired (links are valid 72 hours): ask for a new one. */
  invitationExpired: 4177,
  /** An invitation by e-mail cannot be sent: no SMTP server is configured on this installation. */
  invitationEmailNotConfigured: 4178,
  /** An invitation by text message cannot be sent: no SMS provider is configured on this installation. */
  invitationSmsNotConfigured: 4179,
  /** This call acts on service users (managed users, decision 0020) only: the user is a regular one. */
  notManagedUser: 4156,
  /** This call acts on regular users only: the user is a service (managed) user (decision 0020). */
  notRegularUser: 4157,
  /** Another user's phone or e-mail changes only after the operator's identity check by code, through the user's agreement. */
  contactChangeNeedsIdentity: 4158,
  /** The list's page cursor is not one of this list (another account, sort, search or page size) or is damaged: start from the first page. */
  listCursorInvalid: 4159,

  /** The job-profile share link is unknown (never issued, or altered). */
  shareLinkInvalid: 4180,
  /** The job-profile share link has expired. */
  shareLinkExpired: 4181,
  /** The job-profile share link was revoked. */
  shareLinkRevoked: 4182,
  /** The instance has no job of that id (or no longer keeps it). */
  jobNotFound: 4183,
  /** Job profiles exist only for Lakehouse instances. */
  jobProfileNotLakehouse: 4184,
  /** The instance did not answer about its jobs (unreachable, timed out or refused): try again later. */
  jobProfileUnavailable: 4185,
  /** Only the creator of a share link or an administrator may revoke it. */
  shareRevokeNotAllowed: 4186,

  /** The passkey is not one registered with this account (unknown, removed, or another account's). */
  passkeyUnknown: 4190,
  /** The passkey's signature counter went backwards: it may have been cloned. Remove it and register it again. */
  passkeyCounterRegression: 4191,
  /** The authenticator's answer did not verify (wrong site, challenge, signature or user verification). */
  passkeyNotVerified: 4192,
  /** The account does not allow sign-in by passkey alone (or there is no such account). */
  passkeySignInDisabled: 4193,
  /** The passkey request is unknown, spent or expired: start again. */
  passkeyChallengeExpired: 4194,
  /** The user has as many passkeys as allowed (`Limits.passkeysPerUser`): remove one first. */
  passkeyLimitReached: 4195,
  /** The SMS provider refused the message for its rate limits (per number, hour or day): try again later. */
  smsRateLimited: 4196,
  /** The SMS provider refused the message: the phone number is not a valid number. */
  smsNumberInvalid: 4197,

  /** Opening and managing service instances: no provisioning API is configured on this installation. */
  provisionerNotConfigured: 4100,
  /** Cloud-marketplace registration and codes: no marketplace API is configured on this installation. */
  marketplaceNotConfigured: 4101,
  /** Real-name verification: no identity-verification provider is configured on this installation. */
  identityNotConfigured: 4102,
  /** Top-ups through this payment channel are not configured on this installation; data `{ channel }`. */
  paymentNotConfigured: 4103,
  /** Text messages: no SMS provider is configured on this installation. */
  smsNotConfigured: 4104,
  /** E-mail: no SMTP server is configured on this installation. */
  emailNotConfigured: 4105,
  /** Licence activation: no licence-verification key is configured on this installation. */
  licenseNotConfigured: 4106,
  /** The feature is turned off on this installation; data `{ feature }`. */
  featureDisabled: 4107,
  /** Bank remittances: no receiving bank account is configured on this installation. */
  remittanceNotConfigured: 4108,

  mfaEncryptFailed: 4091,
  mfaDecryptFailed: 4092,
  codeAlreadyUsed: 4093,
  verificationFailed: 4094,
  codeMismatch: 4095,
  tooManyVerifications: 4096,
  sendCodeFailed: 4097,
  callLimitExceeded: 4098,
  /** The sign-in (or binding) challenge is unknown, spent or expired, or the reset lookup expired: start again. */
  challengeExpired: 4160,
  /** An authenticator app is already bound: rebind it after verifying the identity (resetMfaCode). */
  gaAlreadyBound: 4161,
  /** No authenticator app is bound (or being bound) to check the code against. */
  gaNotBound: 4162,
  /** The account requires login protection of every user: it cannot be turned off. */
  mfaRequiredByAccount: 4163,
  /** The verification code (or the checkToken of a verified one) has expired: request a new one. */
  codeExpired: 4164,
  /**
   * Login protection cannot be required of every user: some enabled users could not complete a
   * second step at sign-in (no authenticator or passkey, and no configured channel to a phone or
   * e-mail of theirs); params `{ count, names }` (decision: no account locks itself out).
   */
  mfaEnforcementUsersBlocked: 4165,
  /** Requiring login protection: the administrator can receive no code (no configured channel to their phone or e-mail). */
  mfaEnforcementNoCodeChannel: 4166,
  /** Requiring login protection: the administrator has no authenticator app bound to prove their own second step with. */
  mfaEnforcementNoAuthenticator: 4167,
  /** Requiring login protection needs the administrator's own second step, proven with the request (a code). */
  mfaEnforcementProofRequired: 4168,

  /**
   * The operators' back office (decision 0047). Sign-in refused: unknown operator, wrong password,
   * disabled operator, or sign-in paused after repeated failures (one answer for all of them).
   */
  opsSignInFailed: 4300,
  /** The one-time password must be replaced and an authenticator app enrolled before anything else. */
  opsSetupRequired: 4301,
  /** The act needs the second factor proven again (last proven more than 15 minutes ago). */
  opsStepUpRequired: 4302,
  /** The authenticator code is wrong, or was already used. */
  opsCodeWrong: 4303,
  /** The sign-in step is unknown, spent or expired: sign in again. */
  opsChallengeExpired: 4304,
  /** An operator of that username exists already. */
  opsOperatorExists: 4305,
  /** No such operator. */
  opsOperatorNotFound: 4306,
  /** Owners cannot disable, re-role or reset themselves (so that one owner always remains). */
  opsSelfAct: 4307,
  /** The current password is wrong (changing one's own password). */
  opsPasswordWrong: 4308,
  /** The operator's role does not allow this act. */
  opsRoleForbidden: 4309,
  /** Back office, accounts (issue 40 item 2): no such account. */
  opsAccountNotFound: 4310,
  /** The account is deleted: no act applies to it any more. */
  opsAccountDeleted: 4311,
  /** The account is suspended already. */
  opsAccountSuspended: 4312,
  /** The account is not suspended: there is nothing to resume. */
  opsAccountNotSuspended: 4313,
  /** The account is not on trial (formal, test or demo): its trial cannot be extended or ended. */
  opsAccountNotTrial: 4314,
  /** The account does not require login protection: there is nothing to turn off. */
  opsMfaNotRequired: 4315,
  /** An account of that name exists already. */
  opsAccountNameTaken: 4316,
  /** That phone number or e-mail address is registered to another account. */
  opsAccountContactTaken: 4317,
  /** The passkey is not one of this operator's (unknown, removed, or another operator's). */
  opsPasskeyUnknown: 4380,
  /** The passkey could not be verified (wrong origin or relying party, bad signature). */
  opsPasskeyNotVerified: 4381,
  /** The passkey request is unknown, spent or expired: start again. */
  opsPasskeyChallengeExpired: 4382,
  /** The operator has as many passkeys as allowed (`Limits.passkeysPerUser`). */
  opsPasskeyLimitReached: 4383,
  /** An operator always keeps one second factor: the last one cannot be removed. */
  opsLastSecondFactor: 4384,
  /** The passkey's signature counter went backwards: it may have been cloned. */
  opsPasskeyCounterRegression: 4385,
  /** No such passkey among the operator's. */
  opsPasskeyNotFound: 4386,
  /** No new authenticator is being enrolled: start the replacement again. */
  opsAuthenticatorNotStarted: 4387,
  /**
   * Resetting another user's login protection needs the administrator's own identity check: the
   * checkToken of a RESET_USER_MFA code sent to them (headers `authCodeToken`, `authCodeType`).
   */
  mfaResetNeedsIdentity: 4350,
  /** The user has no authenticator app and no passkey: there is no login protection to reset. */
  mfaResetNothing: 4351,
  /** One's own login protection is changed in one's own login-protection settings, not reset by oneself. */
  mfaResetSelf: 4352,

  /** The catalogue's rules (the same as `catalogue import`'s) refuse the change: `data.problems` says which. */
  opsCatalogueRefused: 4370,
  /** Another row of the catalogue has this key (service id or code, version, region, SKU). */
  opsCatalogueKeyTaken: 4371,
  /** No such row in the catalogue (it was removed meanwhile, or the key is wrong). */
  opsCatalogueRowNotFound: 4372,
  /** The row refers to a service or cloud provider that the catalogue does not have. */
  opsCatalogueReferenceMissing: 4373,
  /**
   * Licences of this installation are verified with a configured public key whose private key is
   * kept off the server: they are issued with `license-issue --private-key`, not from the console.
   */
  opsLicenseKeyOffline: 4374,
  /** No activated licence of that id, or it was released already. */
  opsLicenseNotFound: 4375,
  /** An invite code of that text exists already. */
  opsInviteCodeExists: 4376,

  passwordTooShort: 5059,
  passwordTooLong: 5060,
  passwordMissingCharTypes: 5061,
  passwordInvalidChars: 5062,
  passwordSameAsOld: 5063,
  passwordPolicyViolated: 5064,
  passwordMustReset: 5066,
} as const;

export type TErrorCodeName = keyof typeof ErrorCode;
export type TErrorCode = (typeof ErrorCode)[TErrorCodeName];

/** HTTP status of an answer carrying `code`: business codes are 200, the rest mirror the status. */
export function httpStatusOf(code: number): number {
  if (code === ErrorCode.ok) return 200;
  if (code >= 1000) return 200;
  return code;
}

/** Codes the spec treats as success. */
export function isSuccessCode(code: number): boolean {
  return code === 0 || code === 200;
}
