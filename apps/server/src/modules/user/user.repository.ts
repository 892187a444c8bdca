import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, roleResources, roles, userRoles, users } from '../../db/schema';

export type TNewUser = {
  accountId: number;
  username: string;
  displayName?: string;
  passwordHash: string;
  kind?: 'regular' | 'service';
  serviceKind?: 'system' | 'custom' | null;
  phone?: string | null;
  phoneCode?: string;
  email?: string | null;
  title?: string | null;
  remark?: string | null;
  isEnabled?: boolean;
  mustResetPassword?: boolean;
};

export async function insertUser(db: TDb, input: TNewUser): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      accountId: input.accountId,
      username: input.username,
      displayName: input.displayName ?? input.username,
      passwordHash: input.passwordHash,
      kind: input.kind ?? 'regular',
      serviceKind: input.kind === 'service' ? (input.serviceKind ?? 'custom') : null,
      phone: input.phone ?? null,
      phoneCode: input.phoneCode ?? '86',
      email: input.email ?? null,
      title: input.title ?? null,
      remark: input.remark ?? null,
      isEnabled: input.isEnabled ?? true,
      mustResetPassword: input.mustResetPassword ?? false,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  return row.id;
}

export async function grantRole(
  db: TDb,
  accountId: number,
  userId: number,
  roleId: number,
  grantedBy: number | null,
): Promise<void> {
  await db.insert(userRoles).values({ accountId, userId, roleId, grantedBy }).onConflictDoNothing();
}

export async function findCurrentUser(db: TDb, accountId: number, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      name: users.username,
      displayName: users.displayName,
      accountId: accounts.id,
      accountName: accounts.name,
      accountDisplayName: accounts.displayName,
      email: users.email,
      phone: users.phone,
      phoneCode: users.phoneCode,
      previousLoginAt: users.previousLoginAt,
      previousLoginIp: users.previousLoginIp,
      isAccountAdmin: sql<boolean>`exists (
        select 1 from ${userRoles} ur join ${roles} r on r.id = ur.role_id
        where ur.user_id = ${users.id} and r.code = 'account_admin')`,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  return rows[0] ?? null;
}

export async function listUserResources(db: TDb, accountId: number, userId: number) {
  return db
    .selectDistinct({ resourceName: roleResources.resourceName, resourceType: roleResources.resourceType })
    .from(userRoles)
    .innerJoin(roleResources, eq(roleResources.roleId, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(userRoles.accountId, accountId)))
    .orderBy(asc(roleResources.resourceType), asc(roleResources.resourceName));
}

export async function setUserEmail(
  db: TDb,
  accountId: number,
  userId: number,
  email: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ email, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
}
