import type { TAuthVo } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { trialDays } from '@/lib/trial-days';
import { trialAction, trialLabel } from './trial';

describe('remaining trial days', () => {
  it('shows "-" without a value', () => {
    expect(trialDays(null)).toEqual({ kind: 'unknown' });
    expect(trialDays(undefined)).toEqual({ kind: 'unknown' });
    expect(trialLabel(null)).toEqual({ key: 'unknown' });
  });

  it('shows 0 days once the trial is over', () => {
    expect(trialDays(0)).toEqual({ kind: 'expired' });
    expect(trialLabel(0)).toEqual({ key: 'expired' });
  });

  it('shows "less than 1 day" strictly between 0 and 1', () => {
    expect(trialDays(0.01)).toEqual({ kind: 'lessThanOneDay' });
    expect(trialDays(0.99)).toEqual({ kind: 'lessThanOneDay' });
    expect(trialLabel(0.5)).toEqual({ key: 'lessThanOneDay' });
  });

  it('shows whole days, rounded down', () => {
    expect(trialDays(1)).toEqual({ kind: 'days', days: 1 });
    expect(trialDays(17.9)).toEqual({ kind: 'days', days: 17 });
    expect(trialLabel(29.99)).toEqual({ key: 'daysLeft', days: 29 });
  });
});

describe('the trial button', () => {
  const upgrade: TAuthVo[] = [{ resourceName: 'accountUpgrade', resourceType: 1 }];
  const base = { accountType: 2, accountStatus: 0, formalApplicationSubmitted: false, auths: upgrade };

  it('is only for trial accounts and users with the accountUpgrade operation', () => {
    expect(trialAction({ ...base, accountType: 3 })).toBeNull();
    expect(trialAction({ ...base, auths: [] })).toBeNull();
    expect(trialAction({ ...base, auths: [{ resourceName: 'accountUpgrade', resourceType: 0 }] })).toBeNull();
  });

  it('upgrades to formal, or tops up when the account owes', () => {
    expect(trialAction(base)).toEqual({ kind: 'upgrade', isDisabled: false });
    expect(trialAction({ ...base, accountStatus: 3 })).toEqual({ kind: 'topUp', isDisabled: false });
  });

  it('is disabled once the formal application is submitted', () => {
    expect(trialAction({ ...base, formalApplicationSubmitted: true })).toEqual({
      kind: 'upgrade',
      isDisabled: true,
    });
  });
});
