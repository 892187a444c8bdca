/**
 * Statements of user management: the paged list, the users a change locks, the account's built-in
 * roles, the administrator holders the last-administrator rule counts, the columns a change writes,
 * and the removal of users whose recovery period has ended. Every statement is scoped by the
 * account it is given; the repository answers facts, the services decide.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, max, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { contactChangeRequests, roles, userRoles, users } from '../../db/schema';

export type TListInput = {
  accountId: number;
  pageNo: number;
  pageSize: number;
  keyword?: string | undefined;
  kind?: 'regular' | 'service' | undefined;
  sortField?: 'username' | 'createTime' | 'lastLoginTime' | undefined;
  sortOrder?: 'ascend' | 'descend' | undefined;
  ids?: readonly number[];
  now: Date;
};

/** A role of a listed user (`json_build_object` of the list statement). */
export type TListedRole = { id: number; code: string; name: string };

/** The user's pending contact change (`json_build_object`: the expiry is PostgreSQL's JSON text). */
export type TListedPending = {
  id: number;
  email: string | null;
  phone: string | null;
  phoneCode: string | null;
  expireTime: string;
};

/** `{1,2,3}`: an id list as one array parameter (`= any($1::bigint[])`), whatever its length. */
const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** The text the trigram index covers (same expression as `users_search_trgm_idx`). */
const searchText = sql`lower(${users.username} || ' ' || ${users.displayName} || ' ' || coalesce(${users.phone}, '') || ' ' || coalesce(${users.email}, ''))`;

function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(input: TListInput): SQL | undefined {
  return and(
    eq(users.accountId, input.accountId),
    input.kind ? eq(users.kind, input.kind) : undefined,
    input.keyword ? sql`${searchText} like ${likePattern(input.keyword)}` : undefined,
    input.ids ? sql`${users.id} = any(${idArray(input.ids)}::bigint[])` : undefined,
  );
}

function orderOf(input: TListInput): SQL[] {
  const isDesc = input.sortOrder === 'descend' || (!input.sortField && !input.sortOrder);
  const dir = (column: Parameters<typeof desc>[0]) => (isDesc ? desc(column) : asc(column));
  switch (input.sortField) {
    case 'username':
      return [dir(sql`lower(${users.username})`)];
    case 'lastLoginTime':
      return [dir(users.lastLoginAt), dir(users.id)];
    default:
      return [dir(users.id)];
  }
}

/** One page of the account's users with their roles and pending contact change, and the total. */
export async function listUsers(db: TDb, input: TListInput) {
  const where = whereOf(input);
  const order = orderOf(input);
  // The page's ids first (an index walk), then the details of those rows only.
  const page = db.$with('page').as(
    db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(input.pageSize)
      .offset((input.pageNo - 1) * input.pageSize),
  );
  const [rows, counted] = await Promise.all([
    db
      .with(page)
      .select({
        id: users.id,
        accountId: users.accountId,
        username: users.username,
        displayName: users.displayName,
        phone: users.phone,
        phoneCode: users.phoneCode,
        email: users.email,
        title: users.title,
        remark: users.remark,
        kind: users.kind,
        serviceKind: users.serviceKind,
        isEnabled: users.isEnabled,
        deletedAt: users.deletedAt,
        lastLoginAt: users.lastLoginAt,
        createdAt: users.createdAt,
        roles: sql<TListedRole[]>`coalesce((
          select json_agg(json_build_object('id', ${roles.id}, 'code', ${roles.code}, 'name', ${roles.name}) order by ${roles.id})
            from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
           where ${userRoles.userId} = ${users.id}), '[]'::json)`,
        pending: sql<TListedPending | null>`(
          select json_build_object('id', ${contactChangeRequests.id}, 'email', ${contactChangeRequests.newEmail},
                                   'phone', ${contactChangeRequests.newPhone}, 'phoneCode', ${contactChangeRequests.newPhoneCode},
                                   'expireTime', ${contactChangeRequests.expiresAt})
            from ${contactChangeRequests}
           where ${contactChangeRequests.userId} = ${users.id} and ${contactChangeRequests.consumedAt} is null
             and ${contactChangeRequests.revokedAt} is null and ${contactChangeRequests.expiresAt} > ${input.now}
           order by ${contactChangeRequests.id} desc limit 1)`,
      })
      .from(page)
      .innerJoin(users, eq(users.id, page.id))
      .orderBy(...order),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export type TListedUser = Awaited<ReturnType<typeof listUsers>>['rows'][number];

/** The users of `ids` in the account (those outside it are left out), locked for the change. */
export async function lockUsers(db: TDb, accountId: number, ids: readonly number[]) {
  return db
    .select({
      id: users.id,
      username: users.username,
      kind: users.kind,
      serviceKind: users.serviceKind,
      isEnabled: users.isEnabled,
      deletedAt: users.deletedAt,
      email: users.email,
      phone: users.phone,
      phoneCode: users.phoneCode,
      isAdmin: sql<boolean>`exists (
        select 1 from ${userRoles}
         where ${userRoles.userId} = ${users.id}
           and ${userRoles.roleId} = (select max(${roles.id}) from ${roles} where ${roles.accountId} = ${accountId}))`,
    })
    .from(users)
    .where(and(eq(users.accountId, accountId), sql`${users.id} = any(${idArray(ids)}::bigint[])`))
    .orderBy(users.id)
    .for('update', { of: users });
}

export type TTargetUser = Awaited<ReturnType<typeof lockUsers>>[number];

/** The id and username of each user of `ids` in the account. */
export function findUsernames(db: TDb, accountId: number, ids: readonly number[]) {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.accountId, accountId), sql`${users.id} = any(${idArray(ids)}::bigint[])`));
}

