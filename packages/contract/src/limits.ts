/** Business constants and limits (spec section 9 and the issues). */
import { LightLimits } from './light-limits';

export const Limits = {
  /** The light public pages' own (light-limits.ts). */
  ...LightLimits,
  passwordMin: 8,
  passwordMax: 32,
  remarkMax: 256,
  reasonMax: 256,
  /** The reason of an administrator's reset of another user's login protection (decision 0048). */
  mfaResetReasonMax: 200,
  registerCompanyMax: 256,
  upgradeCompanyMax: 255,
  /** Upgrade application: contact name and e-mail (spec section 5). */
  upgradeNameMax: 128,
  upgradeEmailMax: 128,
  /** A user's display name (my profile). */
  displayNameMax: 64,
  /** A user's job title (a custom one). */
  jobTitleMax: 64,
  inviteCodeMax: 16,
  webhookNameMin: 2,
  webhookNameMax: 40,
  webhookDescriptionMax: 200,
  /** The name of a SCIM provisioning token. */
  scimTokenNameMax: 64,
  /** Consecutive wrong passwords before the lock. */
  maxPasswordErrors: 5,
  /** Lock after repeated wrong passwords, in seconds. */
  passwordLockSeconds: 60,
  trialDays: 30,
  /** Query cache lifetime of fetched data. */
  queryStaleMs: 5 * 60 * 1000,
  requestTimeoutMs: 10 * 60 * 1000,
  resendSeconds: 60,
  smsCodeTtlSeconds: 5 * 60,
  emailCodeTtlSeconds: 10 * 60,
  /** A checkToken (proof of a verified code) lives this long and serves once. */
  checkTokenTtlSeconds: 10 * 60,
  /** A sign-in waiting for its second step lives this long. */
  loginChallengeTtlSeconds: 10 * 60,
  /** A passkey ceremony (registration or sign-in) must finish within this long. */
  passkeyChallengeTtlSeconds: 5 * 60,
  /** Passkeys a user may register. */
  passkeysPerUser: 10,
  /** Wrong codes before a code (or a sign-in's second step) is spent. */
  maxCodeAttempts: 5,
  sendsPerTargetPerHour: 10,
  sendsPerIpPerHour: 30,
  /** Failed sign-ins for a name after which an image captcha is required. */
  captchaAfterFailures: 3,
  captchaTtlSeconds: 5 * 60,
  /** The longest a request waits for an e-mail or SMS provider. */
  sendTimeoutMs: 10_000,
  totpStepSeconds: 30,
  /** TOTP steps accepted either side of now. */
  totpWindow: 1,
  /** Password policy bounds (spec sections 3, 5 and 9). */
  policyMinLengthMin: 8,
  policyMinLengthMax: 32,
  policyExpireDaysMax: 365,
  policyCustomExpireDefault: 180,
  policyMinCharTypes: 2,
  /** Days before a password expires when its holder gets one reminder e-mail. */
  passwordExpiryReminderDays: 7,
  /** A contact-change confirmation link lives this long and serves once. */
  confirmLinkTtlSeconds: 60 * 60,
  confirmRedirectSeconds: 3,
  /** An invitation link (`/userManage/{userId}?token=…`) lives this long and serves once. */
  invitationTtlSeconds: 72 * 60 * 60,
  /** Accounts one client address may register per hour. */
  registrationsPerIpPerHour: 5,
  /** Registration questionnaire answers can be given this long after registering. */
  registrationInfoTtlSeconds: 24 * 60 * 60,
  pageSizeDefault: 20,
  pageSizeMax: 200,
  insightPageSize: 9999,
  bodyLimitBytes: 1024 * 1024,
  wechatRechargeMaxYuan: 50_000,
  lowBalanceYuan: 50,
} as const;
