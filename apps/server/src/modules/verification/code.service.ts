/**
 * Verification codes by SMS and e-mail. A code is six random digits, kept only as an HMAC bound
 * to its purpose and target; it is valid 5 minutes by SMS and 10 by e-mail, serves once, and is
 * spent after five wrong tries. Only the latest code for a purpose and target counts. Sending is
 * limited: a resend (same purpose and target) waits a minute and needs an image captcha; a target
 * gets at most 10 codes an hour whatever their purpose, a client address 30.
 *
 * A verified code answers a checkToken (random, 10 minutes, single use) that later calls present
 * as `authCodeToken`. Wrong, other-purpose and unknown codes are answered alike (4095).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { TCheckResult, TSendCodeResult } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { maskEmail, maskPhone } from '@console/contract/contact-rules';
import type { TAuthCodeType, TAuthMethod, TLanguage } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import type { FastifyBaseLogger } from 'fastify';
import { requireAdapter } from '../../adapters/registry';
import type { TDeps } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { type TAddressSubject, underAddressLimit } from '../address-limit/address-limit.service';
import { writeAudit } from '../audit';
import { requireCaptcha, type TCaptchaAnswer } from '../captcha';
import { deliverCode, failureCodeOf, type TChannel } from './delivery';
import {
  consumeCheckTokenRow,
  consumeCode,
  deleteUnsentCode,
  findCheckToken,
  findLatestCodeForUpdate,
  findSendStats,
  insertCheckToken,
  insertCode,
  lockTarget,
  markCodeSent,
  setCodeAttempts,
  type TCheckTokenRow,
} from './verification.repository';

export type TCodeTarget = {
  channel: TChannel;
  /** `+86 13800000000` or a lower-cased e-mail address (see `phoneTarget`, `emailTarget`). */
  target: string;
  accountId: number | null;
  userId: number | null;
  /** false: handled like any send, but nothing leaves (the decoys of the reset lookup). */
  deliver?: boolean;
  /** How the target is shown, when not derived from it. */
  masked?: string;
};

export const channelOf = (type: TAuthCodeType): TChannel => (type === 'SMS' ? 'sms' : 'email');
export const typeOf = (channel: TChannel): TAuthCodeType => (channel === 'sms' ? 'SMS' : 'EMAIL');

export function phoneTarget(phone: string, phoneCode = '86'): string {
  return `+${phoneCode.replace(/^\+/, '')} ${phone.trim()}`;
}

export function emailTarget(email: string): string {
  return email.trim().toLowerCase();
}

export function maskTarget(target: TCodeTarget): string {
  if (target.masked) return target.masked;
  if (target.channel === 'email') return maskEmail(target.target);
  const [prefix, number = ''] = target.target.split(' ');
  return `${prefix} ${maskPhone(number)}`;
}

function ttlOf(channel: TChannel): number {
  return channel === 'sms' ? Limits.smsCodeTtlSeconds : Limits.emailCodeTtlSeconds;
}

function lockKeyOf(target: string): bigint {
  return createHash('sha256').update(`code-target:${target}`).digest().readBigInt64BE(0);
}

function codeDigest(deps: TDeps, purpose: string, target: string, code: string): Buffer {
  return deps.secrets.digest('code', purpose, target, code);
}

export type TSendInput = {
  purpose: TAuthMethod;
  target: TCodeTarget;
  ip: string | null;
  lang: TLanguage;
  captcha: TCaptchaAnswer;
  requestId?: string | null;
};

