/**
 * SQL of SCIM provisioning (decision 0031): the account's tokens, and the users and roles as the
 * SCIM resources read and write them. Rules live in the services.
 */
import { aliasedTable, and, asc, count, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, roles, scimTokens, userRoles, users } from '../../db/schema';

// ---- tokens ------------------------------------------------------------------------------------

/** A token with its account, for authenticating a SCIM request. */
export async function findTokenByHash(db: TDb, tokenHash: Buffer) {
  const [row] = await db
    .select({
      id: scimTokens.id,
      name: scimTokens.name,
      accountId: scimTokens.accountId,
      revokedAt: scimTokens.revokedAt,
      lastUsedAt: scimTokens.lastUsedAt,
      accountName: accounts.name,
      accountStatus: accounts.status,
    })
    .from(scimTokens)
    .innerJoin(accounts, eq(accounts.id, scimTokens.accountId))
    .where(eq(scimTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Records a use of the token, unless one was recorded since `since` (at most once a minute). */
export async function touchToken(db: TDb, id: number, now: Date, since: Date, ip: string | null) {
  await db
    .update(scimTokens)
    .set({ lastUsedAt: now, lastUsedIp: ip })
    .where(and(eq(scimTokens.id, id), or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, since))));
}

const creators = aliasedTable(users, 'creators');
const revokers = aliasedTable(users, 'revokers');

/** The account's tokens, newest first, with the usernames of who created and revoked them. */
export function listTokens(db: TDb, accountId: number, id?: number) {
  return db
    .select({
      id: scimTokens.id,
      name: scimTokens.name,
      prefix: scimTokens.prefix,
      createdAt: scimTokens.createdAt,
      createdBy: creators.username,
      lastUsedAt: scimTokens.lastUsedAt,
      lastUsedIp: scimTokens.lastUsedIp,
      revokedAt: scimTokens.revokedAt,
      revokedBy: revokers.username,
    })
    .from(scimTokens)
    .leftJoin(creators, eq(creators.id, scimTokens.createdBy))
    .leftJoin(revokers, eq(revokers.id, scimTokens.revokedBy))
    .where(and(eq(scimTokens.accountId, accountId), id === undefined ? undefined : eq(scimTokens.id, id)))
    .orderBy(desc(scimTokens.id));
}

export type TTokenRow = Awaited<ReturnType<typeof listTokens>>[number];

export async function insertToken(
  db: TDb,
  input: { accountId: number; name: string; tokenHash: Buffer; prefix: string; createdBy: number; now: Date },
): Promise<number> {
  const [row] = await db
    .insert(scimTokens)
    .values({
      accountId: input.accountId,
      name: input.name,
      tokenHash: input.tokenHash,
      prefix: input.prefix,
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    .returning({ id: scimTokens.id });
  if (!row) throw new Error('token insert returned no row');
  return row.id;
}

/** Revokes a live token of the account; answers its name, or null when there is none to revoke. */
export async function revokeToken(db: TDb, accountId: number, id: number, by: number, now: Date) {
  const [row] = await db
    .update(scimTokens)
    .set({ revokedAt: now, revokedBy: by })
    .where(and(eq(scimTokens.accountId, accountId), eq(scimTokens.id, id), isNull(scimTokens.revokedAt)))
    .returning({ id: scimTokens.id, name: scimTokens.name, prefix: scimTokens.prefix });
  return row ?? null;
}

// ---- users -------------------------------------------------------------------------------------

/** A condition of a SCIM filter, as the service translated it (scim-filter.ts). */
export type TScimWhere =
  | { op: 'eq'; attr: string; value: string | boolean }
  | { op: 'and' | 'or'; items: TScimWhere[] }
  | { op: 'not'; item: TScimWhere };

const userColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  email: users.email,
  phone: users.phone,
  phoneCode: users.phoneCode,
  title: users.title,
  isEnabled: users.isEnabled,
  externalId: users.externalId,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

function ciEquals(column: SQL | typeof users.username, value: string | boolean): SQL {
  return sql`lower(${column}) = ${String(value).toLowerCase()}`;
}

/** The SQL of a user filter; attributes are those scim-filter.ts allows for users. */
function userCondition(where: TScimWhere): SQL {
  switch (where.op) {
    case 'and':
      return and(...where.items.map(userCondition)) ?? sql`true`;
    case 'or':
      return or(...where.items.map(userCondition)) ?? sql`false`;
    case 'not':
      return sql`not (${userCondition(where.item)})`;
    case 'eq':
      switch (where.attr) {
        case 'id':
          return /^\d{1,15}$/.test(String(where.value)) ? eq(users.id, Number(where.value)) : sql`false`;
        case 'username':
          return ciEquals(users.username, where.value);
        case 'email':
          return sql`coalesce(${ciEquals(sql`${users.email}`, where.value)}, false)`;
        case 'displayName':
          return ciEquals(sql`${users.displayName}`, where.value);
        case 'externalId':
          return sql`coalesce(${users.externalId} = ${String(where.value)}, false)`;
        case 'active':
          return eq(users.isEnabled, where.value === true);
        default:
          return sql`false`;
      }
  }
}

/** SCIM sees the account's regular users that are not deleted. */
function provisionable(accountId: number) {
  return and(eq(users.accountId, accountId), eq(users.kind, 'regular'), isNull(users.deletedAt));
}

export async function listScimUsers(
  db: TDb,
  accountId: number,
  where: TScimWhere | null,
  page: { offset: number; limit: number },
) {
  const condition = and(provisionable(accountId), where ? userCondition(where) : undefined);
  const [total] = await db.select({ n: count() }).from(users).where(condition);
  const rows =
    page.limit === 0
      ? []
      : await db
          .select(userColumns)
          .from(users)
          .where(condition)
          .orderBy(asc(users.id))
          .offset(page.offset)
          .limit(page.limit);
  return { total: total?.n ?? 0, rows };
}

export type TScimUserRow = Awaited<ReturnType<typeof listScimUsers>>['rows'][number];

export async function findScimUser(db: TDb, accountId: number, id: number): Promise<TScimUserRow | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(provisionable(accountId), eq(users.id, id)));
  return row ?? null;
}

/** Another user of the account (deleted ones too) that holds this username, any case. */
export async function isUsernameHeld(db: TDb, accountId: number, username: string, exceptId: number | null) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), ciEquals(users.username, username)));
  return rows.some((r) => r.id !== exceptId);
}

