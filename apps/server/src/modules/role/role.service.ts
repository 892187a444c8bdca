/**
 * Roles of an account (spec section 7 "Role", section 6): the list with holder counts, a role's
 * resources and holders, granting and removing a role. The account administrator role is the
 * account's highest-id role; several users may hold it, and its last enabled holder keeps it.
 */
import type { TRole, TRoleDetail, TRoleUserList, TUserRoleList } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { sql } from 'drizzle-orm';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { rowsOf } from '../../db/client';
import { AppError } from '../../errors';
import { writeAudit } from '../audit';
import { adminRoleId, grantRole, lockTargets, memberRoleId, requireAdminsRemain } from '../user';

type TRoleRaw = { id: number; code: string; name: string; user_count: number; is_admin_role: boolean };

async function rolesOf(deps: TDeps, accountId: number, roleId?: number): Promise<TRole[]> {
  const rows = rowsOf<TRoleRaw>(
    await deps.db.execute(sql`
      select r.id, r.code, r.name,
             (select count(*)::int from user_roles ur join users u on u.id = ur.user_id
               where ur.role_id = r.id and u.deleted_at is null) as user_count,
             r.id = (select max(id) from roles where account_id = ${accountId}) as is_admin_role
      from roles r
      where r.account_id = ${accountId} ${roleId ? sql`and r.id = ${roleId}` : sql``}
      order by r.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    name: r.name,
    isAdminRole: r.is_admin_role,
    userCount: Number(r.user_count),
  }));
}

export function roleList(deps: TDeps, auth: TAuth): Promise<TRole[]> {
  return rolesOf(deps, auth.accountId);
}

async function roleInAccount(deps: TDeps, auth: TAuth, roleId: number): Promise<TRole> {
  const [role] = await rolesOf(deps, auth.accountId, roleId);
  if (!role) throw new AppError(ErrorCode.forbidden);
  return role;
}

export async function roleDetail(deps: TDeps, auth: TAuth, roleId: number): Promise<TRoleDetail> {
  const role = await roleInAccount(deps, auth, roleId);
  const resources = rowsOf<{ resource_name: string; resource_type: number }>(
    await deps.db.execute(sql`
      select resource_name, resource_type from role_resources where role_id = ${roleId}
      order by resource_type, resource_name`),
  );
  return {
    ...role,
    resources: resources.map((r) => ({
      resourceName: r.resource_name,
      resourceType: Number(r.resource_type),
    })),
  };
}

export async function roleUserList(
  deps: TDeps,
  auth: TAuth,
  input: { roleId: number; pageNo: number; pageSize: number },
): Promise<TRoleUserList> {
  await roleInAccount(deps, auth, input.roleId);
  const where = sql`ur.role_id = ${input.roleId} and ur.account_id = ${auth.accountId} and u.deleted_at is null`;
  const rows = rowsOf<{ id: number; username: string; display_name: string; granted_at: Date | string }>(
    await deps.db.execute(sql`
      select u.id, u.username, u.display_name, ur.created_at as granted_at
      from user_roles ur join users u on u.id = ur.user_id
      where ${where}
      order by u.id
      limit ${input.pageSize} offset ${(input.pageNo - 1) * input.pageSize}`),
  );
  const counted = rowsOf<{ n: number }>(
    await deps.db.execute(
      sql`select count(*)::int as n from user_roles ur join users u on u.id = ur.user_id where ${where}`,
    ),
  );
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      username: r.username,
      displayName: r.display_name,
      grantTime: new Date(r.granted_at).toISOString(),
    })),
    total: Number(counted[0]?.n ?? 0),
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}

export async function changeRole(
  deps: TDeps,
  auth: TAuth,
  input: { userId: number; roleId: number },
  grant: boolean,
  meta: TRequestMeta,
): Promise<null> {
  const role = await roleInAccount(deps, auth, input.roleId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [target] = await lockTargets(tx, auth.accountId, [input.userId]);
    if (!target) throw new AppError(ErrorCode.forbidden);
    if (target.kind !== 'regular' || target.deletedAt) {
      throw new AppError(ErrorCode.conflict, { messageKey: 'adminRegularOnly' });
    }
    if (grant) {
      await grantRole(tx, auth.accountId, target.id, role.id, auth.userId);
    } else {
      if (role.id === (await adminRoleId(tx, auth.accountId))) {
        await requireAdminsRemain(tx, auth.accountId, [target.id]);
      }
      await tx.execute(sql`delete from user_roles where user_id = ${target.id} and role_id = ${role.id}`);
      // A user without the administrator role keeps the member role (its menus).
      const member = await memberRoleId(tx, auth.accountId);
      if (member && member !== role.id) await grantRole(tx, auth.accountId, target.id, member, auth.userId);
    }
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: grant ? 'role.grant' : 'role.revoke',
      objectType: 'user',
      objectId: String(target.id),
      objectName: target.username,
      isSuccess: true,
      info: { roleId: role.id, role: role.code, isAdminRole: role.isAdminRole },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return null;
}

/** Roles of the signed-in user, or (administrators only) of another user of the account. */
export async function userRoleList(deps: TDeps, auth: TAuth, userId?: number): Promise<TUserRoleList> {
  const id = userId ?? auth.userId;
  if (id !== auth.userId && !auth.isAdmin) throw new AppError(ErrorCode.notAccountAdmin);
  const owner = rowsOf<{ id: number }>(
    await deps.db.execute(sql`select id from users where id = ${id} and account_id = ${auth.accountId}`),
  );
  if (owner.length === 0) throw new AppError(ErrorCode.forbidden);
  const rows = rowsOf<{ id: number; code: string; name: string; is_admin_role: boolean }>(
    await deps.db.execute(sql`
      select r.id, r.code, r.name, r.id = (select max(id) from roles where account_id = ${auth.accountId}) as is_admin_role
      from user_roles ur join roles r on r.id = ur.role_id
      where ur.user_id = ${id} and r.account_id = ${auth.accountId}
      order by r.id`),
  );
  return rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, isAdminRole: r.is_admin_role }));
}

export async function checkTenantAdmin(deps: TDeps, auth: TAuth, userId?: number) {
  const roles = await userRoleList(deps, auth, userId);
  return { isTenantAdmin: roles.some((r) => r.isAdminRole) };
}
