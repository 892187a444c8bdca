/**
 * Sign-in with account name, username and password.
 *
 * A wrong password and an unknown account or username are indistinguishable from outside: the
 * same code, message and counters, the same database work and the same hashing work (an unknown
 * name is verified against a dummy hash). Five consecutive wrong passwords lock the name for one
 * minute. Only after the password is right does the answer tell a disabled, deleted or service
 * user apart.
 */

import type { TLoginRequest, TLoginResponse, TPwdErrorTimes } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { maskEmail, maskPhone } from '@console/contract/contact-rules';
import { AccountStatus } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import type { TDeps } from '../../context';
import { AppError } from '../../errors';
import { createToken, sha256 } from '../../lib/tokens';
import { insertAuditEntry } from '../audit/audit.repository';
import { completeSecondStep, needsSecondStep, startLoginChallenge } from '../mfa/mfa.service';
import { passwordExpiresAt } from '../password/password.service';
import { requireCaptcha } from '../verification/captcha.service';
import {
  clearAttempts,
  completeLogin,
  findAttempt,
  findLoginLookup,
  recordFailure,
  type TAttempt,
} from './auth.repository';
import { revokeSession } from './session.repository';
import { sessionTimeouts } from './session.service';

export type TRequestMeta = { ip: string | null; userAgent: string | null; requestId: string | null };

export function attemptKey(accountName: string, username: string): Buffer {
  return sha256(`${accountName.trim().toLowerCase()}\n${username.trim().toLowerCase()}`);
}

function errorTimes(attempt: TAttempt | null, now: Date): TPwdErrorTimes {
  const lockMs = attempt?.lockedUntil ? attempt.lockedUntil.getTime() - now.getTime() : 0;
  const isLocked = lockMs > 0;
  const lockEnded = attempt?.lockedUntil !== null && attempt?.lockedUntil !== undefined && !isLocked;
  const current = attempt && !lockEnded ? attempt.failures : 0;
  return {
    current,
    total: Limits.maxPasswordErrors,
    exceed: isLocked,
    lockRemainingSeconds: isLocked ? Math.ceil(lockMs / 1000) : 0,
    captchaRequired: !isLocked && current >= Limits.captchaAfterFailures,
  };
}

function wrongPassword(times: TPwdErrorTimes): AppError {
  return times.exceed
    ? new AppError(ErrorCode.wrongPassword, {
        messageKey: 'passwordLocked',
        params: { seconds: times.lockRemainingSeconds },
        data: times,
      })
    : new AppError(ErrorCode.wrongPassword, { data: times });
}

export async function getPasswordErrorTimes(
  deps: TDeps,
  accountName: string,
  username: string,
): Promise<TPwdErrorTimes> {
  const attempt = await findAttempt(deps.db, attemptKey(accountName, username));
  return errorTimes(attempt, deps.clock.now());
}

export type TLoginResult = { response: TLoginResponse; token: string | null; expiresAt: Date | null };

export type TSignedIn = {
  accountId: number;
  accountDisplayName: string;
  userId: number;
  username: string;
  phone: string | null;
  email: string | null;
};

export async function login(deps: TDeps, input: TLoginRequest, meta: TRequestMeta): Promise<TLoginResult> {
  const key = attemptKey(input.accountDisplayName, input.username);
  if (input.uniqueId && input.code) return secondStep(deps, input, key, meta);
  const { db, clock, hasher } = deps;
  const { account, user, attempt } = await findLoginLookup(
    deps.database.query,
    input.accountDisplayName,
    input.username,
    key,
  );

  const before = errorTimes(attempt, clock.now());
  if (before.exceed) {
    await auditRefusedAttempt(deps, account?.id ?? null, user, input.username, 'locked', meta);
    throw wrongPassword(before);
  }
  if (before.captchaRequired) {
    try {
      await requireCaptcha(deps, input);
    } catch (error) {
      await auditRefusedAttempt(deps, account?.id ?? null, user, input.username, 'captcha', meta);
      throw error;
    }
  }

  const isPasswordRight = user
    ? await hasher.verify(user.passwordHash, input.password)
    : await hasher.verifyDummy(input.password);

  if (!user || !isPasswordRight) {
    const now = clock.now();
    const counted = await recordFailure(deps.database.query, {
      key,
      now,
      maxFailures: Limits.maxPasswordErrors,
      lockSeconds: Limits.passwordLockSeconds,
      accountId: account?.id ?? null,
      userId: user?.id ?? null,
      username: input.username,
      ip: meta.ip,
      requestId: meta.requestId,
    });
    throw wrongPassword(errorTimes(counted, now));
  }

  // The password is right: from here on the answer may name the user's state.
  const refusal =
    user.kind === 'service'
      ? ErrorCode.serviceUserNoWebLogin
      : user.isDeleted
        ? ErrorCode.userDeleted
        : !user.isEnabled
          ? ErrorCode.userDisabled
          : account?.status === AccountStatus.stopped || account?.status === AccountStatus.deleted
            ? ErrorCode.accountUnavailable
            : account && account.sso !== 'off' && !(user.isAdmin && account.sso === 'on_admin_password')
              ? user.isAdmin
                ? ErrorCode.ssoAdminLoginDisabled
                : ErrorCode.ssoRequired
              : user.mustResetPassword || isPasswordExpired(account, user.passwordChangedAt, clock.now())
                ? ErrorCode.passwordMustReset
                : null;
  if (!account) throw new AppError(ErrorCode.internal);
  if (refusal !== null || needsSecondStep(user, account.mfaRequired)) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      // A pending second step keeps the count: wrong codes add to it, and only a completed
      // sign-in clears it, so that guessing codes is held to the same limits as passwords.
      if (refusal !== null) await clearAttempts(tx, key);
      await insertAuditEntry(tx, {
        accountId: account.id,
        userId: user.id,
        username: user.username,
        action: 'auth.login',
        objectType: 'session',
        objectName: user.username,
        isSuccess: false,
        info: refusal === null ? { reason: 'second_step_required' } : { reason: 'refused', code: refusal },
        ip: meta.ip,
        requestId: meta.requestId,
        createdAt: now,
      });
    });
    if (refusal !== null) {
      throw new AppError(refusal, {
        data: refusal === ErrorCode.passwordMustReset ? { username: user.username } : null,
      });
    }
    return {
      token: null,
      expiresAt: null,
      response: await startLoginChallenge(deps, account, user.id, meta),
    };
  }

  return finishLogin(
    deps,
    {
      accountId: account.id,
      accountDisplayName: account.displayName,
      userId: user.id,
      username: user.username,
      phone: user.phone,
      email: user.email,
    },
    key,
    meta,
  );
}

