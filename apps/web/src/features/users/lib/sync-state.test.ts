import { describe, expect, it } from 'vitest';
import { SyncPollMaxMs, shownSyncState, syncRefetchInterval } from './sync-state';

describe('the sync state of the user list', () => {
  it('asks again while a row is syncing, backing off to at most 30 s, and stops once settled', () => {
    const syncing = [{ status: 'synced' as const }, { status: 'syncing' as const }];
    expect([0, 1, 2, 3, 4, 5, 9].map((polls) => syncRefetchInterval(syncing, polls))).toEqual([
      2000,
      4000,
      8000,
      16_000,
      SyncPollMaxMs,
      SyncPollMaxMs,
      SyncPollMaxMs,
    ]);
    expect(syncRefetchInterval([{ status: 'synced' }, { status: 'failed' }], 3)).toBe(false);
    expect(syncRefetchInterval([], 0)).toBe(false);
    expect(syncRefetchInterval(undefined, 0)).toBe(false);
  });

  it('shows syncing and failed always, synced only after a change seen on the page', () => {
    expect(shownSyncState('syncing', false)).toBe('syncing');
    expect(shownSyncState('failed', false)).toBe('failed');
    expect(shownSyncState('synced', false)).toBeNull();
    expect(shownSyncState('synced', true)).toBe('synced');
    expect(shownSyncState(undefined, true)).toBeNull();
  });
});
