/**
 * Statements of user management: the paged list, the users a change locks, the account's built-in
 * roles, the administrator holders the last-administrator rule counts, the columns a change writes,
 * and the removal of users whose recovery period has ended. Every statement is scoped by the
 * account it is given; the repository answers facts, the services decide.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, max, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { contactChangeRequests, passkeys, roles, userRoles, users } from '../../db/schema';

/** How the list is ordered: by creation (the id), by username (any case) or by last sign-in. */
export type TListSort = 'id' | 'username' | 'lastLogin';

/**
 * A position in the list: a row's sort value (its lower-case username, or its last sign-in as UTC
 * text with microseconds, null when it never signed in; none for the creation order) and its id.
 */
export type TListKey = { value: string | null; id: number };

/** Which of the account's users the list holds. */
export type TListFilter = {
  accountId: number;
  keyword?: string | undefined;
  kind?: 'regular' | 'service' | undefined;
};

export type TListInput = TListFilter & {
  sort: TListSort;
  isDesc: boolean;
  /** Rows to read. */
  limit: number;
  /** Rows skipped first (a page named by its number only). */
  offset?: number | undefined;
  /** Keyset: the rows after this key in the list's order. */
  after?: TListKey | undefined;
  /** Keyset: the rows before this key, nearest first (a previous page, read backwards). */
  before?: TListKey | undefined;
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

function whereOf(filter: TListFilter): SQL | undefined {
  return and(
    eq(users.accountId, filter.accountId),
    filter.kind ? eq(users.kind, filter.kind) : undefined,
    filter.keyword ? sql`${searchText} like ${likePattern(filter.keyword)}` : undefined,
  );
}

const lowerUsername = sql<string>`lower(${users.username})`;

/** The column or index expression that orders the list by `sort` (the id, after it, in ties). */
const sortColumnOf: Record<TListSort, SQL | AnyPgColumn> = {
  id: users.id,
  username: lowerUsername,
  lastLogin: users.lastLoginAt,
};

/** The sort value a row's key carries, as text, from the sort column (`column`) of its row. */
function keyValueOf(sort: TListSort, column: SQL | AnyPgColumn | SQL.Aliased): SQL<string | null> {
  if (sort === 'id') return sql<string | null>`null::text`;
  if (sort === 'username') return sql<string | null>`${column}`;
  return sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

type TSegment = { where: SQL | undefined; order: SQL[] };

/**
 * The statements that read the list from `key` on, in order: each one an index range
 * (`users_account_id_idx`, `users_account_username_cover_idx`, `users_account_last_login_idx`),
 * so a page costs the same at any depth. The last sign-in order reads the never-signed-in users
 * (null) as a range of their own: first when descending, last when ascending, as PostgreSQL
 * orders nulls.
 */
function segmentsOf(sort: TListSort, isDesc: boolean, key: TListKey | undefined): TSegment[] {
  const dir = (column: SQL | AnyPgColumn) => (isDesc ? desc(column) : asc(column));
  const beyond = isDesc ? sql`<` : sql`>`;
  if (sort === 'id') {
    return [{ where: key ? sql`${users.id} ${beyond} ${key.id}` : undefined, order: [dir(users.id)] }];
  }
  if (sort === 'username') {
    return [
      {
        where: key ? sql`${lowerUsername} ${beyond} ${key.value ?? ''}` : undefined,
        order: [dir(lowerUsername)],
      },
    ];
  }
  const order = [dir(users.lastLoginAt), dir(users.id)];
  if (!key) return [{ where: undefined, order }];
  const signedIn: TSegment | null =
    key.value === null
      ? isDesc
        ? { where: isNotNull(users.lastLoginAt), order }
        : null
      : {
          where: sql`(${users.lastLoginAt}, ${users.id}) ${beyond} (${key.value}::timestamptz, ${key.id}::bigint)`,
          order,
        };
  const never: TSegment | null =
    key.value === null
      ? { where: and(isNull(users.lastLoginAt), sql`${users.id} ${beyond} ${key.id}`), order }
      : isDesc
        ? null
        : { where: isNull(users.lastLoginAt), order };
  return (isDesc ? [never, signedIn] : [signedIn, never]).filter((s): s is TSegment => s !== null);
}

/**
 * The ids and keys of one page of the account's users, in the list's order (nearest first when
 * read `before` a key). Without a key, `offset` rows are skipped on the same index range: an
 * index-only scan for the account's whole list, which reads the skipped rows' ids and sort column
 * only; their keys (the last sign-in as text) are made for the page's rows alone.
 */
export async function listUserPage(db: TDb, input: TListInput): Promise<{ id: number; key: TListKey }[]> {
  const key = input.after ?? input.before;
  const isDesc = input.before ? !input.isDesc : input.isDesc;
  const where = whereOf(input);
  const found: { id: number; key: TListKey }[] = [];
  if (!key && input.offset) {
    const [segment] = segmentsOf(input.sort, isDesc, undefined);
    const page = db
      .select({ id: users.id, sortValue: sql`${sortColumnOf[input.sort]}`.as('sort_value') })
      .from(users)
      .where(where)
      .orderBy(...(segment?.order ?? []))
      .limit(input.limit)
      .offset(input.offset)
      .as('page');
    const dir = (column: AnyPgColumn | SQL.Aliased) => (isDesc ? desc(column) : asc(column));
    const rows = await db
      .select({ id: page.id, value: keyValueOf(input.sort, page.sortValue) })
      .from(page)
      // The page's order again: a subquery's order is not promised to carry over.
      .orderBy(dir(page.sortValue), dir(page.id));
    return rows.map((r) => ({ id: r.id, key: { value: r.value, id: r.id } }));
  }
  for (const segment of segmentsOf(input.sort, isDesc, key)) {
    if (found.length >= input.limit) break;
    const rows = await db
      .select({ id: users.id, value: keyValueOf(input.sort, sortColumnOf[input.sort]) })
      .from(users)
      .where(and(where, segment.where))
      .orderBy(...segment.order)
      .limit(input.limit - found.length);
    for (const r of rows) found.push({ id: r.id, key: { value: r.value, id: r.id } });
  }
  return found;
}

/**
 * How many of the account's users the filter holds; with `max`, counting at most `max + 1` of
 * them, so that a broad search costs no more than finding that many.
 */
export async function countUsers(db: TDb, filter: TListFilter, max?: number): Promise<number> {
  if (max === undefined) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(whereOf(filter));
    return row?.n ?? 0;
  }
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(users)
    .where(whereOf(filter))
    .limit(max + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  return row?.n ?? 0;
}

/**
 * The listed user's id, qualified: drizzle writes a single table's columns unqualified, and inside
 * the subqueries below a bare `id` or `user_id` would name the subquery's own columns.
 */
const listedUserId = sql`${users}.${sql.identifier(users.id.name)}`;

/** The account's users of `ids` with their roles, second factors and pending contact change (any order). */
export function listUsersByIds(db: TDb, accountId: number, ids: readonly number[], now: Date) {
  return db
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
      hasAuthenticator: sql<boolean>`(${users.mfaMethod} = 'GA' and ${users.totpSecret} is not null)`,
      passkeys: sql<number>`(select count(*) from ${passkeys} where ${passkeys}."user_id" = ${listedUserId})::int`,
      roles: sql<TListedRole[]>`coalesce((
        select json_agg(json_build_object('id', ${roles.id}, 'code', ${roles.code}, 'name', ${roles.name}) order by ${roles.id})
          from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
         where ${userRoles.userId} = ${listedUserId}), '[]'::json)`,
      pending: sql<TListedPending | null>`(
        select json_build_object('id', ${contactChangeRequests.id}, 'email', ${contactChangeRequests.newEmail},
                                 'phone', ${contactChangeRequests.newPhone}, 'phoneCode', ${contactChangeRequests.newPhoneCode},
                                 'expireTime', ${contactChangeRequests.expiresAt})
          from ${contactChangeRequests}
         where ${contactChangeRequests.userId} = ${listedUserId} and ${contactChangeRequests.consumedAt} is null
           and ${contactChangeRequests.revokedAt} is null and ${contactChangeRequests.expiresAt} > ${now}
         order by ${contactChangeRequests.id} desc limit 1)`,
    })
    .from(users)
    .where(and(eq(users.accountId, accountId), sql`${users.id} = any(${idArray(ids)}::bigint[])`));
}

export type TListedUser = Awaited<ReturnType<typeof listUsersByIds>>[number];

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