export async function sendCode(
  deps: TDeps,
  input: TSendInput,
  log: FastifyBaseLogger,
): Promise<TSendCodeResult> {
  const { target, purpose } = input;
  // No SMS provider or SMTP server on this installation: say so before anything is counted or kept.
  requireAdapter(deps.config, target.channel === 'sms' ? 'sms' : 'email');
  const now = deps.clock.now();
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const ttl = ttlOf(target.channel);
  const code = String(randomInt(0, 1_000_000)).padStart(Limits.codeLength, '0');

  const sendStats = async (db: TDb) => {
    const stats = await findSendStats(db, { target: target.target, purpose, ip: input.ip, since: hourAgo });
    const lastAt = stats.lastAt;
    const waitSeconds = lastAt
      ? Math.ceil((lastAt.getTime() + Limits.resendSeconds * 1000 - now.getTime()) / 1000)
      : 0;
    if (waitSeconds > 0) {
      throw new AppError(ErrorCode.callLimitExceeded, {
        messageKey: 'resendTooSoon',
        params: { seconds: waitSeconds },
        data: { retryAfterSeconds: waitSeconds },
      });
    }
    const isOverTarget = stats.perTarget >= Limits.sendsPerTargetPerHour;
    const isOverIp = input.ip !== null && stats.perIp >= deps.config.codeSendsPerIpPerHour;
    if (isOverTarget || isOverIp) throw new AppError(ErrorCode.callLimitExceeded);
    // A resend for the same purpose goes through the secure-verification step.
    return { isResend: stats.samePurpose > 0 };
  };

  // The captcha is checked (and spent, right or wrong) before the transaction, so that a wrong
  // answer stays spent when the send is refused.
  const isCaptchaChecked = (await sendStats(deps.db)).isResend;
  if (isCaptchaChecked) await requireCaptcha(deps, input.captcha);

  const codeId = await deps.db.transaction(async (tx) => {
    await lockTarget(tx, lockKeyOf(target.target));
    const { isResend } = await sendStats(tx);
    if (isResend && !isCaptchaChecked)
      throw new AppError(ErrorCode.captchaRequired, { data: { captchaRequired: true } });
    const id = await insertCode(tx, {
      purpose,
      channel: target.channel,
      target: target.target,
      accountId: target.accountId,
      userId: target.userId,
      codeHash: codeDigest(deps, purpose, target.target, code),
      ip: input.ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttl * 1000),
    });
    return id;
  });

  // The send's audit entry records its outcome, written with the code's final state: marked sent,
  // or removed when the message did not leave (then it neither counts as sent nor delays a retry).
  const audit = async (tx: TDb, failure: string | null) => {
    if (target.accountId === null) return;
    await writeAudit(tx, {
      accountId: target.accountId,
      userId: target.userId,
      username: null,
      action: 'verification.send',
      objectType: target.channel === 'sms' ? 'phone' : 'email',
      objectName: maskTarget(target),
      isSuccess: failure === null,
      info: failure === null ? { purpose } : { purpose, failure },
      ip: input.ip,
      requestId: input.requestId ?? null,
      createdAt: now,
    });
  };
  if (target.deliver !== false) {
    try {
      await deliverCode(
        deps,
        { channel: target.channel, target: target.target, purpose, code, ttlSeconds: ttl, lang: input.lang },
        log,
      );
    } catch (error) {
      await deps.db.transaction(async (tx) => {
        await deleteUnsentCode(tx, codeId);
        await audit(tx, failureCodeOf(error));
      });
      throw error;
    }
  }
  await deps.db.transaction(async (tx) => {
    await markCodeSent(tx, codeId);
    await audit(tx, null);
  });
  return {
    authCodeType: typeOf(target.channel),
    target: maskTarget(target),
    expiresInSeconds: ttl,
    resendAfterSeconds: Limits.resendSeconds,
  };
}

/**
 * Checks a code against the latest one sent for this purpose and target, and spends it when it
 * matches. 4095 for a wrong code (with the attempts left), 4096 once five wrong codes spent it;
 * the right code learns 4093 when it was used already and 4164 when it expired.
 */
export async function verifyCode(
  deps: TDeps,
  input: { purpose: TAuthMethod; target: Pick<TCodeTarget, 'channel' | 'target'>; code: string },
): Promise<void> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await findLatestCodeForUpdate(tx, {
      purpose: input.purpose,
      target: input.target.target,
      channel: input.target.channel,
    });
    if (!row) return { code: ErrorCode.codeMismatch, remaining: Limits.maxCodeAttempts } as const;
    const isRight = timingSafeEqual(
      row.codeHash,
      codeDigest(deps, input.purpose, input.target.target, input.code.trim()),
    );
    const isExpired = row.expiresAt.getTime() <= now.getTime();
    const isUsed = row.consumedAt !== null;
    if (row.attempts >= Limits.maxCodeAttempts) return { code: ErrorCode.tooManyVerifications } as const;
    if (isRight) {
      // Only the right code learns why it no longer serves.
      if (isUsed) return { code: ErrorCode.codeAlreadyUsed } as const;
      if (isExpired) return { code: ErrorCode.codeExpired } as const;
      await consumeCode(tx, row.id, now);
      return null;
    }
    // A wrong code counts against a live code only.
    if (isUsed || isExpired)
      return { code: ErrorCode.codeMismatch, remaining: Limits.maxCodeAttempts - row.attempts } as const;
    const attempts = row.attempts + 1;
    await setCodeAttempts(tx, row.id, attempts);
    if (attempts >= Limits.maxCodeAttempts) return { code: ErrorCode.tooManyVerifications } as const;
    return { code: ErrorCode.codeMismatch, remaining: Limits.maxCodeAttempts - attempts } as const;
  });
  if (!outcome) return;
  if ('remaining' in outcome)
    throw new AppError(outcome.code, { data: { remainingAttempts: outcome.remaining } });
  throw new AppError(outcome.code);
}