/**
 * A sign-in refused before its password was checked (locked name, missing or wrong captcha), in
 * the named account's log when that account exists. A name of no account has no account log: such
 * attempts only count on the name (see `login_attempts`).
 */
async function auditRefusedAttempt(
  deps: TDeps,
  accountId: number | null,
  user: { id: number; username: string } | null,
  username: string,
  reason: 'locked' | 'captcha' | 'wrong_code',
  meta: TRequestMeta,
): Promise<void> {
  if (accountId === null) return;
  await insertAuditEntry(deps.db, {
    accountId,
    userId: user?.id ?? null,
    username: user?.username ?? username,
    action: 'auth.login',
    objectType: 'session',
    objectName: user?.username ?? username,
    isSuccess: false,
    info: { reason },
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: deps.clock.now(),
  });
}

/** A password older than the account policy's validity must be reset before signing in. */
function isPasswordExpired(
  account: { passwordExpireDays: number } | null,
  changedAt: Date,
  now: Date,
): boolean {
  const expiresAt = account ? passwordExpiresAt({ expireDays: account.passwordExpireDays }, changedAt) : null;
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}

/** Codes that count as a wrong attempt on the sign-in name. */
const wrongCodeAnswers: readonly number[] = [
  ErrorCode.codeMismatch,
  ErrorCode.tooManyVerifications,
  ErrorCode.mfaDecryptFailed,
];

/**
 * The second step: the challenge proves the password, the code the second factor. Wrong codes
 * count on the sign-in name like wrong passwords; a locked name gets no second step.
 */
async function secondStep(
  deps: TDeps,
  input: TLoginRequest,
  key: Buffer,
  meta: TRequestMeta,
): Promise<TLoginResult> {
  const named = async () =>
    findLoginLookup(deps.database.query, input.accountDisplayName, input.username, key);
  if (errorTimes(await findAttempt(deps.db, key), deps.clock.now()).exceed) {
    const { account, user } = await named();
    await auditRefusedAttempt(deps, account?.id ?? null, user, input.username, 'locked', meta);
    throw new AppError(ErrorCode.tooManyVerifications);
  }
  try {
    return await finishLogin(deps, await completeSecondStep(deps, input, meta), key, meta);
  } catch (error) {
    if (error instanceof AppError && wrongCodeAnswers.includes(error.code)) {
      // Counted on the name, and audited as a wrong code in the named account.
      const { account, user } = await named();
      await recordFailure(deps.database.query, {
        key,
        now: deps.clock.now(),
        maxFailures: Limits.maxPasswordErrors,
        lockSeconds: Limits.passwordLockSeconds,
        accountId: account?.id ?? null,
        userId: user?.id ?? null,
        username: input.username,
        ip: meta.ip,
        requestId: meta.requestId,
        reason: 'wrong_code',
      });
    }
    throw error;
  }
}

/** Creates the session of a sign-in that passed every step (password and second step, or an identity provider). */
export async function finishLogin(
  deps: TDeps,
  who: TSignedIn,
  key: Buffer,
  meta: TRequestMeta,
  method: string | null = null,
): Promise<TLoginResult> {
  const now = deps.clock.now();
  const token = createToken();
  const expiresAt = new Date(now.getTime() + sessionTimeouts(deps).absoluteMs);
  const resources = await completeLogin(deps.database.query, {
    attemptKey: key,
    tokenHash: sha256(token),
    accountId: who.accountId,
    userId: who.userId,
    username: who.username,
    now,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent,
    requestId: meta.requestId,
    method,
  });
  return {
    token,
    expiresAt,
    response: {
      token,
      mfaStatus: {
        enable: false,
        phone: who.phone ? maskPhone(who.phone) : null,
        email: who.email ? maskEmail(who.email) : null,
        gaAlreadyBinding: false,
      },
      userVo: {
        accountId: who.accountId,
        accountDisplayName: who.accountDisplayName,
        id: who.userId,
        name: who.username,
      },
      authVos: resources.map((r) => ({
        resourceName: r.resourceName,
        resourceType: r.resourceType === 0 ? 0 : 1,
      })),
      publicKey: null,
      uniqueId: null,
      initialCode: null,
    },
  };
}

export async function logout(
  deps: TDeps,
  auth: { sessionId: number; accountId: number; userId: number; username: string },
  meta: TRequestMeta,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const isRevoked = await revokeSession(tx, auth.sessionId, now, 'logout');
    if (!isRevoked) return;
    await insertAuditEntry(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'auth.logout',
      objectType: 'session',
      objectId: String(auth.sessionId),
      objectName: auth.username,
      isSuccess: true,
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
}
