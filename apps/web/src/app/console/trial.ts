/** The trial banner of the console header (spec sections 2 and 4). */
import type { TAuthVo } from '@console/contract';
import { AccountStatus, AccountType, ResourceType } from '@console/contract/enums';
import { hasResource } from '@/lib/permissions';
import { trialDays } from '@/lib/trial-days';

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
