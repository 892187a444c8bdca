/**
 * Recovery without a session. Accounts and usernames are revealed only after a code sent to the
 * phone or e-mail was verified (a checkToken of the purpose, for that very target). The reset
 * lookup answers the same way whether or not the names exist: it shows masked addresses — real
 * ones, or consistent decoys — and an opaque `lookupId` that addresses the codes; a decoy's codes
 * are never delivered and never verify.
 *
 * Each runs under the limits of the client's address (decision 0012, scope `recovery`): refused
 * proofs count, and so does every reset lookup (whether it found someone cannot count: that would
 * tell); the reset lookup needs the image captcha after many, and all answer 429 while blocked.
 */

import type { TFoundAccount, TFoundUsernames, TResetLookup } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { maskEmail, maskPhone } from '@console/contract/contact-rules';
import type { TAuthMethod } from '@console/contract/enums';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../context';
import { rowsOf } from '../../db/client';
import { AppError } from '../../errors';
import { loginAddressOf } from '../account/account.service';
import {
  countFailure,
  guardAddress,
  type TAddressCaller,
  underAddressLimit,
} from '../address-limit/address-limit.service';
import type { TCaptchaAnswer } from '../verification/captcha.service';
import { consumeCheckToken, emailTarget, phoneTarget, type TCodeTarget } from '../verification/code.service';
import type { TChannel } from '../verification/delivery';

const lookupTtlMs = 60 * 60_000;

type TLookupPayload = { v: 1; at: number } & ({ a: number; u: number } | { d: string });

/** Where the codes of a verified lookup may go, as an exact target. */
function targetOfContact(
  registerType: 'phone' | 'email',
  registerData: string,
  phoneCode?: string,
): { channel: TChannel; target: string } {
  return registerType === 'phone'
    ? { channel: 'sms', target: phoneTarget(registerData, phoneCode) }
    : { channel: 'email', target: emailTarget(registerData) };
}

/** The client of a recovery call. */
export type TRecoveryCaller = Omit<TAddressCaller, 'scope'>;

/** Refusals of a proof (unknown, spent, expired, another target): count on the address. */
const refusedProof: readonly number[] = [ErrorCode.codeAlreadyUsed, ErrorCode.verificationFailed];

/** Runs a lookup by a verified code under the address limits (its proof's refusals count). */
function underRecoveryLimit<T>(deps: TDeps, caller: TRecoveryCaller, run: () => Promise<T>): Promise<T> {
  return underAddressLimit(
    deps,
    { ...caller, scope: 'recovery' },
    { isFailure: (error) => refusedProof.includes(error.code) },
    run,
  );
}

/** Spends a checkToken that must prove `purpose` for exactly this phone or e-mail. */
async function requireVerified(
  deps: TDeps,
  checkToken: string,
  purpose: TAuthMethod,
  contact: { channel: TChannel; target: string },
): Promise<void> {
  const checked = await consumeCheckToken(deps, checkToken, [purpose]);
  if (checked.channel !== contact.channel || checked.target !== contact.target) {
    throw new AppError(ErrorCode.verificationFailed);
  }
}

/** Matches a target against users' phones (`+<code> <number>`) or e-mails. */
function userContactMatch(contact: { channel: TChannel; target: string }) {
  return contact.channel === 'sms'
    ? sql`('+' || u.phone_code || ' ' || u.phone) = ${contact.target}`
    : sql`lower(u.email) = ${contact.target}`;
}

export async function findAccounts(
  deps: TDeps,
  body: { registerData: string; registerType: 'phone' | 'email'; phoneCode?: string | undefined },
  checkToken: string,
  caller: TRecoveryCaller,
): Promise<TFoundAccount[]> {
  const contact = targetOfContact(body.registerType, body.registerData, body.phoneCode);
  await underRecoveryLimit(deps, caller, () =>
    requireVerified(deps, checkToken, 'FIND_ACCOUNT_FORM', contact),
  );
  const registered =
    contact.channel === 'sms'
      ? sql`a.registration_phone = ${contact.target}`
      : sql`lower(a.registration_email) = ${contact.target}`;
  const rows = rowsOf<{ name: string; display_name: string }>(
    await deps.db.execute(sql`
      select a.name, a.display_name from accounts a
      where a.status <> 2 and (${registered} or exists (
        select 1 from users u where u.account_id = a.id and u.deleted_at is null and u.kind = 'regular'
          and ${userContactMatch(contact)}))
      order by a.created_at, a.id`),
  );
  return rows.map((r) => ({
    name: r.name,
    displayName: r.display_name,
    loginAddress: loginAddressOf(deps.config, r.name),
  }));
}

