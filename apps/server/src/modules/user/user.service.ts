import type { TCurrentUser, TUserAuth } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { writeAudit } from '../audit';
import { consumeCheckToken, emailTarget } from '../verification/code.service';
import { findCurrentUser, listUserResources, setUserEmail } from './user.repository';

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
    phoneCode: user.phoneCode,
    isAccountAdmin: user.isAccountAdmin,
    lastLoginTime: user.previousLoginAt ? user.previousLoginAt.toISOString() : null,
    lastLoginIp: user.previousLoginIp,
  };
}

export async function getUserAuth(deps: TDeps, auth: TAuth): Promise<TUserAuth> {
  const rows = await listUserResources(deps.db, auth.accountId, auth.userId);
  return rows.map((r) => ({ resourceName: r.resourceName, resourceType: r.resourceType === 0 ? 0 : 1 }));
}

/** Binds an e-mail address proven by a checkToken of a BIND_EMAIL code sent to it. */
export async function bindEmail(
  deps: TDeps,
  auth: TAuth,
  email: string,
  checkToken: string,
  meta: TRequestMeta,
): Promise<TCurrentUser> {
  const target = emailTarget(email);
  const checked = await consumeCheckToken(deps, checkToken, ['BIND_EMAIL']);
  if (checked.channel !== 'email' || checked.target !== target || checked.userId !== auth.userId) {
    throw new AppError(ErrorCode.verificationFailed);
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await setUserEmail(tx, auth.accountId, auth.userId, target, now);
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'user.bindEmail',
      objectType: 'user',
      objectId: String(auth.userId),
      objectName: auth.username,
      isSuccess: true,
      info: {},
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return getCurrentUser(deps, auth);
}
