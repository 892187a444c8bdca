import { z } from 'zod';
import { LicenseStatuses, PasswordCharTypes, RegistrationReasons } from '../enums';
import { Limits } from '../limits';
import { Patterns } from '../rules';
import { vkey, ZId, ZTimestamp } from './common';
import { ZAuthCodeType, ZAuthMethod, ZCaptchaFields, ZEmail, ZPhone, ZPhoneCode } from './verification';

// ---- password policy ------------------------------------------------------------------------

export const ZPasswordPolicy = z.object({
  requiredCharTypes: z
    .array(z.enum(PasswordCharTypes))
    .max(PasswordCharTypes.length, vkey('policyCharTypes'))
    .refine((types) => new Set(types).size >= Limits.policyMinCharTypes, vkey('policyCharTypes'))
    .transform((types) => [...new Set(types)]),
  minLength: z
    .number()
    .int()
    .min(Limits.policyMinLengthMin, vkey('policyMinLength'))
    .max(Limits.policyMinLengthMax, vkey('policyMinLength')),
  /** 0: permanent; else 1–365 days. */
  expireDays: z
    .number()
    .int()
    .min(0, vkey('policyExpireDays'))
    .max(Limits.policyExpireDaysMax, vkey('policyExpireDays')),
});
export type TPasswordPolicy = z.infer<typeof ZPasswordPolicy>;

/**
 * Signed in: the session's account; otherwise the account named by id or name (a policy is not
 * secret; an unknown name answers the default policy).
 */
export const ZPolicyQuery = z.object({
  accountId: z.coerce.number().int().positive().optional(),
  accountName: z.string().trim().max(Limits.accountNameMax).optional(),
});

/** A new password: checked against the account's policy by the server (5059–5064). */
export const ZNewPassword = z
  .string(vkey('passwordRequired'))
  .min(1, vkey('passwordRequired'))
  .max(Limits.loginPasswordMax, vkey('passwordTooLong'));

// ---- recovery -----------------------------------------------------------------------------

export const ZRegisterType = z.enum(['phone', 'email']);

/** Proof of a verified code (checkAuthCode / checkPhoneAuthCode), in headers. */
export const ZCheckTokenHeaders = z.object({
  authmethod: ZAuthMethod.optional(),
  authcodetoken: z.string(vkey('codeRequired')).min(1, vkey('codeRequired')).max(128),
  authcodetype: ZAuthCodeType.optional(),
  authsource: z.string().max(64).optional(),
});

/**
 * The operator's proof of identity where the route itself tells its absence apart (4158 instead
 * of a validation error): the same headers, the token optional.
 */
export const ZIdentityProofHeaders = ZCheckTokenHeaders.partial({ authcodetoken: true });

export const ZFindAccountRequest = z.object({
  /** The phone number or e-mail address whose code was verified. */
  registerData: z.string().trim().min(1, vkey('required')).max(254),
  registerType: ZRegisterType,
  phoneCode: ZPhoneCode.optional(),
});
export type TFindAccountRequest = z.infer<typeof ZFindAccountRequest>;

export const ZFoundAccount = z.object({
  name: z.string(),
  displayName: z.string(),
  loginAddress: z.string(),
});
export const ZFoundAccounts = z.array(ZFoundAccount);
export type TFoundAccount = z.infer<typeof ZFoundAccount>;

export const ZGetUsernamesRequest = ZFindAccountRequest.extend({
  accountName: z.string().trim().min(1, vkey('accountNameRequired')).max(Limits.accountNameMax),
});
export type TGetUsernamesRequest = z.infer<typeof ZGetUsernamesRequest>;
export const ZFoundUsernames = z.object({ usernames: z.array(z.string()), count: z.number().int() });
export type TFoundUsernames = z.infer<typeof ZFoundUsernames>;

/** The reset lookup's names; the image captcha once the client's address made many lookups. */
export const ZGetUserByUsernameRequest = z
  .object({
    accountName: z.string().trim().min(1, vkey('accountNameRequired')).max(Limits.accountNameMax),
    username: z.string().trim().min(1, vkey('usernameRequired')).max(64),
  })
  .extend(ZCaptchaFields.shape);
export type TGetUserByUsernameRequest = z.infer<typeof ZGetUserByUsernameRequest>;

/**
 * The reset lookup of spec section 3. Before a code is verified it names no one: `accountId` and
 * `id` are null, `phone`/`email` are masked (for names that do not exist, consistent decoys), and
 * `lookupId` addresses the codes (`sendAuthCode`/`checkAuthCode` with `lookupId`).
 */
export const ZResetLookup = z.object({
  accountId: ZId.nullable(),
  id: ZId.nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  lookupId: z.string(),
});
export type TResetLookup = z.infer<typeof ZResetLookup>;

export const ZResetPasswordWithoutLoginRequest = z.object({
  accountId: ZId.optional(),
  userId: ZId.optional(),
  password: ZNewPassword,
});
export type TResetPasswordWithoutLoginRequest = z.infer<typeof ZResetPasswordWithoutLoginRequest>;

