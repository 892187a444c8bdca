import type { TCurrentUser, TUserAuth } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TAuth, TDeps } from '../../context';
import { AppError } from '../../errors';
import { findCurrentUser, listUserResources } from './user.repository';

export async function getCurrentUser(deps: TDeps, auth: TAuth): Promise<TCurrentUser> {
  const user = await findCurrentUser(deps.db, auth.accountId, auth.userId);
  if (!user) throw new AppError(ErrorCode.unauthenticated);
  return {
    id: user.id,
    name: user.name,
    displayName: user.displayName,
    accountId: user.accountId,
    accountName: user.accountName,
    accountDisplayName: user.accountDisplayName,
    email: user.email,
    phone: user.phone,
    isAccountAdmin: user.isAccountAdmin,
    lastLoginTime: user.previousLoginAt ? user.previousLoginAt.toISOString() : null,
    lastLoginIp: user.previousLoginIp,
  };
}

export async function getUserAuth(deps: TDeps, auth: TAuth): Promise<TUserAuth> {
  const rows = await listUserResources(deps.db, auth.accountId, auth.userId);
  return rows.map((r) => ({ resourceName: r.resourceName, resourceType: r.resourceType === 0 ? 0 : 1 }));
}
