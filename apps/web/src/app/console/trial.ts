/** The trial banner of the console header (spec sections 2 and 4). */
import type { TAuthVo } from '@console/contract';
import { AccountStatus, AccountType, ResourceType } from '@console/contract/enums';
import { hasResource } from '@/lib/permissions';

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

/** The phrase key (under `shell.trial`) and values of the label. */
export function trialLabel(remaining: number | null | undefined): {
  key: 'unknown' | 'expired' | 'lessThanOneDay' | 'daysLeft';
  days?: number;
} {
  const d = trialDays(remaining);
  return d.kind === 'days' ? { key: 'daysLeft', days: d.days } : { key: d.kind };
}

export type TTrialAction = { kind: 'topUp' | 'upgrade'; isDisabled: boolean };

/**
 * The header button of a trial account: only for users with the `accountUpgrade` operation;
 * "Top up" when the account owes, else "Upgrade to formal"; disabled ("Application in progress")
 * once the formal application is submitted.
 */
export function trialAction(input: {
  accountType: number;
  accountStatus: number;
  formalApplicationSubmitted: boolean;
  auths: readonly TAuthVo[];
}): TTrialAction | null {
  if (input.accountType !== AccountType.trial) return null;
  if (!hasResource(input.auths, 'accountUpgrade', ResourceType.operation)) return null;
  return {
    kind: input.accountStatus === AccountStatus.owe ? 'topUp' : 'upgrade',
    isDisabled: input.formalApplicationSubmitted,
  };
}
