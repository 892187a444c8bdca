/**
 * The audit log. Every entry is appended to its account's hash chain by the database trigger
 * `audit_entries_chain` (migration 0004): it locks the account's row of `audit_chain_heads` until
 * the writing transaction ends, numbers the entry (`seq`) and stores
 * `hash = SHA-256(prev_hash || canonical entry)`. Whoever inserts an entry — this function or the
 * single-statement sign-in queries — is chained the same way; appends of different accounts never
 * wait on each other.
 */

import type { TAuditObjectType } from '@console/contract/audit-rules';
import { AuditStatus } from '@console/contract/enums';
import { and, desc, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { monthStart } from '../../db/audit-partitions';
import type { TDb } from '../../db/client';
import { auditChainHeads, auditChainPurges, auditEntries } from '../../db/schema';

export type TAuditEntry = {
  /** Null only for entries of the installation itself (license activation and release). */
  accountId: number | null;
  userId: number | null;
  username: string | null;
  action: string;
  /** One of the contract's object types, which the console's filter offers. */
  objectType: TAuditObjectType;
  objectId?: string | null;
  objectName?: string | null;
  isSuccess: boolean;
  info?: Record<string, unknown>;
  ip?: string | null;
  requestId?: string | null;
  createdAt: Date;
};

/** Keys whose text values are never stored in details (passwords, codes, tokens, secrets). */
const secretKey = /pass(word)?|secret|token|captcha|otp|^code$|authCode|verificationCode|license$/i;

/** Details without secrets: text under a secret-looking key becomes "[redacted]". */
export function redactInfo(info: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(info)) {
    if (typeof value === 'string' && secretKey.test(key)) out[key] = '[redacted]';
    else if (value && typeof value === 'object' && !Array.isArray(value))
      out[key] = redactInfo(value as Record<string, unknown>);
    else out[key] = value;
  }
  return out;
}

function valuesOf(entry: TAuditEntry): typeof auditEntries.$inferInsert {
  return {
    accountId: entry.accountId,
    userId: entry.userId,
    username: entry.username,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId ?? null,
    objectName: entry.objectName ?? null,
    status: entry.isSuccess ? AuditStatus.success : AuditStatus.failure,
    info: redactInfo(entry.info ?? {}),
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
    createdAt: entry.createdAt,
  };
}

/** Writes one audit entry; call it with the transaction of the change it records. */
export async function insertAuditEntry(db: TDb, entry: TAuditEntry): Promise<void> {
  await db.insert(auditEntries).values(valuesOf(entry));
}

/** Writes several audit entries in one statement (none: nothing). */
export async function insertAuditEntries(db: TDb, entries: readonly TAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditEntries).values(entries.map(valuesOf));
}

export type TAuditQuery = {
  accountId: number;
  from?: Date | undefined;
  to?: Date | undefined;
  username?: string | undefined;
  objectType?: string | undefined;
  status?: number | undefined;
  search?: string | undefined;
  /** Rows strictly after this position (newest first). */
  after?: { createdAt: string; id: number } | undefined;
  limit: number;
};

/**
 * The searched fields as one lower-cased text: a search word with Chinese, Japanese or Korean
 * characters must also occur in it as typed (the word index matches it by character pairs).
 */
const auditSearchText = sql`(lower(${auditEntries.action} || ' ' || coalesce(${auditEntries.objectName}, '') || ' ' || coalesce(${auditEntries.objectId}, '') || ' ' || coalesce(${auditEntries.username}, '') || ' ' || coalesce(${auditEntries.ip}, '') || ' ' || coalesce(${auditEntries.requestId}, '') || ' ' || ${auditEntries.info}::text))`;

const cjk = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The free-text filter, through the word index `audit_entries_search_idx` (migration 0013): each
 * word of the search (split at spaces) must start a word of the entry (`10.0.3` finds
 * `10.0.3.7`, `zhang` finds `zhang.san@example.com`), start a run of its pieces between
 * punctuation (`0.3` finds `10.0.3.7`, `count7` finds `test.count7`) or start a whole field
 * (`user_7`, `object_42`); a word with CJK characters matches anywhere in the text, found by its
 * character pairs and then checked as typed. Null when the search has no word.
 */
function searchCondition(search: string): SQL | null {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const conditions = [sql`${auditEntries.searchVector} @@ audit_search_query(${words.join(' ')})`];
  for (const word of words)
    if (cjk.test(word)) conditions.push(sql`${auditSearchText} like ${likePattern(word)}`);
  return sql.join(conditions, sql` and `);
}

