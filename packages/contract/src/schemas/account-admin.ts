/**
 * The account center and the signed-in user's own profile (issue "Administration", items 1 and 2):
 * company name, registration phone, activation codes, the upgrade-to-enterprise application and
 * the profile's display name, phone and e-mail.
 */
import { z } from 'zod';
import { Limits } from '../limits';
import { FormalDeclineReasons } from '../review-reasons';
import { vkey, ZId, ZTimestamp } from './common';
import { ZEmail, ZPhone, ZPhoneCode } from './verification';

/** The session's account, when a client names it (another account's id is refused with 403). */
const ZOwnAccount = { accountId: ZId.optional() };

/** Longest display name of a user. */
export const profileDisplayNameMax = Limits.displayNameMax;
/** Longest activation code (or cloud-marketplace code) accepted. */
export const activationCodeMax = 1024;

/** POST /account/updateAccountInfo: the company name (administrators only). */
export const ZUpdateAccountInfoRequest = z.object({
  ...ZOwnAccount,
  companyName: z
    .string(vkey('required'))
    .trim()
    .min(1, vkey('required'))
    .max(Limits.registerCompanyMax, vkey('companyTooLong')),
});
export type TUpdateAccountInfoRequest = z.infer<typeof ZUpdateAccountInfoRequest>;

/**
 * POST /account/updateAccount: the registration phone (administrators only), proven by the
 * checkToken of an EDIT_PHONE code sent to the new number (headers `authCodeToken`, `authCodeType`).
 */
export const ZUpdateRegistrationPhoneRequest = z.object({
  ...ZOwnAccount,
  phone: ZPhone,
  phoneCode: ZPhoneCode.optional(),
});
export type TUpdateRegistrationPhoneRequest = z.infer<typeof ZUpdateRegistrationPhoneRequest>;

/** The account center's own facts beyond the account detail. */
export const ZAccountCenter = z.object({
  companyName: z.string().nullable(),
  /** The registration phone, masked (`+86 138****0000`). */
  registrationPhone: z.string().nullable(),
  /** The registration e-mail, masked. */
  registrationEmail: z.string().nullable(),
  /** Whether every user of the account must use login protection. */
  isMfaRequired: z.boolean(),
  /** Users of the account with login protection on, and all (regular, not deleted) users. */
  mfaEnabledUsers: z.number().int().min(0),
  totalUsers: z.number().int().min(0),
  /** Trial days added by activation codes. */
  trialExtensionDays: z.number().int().min(0),
  formalApplicationSubmitted: z.boolean(),
  /**
   * The latest application for a formal account and its outcome: waiting, approved (the account
   * became formal) or declined with the reason the operator chose and their words.
   */
  formalApplication: z
    .object({
      status: z.enum(['submitted', 'approved', 'declined']),
      reasonCode: z.enum(FormalDeclineReasons).nullable(),
      reasonNote: z.string().nullable(),
      createTime: ZTimestamp,
      decideTime: ZTimestamp.nullable(),
    })
    .nullable(),
  /** When the account was registered from a cloud marketplace (or activated by its code). */
  isMarketplace: z.boolean(),
});
export type TAccountCenter = z.infer<typeof ZAccountCenter>;

/** POST /account/activate: an activation code, or a cloud-marketplace code. */
export const ZActivateAccountRequest = z.object({
  ...ZOwnAccount,
  code: z.string(vkey('required')).trim().min(1, vkey('required')).max(activationCodeMax),
});
export type TActivateAccountRequest = z.infer<typeof ZActivateAccountRequest>;

export const ZActivationResult = z.object({
  /** `activation`: an operator's code; `marketplace`: a cloud-marketplace code. */
  source: z.enum(['activation', 'marketplace']),
  /** `formal`: the account is formal now; `extend`: its trial was extended by `extendDays`. */
  effect: z.enum(['formal', 'extend']),
  extendDays: z.number().int().min(0),
  accountType: z.number().int(),
});
export type TActivationResult = z.infer<typeof ZActivationResult>;

/** Services the upgrade application may ask to open (product kinds: studio 1, decision 2, Insight 3). */
export const UpgradeServiceKinds = [1, 2, 3] as const;

/** POST /account/formal/application: upgrade to the enterprise edition (spec sections 3 and 5). */
export const ZFormalApplicationRequest = z.object({
  ...ZOwnAccount,
  username: z.string(vkey('required')).trim().min(1, vkey('required')).max(Limits.upgradeNameMax),
  company: z.string(vkey('required')).trim().min(1, vkey('required')).max(Limits.upgradeCompanyMax),
  email: ZEmail.max(Limits.upgradeEmailMax),
  agreement: z.literal(true, vkey('agreementRequired')),
  openService: z
    .array(z.union(UpgradeServiceKinds.map((k) => z.literal(k))))
    .max(UpgradeServiceKinds.length)
    .default([]),
});
export type TFormalApplicationRequest = z.input<typeof ZFormalApplicationRequest>;

export const ZFormalApplicationResult = z.object({ formalApplicationSubmitted: z.boolean() });

/**
 * POST /user/updateProfile: the signed-in user's own display name, phone and e-mail. A new phone or
 * e-mail needs the identity check (headers `authCodeToken`, `authCodeType`: an UPDATE_USER_INFO
 * code sent to the current phone or e-mail) and a check of the new target (`phoneCheckToken` of an
 * EDIT_PHONE code, `emailCheckToken` of an EDIT_EMAIL code).
 */
export const ZUpdateProfileRequest = z.object({
  ...ZOwnAccount,
  displayName: z
    .string(vkey('required'))
    .trim()
    .min(1, vkey('required'))
    .max(profileDisplayNameMax)
    .optional(),
  phone: ZPhone.optional(),
  phoneCode: ZPhoneCode.optional(),
  phoneCheckToken: z.string().min(1).max(128).optional(),
  email: ZEmail.optional(),
  emailCheckToken: z.string().min(1).max(128).optional(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;
