import { AccountType } from '@console/contract/enums';
import { describe, expect, it } from 'vitest';
import { accountTrialDays } from './trial-days';

describe('the trial days an account shows', () => {
  it('are none for an account that is not on trial, whatever the server sent', () => {
    for (const type of [AccountType.formal, AccountType.demo, AccountType.test]) {
      expect(accountTrialDays({ type, remainingTrialDays: null })).toBeNull();
      expect(accountTrialDays({ type, remainingTrialDays: undefined })).toBeNull();
      expect(accountTrialDays({ type, remainingTrialDays: 12 })).toBeNull();
    }
  });

  it('are the remaining days of a trial account, "-" when it has no value', () => {
    expect(accountTrialDays({ type: AccountType.trial, remainingTrialDays: 17.9 })).toEqual({
      kind: 'days',
      days: 17,
    });
    expect(accountTrialDays({ type: AccountType.trial, remainingTrialDays: 0.4 })).toEqual({
      kind: 'lessThanOneDay',
    });
    expect(accountTrialDays({ type: AccountType.trial, remainingTrialDays: 0 })).toEqual({ kind: 'expired' });
    expect(accountTrialDays({ type: AccountType.trial, remainingTrialDays: null })).toEqual({
      kind: 'unknown',
    });
  });
});
