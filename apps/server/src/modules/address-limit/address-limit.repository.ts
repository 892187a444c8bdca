/**
 * The failure counts of client addresses (`address_attempts`, decision 0012). A failure is counted
 * with one atomic upsert; sign-in folds that upsert into its own failure statement, so the upsert
 * is a builder fragment (`addressFailureUpsert`) any prepared statement can take as a CTE, with
 * the placeholders of `addressCountPlaceholders` and the values of `addressCountValues`.
 */

import type { TAuditObjectType } from '@console/contract/audit-rules';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { addressAttempts, auditEntries } from '../../db/schema';

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

/** The values of a count in a statement: placeholders of a prepared statement, with their casts. */
export type TAddressCountSql = Record<keyof TAddressCount, SQL>;

const countCasts: Record<keyof TAddressCount, string> = {
  address: 'text',
  scope: 'text',
  now: 'timestamptz',
  windowStart: 'timestamptz',
  blockAfter: 'int',
  blockUntil: 'timestamptz',
  restartAt: 'int',
};
const countFields = Object.keys(countCasts) as (keyof TAddressCount)[];

/** Placeholders `<prefix><field>` of a count in a prepared statement. */
export function addressCountPlaceholders(prefix: string): TAddressCountSql {
  return Object.fromEntries(
    countFields.map((field) => [
      field,
      sql`${sql.placeholder(`${prefix}${field}`)}::${sql.raw(countCasts[field])}`,
    ]),
  ) as TAddressCountSql;
}

/** The values of `addressCountPlaceholders(prefix)`; all null without a count. */
export function addressCountValues(prefix: string, count: TAddressCount | null): Record<string, unknown> {
  return Object.fromEntries(countFields.map((field) => [`${prefix}${field}`, count ? count[field] : null]));
}

/**
 * The upsert counting one failure, answering `failures, windowStartedAt, blockedUntil,
 * isBlockStart`. A count lives in a fixed window from its first failure; a failure after the
 * window starts again at 1. The failure reaching `blockAfter` blocks until `blockUntil`; a live
 * block is never extended. The first failure after a block that ended within the window starts a
 * new window at `restartAt` (the captcha phase), so the next block needs as many failures again.
 * `where` (e.g. "an address was given") lets a caller skip it.
 */
export function addressFailureUpsert(db: TDb, c: TAddressCountSql, where: SQL = sql`true`) {
  const aa = addressAttempts;
  const blockEnded = sql`(${aa.blockedUntil} <= ${c.now} and ${aa.blockedUntil} > ${c.windowStart})`;
  const next = sql`(case when ${aa.blockedUntil} > ${c.now} then ${aa.failures} + 1
                         when ${blockEnded} then ${c.restartAt} + 1
                         when ${aa.windowStartedAt} <= ${c.windowStart} then 1
                         else ${aa.failures} + 1 end)`;
  return db
    .insert(aa)
    .select(
      // address, scope, failures, window_started_at, blocked_until, updated_at
      sql`select ${c.address}, ${c.scope}, 1, ${c.now}, case when 1 >= ${c.blockAfter} then ${c.blockUntil} end,
                 ${c.now} where ${where}`,
    )
    .onConflictDoUpdate({
      target: [aa.address, aa.scope],
      set: {
        failures: next,
        windowStartedAt: sql`case when ${blockEnded} or ${aa.windowStartedAt} <= ${c.windowStart}
                                  then ${c.now} else ${aa.windowStartedAt} end`,
        blockedUntil: sql`case when ${aa.blockedUntil} > ${c.now} then ${aa.blockedUntil}
                               when ${next} >= ${c.blockAfter} then ${c.blockUntil} end`,
        updatedAt: c.now,
      },
    })
    .returning({
      failures: aa.failures,
      windowStartedAt: aa.windowStartedAt,
      blockedUntil: aa.blockedUntil,
      isBlockStart: sql<boolean>`coalesce(${aa.blockedUntil} = ${c.blockUntil}, false)`.as('is_block_start'),
    });
}

/** A counted address: its row, when the count ran (a statement may skip it). */
export function addressRowOf(row: {
  failures: number | null;
  windowStartedAt: Date | null;
  blockedUntil: Date | null;
}): TAddressRow | null {
  if (row.failures === null || row.windowStartedAt === null) return null;
  return { failures: row.failures, windowStartedAt: row.windowStartedAt, blockedUntil: row.blockedUntil };
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
  objectType: TAuditObjectType;
  objectName: string | null;
  info: Record<string, unknown>;
  ip: string | null;
  requestId: string | null;
};

const p = sql.placeholder;

/** The counting statement, prepared once per database handle (a named statement on PostgreSQL). */
function prepareCount(db: TDb) {
  const c = addressCountPlaceholders('');
  const counted = db.$with('counted').as(addressFailureUpsert(db, c));
  // The chain trigger numbers and hashes the entry; `insert … select` has no builder for a table
  // with an identity column, so this CTE is written out (it answers nothing).
  const audited = db.$with('audited', {}).as(
    sql`insert into ${auditEntries} (account_id, user_id, username, action, object_type, object_name, status,
                                      info, ip, request_id, created_at)
        select ${p('accountId')}::bigint, ${p('userId')}::bigint, ${p('username')}::text, ${p('action')}::text,
               ${p('objectType')}::text, ${p('objectName')}::text, 0,
               ${p('info')}::jsonb || jsonb_build_object('failures', ${counted.failures}, 'addressBlocked', true),
               ${p('ip')}::text, ${p('requestId')}::text, ${c.now}
        from ${counted} where ${counted.isBlockStart} and ${p('accountId')}::bigint is not null`,
  );
  return db
    .with(counted, audited)
    .select({
      failures: counted.failures,
      windowStartedAt: counted.windowStartedAt,
      blockedUntil: counted.blockedUntil,
      isBlockStart: counted.isBlockStart,
    })
    .from(counted)
    .prepare('address_count_failure');
}

const prepared = new WeakMap<TDb, ReturnType<typeof prepareCount>>();

/**
 * Counts one failure of an address in one statement (hence one transaction), with the audit entry
 * of the block it may start in the named account.
 */
export async function countAddressFailure(
  db: TDb,
  count: TAddressCount,
  audit: TBlockAudit | null,
): Promise<{ row: TAddressRow; isBlockStart: boolean }> {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepareCount(db);
    prepared.set(db, statement);
  }
  const [counted] = await statement.execute({
    ...addressCountValues('', count),
    accountId: audit?.accountId ?? null,
    userId: audit?.userId ?? null,
    username: audit?.username ?? null,
    action: audit?.action ?? null,
    objectType: audit?.objectType ?? null,
    objectName: audit?.objectName ?? null,
    info: JSON.stringify(audit?.info ?? {}),
    ip: audit?.ip ?? null,
    requestId: audit?.requestId ?? null,
  });
  if (!counted) throw new Error('address_attempts upsert returned no row');
  return {
    row: {
      failures: counted.failures,
      windowStartedAt: counted.windowStartedAt,
      blockedUntil: counted.blockedUntil,
    },
    isBlockStart: counted.isBlockStart,
  };
}
