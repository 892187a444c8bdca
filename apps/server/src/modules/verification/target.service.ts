/**
 * Whom a code goes to, when the request names no phone or e-mail itself: a user's own phone or
 * e-mail, or the user found by a reset lookup. The reset lookup (recovery's `getUserByUsername`)
 * answers the same way whether or not the names exist: masked addresses — real ones, or
 * consistent decoys — and an opaque `lookupId` (sealed, valid one hour) that addresses the codes;
 * a decoy's codes are never delivered and never verify. The recovery module makes lookups through
 * `resetLookupOf` and `decoyLookupOf`; the codes find their target through `targetOfLookup`.
 */
import { ErrorCode } from '@console/contract/codes';
import { maskEmail, maskPhone } from '@console/contract/contact-rules';
import type { TDeps } from '../../context';
import { AppError } from '../../errors';
import { emailTarget, phoneTarget, type TCodeTarget } from './code.service';
import type { TChannel } from './delivery';
import { findUserContact } from './verification.repository';

/** A user's own phone or e-mail (a user that is not deleted); 4092 when it has none. */
export async function targetOfUser(
  deps: TDeps,
  channel: TChannel,
  accountId: number,
  userId: number,
): Promise<TCodeTarget> {
  const user = await findUserContact(deps.db, accountId, userId);
  const value = channel === 'sms' ? user?.phone : user?.email;
  if (!user || !value) throw new AppError(ErrorCode.mfaTargetMissing);
  return {
    channel,
    target: channel === 'sms' ? phoneTarget(value, user.phoneCode) : emailTarget(value),
    accountId,
    userId,
  };
}

// ---- the reset lookup ----------------------------------------------------------------------

const lookupTtlMs = 60 * 60_000;

type TLookupPayload = { v: 1; at: number } & ({ a: number; u: number } | { d: string });

/** What a reset lookup answers besides its id: the masked phone and e-mail (or decoys). */
export type TLookupContacts = { phone: string | null; email: string | null; lookupId: string };

const decoyDomains = ['qq.com', '163.com', 'gmail.com', 'outlook.com', '126.com', 'hotmail.com'];

/** Consistent made-up masked addresses for names that do not exist. */
function decoyContacts(digest: Buffer): { phone: string | null; email: string | null } {
  const byte = (i: number) => digest[i] ?? 0;
  const digits = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => String(byte(from + i) % 10)).join('');
  const letters = String.fromCharCode(97 + (byte(10) % 26)) + String.fromCharCode(97 + (byte(11) % 26));
  return {
    phone: byte(8) % 6 === 0 ? null : maskPhone(`1${3 + (byte(0) % 7)}${digits(1, 9)}`),
    email:
      byte(9) % 3 === 0 ? null : maskEmail(`${letters}x@${decoyDomains[byte(12) % decoyDomains.length]}`),
  };
}

function sealLookup(deps: TDeps, payload: TLookupPayload): string {
  return deps.secrets.seal(JSON.stringify(payload));
}

/** The lookup of a user found by its names. */
export function resetLookupOf(
  deps: TDeps,
  user: { accountId: number; userId: number; phone: string | null; email: string | null },
): TLookupContacts {
  const at = deps.clock.now().getTime();
  return {
    phone: user.phone ? maskPhone(user.phone) : null,
    email: user.email ? maskEmail(user.email) : null,
    lookupId: sealLookup(deps, { v: 1, at, a: user.accountId, u: user.userId }),
  };
}

/** The lookup of names that name nobody: decoys derived from the names, the same each time. */
export function decoyLookupOf(deps: TDeps, accountName: string, username: string): TLookupContacts {
  const at = deps.clock.now().getTime();
  const digest = deps.secrets.digest('reset-decoy', accountName, username);
  return {
    ...decoyContacts(digest),
    lookupId: sealLookup(deps, { v: 1, at, d: digest.toString('hex') }),
  };
}

/**
 * The target of a code for a reset lookup: the user's own phone or e-mail, or, for a decoy, a
 * target that is never delivered to (and whose codes therefore never verify). 4094 for a forged
 * lookup, 4160 for an expired one.
 */
export async function targetOfLookup(deps: TDeps, lookupId: string, channel: TChannel): Promise<TCodeTarget> {
  let payload: TLookupPayload;
  try {
    payload = JSON.parse(deps.secrets.open(lookupId)) as TLookupPayload;
  } catch {
    throw new AppError(ErrorCode.verificationFailed);
  }
  if (payload.v !== 1 || deps.clock.now().getTime() - payload.at > lookupTtlMs) {
    throw new AppError(ErrorCode.challengeExpired);
  }
  if ('d' in payload) {
    const decoy = decoyContacts(Buffer.from(payload.d, 'hex'));
    const masked = channel === 'sms' ? decoy.phone : decoy.email;
    if (!masked) throw new AppError(ErrorCode.mfaTargetMissing);
    return {
      channel,
      target: `decoy:${payload.d}:${channel}`,
      accountId: null,
      userId: null,
      deliver: false,
      masked: channel === 'sms' ? `+86 ${masked}` : masked,
    };
  }
  const user = await findUserContact(deps.db, payload.a, payload.u, true);
  const value = channel === 'sms' ? user?.phone : user?.email;
  if (!user || !value) throw new AppError(ErrorCode.mfaTargetMissing);
  return {
    channel,
    target: channel === 'sms' ? phoneTarget(value, user.phoneCode) : emailTarget(value),
    accountId: payload.a,
    userId: payload.u,
  };
}
