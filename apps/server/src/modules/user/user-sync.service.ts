/**
 * The instances' side of a user change (spec section 4: enabling and disabling are asynchronous,
 * "result checked later"): whether every live instance of the account has applied the latest
 * change of each user asked (one call for a page of the list), and queuing again a failed
 * synchronisation on an administrator's request, audited in the same transaction.
 */
import type { TUserSyncState, TUserSyncStatus } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { writeAudit } from '../audit';
import { clearSyncFailures, enqueueUserSync, usersSyncStates } from '../service';
import { findUsernames } from './user-admin.repository';
import { userAudit } from './user-rules.service';

/** The worse of two states: a failure shows before a sync in progress, which shows before done. */
const rank: Record<TUserSyncState, number> = { synced: 0, syncing: 1, failed: 2 };

function stateOf(row: { pending: number; failed: number } | undefined): TUserSyncState {
  if (!row) return 'synced';
  return row.failed > 0 ? 'failed' : row.pending > 0 ? 'syncing' : 'synced';
}

/** The users of `ids` in the account; any id outside it answers 403. */
async function requireUsers(deps: TDeps, auth: TAuth, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await findUsernames(deps.db, auth.accountId, unique);
  if (rows.length !== unique.length) throw new AppError(ErrorCode.forbidden);
  return rows;
}

export async function checkUserSyncStatus(
  deps: TDeps,
  auth: TAuth,
  query: { id?: number | undefined; ids?: number[] | undefined },
): Promise<TUserSyncStatus> {
  const ids = [...new Set([...(query.id === undefined ? [] : [query.id]), ...(query.ids ?? [])])];
  await requireUsers(deps, auth, ids);
  const states = new Map(
    (await usersSyncStates(deps.db, auth.accountId, ids)).map((row) => [row.userId, row]),
  );
  const users = ids.map((id) => {
    const row = states.get(id);
    return { id, status: stateOf(row), updateTime: row?.updateTime ?? null };
  });
  const worst = users.reduce<TUserSyncState>(
    (acc, u) => (rank[u.status] > rank[acc] ? u.status : acc),
    'synced',
  );
  const latest = users
    .map((u) => u.updateTime)
    .filter((t): t is string => t !== null)
    .sort()
    .at(-1);
  return { status: worst, updateTime: latest ?? null, users };
}

/**
 * Queues again the synchronisation of the users whose latest change an instance failed to apply:
 * the failures are cleared (the users read as syncing) and each instance concerned gets a sync job
 * now. Answers how many of the users were queued; users without a failure are left as they are.
 */
export async function retryUserSync(
  deps: TDeps,
  auth: TAuth,
  ids: readonly number[],
  meta: TRequestMeta,
): Promise<{ count: number }> {
  const users = await requireUsers(deps, auth, ids);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const cleared = await clearSyncFailures(tx, auth.accountId, ids, now);
    const instanceIds = [...new Set(cleared.map((c) => c.instanceId))];
    await enqueueUserSync(tx, instanceIds, now);
    const retried = users.filter((u) => cleared.some((c) => c.userId === u.id));
    for (const user of retried) {
      await writeAudit(
        tx,
        userAudit(auth, meta, now, 'user.syncRetry', user, {
          instances: cleared.filter((c) => c.userId === user.id).length,
        }),
      );
    }
    return { count: retried.length };
  });
}