/** The signed-in user sets a new password after verifying by code (headers). */
export const ZResetPasswordRequest = z.object({ accountId: ZId, userId: ZId, password: ZNewPassword });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZChangePasswordRequest = z.object({
  oldPassword: z
    .string(vkey('passwordRequired'))
    .min(1, vkey('passwordRequired'))
    .max(Limits.loginPasswordMax),
  newPassword: ZNewPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

// ---- registration -------------------------------------------------------------------------

export const ZRegistrationFields = z.object({
  username: z
    .string(vkey('usernameRequired'))
    .trim()
    .min(1, vkey('usernameRequired'))
    .regex(Patterns.username, vkey('usernameFormat')),
  password: ZNewPassword,
  phone: ZPhone.optional(),
  phoneCode: ZPhoneCode.optional(),
  email: ZEmail.optional(),
  captchaId: z.string().max(64).nullish(),
  /** The image captcha answer (the spec's registration field name). */
  captcheCode: z.string().trim().max(Limits.captchaMax, vkey('captchaTooLong')).nullish(),
  registerCompany: z.string().trim().max(Limits.registerCompanyMax, vkey('tooLong')).nullish(),
  inviteCode: z.string().trim().max(Limits.inviteCodeMax, vkey('tooLong')).nullish(),
  agreement: z.boolean().nullish(),
});
export type TRegistrationFields = z.infer<typeof ZRegistrationFields>;

export const ZCreateAccountRequest = ZRegistrationFields;
export type TCreateAccountRequest = z.infer<typeof ZCreateAccountRequest>;

export const ZCreateAwsMktAccountRequest = ZRegistrationFields.extend({
  awsMktToken: z.string(vkey('required')).trim().min(1, vkey('required')).max(2048),
  awsMktOfferType: z.string().trim().max(64).nullish(),
  awsCustomerId: z.string().trim().max(128).nullish(),
});
export type TCreateAwsMktAccountRequest = z.infer<typeof ZCreateAwsMktAccountRequest>;

export const ZCreatedAccount = z.object({
  id: ZId,
  name: z.string(),
  displayName: z.string(),
  loginAddress: z.string(),
  /** Lets the registration questionnaire be answered without a session, for a day. */
  registrationKey: z.string(),
});
export type TCreatedAccount = z.infer<typeof ZCreatedAccount>;

export const ZCheckAwsMktTokenQuery = z.object({
  awsMktToken: z.string(vkey('required')).trim().min(1, vkey('required')).max(2048),
  awsMktOfferType: z.string().trim().max(64).optional(),
});
/**
 * The form AWS Marketplace posts with the buyer (application/x-www-form-urlencoded) to the
 * registration URL the seller registered: the registration token and, for free trials, the offer type.
 */
export const ZAwsMktBuyerForm = z.object({
  'x-amzn-marketplace-token': z.string().trim().max(4096).optional(),
  'x-amzn-marketplace-offer-type': z.string().trim().max(64).optional(),
});
export type TAwsMktBuyerForm = z.infer<typeof ZAwsMktBuyerForm>;

export const ZMarketplaceCustomer = z.object({
  customerId: z.string(),
  productCode: z.string(),
  offerType: z.string().nullable(),
});
export type TMarketplaceCustomer = z.infer<typeof ZMarketplaceCustomer>;

/** The questionnaire's answers, as the JSON string of `registrationInfo`. */
export const ZRegistrationInfo = z.object({
  registration_reason: z.array(z.enum(RegistrationReasons)).min(1, vkey('reasonRequired')),
  registration_reason_other: z.array(z.string().trim().max(Limits.reasonMax, vkey('tooLong'))).default([]),
});
export type TRegistrationInfo = z.infer<typeof ZRegistrationInfo>;

export const ZUpdateRegistrationInfoRequest = z.object({
  id: ZId,
  registrationKey: z.string().min(1).max(128),
  registrationInfo: z.string().max(8192),
});
export type TUpdateRegistrationInfoRequest = z.infer<typeof ZUpdateRegistrationInfoRequest>;

// ---- contact change confirmed by the user -------------------------------------------------

export const ZUpdateUserWithConfirmRequest = z.object({
  id: ZId,
  accountId: ZId.optional(),
  email: ZEmail.optional(),
  phone: ZPhone.optional(),
  phoneCode: ZPhoneCode.optional(),
});
export type TUpdateUserWithConfirmRequest = z.infer<typeof ZUpdateUserWithConfirmRequest>;

export const ZPendingChange = z.object({
  id: ZId,
  userId: ZId,
  userName: z.string(),
  operator: z.string(),
  /** The new values (in full for the administrator who asked). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createTime: ZTimestamp,
  expireTime: ZTimestamp,
});
export type TPendingChange = z.infer<typeof ZPendingChange>;
export const ZPendingChanges = z.array(ZPendingChange);

export const ZConfirmTokenQuery = z.object({
  token: z.string(vkey('required')).min(1, vkey('required')).max(128),
});

/** The change request of spec section 3, as the user sees it before agreeing. */
export const ZChangeRequest = z.object({
  userName: z.string(),
  operator: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  updateTime: ZTimestamp,
});
export type TChangeRequest = z.infer<typeof ZChangeRequest>;

export const ZRevokePendingChangeRequest = z.object({ id: ZId });

// ---- Huawei-cloud licenses ------------------------------------------------------------------

export const ZLicenseQuery = z.object({
  license: z.string(vkey('required')).trim().min(1, vkey('required')).max(4096),
});
export const ZLicense = z.object({
  license: z.string(),
  status: z.enum(LicenseStatuses),
  activeTime: ZTimestamp.nullable(),
  expireTime: ZTimestamp,
});
export type TLicense = z.infer<typeof ZLicense>;
export const ZLicenses = z.array(ZLicense);
