import { eq } from 'drizzle-orm';
import type { TDb, TQuery } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import {
  addressPlaceholders,
  addressRowOf,
  addressValues,
  countAddressFailureSql,
  noAddressValues,
  type TAddressCount,
  type TAddressRow,
} from '../address-limit/address-limit.repository';

export type TLoginUser = {
  id: number;
  username: string;
  displayName: string;
  passwordHash: string;
  kind: 'regular' | 'service';
  isEnabled: boolean;
  isDeleted: boolean;
  mustResetPassword: boolean;
  phone: string | null;
  email: string | null;
  mfaEnabled: boolean;
  passwordChangedAt: Date;
  /** Whether the user is an account administrator; read only when the account uses single sign-on. */
  isAdmin: boolean;
};

export type TAttempt = { failures: number; lockedUntil: Date | null };

export type TLoginLookup = {
  /** The account named at sign-in, when it exists. */
  account: {
    id: number;
    displayName: string;
    status: number;
    mfaRequired: boolean;
    passwordExpireDays: number;
    /** Single sign-on: off, on (password login for nobody), or on with administrator password login. */
    sso: 'off' | 'on' | 'on_admin_password';
  } | null;
  /** Its user of the typed username, when both exist. */
  user: TLoginUser | null;
  /** The wrong-password count of the typed names, when there is one. */
  attempt: TAttempt | null;
  /** The sign-in failures of the client's address, when there are any. */
  address: TAddressRow | null;
};

type TLookupRaw = {
  account_id: number | null;
  account_display_name: string | null;
  account_status: number | null;
  account_mfa_required: boolean | null;
  password_expire_days: number | null;
  sso_mode: number | null;
  is_admin: boolean | null;
  user_id: number | null;
  username: string | null;
  display_name: string | null;
  password_hash: string | null;
  kind: 'regular' | 'service' | null;
  is_enabled: boolean | null;
  deleted_at: unknown;
  must_reset_password: boolean | null;
  phone: string | null;
  email: string | null;
  mfa_enabled: boolean | null;
  password_changed_at: Date | string | null;
  failures: number | null;
  locked_until: Date | string | null;
  address_failures: number | null;
  address_window_started_at: Date | string | null;
  address_blocked_until: Date | string | null;
};

/**
 * Everything a sign-in needs to decide, in one query that answers one row whatever exists: the
 * account named (by display name, else by account name, case-insensitively), its user of that
 * username, the wrong-password count of the typed names and the sign-in failures of the client's
 * address (`address` null: none).
 */
export async function findLoginLookup(
  query: TQuery,
  accountName: string,
  username: string,
  attemptKey: Buffer,
  address: string | null,
): Promise<TLoginLookup> {
  const rows = await query<TLookupRaw>(
    'login_lookup',
    `select c.*, adm.is_admin, la.failures, la.locked_until, aa.failures as address_failures,
            aa.window_started_at as address_window_started_at, aa.blocked_until as address_blocked_until
     from (select 1) as one
     left join lateral (
       select a.id as account_id, a.display_name as account_display_name, a.status as account_status,
              a.mfa_required as account_mfa_required,
              (select pp.expire_days from password_policies pp where pp.account_id = a.id) as password_expire_days,
              (select case when sc.enabled then (case when sc.support_admin_login then 2 else 1 end) else 0 end
                 from sso_configs sc where sc.account_id = a.id) as sso_mode,
              u.id as user_id, u.username, u.display_name, u.password_hash, u.kind, u.is_enabled,
              u.deleted_at, u.must_reset_password, u.phone, u.email, u.mfa_enabled, u.password_changed_at
       from accounts a
       left join users u on u.account_id = a.id and lower(u.username) = lower($2)
       where lower(a.display_name) = lower($1) or lower(a.name) = lower($1)
       order by (lower(a.display_name) = lower($1)) desc
       limit 1
     ) c on true
     left join lateral (
       select case when c.sso_mode > 0 then exists (
                select 1 from user_roles ur join roles r on r.id = ur.role_id
                where ur.user_id = c.user_id and r.code = 'account_admin') end as is_admin
     ) adm on true
     left join login_attempts la on la.key = $3
     left join address_attempts aa on aa.address = $4::text and aa.scope = 'login'`,
    [accountName, username, attemptKey, address],
  );
  const r = rows[0];
  if (!r) throw new Error('login lookup returned no row');
  return {
    account:
      r.account_id === null
        ? null
        : {
            id: Number(r.account_id),
            displayName: r.account_display_name ?? '',
            status: Number(r.account_status),
            mfaRequired: r.account_mfa_required === true,
            passwordExpireDays: Number(r.password_expire_days ?? 0),
            sso: r.sso_mode === 2 ? 'on_admin_password' : r.sso_mode === 1 ? 'on' : 'off',
          },
    user:
      r.user_id === null
        ? null
        : {
            id: Number(r.user_id),
            username: r.username ?? '',
            displayName: r.display_name ?? '',
            passwordHash: r.password_hash ?? '',
            kind: r.kind ?? 'regular',
            isEnabled: r.is_enabled === true,
            isDeleted: r.deleted_at !== null,
            mustResetPassword: r.must_reset_password === true,
            phone: r.phone,
            email: r.email,
            mfaEnabled: r.mfa_enabled === true,
            passwordChangedAt: new Date(r.password_changed_at ?? 0),
            isAdmin: r.is_admin === true,
          },
    attempt:
      r.failures === null
        ? null
        : {
            failures: Number(r.failures),
            lockedUntil: r.locked_until === null ? null : new Date(r.locked_until),
          },
    address: addressRowOf({
      failures: r.address_failures,
      window_started_at: r.address_window_started_at,
      blocked_until: r.address_blocked_until,
    }),
  };
}