export type TScimUserValues = Partial<
  Pick<
    typeof users.$inferInsert,
    'username' | 'displayName' | 'email' | 'phone' | 'phoneCode' | 'title' | 'isEnabled' | 'externalId'
  >
>;

export async function updateScimUser(
  db: TDb,
  accountId: number,
  id: number,
  values: TScimUserValues,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(and(eq(users.accountId, accountId), eq(users.id, id)));
}

// ---- groups (roles) ----------------------------------------------------------------------------

const roleColumns = {
  id: roles.id,
  code: roles.code,
  name: roles.name,
  externalId: roles.externalId,
  createdAt: roles.createdAt,
};

function roleCondition(where: TScimWhere): SQL {
  switch (where.op) {
    case 'and':
      return and(...where.items.map(roleCondition)) ?? sql`true`;
    case 'or':
      return or(...where.items.map(roleCondition)) ?? sql`false`;
    case 'not':
      return sql`not (${roleCondition(where.item)})`;
    case 'eq':
      switch (where.attr) {
        case 'id':
          return /^\d{1,15}$/.test(String(where.value)) ? eq(roles.id, Number(where.value)) : sql`false`;
        case 'displayName':
          // The role's name, or its code (`account_admin`), any case.
          return or(
            ciEquals(sql`${roles.name}`, where.value),
            ciEquals(sql`${roles.code}`, where.value),
          ) as SQL;
        case 'externalId':
          return sql`coalesce(${roles.externalId} = ${String(where.value)}, false)`;
        case 'members':
          return /^\d{1,15}$/.test(String(where.value))
            ? sql`exists (select 1 from ${userRoles} where ${userRoles.roleId} = ${roles.id} and ${userRoles.userId} = ${Number(where.value)})`
            : sql`false`;
        default:
          return sql`false`;
      }
  }
}

export async function listScimRoles(
  db: TDb,
  accountId: number,
  where: TScimWhere | null,
  page: { offset: number; limit: number },
) {
  const condition = and(eq(roles.accountId, accountId), where ? roleCondition(where) : undefined);
  const [total] = await db.select({ n: count() }).from(roles).where(condition);
  const rows =
    page.limit === 0
      ? []
      : await db
          .select(roleColumns)
          .from(roles)
          .where(condition)
          .orderBy(asc(roles.id))
          .offset(page.offset)
          .limit(page.limit);
  return { total: total?.n ?? 0, rows };
}

export type TScimRoleRow = Awaited<ReturnType<typeof listScimRoles>>['rows'][number];

export async function findScimRole(db: TDb, accountId: number, id: number): Promise<TScimRoleRow | null> {
  const [row] = await db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.id, id)));
  return row ?? null;
}

/** Holders of the roles (regular users that are not deleted), in order of user id. */
export function listRoleMembers(db: TDb, accountId: number, roleIds: readonly number[]) {
  if (roleIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      roleId: userRoles.roleId,
      userId: users.id,
      username: users.username,
      displayName: users.displayName,
      grantedAt: userRoles.grantedAt,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(inArray(userRoles.roleId, [...roleIds]), provisionable(accountId)))
    .orderBy(asc(users.id));
}

export type TRoleMemberRow = Awaited<ReturnType<typeof listRoleMembers>>[number];

export async function setRoleExternalId(db: TDb, accountId: number, id: number, externalId: string | null) {
  await db
    .update(roles)
    .set({ externalId })
    .where(and(eq(roles.accountId, accountId), eq(roles.id, id)));
}

/** Ids of the account's provisionable users among `ids`. */
export async function findProvisionableIds(db: TDb, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(provisionable(accountId), inArray(users.id, [...ids])));
  return rows.map((r) => r.id);
}
