/**
 * Limits per client address, across names and accounts (decision 0012): against password
 * spraying, credential stuffing and guessing codes, names or invite codes from one address.
 *
 * Each kind of attempt (`scope`) counts its failures per address in a fixed window
 * (`ADDRESS_LIMIT_WINDOW_SECONDS`). From `ADDRESS_CAPTCHA_AFTER_FAILURES` on, every attempt of that
 * kind from the address needs the image captcha; the failure reaching `ADDRESS_BLOCK_AFTER_FAILURES`
 * blocks the address for `ADDRESS_BLOCK_SECONDS` (429 with `Retry-After`). After a block the
 * address is back in the captcha phase for a new window. Successes relieve nothing: a caller
 * owning one account could otherwise reset the count between guesses. IPv6 addresses count per
 * /64, the block a single subscriber usually holds.
 */
import { isIP } from 'node:net';
import { ErrorCode } from '@console/contract/codes';
import ipaddr from 'ipaddr.js';
import type { TConfig } from '../../config';
import type { TDeps } from '../../context';
import { AppError } from '../../errors';
import { writeAudit } from '../audit';
import { requireCaptcha, type TCaptchaAnswer } from '../captcha';
import {
  countAddressFailure,
  findAddressAttempt,
  type TAddressCount,
  type TAddressRow,
  type TAddressScope,
  type TBlockAudit,
} from './address-limit.repository';

export type { TAddressRow, TAddressScope };

type TLimits = TConfig['addressLimits'];

export type TAddressPhase = 'clear' | 'captcha' | 'blocked';
export type TAddressState = { phase: TAddressPhase; retryAfterSeconds: number };

const clear: TAddressState = { phase: 'clear', retryAfterSeconds: 0 };

/**
 * What an address counts under: an IPv4 address as it is (also when written IPv4-mapped), an
 * IPv6 address by its /64; null without an address (then no limit applies).
 */
export function addressKeyOf(ip: string | null | undefined): string | null {
  const text = (ip?.trim() ?? '').replace(/%.*$/, '');
  if (isIP(text) === 0) return null;
  // ipaddr.js: an IPv4-mapped IPv6 address is processed into its IPv4 address.
  const address = ipaddr.process(text);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

/** Where an address stands at `now`, from its row. */
export function addressStateOf(row: TAddressRow | null, now: Date, limits: TLimits): TAddressState {
  if (!row) return clear;
  const at = now.getTime();
  const windowStart = at - limits.windowSeconds * 1000;
  const blockedUntil = row.blockedUntil?.getTime() ?? null;
  if (blockedUntil !== null && blockedUntil > at) {
    return { phase: 'blocked', retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil - at) / 1000)) };
  }
  const isAfterBlock = blockedUntil !== null && blockedUntil > windowStart;
  const isWindowLive = row.windowStartedAt.getTime() > windowStart;
  if (isAfterBlock || (isWindowLive && row.failures >= limits.captchaAfterFailures)) {
    return { phase: 'captcha', retryAfterSeconds: 0 };
  }
  return clear;
}

/** The bounds of counting one failure of `address` at `now`. */
export function addressCountOf(
  limits: TLimits,
  address: string,
  scope: TAddressScope,
  now: Date,
): TAddressCount {
  return {
    address,
    scope,
    now,
    windowStart: new Date(now.getTime() - limits.windowSeconds * 1000),
    blockAfter: limits.blockAfterFailures,
    blockUntil: new Date(now.getTime() + limits.blockSeconds * 1000),
    restartAt: Math.max(0, Math.min(limits.captchaAfterFailures, limits.blockAfterFailures - 1)),
  };
}

/** 429 with `Retry-After`: the address is blocked for that many more seconds. */
export function addressBlocked(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(ErrorCode.tooManyRequests, {
    messageKey: 'addressBlocked',
    params: { seconds },
    headers: { 'retry-after': String(seconds) },
    data: { retryAfterSeconds: seconds },
  });
}

/** The caller of a limited attempt. */
export type TAddressCaller = { scope: TAddressScope; ip: string | null; requestId: string | null };

/**
 * What an attempt is about, for the named account's audit log: its refusals by a block, and the
 * failure that starts a block. Null when no account is known.
 */
export type TAddressSubject = Omit<TBlockAudit, 'ip' | 'requestId'> | null;

export async function readAddressState(deps: TDeps, caller: TAddressCaller): Promise<TAddressState> {
  const address = addressKeyOf(caller.ip);
  if (!address) return clear;
  const row = await findAddressAttempt(deps.db, address, caller.scope);
  return addressStateOf(row, deps.clock.now(), deps.config.addressLimits);
}

/** Audits a refusal by a block in the named account. */
export async function auditBlockedAttempt(
  deps: TDeps,
  caller: TAddressCaller,
  subject: TAddressSubject,
): Promise<void> {
  if (!subject) return;
  await writeAudit(deps.db, {
    accountId: subject.accountId,
    userId: subject.userId,
    username: subject.username,
    action: subject.action,
    objectType: subject.objectType,
    objectName: subject.objectName,
    isSuccess: false,
    info: { ...subject.info, reason: 'address_blocked' },
    ip: caller.ip,
    requestId: caller.requestId,
    createdAt: deps.clock.now(),
  });
}

/**
 * Refuses an attempt from a blocked address (429, audited in the named account), and in the
 * captcha phase requires the image captcha when the route carries one (`captcha` given).
 */
export async function guardAddress(
  deps: TDeps,
  caller: TAddressCaller,
  options: { captcha?: TCaptchaAnswer; subject?: TAddressSubject } = {},
): Promise<TAddressState> {
  const state = await readAddressState(deps, caller);
  if (state.phase === 'blocked') {
    await auditBlockedAttempt(deps, caller, options.subject ?? null);
    throw addressBlocked(state.retryAfterSeconds);
  }
  if (state.phase === 'captcha' && options.captcha) await requireCaptcha(deps, options.captcha);
  return state;
}

/**
 * Counts one failure of the caller's address; when it starts a block, the named account's audit
 * log says so in the same statement. Answers where the address stands now.
 */
export async function countFailure(
  deps: TDeps,
  caller: TAddressCaller,
  subject: TAddressSubject = null,
): Promise<TAddressState & { isBlockStart: boolean }> {
  const address = addressKeyOf(caller.ip);
  if (!address) return { ...clear, isBlockStart: false };
  const now = deps.clock.now();
  const limits = deps.config.addressLimits;
  const counted = await countAddressFailure(
    deps.db,
    addressCountOf(limits, address, caller.scope, now),
    subject ? { ...subject, ip: caller.ip, requestId: caller.requestId } : null,
  );
  return { ...addressStateOf(counted.row, now, limits), isBlockStart: counted.isBlockStart };
}

/**
 * Runs an attempt under the address limits: refused while blocked, with the captcha in the captcha
 * phase (when `captcha` is given), and its failures (`isFailure`) counted. The failure that starts
 * a block is answered 429 itself.
 */
export async function underAddressLimit<T>(
  deps: TDeps,
  caller: TAddressCaller,
  options: {
    captcha?: TCaptchaAnswer;
    subject?: TAddressSubject;
    isFailure: (error: AppError) => boolean;
  },
  attempt: () => Promise<T>,
): Promise<T> {
  await guardAddress(deps, caller, options);
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof AppError && options.isFailure(error)) {
      const counted = await countFailure(deps, caller, options.subject ?? null);
      if (counted.isBlockStart) throw addressBlocked(counted.retryAfterSeconds);
    }
    throw error;
  }
}
