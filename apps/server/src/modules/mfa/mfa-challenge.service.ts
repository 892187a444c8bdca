/**
 * What every part of login protection shares: the challenges answered with an encrypted code (a
 * sign-in waiting for its second step, a binding waiting for its first code, a status change),
 * whose public key encrypts the code and which count wrong codes (the fifth ends one); the user's
 * protection state; and the targets of codes sent to the phone or e-mail.
 */
import { randomBytes } from 'node:crypto';
import type { TMfaChallenge, TMfaState } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { maskEmail, maskPhone } from '@console/contract/contact-rules';
import { Limits } from '@console/contract/limits';
import type { TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import type { TTotpMatch } from '../../lib/totp';
import type { TAuditEntry } from '../audit';
import { emailTarget, phoneTarget, type TCodeTarget } from '../verification';
import {
  countFailedAttempt,
  findChallenge,
  findMfaUser,
  insertChallenge,
  type TChallenge,
  type TChallengeKind,
  type TMfaUser,
} from './mfa.repository';

export const isInternational = (deps: TDeps) => deps.config.edition === 'international';

/** Authenticator apps are the international edition's protection: 400 in the domestic one. */
export function requireInternational(deps: TDeps): void {
  if (!isInternational(deps)) {
    throw new AppError(ErrorCode.badRequest, { data: { fieldErrors: { mfaMethodType: 'GA' } } });
  }
}

function challengeDigest(deps: TDeps, uniqueId: string): Buffer {
  return deps.secrets.digest('mfa-challenge', uniqueId);
}

export async function createChallenge(
  deps: TDeps,
  input: {
    kind: TChallengeKind;
    accountId: number;
    userId: number;
    pendingSecret: string | null;
    ip: string | null;
  },
): Promise<TMfaChallenge & { keyId: number }> {
  const key = await deps.rsaKeys.active();
  const uniqueId = randomBytes(24).toString('base64url');
  const now = deps.clock.now();
  await insertChallenge(deps.db, {
    uniqueIdHash: challengeDigest(deps, uniqueId),
    kind: input.kind,
    accountId: input.accountId,
    userId: input.userId,
    keyId: key.id,
    pendingSecret: input.pendingSecret,
    ip: input.ip,
    now,
    expiresAt: new Date(now.getTime() + Limits.loginChallengeTtlSeconds * 1000),
  });
  return { uniqueId, publicKey: key.publicKey, keyId: key.id };
}

/** A live challenge of `kind` (for `user` when given); 4160 when unknown, spent or expired. */
export async function liveChallenge(
  deps: TDeps,
  uniqueId: string | null | undefined,
  kind: TChallengeKind,
  user?: { accountId: number; userId: number },
): Promise<TChallenge> {
  const challenge = uniqueId ? await findChallenge(deps.db, challengeDigest(deps, uniqueId)) : null;
  const isLive =
    challenge !== null &&
    challenge.kind === kind &&
    challenge.consumedAt === null &&
    challenge.expiresAt.getTime() > deps.clock.now().getTime() &&
    (!user || (challenge.accountId === user.accountId && challenge.userId === user.userId));
  if (!challenge || !isLive) throw new AppError(ErrorCode.challengeExpired);
  if (challenge.attempts >= Limits.maxCodeAttempts) throw new AppError(ErrorCode.tooManyVerifications);
  return challenge;
}

/** Counts a wrong code on the challenge; the fifth spends it (4096), else 4095 with attempts left. */
export async function wrongCode(
  deps: TDeps,
  challenge: TChallenge,
  code: number = ErrorCode.codeMismatch,
): Promise<never> {
  const attempts = challenge.attempts + 1;
  const isLast = attempts >= Limits.maxCodeAttempts;
  await countFailedAttempt(deps.db, challenge.id, isLast, deps.clock.now());
  if (isLast) throw new AppError(ErrorCode.tooManyVerifications);
  if (code === ErrorCode.codeMismatch) {
    throw new AppError(code, { data: { remainingAttempts: Limits.maxCodeAttempts - attempts } });
  }
  throw new AppError(code);
}

/** Decrypts the code sent for a challenge; an undecryptable code counts as a wrong one (4092). */
export async function decryptFor(
  deps: TDeps,
  challenge: TChallenge,
  ciphertext: string | null | undefined,
): Promise<string> {
  if (!ciphertext) return wrongCode(deps, challenge, ErrorCode.mfaDecryptFailed);
  try {
    return await deps.rsaKeys.decrypt(challenge.keyId, ciphertext);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.mfaDecryptFailed) {
      return wrongCode(deps, challenge, ErrorCode.mfaDecryptFailed);
    }
    throw error;
  }
}

/** Applies a TOTP match: 4093 for a code already used, a counted 4095 for a wrong one. */
export async function requireTotp(deps: TDeps, challenge: TChallenge, match: TTotpMatch): Promise<number> {
  if (match.kind === 'match') return match.step;
  if (match.kind === 'reused') throw new AppError(ErrorCode.codeAlreadyUsed);
  return wrongCode(deps, challenge);
}

export async function requireUser(deps: TDeps, accountId: number, userId: number): Promise<TMfaUser> {
  const user = await findMfaUser(deps.db, accountId, userId);
  if (!user) throw new AppError(ErrorCode.unauthenticated);
  return user;
}

export const isGaBound = (user: TMfaUser) =>
  user.mfaEnabled && user.mfaMethod === 'GA' && user.totpSecret !== null;

export function mfaStateOf(user: TMfaUser): TMfaState {
  return {
    enable: user.mfaEnabled,
    mfaMethodType: user.mfaEnabled ? user.mfaMethod : null,
    gaAlreadyBinding: isGaBound(user),
    phone: user.phone ? maskPhone(user.phone) : null,
    email: user.email ? maskEmail(user.email) : null,
    accountRequired: user.accountMfaRequired,
    passkeys: user.passkeyCount,
  };
}

/** Whether the names typed at sign-in name this user (account name or display name, any case). */
export function isNamedBy(
  user: TMfaUser,
  accountName: string | null | undefined,
  username: string | null | undefined,
): boolean {
  const account = accountName?.trim().toLowerCase();
  return (
    (!username || username.trim().toLowerCase() === user.username.toLowerCase()) &&
    (!account ||
      account === user.accountName.toLowerCase() ||
      account === user.accountDisplayName.toLowerCase())
  );
}

/** The user's phone or e-mail as the target of a code; null when the user has none. */
export function targetOf(user: TMfaUser, method: 'PHONE' | 'EMAIL'): TCodeTarget | null {
  if (method === 'PHONE') {
    return user.phone
      ? {
          channel: 'sms',
          target: phoneTarget(user.phone, user.phoneCode),
          accountId: user.accountId,
          userId: user.id,
        }
      : null;
  }
  return user.email
    ? { channel: 'email', target: emailTarget(user.email), accountId: user.accountId, userId: user.id }
    : null;
}

/** The audit entry of a change of the user's protection. */
export function auditOf(
  user: TMfaUser,
  action: string,
  info: Record<string, unknown>,
  meta: TRequestMeta,
  now: Date,
): TAuditEntry {
  return {
    accountId: user.accountId,
    userId: user.id,
    username: user.username,
    action,
    objectType: 'user',
    objectId: String(user.id),
    objectName: user.username,
    isSuccess: true,
    info,
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: now,
  };
}
