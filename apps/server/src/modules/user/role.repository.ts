/**
 * Statements of roles (spec section 7 "Role"): an account's roles with their holder counts, the
 * resources a role grants, its holders, and a user's roles. The administrator role is the
 * account's highest-id role.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { roleResources, roles, userRoles, users } from '../../db/schema';

/** Whether `roles.id` is the account's administrator role (its highest id). */
const isAdminRoleOf = (accountId: number) =>
  sql<boolean>`${roles.id} = (select max(${roles.id}) from ${roles} where ${roles.accountId} = ${accountId})`;

/**
 * The account's roles (or only `roleId`, if it is one of them), with their undeleted holders.
 * Counted through joins, so that every column is named with its table: in a correlated subquery
 * over a single-table select, the builder leaves `roles.id` unqualified and it would read as
 * `users.id` (every count was 0).
 */
export function listRoles(db: TDb, accountId: number, roleId?: number) {
  return db
    .select({
      id: roles.id,
      code: roles.code,
      name: roles.name,
      userCount: sql<number>`count(${users.id})::int`,
      isAdminRole: isAdminRoleOf(accountId),
    })
    .from(roles)
    .leftJoin(userRoles, eq(userRoles.roleId, roles.id))
    .leftJoin(users, and(eq(users.id, userRoles.userId), isNull(users.deletedAt)))
    .where(and(eq(roles.accountId, accountId), roleId ? eq(roles.id, roleId) : undefined))
    .groupBy(roles.id)
    .orderBy(roles.id);
}

export function listRoleResources(db: TDb, roleId: number) {
  return db
    .select({ resourceName: roleResources.resourceName, resourceType: roleResources.resourceType })
    .from(roleResources)
    .where(eq(roleResources.roleId, roleId))
    .orderBy(asc(roleResources.resourceType), asc(roleResources.resourceName));
}

/** One page of a role's undeleted holders in the account, and their number. */
export async function listRoleHolders(
  db: TDb,
  accountId: number,
  input: { roleId: number; pageNo: number; pageSize: number },
) {
  const where = and(
    eq(userRoles.roleId, input.roleId),
    eq(userRoles.accountId, accountId),
    isNull(users.deletedAt),
  );
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      grantedAt: userRoles.grantedAt,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(where)
    .orderBy(users.id)
    .limit(input.pageSize)
    .offset((input.pageNo - 1) * input.pageSize);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** The roles a user of the account holds. */
export function listUserRoles(db: TDb, accountId: number, userId: number) {
  return db
    .select({ id: roles.id, code: roles.code, name: roles.name, isAdminRole: isAdminRoleOf(accountId) })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.accountId, accountId)))
    .orderBy(roles.id);
}