/** The conditions of a query's time span: the account, the time range and the keyset position. */
function spanOf(q: Omit<TAuditQuery, 'limit'>): SQL[] {
  const where: SQL[] = [sql`${auditEntries.accountId} = ${q.accountId}`];
  if (q.from) where.push(sql`${auditEntries.createdAt} >= ${q.from}`);
  if (q.to) where.push(sql`${auditEntries.createdAt} < ${q.to}`);
  if (q.after)
    where.push(
      sql`(${auditEntries.createdAt}, ${auditEntries.id}) < (${q.after.createdAt}::timestamptz, ${q.after.id}::bigint)`,
    );
  return where;
}

/** The conditions of a query: those of its span, and each filter given. */
function filtersOf(q: Omit<TAuditQuery, 'limit'>): SQL[] {
  const where = spanOf(q);
  if (q.username) where.push(sql`lower(${auditEntries.username}) = lower(${q.username})`);
  if (q.objectType) where.push(sql`${auditEntries.objectType} = ${q.objectType}`);
  // Literal, so that the partial index of failures applies.
  if (q.status === 0) where.push(sql`${auditEntries.status} = 0`);
  if (q.status === 1) where.push(sql`${auditEntries.status} = 1`);
  const search = q.search ? searchCondition(q.search) : null;
  if (search) where.push(search);
  return where;
}

