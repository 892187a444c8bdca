/**
 * Sign-in with account name, username and password.
 *
 * A wrong password and an unknown account or username are indistinguishable from outside: the
 * same code, message and counters, the same database work and the same hashing work (an unknown
 * name is verified against a dummy hash). Five consecutive wrong passwords lock the name for one
 * minute. Only after the password is right does the answer tell a disabled, deleted or service
 * user apart. On top of that, the client's address counts its failures across names and accounts
 * (decision 0012): the captcha after a few, a short block (429) after many; the address's count is
 * read by the same lookup and written by the same statement as the name's.
 */

import type { TLoginRequest, TLoginResponse, TPwdErrorTimes } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { maskEmail, maskPhone } from '@console/contract/contact-rules';
import { AccountStatus, type TMfaMethodType } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import type { TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { createToken, sha256 } from '../../lib/tokens';
import {
  addressBlocked,
  addressCountOf,
  addressKeyOf,
  addressStateOf,
  type TAddressState,
} from '../address-limit';
import { writeAudit } from '../audit';
import { requireCaptcha } from '../captcha';
import { completeSecondStep, needsSecondStep, startLoginChallenge } from '../mfa';
import {
  clearAttempts,
  completeLogin,
  findAttemptAndAddress,
  findLoginLookup,
  recordFailure,
  type TAttempt,
  type TCountedFailure,
  type TLoginLookup,
  type TLoginUser,
} from './auth.repository';
import { revokeSession } from './session.repository';
import { sessionTimeouts } from './session.service';

export function attemptKey(accountName: string, username: string): Buffer {
  return sha256(`${accountName.trim().toLowerCase()}\n${username.trim().toLowerCase()}`);
}

/**
 * The answer's counts of a name; `address` adds the captcha its client's address needs (a
 * locked name needs none: nothing is tried while it is locked).
 */
function errorTimes(attempt: TAttempt | null, now: Date, address?: TAddressState): TPwdErrorTimes {
  const lockMs = attempt?.lockedUntil ? attempt.lockedUntil.getTime() - now.getTime() : 0;
  const isLocked = lockMs > 0;
  const lockEnded = attempt?.lockedUntil !== null && attempt?.lockedUntil !== undefined && !isLocked;
  const current = attempt && !lockEnded ? attempt.failures : 0;
  return {
    current,
    total: Limits.maxPasswordErrors,
    exceed: isLocked,
    lockRemainingSeconds: isLocked ? Math.ceil(lockMs / 1000) : 0,
    captchaRequired: !isLocked && (current >= Limits.captchaAfterFailures || address?.phase === 'captcha'),
  };
}

/** The failure of the client's address to count with a sign-in's failure (null: no address). */
function addressCount(deps: TDeps, address: string | null, now: Date) {
  return address ? addressCountOf(deps.config.addressLimits, address, 'login', now) : null;
}

/** What a counted failure answers: 429 when it started the address's block, else 4019 with the counts. */
function failureAnswer(deps: TDeps, counted: TCountedFailure, now: Date, error?: AppError): AppError {
  const address = addressStateOf(counted.address, now, deps.config.addressLimits);
  if (counted.isAddressBlockStart) return addressBlocked(address.retryAfterSeconds);
  return error ?? wrongPassword(errorTimes(counted, now, address));
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

/** The counts of a name, and whether a sign-in from the caller's address needs the captcha. */
export async function getPasswordErrorTimes(
  deps: TDeps,
  accountName: string,
  username: string,
  ip: string | null,
): Promise<TPwdErrorTimes> {
  const found = await findAttemptAndAddress(deps.db, attemptKey(accountName, username), addressKeyOf(ip));
  const now = deps.clock.now();
  return errorTimes(found.attempt, now, addressStateOf(found.address, now, deps.config.addressLimits));
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
  const address = addressKeyOf(meta.ip);
  if (input.uniqueId && input.code) return secondStep(deps, input, key, address, meta);
  const { db, clock, hasher } = deps;
  const lookup = await findLoginLookup(deps.db, input.accountDisplayName, input.username, key, address);
  const { account, user, attempt } = lookup;

  // The address first: a blocked one is refused whatever the names (they are not even told apart).
  const addressState = addressStateOf(lookup.address, clock.now(), deps.config.addressLimits);
  if (addressState.phase === 'blocked') {
    await auditRefusedAttempt(deps, account?.id ?? null, user, input.username, 'address_blocked', meta);
    throw addressBlocked(addressState.retryAfterSeconds);
  }
  const before = errorTimes(attempt, clock.now(), addressState);
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
    const counted = await recordFailure(deps.db, {
      key,
      now,
      maxFailures: Limits.maxPasswordErrors,
      lockSeconds: Limits.passwordLockSeconds,
      accountId: account?.id ?? null,
      userId: user?.id ?? null,
      username: input.username,
      ip: meta.ip,
      requestId: meta.requestId,
      address: addressCount(deps, address, now),
    });
    throw failureAnswer(deps, counted, now);
  }

  // The password is right: from here on the answer may name the user's state.
  const refusal = refusalOf(account, user, clock.now(), true);
  if (!account) throw new AppError(ErrorCode.internal);
  if (refusal !== null || needsSecondStep(user, account.mfaRequired)) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      // A pending second step keeps the count: wrong codes add to it, and only a completed
      // sign-in clears it, so that guessing codes is held to the same limits as passwords.
      if (refusal !== null) await clearAttempts(tx, key);
      await writeAudit(tx, {
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

  return finishLogin(deps, signedInOf(account, user), key, meta);
}

/** Whom a sign-in signs in: the account and user the lookup found. */
function signedInOf(account: NonNullable<TLoginLookup['account']>, user: TLoginUser): TSignedIn {
  return {
    accountId: account.id,
    accountDisplayName: account.displayName,
    userId: user.id,
    username: user.username,
    phone: user.phone,
    email: user.email,
  };
}

/**
 * Why a user whose first factor passed may not sign in (null: they may). Only a sign-in by
 * password must renew a password that must be reset or has expired.
 */
function refusalOf(
  account: TLoginLookup['account'],
  user: TLoginUser,
  now: Date,
  isByPassword: boolean,
): number | null {
  if (user.kind === 'service') return ErrorCode.serviceUserNoWebLogin;
  if (user.isDeleted) return ErrorCode.userDeleted;
  if (!user.isEnabled) return ErrorCode.userDisabled;
  if (account?.status === AccountStatus.stopped || account?.status === AccountStatus.deleted)
    return ErrorCode.accountUnavailable;
  if (account && account.sso !== 'off' && !(user.isAdmin && account.sso === 'on_admin_password'))
    return user.isAdmin ? ErrorCode.ssoAdminLoginDisabled : ErrorCode.ssoRequired;
  if (isByPassword && (user.mustResetPassword || isPasswordExpired(account, user.passwordChangedAt, now)))
    return ErrorCode.passwordMustReset;
  return null;
}

/**
 * Signs in a user identified by a passkey alone (the passkey module verified it): the same rules
 * as after a right password (service, deleted and disabled users, stopped accounts, single
 * sign-on), then the session. A refusal is audited in the account.
 */
export async function finishPasskeyLogin(
  deps: TDeps,
  who: { accountDisplayName: string; username: string },
  meta: TRequestMeta,
): Promise<TLoginResult> {
  const key = attemptKey(who.accountDisplayName, who.username);
  const { account, user } = await findLoginLookup(
    deps.db,
    who.accountDisplayName,
    who.username,
    key,
    addressKeyOf(meta.ip),
  );
  if (!account || !user) throw new AppError(ErrorCode.passkeyUnknown);
  const refusal = refusalOf(account, user, deps.clock.now(), false);
  if (refusal !== null) {
    await writeAudit(deps.db, {
      accountId: account.id,
      userId: user.id,
      username: user.username,
      action: 'auth.login',
      objectType: 'session',
      objectName: user.username,
      isSuccess: false,
      info: { reason: 'refused', code: refusal, method: 'passkey' },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: deps.clock.now(),
    });
    throw new AppError(refusal);
  }
  return finishLogin(deps, signedInOf(account, user), key, meta, 'passkey');
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
  reason: 'locked' | 'captcha' | 'wrong_code' | 'address_blocked',
  meta: TRequestMeta,
): Promise<void> {
  if (accountId === null) return;
  await writeAudit(deps.db, {
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

const dayMs = 86_400_000;

/**
 * A password older than the account policy's validity (`passwordExpireDays`, 0: permanent) must be
 * reset before signing in.
 */
function isPasswordExpired(
  account: { passwordExpireDays: number } | null,
  changedAt: Date,
  now: Date,
): boolean {
  if (!account || account.passwordExpireDays <= 0) return false;
  return changedAt.getTime() + account.passwordExpireDays * dayMs <= now.getTime();
}

/** Codes that count as a wrong attempt on the sign-in name. */
const wrongCodeAnswers: readonly number[] = [
  ErrorCode.codeMismatch,
  ErrorCode.tooManyVerifications,
  ErrorCode.mfaDecryptFailed,
];

/**
 * The second step: the challenge proves the password, the code the second factor. Wrong codes
 * count on the sign-in name and on the client's address like wrong passwords; a locked name or a
 * blocked address gets no second step. (The captcha phase of the address does not apply: the
 * password step passed it, and a challenge dies after five wrong codes.)
 */
async function secondStep(
  deps: TDeps,
  input: TLoginRequest,
  key: Buffer,
  address: string | null,
  meta: TRequestMeta,
): Promise<TLoginResult> {
  const named = async () => findLoginLookup(deps.db, input.accountDisplayName, input.username, key, address);
  const found = await findAttemptAndAddress(deps.db, key, address);
  const addressState = addressStateOf(found.address, deps.clock.now(), deps.config.addressLimits);
  if (addressState.phase === 'blocked') {
    const { account, user } = await named();
    await auditRefusedAttempt(deps, account?.id ?? null, user, input.username, 'address_blocked', meta);
    throw addressBlocked(addressState.retryAfterSeconds);
  }
  if (errorTimes(found.attempt, deps.clock.now()).exceed) {
    const { account, user } = await named();
    await auditRefusedAttempt(deps, account?.id ?? null, user, input.username, 'locked', meta);
    throw new AppError(ErrorCode.tooManyVerifications);
  }
  try {
    const signedIn = await completeSecondStep(deps, input, meta);
    return await finishLogin(deps, signedIn, key, meta, null, signedIn.method);
  } catch (error) {
    if (error instanceof AppError && wrongCodeAnswers.includes(error.code)) {
      // Counted on the name, and audited as a wrong code in the named account.
      const { account, user } = await named();
      const now = deps.clock.now();
      const counted = await recordFailure(deps.db, {
        key,
        now,
        maxFailures: Limits.maxPasswordErrors,
        lockSeconds: Limits.passwordLockSeconds,
        accountId: account?.id ?? null,
        userId: user?.id ?? null,
        username: input.username,
        ip: meta.ip,
        requestId: meta.requestId,
        reason: 'wrong_code',
        address: addressCount(deps, address, now),
      });
      throw failureAnswer(deps, counted, now, error);
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
  /** The second step passed, for a sign-in by password (the session records it). */
  secondStep: TMfaMethodType | null = null,
): Promise<TLoginResult> {
  const now = deps.clock.now();
  const token = createToken();
  const expiresAt = new Date(now.getTime() + sessionTimeouts(deps).absoluteMs);
  const resources = await completeLogin(deps.db, {
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
    signInMethod: method ?? (secondStep ? `password_${secondStep.toLowerCase()}` : 'password'),
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
    await writeAudit(tx, {
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