/** The wrong-password count of the typed names and the sign-in failures of the address, in one query. */
export async function findAttemptAndAddress(
  query: TQuery,
  key: Buffer,
  address: string | null,
): Promise<{ attempt: TAttempt | null; address: TAddressRow | null }> {
  const rows = await query<{
    failures: number | null;
    locked_until: Date | string | null;
    address_failures: number | null;
    address_window_started_at: Date | string | null;
    address_blocked_until: Date | string | null;
  }>(
    'login_attempt_and_address',
    `select la.failures, la.locked_until, aa.failures as address_failures,
            aa.window_started_at as address_window_started_at, aa.blocked_until as address_blocked_until
     from (select 1) as one
     left join login_attempts la on la.key = $1
     left join address_attempts aa on aa.address = $2::text and aa.scope = 'login'`,
    [key, address],
  );
  const r = rows[0];
  if (!r) throw new Error('attempt lookup returned no row');
  return {
    attempt:
      r.failures === null
        ? null
        : {
            failures: Number(r.failures),
            lockedUntil: r.locked_until === null ? null : new Date(r.locked_until),
          },
    address: addressRowOf({
      failures: r.address_failures,
      window_started_at: r.address_window_started_at,
      blocked_until: r.address_blocked_until,
    }),
  };
}

/** A counted failure: the name's count, and the address's when there is an address. */
export type TCountedFailure = TAttempt & { address: TAddressRow | null; isAddressBlockStart: boolean };

/**
 * Counts one more wrong password atomically, on the typed names and on the client's address, and
 * audits it in the named account when that exists, in one statement. Once `maxFailures` is reached
 * the name is locked until `now + lockSeconds`; a count whose lock has ended starts again at 1.
 * The address counts as `countAddressFailureSql` says; the entry notes a block it starts.
 */
