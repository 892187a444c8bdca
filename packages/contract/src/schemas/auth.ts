import { z } from 'zod';
import { MfaMethodTypes, ResourceType } from '../enums';
import { Limits } from '../limits';
import { Patterns } from '../rules';
import { vkey, ZId } from './common';

export const ZAccountDisplayName = z
  .string(vkey('accountNameRequired'))
  .trim()
  .min(1, vkey('accountNameRequired'))
  .max(Limits.accountNameMax, vkey('accountNameTooLong'))
  .regex(Patterns.accountName, vkey('accountNameLetters'));

/**
 * The login payload of spec section 3. The second step repeats it with `uniqueId` and the
 * encrypted `code`. After repeated failures for a name an image captcha is required
 * (`captchaId`, `captchaCode`).
 */
export const ZLoginRequest = z.object({
  accountDisplayName: ZAccountDisplayName,
  username: z
    .string(vkey('usernameRequired'))
    .trim()
    .min(1, vkey('usernameRequired'))
    .max(64, vkey('usernameFormat')),
  password: z
    .string(vkey('passwordRequired'))
    .min(1, vkey('passwordRequired'))
    .max(Limits.loginPasswordMax, vkey('passwordTooLong')),
  /** Public IP from an external lookup; informational only, the server records the peer address. */
  ip: z.string().max(64).nullish(),
  mfaMethodType: z.enum(MfaMethodTypes).nullish(),
  uniqueId: z.string().max(128).nullish(),
  /** Second-factor code, RSA-encrypted with the server-supplied public key. */
  code: z.string().max(4096).nullish(),
  authMethod: z.string().max(64).nullish(),
  isMfaReset: z.boolean().nullish(),
  captchaId: z.string().max(64).nullish(),
  captchaCode: z.string().trim().max(Limits.captchaMax, vkey('captchaTooLong')).nullish(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZAuthVo = z.object({
  resourceName: z.string(),
  resourceType: z.union([z.literal(ResourceType.menu), z.literal(ResourceType.operation)]),
});
export type TAuthVo = z.infer<typeof ZAuthVo>;

export const ZMfaStatus = z.object({
  enable: z.boolean(),
  /** Masked phone number the code goes to, when one is bound. */
  phone: z.string().nullable(),
  /** Masked e-mail address the code goes to, when one is bound. */
  email: z.string().nullable(),
  gaAlreadyBinding: z.boolean(),
  /** The user has passkeys: the second step may be a passkey (`passkeySignIn`). */
  passkey: z.boolean().optional(),
});
export type TMfaStatus = z.infer<typeof ZMfaStatus>;

export const ZUserVo = z.object({
  accountId: ZId,
  accountDisplayName: z.string(),
  id: ZId,
  name: z.string(),
});
export type TUserVo = z.infer<typeof ZUserVo>;

/** The login response of spec section 3: a token on success, otherwise the MFA requirement. */
export const ZLoginResponse = z.object({
  token: z.string().nullable(),
  mfaStatus: ZMfaStatus,
  userVo: ZUserVo.nullable(),
  authVos: z.array(ZAuthVo),
  publicKey: z.string().nullable(),
  uniqueId: z.string().nullable(),
  initialCode: z.string().nullable(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** Password error info of spec section 3; also the data of a 4019 answer. */
export const ZPwdErrorTimes = z.object({
  current: z.number().int().min(0),
  total: z.number().int().positive(),
  exceed: z.boolean(),
  /** Seconds until the lock ends, when locked. */
  lockRemainingSeconds: z.number().int().min(0),
  /** The next sign-in for this name needs an image captcha. */
  captchaRequired: z.boolean(),
});
export type TPwdErrorTimes = z.infer<typeof ZPwdErrorTimes>;

export const ZPwdErrorTimesQuery = z.object({
  accountDisplayName: ZAccountDisplayName,
  username: z.string().trim().min(1, vkey('usernameRequired')).max(64, vkey('usernameFormat')),
});
export type TPwdErrorTimesQuery = z.infer<typeof ZPwdErrorTimesQuery>;