/** Answers of a check that count as a failed guess on the client's address. */
const wrongCodeAnswers: readonly number[] = [ErrorCode.codeMismatch, ErrorCode.tooManyVerifications];

/**
 * A code check of a client (`checkAuthCode`, `checkPhoneAuthCode`): under the limits of its
 * address (decision 0012: wrong codes count; the image captcha after many, 429 while blocked;
 * a block is audited in the account of a user's own target), then `verifyCode`, then the
 * checkToken.
 */
export async function checkCodeFrom(
  deps: TDeps,
  input: { purpose: TAuthMethod; target: TCodeTarget; code: string; captcha: TCaptchaAnswer },
  caller: { ip: string | null; requestId: string | null },
): Promise<TCheckResult> {
  const { target } = input;
  const subject: TAddressSubject =
    target.accountId === null
      ? null
      : {
          accountId: target.accountId,
          userId: target.userId,
          username: null,
          action: 'verification.check',
          objectType: target.channel === 'sms' ? 'phone' : 'email',
          objectName: maskTarget(target),
          info: { purpose: input.purpose, reason: 'wrong_code' },
        };
  await underAddressLimit(
    deps,
    { scope: 'code', ip: caller.ip, requestId: caller.requestId },
    { captcha: input.captcha, subject, isFailure: (error) => wrongCodeAnswers.includes(error.code) },
    () => verifyCode(deps, { purpose: input.purpose, target, code: input.code }),
  );
  return issueCheckToken(deps, { purpose: input.purpose, target });
}

export async function issueCheckToken(
  deps: TDeps,
  input: { purpose: TAuthMethod; target: TCodeTarget },
): Promise<TCheckResult> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await insertCheckToken(deps.db, {
    tokenHash: deps.secrets.digest('check-token', token),
    purpose: input.purpose,
    channel: input.target.channel,
    target: input.target.target,
    accountId: input.target.accountId,
    userId: input.target.userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + Limits.checkTokenTtlSeconds * 1000),
  });
  return { checkToken: token, checkCodeType: typeOf(input.target.channel) };
}

export type TCheckedTarget = {
  purpose: TAuthMethod;
  channel: TChannel;
  target: string;
  accountId: number | null;
  userId: number | null;
};

/**
 * What a live checkToken row proves for one of `purposes`: 4094 when it is unknown or for another
 * purpose, 4093 when it was used already, 4164 when it expired.
 */
function provenBy(row: TCheckTokenRow | null, purposes: readonly TAuthMethod[], now: Date): TCheckedTarget {
  const purpose = purposes.find((p) => p === row?.purpose);
  if (!row || !purpose) throw new AppError(ErrorCode.verificationFailed);
  if (row.consumedAt !== null) throw new AppError(ErrorCode.codeAlreadyUsed);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.codeExpired);
  return { purpose, channel: row.channel, target: row.target, accountId: row.accountId, userId: row.userId };
}

/** What a live checkToken proves, without spending it (same refusals as `consumeCheckToken`). */
export async function peekCheckToken(
  deps: TDeps,
  token: string,
  purposes: readonly TAuthMethod[],
): Promise<TCheckedTarget> {
  const row = await findCheckToken(deps.db, deps.secrets.digest('check-token', token));
  return provenBy(row, purposes, deps.clock.now());
}

/**
 * Spends a checkToken for one of `purposes`, answering what it proves; 4093 when it was used
 * already, 4094 when it is unknown or for another purpose, 4164 when it expired.
 */
export async function consumeCheckToken(
  deps: TDeps,
  token: string,
  purposes: readonly TAuthMethod[],
): Promise<TCheckedTarget> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await findCheckToken(tx, deps.secrets.digest('check-token', token), true);
    const proven = provenBy(row, purposes, now);
    if (row) await consumeCheckTokenRow(tx, row.id, now);
    return proven;
  });
}
