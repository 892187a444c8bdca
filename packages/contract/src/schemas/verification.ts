import { z } from 'zod';
import { AuthCodeTypes, AuthMethods } from '../enums';
import { Limits } from '../limits';
import { Patterns } from '../rules';
import { vkey, ZId } from './common';

/** An image captcha (spec section 3): its id and the picture as a data URL. */
export const ZCaptcha = z.object({ id: z.string(), imageBase64: z.string() });
export type TCaptcha = z.infer<typeof ZCaptcha>;

/** Captcha answer fields: `captchaId` "-1" with an empty code means skipped. */
export const ZCaptchaFields = z.object({
  captchaId: z.string().max(64).nullish(),
  captchaCode: z.string().trim().max(Limits.captchaMax, vkey('captchaTooLong')).nullish(),
});

export const ZAuthCodeType = z.enum(AuthCodeTypes);
export const ZAuthMethod = z.enum(AuthMethods, vkey('invalidValue'));

export const ZPhoneCode = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, vkey('invalidFormat'))
  .transform((v) => v.replace(/^\+/, ''));

export const ZPhone = z
  .string(vkey('phoneRequired'))
  .trim()
  .min(1, vkey('phoneRequired'))
  .max(20, vkey('phoneFormat'));
export const ZEmail = z
  .string(vkey('emailRequired'))
  .trim()
  .min(1, vkey('emailRequired'))
  .max(254, vkey('emailFormat'))
  .regex(Patterns.email, vkey('emailFormat'));
export const ZCode = z
  .string(vkey('codeRequired'))
  .trim()
  .min(1, vkey('codeRequired'))
  .length(Limits.codeLength, vkey('codeLength'));

/** The purpose of a code travels in the `authMethod` header (spec section 3). */
export const ZAuthMethodHeaders = z.object({ authmethod: ZAuthMethod });
export const ZCheckCodeHeaders = z.object({ authmethod: ZAuthMethod, authcode: ZCode });

/**
 * Whom a code goes to: a user's own phone or e-mail (`accountId` + `userId`, or the session's user),
 * or an explicit phone number or e-mail address.
 */
const ZCodeTarget = z.object({
  accountId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
  authCodeType: ZAuthCodeType,
  authSource: z.string().max(64).optional(),
  phone: ZPhone.optional(),
  phoneCode: ZPhoneCode.optional(),
  email: ZEmail.optional(),
  /** The reset lookup (`getUserByUsername`) whose user the code goes to. */
  lookupId: z.string().max(512).optional(),
});

export const ZSendAuthCodeQuery = ZCodeTarget.extend(ZCaptchaFields.shape);
export type TSendAuthCodeQuery = z.infer<typeof ZSendAuthCodeQuery>;
/** A code check's target; the image captcha once the client's address failed many checks. */
export const ZCheckAuthCodeQuery = ZCodeTarget.extend(ZCaptchaFields.shape);
export type TCheckAuthCodeQuery = z.infer<typeof ZCheckAuthCodeQuery>;

export const ZSendCodeResult = z.object({
  authCodeType: ZAuthCodeType,
  /** Where the code went, masked. */
  target: z.string(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export type TSendCodeResult = z.infer<typeof ZSendCodeResult>;

/** Proof of a verified code, presented later as `authCodeToken` with `authCodeType`. */
export const ZCheckResult = z.object({ checkToken: z.string(), checkCodeType: ZAuthCodeType });
export type TCheckResult = z.infer<typeof ZCheckResult>;

export const ZSendPhoneAuthCodeBody = z
  .object({ phone: ZPhone, phoneCode: ZPhoneCode.optional(), authMethod: ZAuthMethod })
  .extend(ZCaptchaFields.shape);
export type TSendPhoneAuthCodeBody = z.infer<typeof ZSendPhoneAuthCodeBody>;

export const ZCheckPhoneAuthCodeBody = z
  .object({
    phone: ZPhone,
    phoneCode: ZPhoneCode.optional(),
    authMethod: ZAuthMethod,
    code: ZCode,
  })
  .extend(ZCaptchaFields.shape);
export type TCheckPhoneAuthCodeBody = z.infer<typeof ZCheckPhoneAuthCodeBody>;

export const ZSendForUnregisteredBody = z
  .object({
    authCodeType: ZAuthCodeType,
    phone: ZPhone.optional(),
    phoneCode: ZPhoneCode.optional(),
    email: ZEmail.optional(),
    authMethod: ZAuthMethod.default('REGISTER_FORM'),
  })
  .extend(ZCaptchaFields.shape);
export type TSendForUnregisteredBody = z.infer<typeof ZSendForUnregisteredBody>;

/** A message of the development outbox (never in production mode). */
export const ZOutboxMessage = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});
export const ZOutbox = z.object({ list: z.array(ZOutboxMessage) });
export type TOutbox = z.infer<typeof ZOutbox>;
export const ZOutboxQuery = z.object({ to: z.string().trim().max(254).optional() });

/** A country of the phone input (spec section 3). */
export const ZCountry = z.object({ name: z.string(), region_code: z.string(), phone_code: z.string() });
export const ZCountryList = z.array(ZCountry);
export type TCountry = z.infer<typeof ZCountry>;

export const ZUserRef = z.object({ accountId: ZId, userId: ZId });
