/**
 * SQL of Insight users: the users of the account's Insight instance with their status and role,
 * the roles (reference data), the seats taken, and the changes the `insight.users` job settles.
 */
import { InsightSeatStatuses, InsightUserStatus } from '@console/contract';
import { and, asc, count, eq, inArray, isNull, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { insightRoles, insightUsers, users } from '../../db/schema';
import { isAccountAdmin } from './instance-sync.repository';

/** The `{1,2,3}` array text of ids, for `= any(…::bigint[])`. */
function idArray(ids: readonly number[]): string {
  return `{${ids.join(',')}}`;
}

const seatList = sql.raw(`(${InsightSeatStatuses.join(', ')})`);

/** Users of the instance holding a seat (enabled or being enabled), not deleted. */
export async function countSeats(db: TDb, instanceId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(insightUsers)
    .innerJoin(users, eq(users.id, insightUsers.userId))
    .where(
      and(
        eq(insightUsers.instanceId, instanceId),
        sql`${insightUsers.status} in ${seatList}`,
        isNull(users.deletedAt),
      ),
    );
  return row?.n ?? 0;
}

export function listInsightRoleRows(db: TDb) {
  return db
    .select({
      code: insightRoles.code,
      nameZh: insightRoles.nameZh,
      nameEn: insightRoles.nameEn,
      isDefault: insightRoles.isDefault,
    })
    .from(insightRoles)
    .orderBy(asc(insightRoles.sort), asc(insightRoles.code));
}

/** Regular users of the account who are not deleted (service users never use Insight), matching the keyword. */
function eligibleUsers(accountId: number, keyword: string | null): SQL | undefined {
  return and(
    eq(users.accountId, accountId),
    eq(users.kind, 'regular'),
    isNull(users.deletedAt),
    keyword
      ? or(
          sql`${users.username} ilike ${keyword}`,
          sql`coalesce(${users.displayName}, '') ilike ${keyword}`,
          sql`coalesce(${users.email}, '') ilike ${keyword}`,
        )
      : undefined,
  );
}

export async function countEligibleUsers(
  db: TDb,
  accountId: number,
  keyword: string | null,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eligibleUsers(accountId, keyword));
  return row?.n ?? 0;
}

/** A page of the eligible users (by username), each with its status and role on the instance. */
export function listEligibleUserRows(
  db: TDb,
  input: { accountId: number; instanceId: number; keyword: string | null; limit: number; offset: number },
) {
  return db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      email: users.email,
      isAdmin: isAccountAdmin,
      status: insightUsers.status,
      role: insightUsers.role,
      roleNameZh: insightRoles.nameZh,
      roleNameEn: insightRoles.nameEn,
      failReason: insightUsers.failReason,
      updatedAt: insightUsers.updatedAt,
    })
    .from(users)
    .leftJoin(
      insightUsers,
      and(eq(insightUsers.userId, users.id), eq(insightUsers.instanceId, input.instanceId)),
    )
    .leftJoin(insightRoles, eq(insightRoles.code, insightUsers.role))
    .where(eligibleUsers(input.accountId, input.keyword))
    .orderBy(sql`lower(${users.username})`, asc(users.id))
    .limit(input.limit)
    .offset(input.offset);
}

/** The users of the ids (of any account: the caller checks). */
export function findUsersByIds(db: TDb, userIds: readonly number[]) {
  return db
    .select({
      id: users.id,
      username: users.username,
      accountId: users.accountId,
      kind: users.kind,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(sql`${users.id} = any(${idArray(userIds)}::bigint[])`);
}

/** The users' Insight statuses on the instance (users without one are absent). */
export async function insightStatuses(
  db: TDb,
  instanceId: number,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: insightUsers.userId, status: insightUsers.status })
    .from(insightUsers)
    .where(
      and(
        eq(insightUsers.instanceId, instanceId),
        sql`${insightUsers.userId} = any(${idArray(userIds)}::bigint[])`,
      ),
    );
  return new Map(rows.map((r) => [r.userId, r.status]));
}

/** Puts the user in USER_STARTING with the role (a change the job applies). */
export async function markStarting(
  db: TDb,
  input: { instanceId: number; userId: number; accountId: number; role: string; now: Date },
): Promise<void> {
  await db
    .insert(insightUsers)
    .values({
      instanceId: input.instanceId,
      userId: input.userId,
      accountId: input.accountId,
      status: InsightUserStatus.USER_STARTING,
      role: input.role,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [insightUsers.instanceId, insightUsers.userId],
      set: {
        status: sql`excluded.status`,
        role: sql`excluded.role`,
        failReason: null,
        version: sql`${insightUsers.version} + 1`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** Puts the user in USER_STOPING (a change the job applies). */
export async function markStopping(db: TDb, instanceId: number, userId: number, now: Date): Promise<void> {
  await db
    .update(insightUsers)
    .set({
      status: InsightUserStatus.USER_STOPING,
      failReason: null,
      version: sql`${insightUsers.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(insightUsers.instanceId, instanceId), eq(insightUsers.userId, userId)));
}

/** A closed instance has no Insight users any more. */
export async function closeInsightUsers(db: TDb, instanceId: number, now: Date): Promise<void> {
  await db
    .update(insightUsers)
    .set({ status: -1, failReason: null, version: sql`${insightUsers.version} + 1`, updatedAt: now })
    .where(and(eq(insightUsers.instanceId, instanceId), ne(insightUsers.status, -1)));
}

export type TInsightPending = {
  userId: number;
  username: string;
  status: number;
  role: string | null;
  version: number;
};

/** Users in USER_STARTING or USER_STOPING on the instance, in user order. */
export function pendingInsightUsers(db: TDb, instanceId: number, limit: number): Promise<TInsightPending[]> {
  return db
    .select({
      userId: insightUsers.userId,
      username: users.username,
      status: insightUsers.status,
      role: insightUsers.role,
      version: insightUsers.version,
    })
    .from(insightUsers)
    .innerJoin(users, eq(users.id, insightUsers.userId))
    .where(
      and(
        eq(insightUsers.instanceId, instanceId),
        inArray(insightUsers.status, [InsightUserStatus.USER_STARTING, InsightUserStatus.USER_STOPING]),
      ),
    )
    .orderBy(asc(insightUsers.userId))
    .limit(limit);
}

/** Records the outcome of the change of `version`; false when another change came meanwhile. */
export async function settleInsightUser(
  db: TDb,
  input: {
    instanceId: number;
    userId: number;
    version: number;
    status: number;
    reason: string | null;
    now: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(insightUsers)
    .set({ status: input.status, failReason: input.reason, updatedAt: input.now })
    .where(
      and(
        eq(insightUsers.instanceId, input.instanceId),
        eq(insightUsers.userId, input.userId),
        eq(insightUsers.version, input.version),
      ),
    )
    .returning({ userId: insightUsers.userId });
  return rows.length > 0;
}

/** Changes of the instance's (not deleted) users still in transition, and those that failed. */
export async function insightSyncCounts(
  db: TDb,
  instanceId: number,
): Promise<{ pending: number; failed: number; updated: Date | null }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${insightUsers.status} in (0, 3))::int`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${insightUsers.status} in (2, 5))::int`.mapWith(Number),
      updated: max(insightUsers.updatedAt),
    })
    .from(insightUsers)
    .innerJoin(users, eq(users.id, insightUsers.userId))
    .where(and(eq(insightUsers.instanceId, instanceId), isNull(users.deletedAt)));
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0, updated: row?.updated ?? null };
}
