/**
 * An account's trial period and the days left of it: pure rules over the account's row, read by
 * the account's own services and the back office's account pages and queues.
 */
import { AccountType } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import type { TAccountRow } from './account.repository';

const dayMs = 86_400_000;

/** Days of the account's trial: the 30 of the trial period plus those added by activation codes. */
export function trialPeriodDays(account: { trialExtensionDays?: number }): number {
  return Limits.trialDays + (account.trialExtensionDays ?? 0);
}

/**
 * Remaining trial days: 30 (plus any extension) minus the days since creation (with two decimals,
 * so that the console can show "less than 1 day"), 0 once the period has passed; null when the
 * account is not on trial.
 */
export function remainingTrialDays(
  account: Pick<TAccountRow, 'type' | 'createdAt'> & { trialExtensionDays?: number },
  now: Date,
): number | null {
  if (account.type !== AccountType.trial) return null;
  const period = trialPeriodDays(account);
  const passed = (now.getTime() - account.createdAt.getTime()) / dayMs;
  if (passed >= period) return 0;
  return Math.floor((period - Math.max(0, passed)) * 100) / 100;
}
