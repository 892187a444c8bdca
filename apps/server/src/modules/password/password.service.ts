/**
 * The password policy of an account (required classes, minimum length, validity) and every way a
 * password is set: each new password is checked against the policy (5059–5062 for one rule broken,
 * 5064 for several, or 5063 for the current one), hashed, and ends sessions (the user's other ones
 * on a change, all on a reset). A password older than the policy's validity makes the next sign-in answer 5066.
 */

import type { TPasswordPolicy } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TAuthMethod } from '@console/contract/enums';
import { checkPasswordPolicy, DefaultPasswordPolicy } from '@console/contract/password-rules';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { writeAudit } from '../audit';
import { revokeUserSessions } from '../auth';
import { consumeCheckToken, peekCheckToken } from '../verification';
import { findPasswordHolder, findPolicy, storePassword, upsertPolicy } from './password.repository';

export async function getPolicy(db: TDb, accountId: number | null): Promise<TPasswordPolicy> {
  const stored = accountId === null ? null : await findPolicy(db, accountId);
  return (
    stored ?? { ...DefaultPasswordPolicy, requiredCharTypes: [...DefaultPasswordPolicy.requiredCharTypes] }
  );
}

/** The refusal of a password that breaks the policy, naming the minimum length and the classes. */
function policyError(code: number, policy: TPasswordPolicy): AppError {
  return new AppError(code, { params: { minLength: policy.minLength, types: policy.requiredCharTypes } });
}

/** Throws 5059–5062 when `password` breaks one rule of `policy`, 5064 when it breaks several. */
export function requireUnderPolicy(password: string, policy: TPasswordPolicy): void {
  const broken = checkPasswordPolicy(password, policy);
  if (broken !== null) throw policyError(broken, policy);
}

export async function savePolicy(
  deps: TDeps,
  auth: TAuth,
  policy: TPasswordPolicy,
  meta: TRequestMeta,
): Promise<TPasswordPolicy> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await upsertPolicy(tx, auth.accountId, policy, auth.userId, now);
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'account.passwordPolicy',
      objectType: 'account',
      objectId: String(auth.accountId),
      isSuccess: true,
      info: { ...policy },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return getPolicy(deps.db, auth.accountId);
}

/**
 * Sets a user's password under the account's policy and ends sessions: all of them, or all but
 * `keepSessionId`. One transaction with its audit entry.
 */
export async function setPassword(
  deps: TDeps,
  input: {
    accountId: number;
    userId: number;
    password: string;
    actorId: number | null;
    actorName: string | null;
    action: string;
    keepSessionId?: number;
    reason: 'password_reset' | 'password_changed';
    currentHash?: string;
  },
  meta: TRequestMeta,
): Promise<void> {
  const policy = await getPolicy(deps.db, input.accountId);
  requireUnderPolicy(input.password, policy);
  if (input.currentHash && (await deps.hasher.verify(input.currentHash, input.password))) {
    throw policyError(ErrorCode.passwordSameAsOld, policy);
  }
  const hash = await deps.hasher.hash(input.password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await storePassword(tx, input.accountId, input.userId, hash, now);
    const ended = await revokeUserSessions(tx, {
      userId: input.userId,
      now,
      reason: input.reason,
      ...(input.keepSessionId ? { keepSessionId: input.keepSessionId } : {}),
    });
    await writeAudit(tx, {
      accountId: input.accountId,
      userId: input.actorId,
      username: input.actorName,
      action: input.action,
      objectType: 'user',
      objectId: String(input.userId),
      isSuccess: true,
      info: { endedSessions: ended },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
}

export async function changePassword(
  deps: TDeps,
  auth: TAuth,
  body: { oldPassword: string; newPassword: string },
  meta: TRequestMeta,
): Promise<null> {
  const user = await findPasswordHolder(deps.db, auth.accountId, auth.userId);
  if (!user) throw new AppError(ErrorCode.unauthenticated);
  if (!(await deps.hasher.verify(user.passwordHash, body.oldPassword)))
    throw new AppError(ErrorCode.oldPasswordWrong);
  await setPassword(
    deps,
    {
      accountId: auth.accountId,
      userId: auth.userId,
      password: body.newPassword,
      actorId: auth.userId,
      actorName: auth.username,
      action: 'user.changePassword',
      keepSessionId: auth.sessionId,
      reason: 'password_changed',
      currentHash: user.passwordHash,
    },
    meta,
  );
  return null;
}

/** Sets the password of the user a checkToken proves (`purposes`), ending all of the user's sessions. */
export async function resetPasswordByToken(
  deps: TDeps,
  input: {
    checkToken: string;
    purposes: readonly TAuthMethod[];
    password: string;
    accountId?: number;
    userId?: number;
    self?: TAuth;
  },
  meta: TRequestMeta,
): Promise<null> {
  // The new password is checked before the token is spent, so that a refused one can be retried.
  const peeked = await peekCheckToken(deps, input.checkToken, input.purposes);
  if (peeked.accountId !== null)
    requireUnderPolicy(input.password, await getPolicy(deps.db, peeked.accountId));
  const checked = await consumeCheckToken(deps, input.checkToken, input.purposes);
  const isNamed =
    checked.accountId !== null &&
    checked.userId !== null &&
    (input.accountId === undefined || input.accountId === checked.accountId) &&
    (input.userId === undefined || input.userId === checked.userId) &&
    (!input.self || (input.self.userId === checked.userId && input.self.accountId === checked.accountId));
  if (!isNamed || checked.accountId === null || checked.userId === null)
    throw new AppError(ErrorCode.verificationFailed);
  const user = await findPasswordHolder(deps.db, checked.accountId, checked.userId);
  if (user?.kind !== 'regular' || user.isDeleted) throw new AppError(ErrorCode.verificationFailed);
  await setPassword(
    deps,
    {
      accountId: user.accountId,
      userId: user.id,
      password: input.password,
      actorId: input.self?.userId ?? user.id,
      actorName: input.self?.username ?? user.username,
      action: 'user.resetPassword',
      reason: 'password_reset',
      ...(input.self ? { keepSessionId: input.self.sessionId } : {}),
    },
    meta,
  );
  return null;
}
