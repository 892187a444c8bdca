/**
 * The user list's sync state (spec section 4: enabling and disabling are asynchronous, "result
 * checked later"): which rows show a state, and how often the list asks again while the instances
 * are applying a change (2 s, then longer, at most 30 s; not at all once everything settled).
 */
import type { TUserSyncState } from '@console/contract';

export const SyncPollFirstMs = 2000;
export const SyncPollMaxMs = 30_000;

/** The interval after `polls` answers in a row that still had a row syncing; false once settled. */
export function syncRefetchInterval(
  users: readonly { status: TUserSyncState }[] | undefined,
  polls: number,
): number | false {
  if (!users?.some((u) => u.status === 'syncing')) return false;
  return Math.min(SyncPollMaxMs, SyncPollFirstMs * 2 ** Math.max(0, polls));
}

/**
 * The state a row shows: syncing and failed always; synced only for a row seen syncing or failed
 * on this page (the result of a change made here), not for every quiet user.
 */
export function shownSyncState(state: TUserSyncState | undefined, wasBusy: boolean): TUserSyncState | null {
  if (!state) return null;
  if (state === 'synced') return wasBusy ? 'synced' : null;
  return state;
}