/** Whether the user is one of the account's (deleted or not). */
export async function isUserInAccount(db: TDb, accountId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  return rows.length > 0;
}

/** Ids of the account's users named `username` (any case). */
export async function findUserIdsByUsername(db: TDb, accountId: number, username: string): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(sql`lower(${users.username})`, username.toLowerCase())));
  return rows.map((r) => r.id);
}

/** The account's highest role id (the administrator role, spec section 3); null without roles. */
export async function findAdminRoleId(db: TDb, accountId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: max(roles.id) })
    .from(roles)
    .where(eq(roles.accountId, accountId));
  return row?.id ?? null;
}

export async function findMemberRoleId(db: TDb, accountId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.code, 'account_member')));
  return row?.id ?? null;
}

/** Locks a role's row until the transaction ends (changes of its holders queue behind it). */
export async function lockRole(db: TDb, roleId: number): Promise<void> {
  await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId)).for('update');
}

/**
 * Enabled, undeleted holders of the role in the account: those among `losing`, and the others.
 */
export async function countRoleHolders(
  db: TDb,
  accountId: number,
  roleId: number,
  losing: readonly number[],
): Promise<{ losing: number; remaining: number }> {
  const [row] = await db
    .select({
      losing: sql<number>`count(*) filter (where ${users.id} = any(${idArray(losing)}::bigint[]))::int`,
      remaining: sql<number>`count(*) filter (where not (${users.id} = any(${idArray(losing)}::bigint[])))::int`,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        eq(userRoles.roleId, roleId),
        eq(users.accountId, accountId),
        isNull(users.deletedAt),
        sql`${users.isEnabled}`,
      ),
    );
  return { losing: row?.losing ?? 0, remaining: row?.remaining ?? 0 };
}

export async function deleteUserRole(db: TDb, userId: number, roleId: number): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)));
}

/** Writes columns of one user of the account (and its `updated_at`). */
export async function updateUserColumns(
  db: TDb,
  accountId: number,
  userId: number,
  values: Partial<
    Pick<
      typeof users.$inferInsert,
      | 'displayName'
      | 'title'
      | 'remark'
      | 'isEnabled'
      | 'deletedAt'
      | 'passwordHash'
      | 'passwordChangedAt'
      | 'mustResetPassword'
      | 'passwordReminderSentAt'
    >
  >,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
}

/** Removes one user of the account for good (its roles, sessions and requests go with it). */
export async function deleteUserRow(db: TDb, accountId: number, userId: number): Promise<void> {
  await db.delete(users).where(and(eq(users.id, userId), eq(users.accountId, accountId)));
}

/**
 * Removes up to `limit` users deleted before `before`, of any account; answers what they were
 * (`deletedAt` as PostgreSQL writes a timestamp in JSON, as their audit entries record it).
 */
export function deleteUsersDeletedBefore(db: TDb, before: Date, limit: number) {
  const due = db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), lt(users.deletedAt, before)))
    .limit(limit);
  return db
    .delete(users)
    .where(inArray(users.id, due))
    .returning({
      id: users.id,
      accountId: users.accountId,
      username: users.username,
      deletedAt: sql<string>`to_json(${users.deletedAt}) #>> '{}'`,
    });
}
