import { z } from 'zod';
import { AccountStatus, AccountType } from '../enums';
import { ZId, ZTimestamp } from './common';

const accountTypes = Object.values(AccountType) as [number, ...number[]];
const accountStatuses = Object.values(AccountStatus) as [number, ...number[]];

export const ZAccountType = z
  .number()
  .int()
  .refine((n) => accountTypes.includes(n));
export const ZAccountStatus = z
  .number()
  .int()
  .refine((n) => accountStatuses.includes(n));

export const ZAccountVo = z.object({
  id: ZId,
  name: z.string(),
  displayName: z.string(),
  type: ZAccountType,
  status: ZAccountStatus,
  companyName: z.string().nullable(),
  createTime: ZTimestamp,
});
export type TAccountVo = z.infer<typeof ZAccountVo>;

export const ZAccountDetail = z.object({
  accountVo: ZAccountVo,
  /** The account's own login address, `<account name>.accounts.<console domain>`. */
  loginAddress: z.string(),
  formalApplicationSubmitted: z.boolean(),
  /**
   * Remaining trial days (30 minus days since creation, with fractions; 0 once 30 days have
   * passed); null for accounts that are not on trial.
   */
  remainingTrialDays: z.number().min(0).nullable(),
  trialEndTime: ZTimestamp.nullable(),
});
export type TAccountDetail = z.infer<typeof ZAccountDetail>;

export const ZAccountBaseInfo = z.object({
  id: ZId,
  name: z.string(),
  displayName: z.string(),
  type: ZAccountType,
  status: ZAccountStatus,
  loginAddress: z.string(),
  /** Account-level billing flag: billing needs it besides the menu permission (spec section 6). */
  billingEnabled: z.boolean(),
});
export type TAccountBaseInfo = z.infer<typeof ZAccountBaseInfo>;

/**
 * `GET /account/checkBill` (spec section 7): whether billing applies to the account: the cru
 * billing feature of the deployment and the account's own billing flag. The console's billing
 * menu, pages and workbench cards follow it.
 */
export const ZCheckBill = z.object({
  billingEnabled: z.boolean(),
  /** The deployment's cru billing feature (`FEATURE_CRU_BILLING`). */
  isFeatureEnabled: z.boolean(),
  /** The account's own billing flag. */
  isAccountBilled: z.boolean(),
});
export type TCheckBill = z.infer<typeof ZCheckBill>;

export const ZAccountQuery = z.object({ accountId: z.coerce.number().int().positive().optional() });
export const ZAccountBody = z.object({ accountId: ZId.optional() });