export async function recordFailure(
  query: TQuery,
  input: {
    key: Buffer;
    now: Date;
    maxFailures: number;
    lockSeconds: number;
    accountId: number | null;
    userId: number | null;
    username: string;
    ip: string | null;
    requestId: string | null;
    /** Why the attempt failed: a wrong password (default) or a wrong second-step code. */
    reason?: 'wrong_password' | 'wrong_code';
    /** The failure of the client's address to count too (null: no address). */
    address: TAddressCount | null;
  },
): Promise<TCountedFailure> {
  const lockUntil = new Date(input.now.getTime() + input.lockSeconds * 1000);
  const rows = await query<{
    failures: number;
    locked_until: Date | string | null;
    address_failures: number | null;
    address_window_started_at: Date | string | null;
    address_blocked_until: Date | string | null;
    is_block_start: boolean | null;
  }>(
    'login_record_failure',
    `with counted as (
       insert into login_attempts as la (key, failures, locked_until, updated_at)
       values ($1, 1, case when 1 >= $3::int then $4::timestamptz end, $2::timestamptz)
       on conflict (key) do update set
         failures = case when la.locked_until is not null and la.locked_until <= $2::timestamptz
                         then 1 else la.failures + 1 end,
         locked_until = case when (case when la.locked_until is not null and la.locked_until <= $2::timestamptz
                                        then 1 else la.failures + 1 end) >= $3::int
                             then $4::timestamptz end,
         updated_at = $2::timestamptz
       returning failures, locked_until
     ), addressed as (
       ${countAddressFailureSql(addressPlaceholders(11), '$11::text is not null')}
     ), audited as (
       insert into audit_entries (account_id, user_id, username, action, object_type, object_name, status, info, ip,
                                  request_id, created_at)
       select $5::bigint, $6::bigint, $7::text, 'auth.login', 'session', $7::text, 0,
              jsonb_build_object('reason', $10::text, 'failures', counted.failures,
                                 'locked', counted.locked_until is not null)
                || case when ad.is_block_start then jsonb_build_object('addressBlocked', true) else '{}'::jsonb end,
              $8::text, $9::text, $2::timestamptz
       from counted left join addressed ad on true where $5::bigint is not null
     )
     select c.failures, c.locked_until, ad.failures as address_failures,
            ad.window_started_at as address_window_started_at, ad.blocked_until as address_blocked_until,
            ad.is_block_start
     from counted c left join addressed ad on true`,
    [
      input.key,
      input.now,
      input.maxFailures,
      lockUntil,
      input.accountId,
      input.userId,
      input.username,
      input.ip,
      input.requestId,
      input.reason ?? 'wrong_password',
      ...(input.address ? addressValues(input.address) : noAddressValues),
    ],
  );
  const r = rows[0];
  if (!r) throw new Error('login_attempts upsert returned no row');
  return {
    failures: Number(r.failures),
    lockedUntil: r.locked_until === null ? null : new Date(r.locked_until),
    address: addressRowOf({
      failures: r.address_failures,
      window_started_at: r.address_window_started_at,
      blocked_until: r.address_blocked_until,
    }),
    isAddressBlockStart: r.is_block_start === true,
  };
}

export async function clearAttempts(db: TDb, key: Buffer): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

export type TResourceRow = { resourceName: string; resourceType: number };

/**
 * Completes a sign-in in one statement (hence one transaction): clears the wrong-password count,
 * creates the session, records the sign-in on the user and in the audit log, and answers the
 * user's resource authorisations.
 */
export async function completeLogin(
  query: TQuery,
  input: {
    attemptKey: Buffer;
    tokenHash: Buffer;
    accountId: number;
    userId: number;
    username: string;
    now: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
    requestId: string | null;
    /** How the user proved who they are, when not by password: `sso_oidc`, `sso_saml`, `third_party:<id>`. */
    method?: string | null;
  },
): Promise<TResourceRow[]> {
  const rows = await query<{ resource_name: string; resource_type: number }>(
    'login_complete',
    `with cleared as (
       delete from login_attempts where key = $1
     ), created as (
       insert into sessions (token_hash, account_id, user_id, created_at, last_seen_at, expires_at, ip, user_agent)
       values ($2, $3, $4, $6::timestamptz, $6::timestamptz, $7::timestamptz, $8::text, $9::text)
       returning id
     ), signed_in as (
       update users set previous_login_at = last_login_at, previous_login_ip = last_login_ip,
                        last_login_at = $6::timestamptz, last_login_ip = $8::text
       where id = $4 and account_id = $3
       returning id
     ), audited as (
       -- Reading signed_in makes the user's row locked before the entry locks the account's audit
       -- chain head: the head is taken last, as in every transaction, else a sign-in could hold it
       -- while waiting for the user's row that an administrator's change holds (a deadlock).
       insert into audit_entries (account_id, user_id, username, action, object_type, object_id, object_name,
                                  status, info, ip, request_id, created_at)
       select $3, $4, $5::text, 'auth.login', 'session', created.id::text, $5::text, 1,
              jsonb_strip_nulls(jsonb_build_object('userAgent', $9::text, 'method', $11::text)), $8::text, $10::text, $6::timestamptz
       from created cross join (select count(*) from signed_in) as ordered
     )
     select rr.resource_name, rr.resource_type
     from user_roles ur join role_resources rr on rr.role_id = ur.role_id
     where ur.user_id = $4 and ur.account_id = $3
     group by rr.resource_name, rr.resource_type
     order by rr.resource_type, rr.resource_name`,
    [
      input.attemptKey,
      input.tokenHash,
      input.accountId,
      input.userId,
      input.username,
      input.now,
      input.expiresAt,
      input.ip,
      input.userAgent,
      input.requestId,
      input.method ?? null,
    ],
  );
  return rows.map((r) => ({ resourceName: r.resource_name, resourceType: Number(r.resource_type) }));
}
