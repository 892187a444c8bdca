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
  /** The cloud-marketplace token is missing, unknown or expired. */
  marketplaceTokenInvalid: 4029,
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

  mfaEncryptFailed: 4091,
  mfaDecryptFailed: 4092,
  codeAlreadyUsed: 4093,
  verificationFailed: 4094,
  codeMismatch: 4095,
  tooManyVerifications: 4096,
  sendCodeFailed: 4097,
  callLimitExceeded: 4098,

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