export async function findUsernames(
  deps: TDeps,
  body: {
    accountName: string;
    registerData: string;
    registerType: 'phone' | 'email';
    phoneCode?: string | undefined;
  },
  checkToken: string,
  caller: TRecoveryCaller,
): Promise<TFoundUsernames> {
  const contact = targetOfContact(body.registerType, body.registerData, body.phoneCode);
  await underRecoveryLimit(deps, caller, () =>
    requireVerified(deps, checkToken, 'FIND_USERNAME_FORM', contact),
  );
  const name = body.accountName.trim().toLowerCase();
  const rows = rowsOf<{ username: string }>(
    await deps.db.execute(sql`
      select u.username from users u join accounts a on a.id = u.account_id
      where (lower(a.display_name) = ${name} or lower(a.name) = ${name})
        and u.deleted_at is null and u.kind = 'regular' and ${userContactMatch(contact)}
      order by u.username`),
  );
  const usernames = [...new Set(rows.map((r) => r.username))];
  return { usernames, count: usernames.length };
}

// ---- the reset lookup ----------------------------------------------------------------------

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

export async function lookupForReset(
  deps: TDeps,
  accountName: string,
  username: string,
  caller: TRecoveryCaller,
  captcha: TCaptchaAnswer,
): Promise<TResetLookup> {
  // Every lookup counts, found or not, and alike: the address's count must not tell them apart.
  const limited = { ...caller, scope: 'recovery' } as const;
  await guardAddress(deps, limited, { captcha });
  await countFailure(deps, limited);
  const name = accountName.trim().toLowerCase();
  const rows = rowsOf<{ account_id: number; id: number; phone: string | null; email: string | null }>(
    await deps.db.execute(sql`
      select u.account_id, u.id, u.phone, u.email from users u join accounts a on a.id = u.account_id
      where (lower(a.display_name) = ${name} or lower(a.name) = ${name}) and lower(u.username) = ${username.trim().toLowerCase()}
        and u.deleted_at is null and u.kind = 'regular'
      order by (lower(a.display_name) = ${name}) desc limit 1`),
  );
  const user = rows[0];
  const at = deps.clock.now().getTime();
  if (user) {
    const payload: TLookupPayload = { v: 1, at, a: Number(user.account_id), u: Number(user.id) };
    return {
      accountId: null,
      id: null,
      phone: user.phone ? maskPhone(user.phone) : null,
      email: user.email ? maskEmail(user.email) : null,
      lookupId: deps.secrets.seal(JSON.stringify(payload)),
    };
  }
  const digest = deps.secrets.digest('reset-decoy', name, username.trim().toLowerCase());
  const payload: TLookupPayload = { v: 1, at, d: digest.toString('hex') };
  return {
    accountId: null,
    id: null,
    ...decoyContacts(digest),
    lookupId: deps.secrets.seal(JSON.stringify(payload)),
  };
}

/**
 * The target of a code for a reset lookup: the user's own phone or e-mail, or, for a decoy, a
 * target that is never delivered to (and whose codes therefore never verify).
 */
export async function targetOfLookup(deps: TDeps, lookupId: string, channel: TChannel): Promise<TCodeTarget> {
  let payload: TLookupPayload;
  try {
    payload = JSON.parse(deps.secrets.open(lookupId)) as TLookupPayload;
  } catch {
    throw new AppError(ErrorCode.verificationFailed);
  }
  if (payload.v !== 1 || deps.clock.now().getTime() - payload.at > lookupTtlMs) {
    throw new AppError(ErrorCode.verificationFailed, { messageKey: 'challengeExpired' });
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
  const rows = rowsOf<{ phone: string | null; phone_code: string; email: string | null }>(
    await deps.db.execute(sql`
      select phone, phone_code, email from users
      where id = ${payload.u} and account_id = ${payload.a} and deleted_at is null and kind = 'regular'`),
  );
  const user = rows[0];
  const value = channel === 'sms' ? user?.phone : user?.email;
  if (!user || !value) throw new AppError(ErrorCode.mfaTargetMissing);
  return {
    channel,
    target: channel === 'sms' ? phoneTarget(value, user.phone_code) : emailTarget(value),
    accountId: payload.a,
    userId: payload.u,
  };
}
