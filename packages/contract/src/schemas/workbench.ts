/**
 * The workbench in one answer (spec section 2 "Other screens": service activation, consumption
 * today/yesterday/30 days, billing overview, user management shortcut, login protection): each
 * part is what the card's own route answers, so that the console keeps one cache entry per route.
 * Parts the caller may not see are null: the user counts, the login protection requirement and
 * the billing parts are the account administrator's; the billing parts also need billing
 * (the cru billing feature and the account's flag); the funds are not read on-premise.
 */
import { z } from 'zod';
import { ZBillingCount, ZFundsAccount } from './billing';
import { ZMfaPolicy, ZMfaState } from './mfa';
import { ZInstance, ZService } from './services';
import { ZUserList } from './users';

/** The user list request of each user count (`userList` with one row per page). */
export const WorkbenchUserCounts = {
  regular: { pageNo: 1, pageSize: 1, kind: 'regular' },
  service: { pageNo: 1, pageSize: 1, kind: 'service' },
} as const;

/** The consumption card's range (`billingCount`). */
export const WorkbenchConsumptionFilter = { range: 'last30Days' } as const;

export const ZWorkbenchOverview = z.object({
  /** As `serviceList`. */
  services: z.array(ZService),
  /** As `getAccountInstanceList`. */
  instances: z.array(ZInstance),
  /** As `getMfaStatus`. */
  mfaStatus: ZMfaState,
  /** As `getMfaPolicy`; administrators only. */
  mfaPolicy: ZMfaPolicy.nullable(),
  /** As `userList` with `WorkbenchUserCounts`; administrators only. */
  users: z.object({ regular: ZUserList, service: ZUserList }).nullable(),
  /** As `billingCount` with `WorkbenchConsumptionFilter`; administrators, where billing is available. */
  consumption: ZBillingCount.nullable(),
  /** As `getFundsAccount`; administrators, where billing is available, not on-premise. */
  funds: ZFundsAccount.nullable(),
});
export type TWorkbenchOverview = z.infer<typeof ZWorkbenchOverview>;
