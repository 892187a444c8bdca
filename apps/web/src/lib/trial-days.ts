/**
 * Remaining trial days (spec section 4): 30 minus the days since creation; below 1 "less than one
 * day", 0 once 30 days have passed, '-' without a value. Only a trial account has any: a formal
 * (or demo, or test) account shows no trial days at all, neither in the header nor in the account
 * center. Shared by the header's trial banner and the account center.
 */
import { AccountType } from '@console/contract/enums';

export type TTrialDays =
  | { kind: 'unknown' }
  | { kind: 'expired' }
  | { kind: 'lessThanOneDay' }
  | { kind: 'days'; days: number };

/** null: "-"; 0: 0 days; between 0 and 1: less than 1 day; else whole days (floor). */
export function trialDays(remaining: number | null | undefined): TTrialDays {
  if (remaining === null || remaining === undefined || Number.isNaN(remaining)) return { kind: 'unknown' };
  if (remaining <= 0) return { kind: 'expired' };
  if (remaining < 1) return { kind: 'lessThanOneDay' };
  return { kind: 'days', days: Math.floor(remaining) };
}

/** The trial days an account shows: none (null) unless it is a trial account. */
export function accountTrialDays(account: {
  type: number;
  remainingTrialDays: number | null | undefined;
}): TTrialDays | null {
  return account.type === AccountType.trial ? trialDays(account.remainingTrialDays) : null;
}
