/**
 * What each instance must know about each user of the account (`instance_user_sync`): the status
 * it must apply and how far it has applied it.
 */
import { and, eq, inArray, isNotNull, lt, max, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { instances, instanceUserSync, roles, userRoles, users } from '../../db/schema';

/** Statuses of an instance that exists on the platform and serves users. */
export const liveStatuses = [1, 3];

/** The `{1,2,3}` array text of ids, for `= any(…::bigint[])`. */
function idArray(ids: readonly number[]): string {
  return `{${ids.join(',')}}`;
}

/**
 * Records that every opened instance of the account must apply the users' status; answers the
 * instances concerned (each needs a sync job).
 */
export async function markUsersForSync(
  db: TDb,
  accountId: number,
  userIds: readonly number[],
  now: Date,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .insert(instanceUserSync)
    .select(
      db
        .select({
          instanceId: instances.id,
          userId: users.id,
          accountId: users.accountId,
          desired: sql<
            'enabled' | 'disabled' | 'deleted'
          >`case when ${users.deletedAt} is not null then 'deleted' when ${users.isEnabled} then 'enabled' else 'disabled' end`.as(
            'desired',
          ),
          desiredVersion: sql<number>`1`.as('desired_version'),
          syncedVersion: sql<number>`0`.as('synced_version'),
          lastError: sql<string | null>`null`.as('last_error'),
          updatedAt: sql<Date>`${now}`.as('updated_at'),
        })
        .from(instances)
        .innerJoin(users, eq(users.accountId, instances.accountId))
        .where(
          and(
            eq(instances.accountId, accountId),
            inArray(instances.status, liveStatuses),
            sql`${users.id} = any(${idArray([...new Set(userIds)])}::bigint[])`,
          ),
        ),
    )
    .onConflictDoUpdate({
      target: [instanceUserSync.instanceId, instanceUserSync.userId],
      set: {
        desired: sql`excluded.desired`,
        desiredVersion: sql`${instanceUserSync.desiredVersion} + 1`,
        lastError: null,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ instanceId: instanceUserSync.instanceId });
  return [...new Set(rows.map((r) => r.instanceId))];
}

/** Records every user of the account for a newly opened instance. */
export async function markAllUsersForSync(db: TDb, instanceId: number, accountId: number, now: Date) {
  await db
    .insert(instanceUserSync)
    .select(
      db
        .select({
          instanceId: sql<number>`${instanceId}`.as('instance_id'),
          userId: users.id,
          accountId: users.accountId,
          desired: sql<
            'enabled' | 'disabled'
          >`case when ${users.isEnabled} then 'enabled' else 'disabled' end`.as('desired'),
          desiredVersion: sql<number>`1`.as('desired_version'),
          syncedVersion: sql<number>`0`.as('synced_version'),
          lastError: sql<string | null>`null`.as('last_error'),
          updatedAt: sql<Date>`${now}`.as('updated_at'),
        })
        .from(users)
        .where(and(eq(users.accountId, accountId), sql`${users.deletedAt} is null`)),
    )
    .onConflictDoNothing({ target: [instanceUserSync.instanceId, instanceUserSync.userId] });
}

export type TPendingSync = {
  userId: number;
  username: string;
  displayName: string;
  isAdmin: boolean;
  desired: 'enabled' | 'disabled' | 'deleted';
  desiredVersion: number;
};

/** Whether the user holds the account administrator role. */
export const isAccountAdmin = sql<boolean>`exists (
  select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
   where ${userRoles.userId} = ${users.id} and ${roles.code} = 'account_admin')`;

/** Changes the instance has not applied yet, in user order. */
export async function pendingSyncs(db: TDb, instanceId: number, limit: number): Promise<TPendingSync[]> {
  const rows = await db
    .select({
      userId: instanceUserSync.userId,
      username: users.username,
      displayName: users.displayName,
      desired: instanceUserSync.desired,
      desiredVersion: instanceUserSync.desiredVersion,
      isAdmin: isAccountAdmin,
    })
    .from(instanceUserSync)
    .innerJoin(users, eq(users.id, instanceUserSync.userId))
    .where(
      and(
        eq(instanceUserSync.instanceId, instanceId),
        lt(instanceUserSync.syncedVersion, instanceUserSync.desiredVersion),
      ),
    )
    .orderBy(instanceUserSync.userId)
    .limit(limit);
  return rows.map((r) => ({ ...r, isAdmin: r.isAdmin === true }));
}

/** Marks the applied versions synced; a change that arrived meanwhile stays pending. */
export async function markSynced(db: TDb, instanceId: number, applied: readonly TPendingSync[], now: Date) {
  for (const p of applied) {
    await db
      .update(instanceUserSync)
      .set({ syncedVersion: p.desiredVersion, lastError: null, updatedAt: now })
      .where(
        and(
          eq(instanceUserSync.instanceId, instanceId),
          eq(instanceUserSync.userId, p.userId),
          eq(instanceUserSync.desiredVersion, p.desiredVersion),
        ),
      );
  }
}

export async function markSyncFailed(
  db: TDb,
  instanceId: number,
  userIds: readonly number[],
  reason: string,
  now: Date,
) {
  await db
    .update(instanceUserSync)
    .set({ lastError: reason.slice(0, 500), updatedAt: now })
    .where(
      and(
        eq(instanceUserSync.instanceId, instanceId),
        sql`${instanceUserSync.userId} = any(${idArray(userIds)}::bigint[])`,
        lt(instanceUserSync.syncedVersion, instanceUserSync.desiredVersion),
      ),
    );
}

/**
 * How far the live instances of the account have applied each user's latest change, by user (a
 * user without a row on any live instance is not listed).
 */
export async function usersSyncStates(
  db: TDb,
  accountId: number,
  userIds: readonly number[],
): Promise<{ userId: number; pending: number; failed: number; updateTime: string | null }[]> {
  if (userIds.length === 0) return [];
  const isPending = lt(instanceUserSync.syncedVersion, instanceUserSync.desiredVersion);
  const rows = await db
    .select({
      userId: instanceUserSync.userId,
      pending: sql<number>`count(*) filter (where ${isPending})::int`.mapWith(Number),
      failed:
        sql<number>`count(*) filter (where ${and(isPending, isNotNull(instanceUserSync.lastError))})::int`.mapWith(
          Number,
        ),
      updated: max(instanceUserSync.updatedAt),
    })
    .from(instanceUserSync)
    .innerJoin(instances, eq(instances.id, instanceUserSync.instanceId))
    .where(
      and(
        eq(instanceUserSync.accountId, accountId),
        sql`${instanceUserSync.userId} = any(${idArray([...new Set(userIds)])}::bigint[])`,
        inArray(instances.status, liveStatuses),
      ),
    )
    .groupBy(instanceUserSync.userId);
  return rows.map((r) => ({
    userId: Number(r.userId),
    pending: r.pending,
    failed: r.failed,
    updateTime: r.updated ? r.updated.toISOString() : null,
  }));
}

/**
 * Clears the failure of the users' pending changes on the account's live instances, so that they
 * read as syncing again; answers the instance and user of each row cleared.
 */
export async function clearSyncFailures(
  db: TDb,
  accountId: number,
  userIds: readonly number[],
  now: Date,
): Promise<{ instanceId: number; userId: number }[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .update(instanceUserSync)
    .set({ lastError: null, updatedAt: now })
    .where(
      and(
        eq(instanceUserSync.accountId, accountId),
        sql`${instanceUserSync.userId} = any(${idArray([...new Set(userIds)])}::bigint[])`,
        lt(instanceUserSync.syncedVersion, instanceUserSync.desiredVersion),
        isNotNull(instanceUserSync.lastError),
        sql`${instanceUserSync.instanceId} in (select ${instances.id} from ${instances} where ${inArray(instances.status, liveStatuses)})`,
      ),
    )
    .returning({ instanceId: instanceUserSync.instanceId, userId: instanceUserSync.userId });
  return rows.map((r) => ({ instanceId: Number(r.instanceId), userId: Number(r.userId) }));
}
