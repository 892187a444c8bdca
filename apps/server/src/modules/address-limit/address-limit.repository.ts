/**
 * The failure counts of client addresses (`address_attempts`, decision 0012). A failure is counted
 * with one atomic upsert; sign-in folds that upsert into its own failure statement (see
 * `auth.repository.ts`), so the text of the upsert is built here once, with the caller's placeholders.
 */
import { and, eq } from 'drizzle-orm';
import type { TDb, TQuery } from '../../db/client';
import { addressAttempts } from '../../db/schema';

export type TAddressScope = 'login' | 'code' | 'recovery' | 'registration';

export type TAddressRow = { failures: number; windowStartedAt: Date; blockedUntil: Date | null };

/** One failure to count, with the bounds the service derived from the settings and the clock. */
export type TAddressCount = {
  address: string;
  scope: TAddressScope;
  now: Date;
  /** Failures counted before this instant belong to an ended window. */
  windowStart: Date;
  /** The failure that brings the count to this starts a block… */
  blockAfter: number;
  /** …that lasts until then. */
  blockUntil: Date;
  /** Where the count starts again after a block that ended within the window (the captcha phase). */
  restartAt: number;
};

/** Placeholders (with their casts) of the values of `TAddressCount` in a statement. */
export type TAddressPlaceholders = Record<keyof TAddressCount, string>;

/** The values of a count in the order of `addressPlaceholders(first)`. */
export function addressValues(count: TAddressCount): unknown[] {
  return [
    count.address,
    count.scope,
    count.now,
    count.windowStart,
    count.blockAfter,
    count.blockUntil,
    count.restartAt,
  ];
}

/** The values of no count (the statement skips it). */
export const noAddressValues: readonly unknown[] = [null, null, null, null, null, null, null];

/** Numbered placeholders `$first…$first+6` for `addressValues`. */
export function addressPlaceholders(first: number): TAddressPlaceholders {
  return {
    address: `$${first}::text`,
    scope: `$${first + 1}::text`,
    now: `$${first + 2}::timestamptz`,
    windowStart: `$${first + 3}::timestamptz`,
    blockAfter: `$${first + 4}::int`,
    blockUntil: `$${first + 5}::timestamptz`,
    restartAt: `$${first + 6}::int`,
  };
}

/**
 * The upsert counting one failure, answering `failures, window_started_at, blocked_until,
 * is_block_start`. A count lives in a fixed window from its first failure; a failure after the
 * window starts again at 1. The failure reaching `blockAfter` blocks until `blockUntil`; a live
 * block is never extended. The first failure after a block that ended within the window starts a
 * new window at `restartAt` (the captcha phase), so the next block needs as many failures again.
 * `where` (e.g. `$11::text is not null`) lets a caller skip it.
 */
export function countAddressFailureSql(p: TAddressPlaceholders, where = 'true'): string {
  const blockEnded = `(aa.blocked_until <= ${p.now} and aa.blocked_until > ${p.windowStart})`;
  const next = `(case when aa.blocked_until > ${p.now} then aa.failures + 1
                      when ${blockEnded} then ${p.restartAt} + 1
                      when aa.window_started_at <= ${p.windowStart} then 1
                      else aa.failures + 1 end)`;
  return `insert into address_attempts as aa (address, scope, failures, window_started_at, blocked_until, updated_at)
       select ${p.address}, ${p.scope}, 1, ${p.now}, case when 1 >= ${p.blockAfter} then ${p.blockUntil} end, ${p.now}
       where ${where}
       on conflict (address, scope) do update set
         failures = ${next},
         window_started_at = case when ${blockEnded} or aa.window_started_at <= ${p.windowStart}
                                  then ${p.now} else aa.window_started_at end,
         blocked_until = case when aa.blocked_until > ${p.now} then aa.blocked_until
                              when ${next} >= ${p.blockAfter} then ${p.blockUntil} end,
         updated_at = ${p.now}
       returning failures, window_started_at, blocked_until,
                 coalesce(blocked_until = ${p.blockUntil}, false) as is_block_start`;
}

export type TAddressCountRaw = {
  failures: number | null;
  window_started_at: Date | string | null;
  blocked_until: Date | string | null;
  is_block_start: boolean | null;
};

export function addressRowOf(raw: {
  failures: number | null;
  window_started_at: Date | string | null;
  blocked_until: Date | string | null;
}): TAddressRow | null {
  if (raw.failures === null || raw.window_started_at === null) return null;
  return {
    failures: Number(raw.failures),
    windowStartedAt: new Date(raw.window_started_at),
    blockedUntil: raw.blocked_until === null ? null : new Date(raw.blocked_until),
  };
}

export async function findAddressAttempt(
  db: TDb,
  address: string,
  scope: TAddressScope,
): Promise<TAddressRow | null> {
  const rows = await db
    .select({
      failures: addressAttempts.failures,
      windowStartedAt: addressAttempts.windowStartedAt,
      blockedUntil: addressAttempts.blockedUntil,
    })
    .from(addressAttempts)
    .where(and(eq(addressAttempts.address, address), eq(addressAttempts.scope, scope)));
  return rows[0] ?? null;
}

/** An audit entry written by the counting statement when its failure starts a block. */
export type TBlockAudit = {
  accountId: number;
  userId: number | null;
  username: string | null;
  action: string;
  objectType: string;
  objectName: string | null;
  info: Record<string, unknown>;
  ip: string | null;
  requestId: string | null;
};

/**
 * Counts one failure of an address in one statement (hence one transaction), with the audit entry
 * of the block it may start in the named account.
 */
export async function countAddressFailure(
  query: TQuery,
  count: TAddressCount,
  audit: TBlockAudit | null,
): Promise<{ row: TAddressRow; isBlockStart: boolean }> {
  const rows = await query<TAddressCountRaw>(
    'address_count_failure',
    `with counted as (
       ${countAddressFailureSql(addressPlaceholders(1))}
     ), audited as (
       insert into audit_entries (account_id, user_id, username, action, object_type, object_name, status, info, ip,
                                  request_id, created_at)
       select $8::bigint, $9::bigint, $10::text, $11::text, $12::text, $13::text, 0,
              $14::jsonb || jsonb_build_object('failures', counted.failures, 'addressBlocked', true),
              $15::text, $16::text, $3::timestamptz
       from counted where counted.is_block_start and $8::bigint is not null
     )
     select failures, window_started_at, blocked_until, is_block_start from counted`,
    [
      ...addressValues(count),
      audit?.accountId ?? null,
      audit?.userId ?? null,
      audit?.username ?? null,
      audit?.action ?? null,
      audit?.objectType ?? null,
      audit?.objectName ?? null,
      JSON.stringify(audit?.info ?? {}),
      audit?.ip ?? null,
      audit?.requestId ?? null,
    ],
  );
  const raw = rows[0];
  const row = raw ? addressRowOf(raw) : null;
  if (!raw || !row) throw new Error('address_attempts upsert returned no row');
  return { row, isBlockStart: raw.is_block_start === true };
}
