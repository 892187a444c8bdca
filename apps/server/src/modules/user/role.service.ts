/**
 * Roles of an account (spec section 7 "Role", section 6): the list with holder counts, a role's
 * resources and holders, granting and removing a role. The account administrator role is the
 * account's highest-id role; several users may hold it, and its last enabled holder keeps it
 * (user-rules.service.ts). A user who loses the administrator role keeps the member role.
 */
import type { TRole, TRoleDetail, TRoleUserList, TUserRoleList } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { writeAudit } from '../audit';
import { listRoleHolders, listRoleResources, listRoles, listUserRoles } from './role.repository';
import { grantRole } from './user.repository';
import { deleteUserRole, isUserInAccount } from './user-admin.repository';
import {
  adminRoleId,
  lockTargets,
  memberRoleId,
  requireAdminsRemain,
  requireRoleHolder,
  syncUsers,
  type TTargetUser,
  userAudit,
} from './user-rules.service';

async function rolesOf(deps: TDeps, accountId: number, roleId?: number): Promise<TRole[]> {
  const rows = await listRoles(deps.db, accountId, roleId);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    isAdminRole: r.isAdminRole,
    userCount: Number(r.userCount),
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
  const resources = await listRoleResources(deps.db, roleId);
  return {
    ...role,
    resources: resources.map((r) => ({ resourceName: r.resourceName, resourceType: r.resourceType })),
  };
}

export async function roleUserList(
  deps: TDeps,
  auth: TAuth,
  input: { roleId: number; pageNo: number; pageSize: number },
): Promise<TRoleUserList> {
  await roleInAccount(deps, auth, input.roleId);
  const { rows, total } = await listRoleHolders(deps.db, auth.accountId, input);
  return {
    list: rows.map((r) => ({
      id: r.id,
      username: r.username,
      displayName: r.displayName,
      grantTime: r.grantedAt.toISOString(),
    })),
    total,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}

/** Removes a role from a user, who keeps the member role (its menus) unless that is the role removed. */
async function revokeKeepingMember(db: TDb, auth: TAuth, userId: number, roleId: number): Promise<void> {
  await deleteUserRole(db, userId, roleId);
  const member = await memberRoleId(db, auth.accountId);
  // A SCIM client (decision 0031) is no user: its grants name nobody.
  const by = auth.scimClient ? null : auth.userId;
  if (member && member !== roleId) await grantRole(db, auth.accountId, userId, member, by);
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
    requireRoleHolder(target);
    if (grant) {
      await grantRole(tx, auth.accountId, target.id, role.id, auth.userId);
    } else {
      if (role.id === (await adminRoleId(tx, auth.accountId))) {
        await requireAdminsRemain(tx, auth.accountId, [target.id]);
      }
      await revokeKeepingMember(tx, auth, target.id, role.id);
    }
    await writeAudit(
      tx,
      userAudit(auth, meta, now, grant ? 'role.grant' : 'role.revoke', target, {
        roleId: role.id,
        role: role.code,
        isAdminRole: role.isAdminRole,
      }),
    );
    // The instances make administrators of the account's administrators: they follow, as they do
    // after the edit dialog's flag (setAdmin).
    if (role.isAdminRole) await syncUsers(tx, auth.accountId, [target.id], now);
  });
  return null;
}

/**
 * Grants or removes the administrator role of one user (the edit dialog's flag), with the
 * last-administrator rule on removal; answers whether anything changed.
 */
export async function setAdmin(
  db: TDb,
  auth: TAuth,
  target: TTargetUser,
  isAdmin: boolean,
  meta: TRequestMeta,
  now: Date,
): Promise<boolean> {
  if (target.isAdmin === isAdmin) return false;
  requireRoleHolder(target);
  const roleId = await adminRoleId(db, auth.accountId);
  if (isAdmin) {
    await grantRole(db, auth.accountId, target.id, roleId, auth.scimClient ? null : auth.userId);
  } else {
    await requireAdminsRemain(db, auth.accountId, [target.id]);
    await revokeKeepingMember(db, auth, target.id, roleId);
  }
  await writeAudit(
    db,
    userAudit(auth, meta, now, isAdmin ? 'role.grant' : 'role.revoke', target, { roleId, isAdminRole: true }),
  );
  await syncUsers(db, auth.accountId, [target.id], now);
  return true;
}

/** Roles of the signed-in user, or (administrators only) of another user of the account. */
export async function userRoleList(deps: TDeps, auth: TAuth, userId?: number): Promise<TUserRoleList> {
  const id = userId ?? auth.userId;
  if (id !== auth.userId && !auth.isAdmin) throw new AppError(ErrorCode.notAccountAdmin);
  if (!(await isUserInAccount(deps.db, auth.accountId, id))) throw new AppError(ErrorCode.forbidden);
  const rows = await listUserRoles(deps.db, auth.accountId, id);
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, isAdminRole: r.isAdminRole }));
}

export async function checkTenantAdmin(deps: TDeps, auth: TAuth, userId?: number) {
  const roles = await userRoleList(deps, auth, userId);
  return { isTenantAdmin: roles.some((r) => r.isAdminRole) };
}