/** Up to `limit` entries that meet every condition of `where`, newest first. */
function pageOf(db: TDb, where: SQL[], limit: number) {
  return db
    .select({
      id: auditEntries.id,
      seq: auditEntries.seq,
      /** Microseconds in UTC, the keyset cursor's time. */
      createdAt: sql<string>`to_char(${auditEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      userId: auditEntries.userId,
      username: auditEntries.username,
      ip: auditEntries.ip,
      action: auditEntries.action,
      objectType: auditEntries.objectType,
      objectId: auditEntries.objectId,
      objectName: auditEntries.objectName,
      status: auditEntries.status,
      info: auditEntries.info,
      requestId: auditEntries.requestId,
    })
    .from(auditEntries)
    .where(sql.join(where, sql` and `))
    .orderBy(sql`${auditEntries.createdAt} desc nulls last, ${auditEntries.id} desc nulls last`)
    .limit(limit);
}

export type TAuditRow = Awaited<ReturnType<typeof pageOf>>[number];

/** The first time window a free-text search reads, back from its newest entry; each next one is twice as long. */
const firstSearchWindowMs = 3_600_000;

/**
 * One page of an account's entries, newest first, by keyset on (created_at, id): each filter maps
 * to an index (`audit_entries_time_idx`, `_user_idx`, `_object_type_idx`, `_failure_idx`), so a
 * page costs the same at any depth.
 *
 * A free-text search reads back in time from the newest entry of its span (found first: two index
 * probes) in windows, one statement each, until the page is full: an hour first, then each window
 * twice as long as the one before, but never across the start of a month (a month is a
 * partition). In each window the planner weighs the word index against the time order with that
 * month's figures, and a window it misjudges costs at most the window's own matches: a common word
 * is met in the first hour, a rare one looked up in a few windows (at most ten in the newest month,
 * then one per month). Over the whole span at once, the planner merged every month's time order,
 * and each month read entries until its first match: 41 ms for an object name among 10 million.
 * Over whole months, a search with filters whose matches it underestimated sorted the month's
 * 17,000 matches (97 ms); over windows that crossed months, a word matching nothing read them all.
 */
export async function listAuditEntries(db: TDb, q: TAuditQuery): Promise<TAuditRow[]> {
  const where = filtersOf(q);
  if (!q.search?.trim()) return pageOf(db, where, q.limit);
  const [span] = await db
    .select({
      oldest: sql<number | null>`extract(epoch from min(${auditEntries.createdAt}))::float8`,
      newest: sql<number | null>`extract(epoch from max(${auditEntries.createdAt}))::float8`,
    })
    .from(auditEntries)
    .where(sql.join(spanOf(q), sql` and `));
  if (!span || span.oldest === null || span.newest === null) return [];
  const oldest = span.oldest * 1000;
  const rows: TAuditRow[] = [];
  // Milliseconds: the window's end passes the newest entry's microseconds.
  let end = Math.floor(span.newest * 1000) + 1;
  for (let length = firstSearchWindowMs; rows.length < q.limit; length *= 2) {
    // Never across the start of a month: one partition, whose own figures the planner weighs.
    const start = Math.max(end - length, monthStart(new Date(end - 1)).getTime());
    const window = [
      sql`${auditEntries.createdAt} >= ${new Date(start)}`,
      sql`${auditEntries.createdAt} < ${new Date(end)}`,
    ];
    rows.push(...(await pageOf(db, [...where, ...window], q.limit - rows.length)));
    if (start <= oldest) break;
    end = start;
  }
  return rows;
}

/**
 * How many of an account's entries match the filters, counting at most `max + 1` rows so that the
 * count costs no more than reading that many index entries at any table size.
 */
export async function countAuditEntries(
  db: TDb,
  q: Omit<TAuditQuery, 'limit' | 'after'>,
  max: number,
): Promise<number> {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(auditEntries)
    .where(sql.join(filtersOf(q), sql` and `))
    .limit(max + 1)
    .as('matching');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matching);
  return row?.count ?? 0;
}

/** Chains that hold entries: account ids, 0 for the installation's. */
export async function listChains(db: TDb): Promise<number[]> {
  const rows = await db
    .select({ accountId: auditChainHeads.accountId })
    .from(auditChainHeads)
    .orderBy(auditChainHeads.accountId);
  return rows.map((r) => r.accountId);
}

/** The chain's key in `audit_entries_chain_idx`: the account id, 0 for the installation's. */
const chainKey = sql`coalesce(${auditEntries.accountId}, 0)`;

/** The chain's newest entry (its head), or null. */
export async function findChainHead(db: TDb, chain: number) {
  const [row] = await db
    .select({ seq: auditChainHeads.seq, hash: auditChainHeads.hash })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.accountId, chain));
  return row ?? null;
}

/** The last entry retention removed from the chain (the kept chain starts after it), or null. */
export async function findChainPurge(db: TDb, chain: number) {
  const [row] = await db
    .select({ seq: auditChainPurges.seq, hash: auditChainPurges.hash })
    .from(auditChainPurges)
    .where(eq(auditChainPurges.accountId, chain));
  return row ?? null;
}

/**
 * Up to `limit` entries of a chain after `afterSeq`, in chain order, with their stored fields as
 * the database renders them to text (see `audit_entry_canonical`).
 */
export function listChainEntries(db: TDb, chain: number, afterSeq: number, limit: number) {
  return db
    .select({
      id: auditEntries.id,
      prev_hash: auditEntries.prevHash,
      hash: auditEntries.hash,
      account_id: sql<string | null>`${auditEntries.accountId}::text`,
      seq: sql<string | null>`${auditEntries.seq}::text`,
      created_us: sql<
        string | null
      >`((extract(epoch from ${auditEntries.createdAt}) * 1000000)::bigint)::text`,
      user_id: sql<string | null>`${auditEntries.userId}::text`,
      username: auditEntries.username,
      action: auditEntries.action,
      object_type: auditEntries.objectType,
      object_id: auditEntries.objectId,
      object_name: auditEntries.objectName,
      status: sql<string | null>`${auditEntries.status}::text`,
      info: sql<string | null>`${auditEntries.info}::text`,
      ip: auditEntries.ip,
      request_id: auditEntries.requestId,
    })
    .from(auditEntries)
    .where(and(sql`${chainKey} = ${chain}`, gt(auditEntries.seq, afterSeq)))
    .orderBy(chainKey, auditEntries.seq)
    .limit(limit);
}

/**
 * Removes up to `size` of a chain's oldest entries, stopping at the first one created at or after
 * `before`, and moves the chain's purge marker to the last one removed, in one statement; answers
 * how many it removed.
 */
export async function deleteChainPrefix(
  db: TDb,
  chain: number,
  before: Date,
  size: number,
  now: Date,
): Promise<number> {
  const head = db
    .$with('head')
    .as(
      db
        .select({ seq: auditEntries.seq, createdAt: auditEntries.createdAt })
        .from(auditEntries)
        .where(sql`${chainKey} = ${chain}`)
        .orderBy(chainKey, auditEntries.seq)
        .limit(size),
    );
  const stop = db.$with('stop').as(
    db
      .select({ seq: sql<number | null>`min(${head.seq})`.as('seq') })
      .from(head)
      .where(gte(head.createdAt, before)),
  );
  const gone = db.$with('gone').as(
    db
      .delete(auditEntries)
      .where(
        and(
          sql`${chainKey} = ${chain}`,
          inArray(
            auditEntries.seq,
            db
              .select({ seq: head.seq })
              .from(head)
              .where(lt(head.seq, sql`coalesce((select ${stop.seq} from ${stop}), 9223372036854775807)`)),
          ),
        ),
      )
      .returning({ seq: auditEntries.seq, hash: auditEntries.hash }),
  );
  const marked = db.$with('marked').as(
    db
      .insert(auditChainPurges)
      .select(
        db
          .select({
            accountId: sql<number>`${chain}`.as('account_id'),
            seq: gone.seq,
            hash: gone.hash,
            purgedAt: sql<Date>`${now}`.as('purged_at'),
          })
          .from(gone)
          .orderBy(desc(gone.seq))
          .limit(1),
      )
      .onConflictDoUpdate({
        target: auditChainPurges.accountId,
        set: {
          seq: sql`excluded.seq`,
          hash: sql`excluded.hash`,
          purgedAt: sql`excluded.purged_at`,
        },
      }),
  );
  const [row] = await db
    .with(head, stop, gone, marked)
    .select({ deleted: sql<number>`count(*)::int` })
    .from(gone);
  return row?.deleted ?? 0;
}
