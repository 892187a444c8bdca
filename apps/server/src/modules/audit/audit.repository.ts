/**
 * The audit log. Every entry is appended to its account's hash chain by the database trigger
 * `audit_entries_chain` (migration 0004): it locks the account's row of `audit_chain_heads` until
 * the writing transaction ends, numbers the entry (`seq`) and stores
 * `hash = SHA-256(prev_hash || canonical entry)`. Whoever inserts an entry — this function or the
 * single-statement sign-in queries — is chained the same way; appends of different accounts never
 * wait on each other.
 */
import { AuditStatus } from '@console/contract/enums';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client';
import { auditEntries } from '../../db/schema';

export type TAuditEntry = {
  /** Null only for entries of the installation itself (license activation and release). */
  accountId: number | null;
  userId: number | null;
  username: string | null;
  action: string;
  objectType: string;
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

/** Writes one audit entry; call it with the transaction of the change it records. */
export async function insertAuditEntry(db: TDb, entry: TAuditEntry): Promise<void> {
  await db.insert(auditEntries).values({
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
  });
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

export type TAuditRow = {
  id: number;
  seq: number | null;
  created_at: string;
  user_id: number | null;
  username: string | null;
  ip: string | null;
  action: string;
  object_type: string;
  object_id: string | null;
  object_name: string | null;
  status: number;
  info: unknown;
  request_id: string | null;
};

/**
 * The text the free-text filter searches, lower-cased: the same expression as the trigram index
 * `audit_entries_search_trgm_idx`, so that a search uses it at any table size.
 */
const auditSearchText = sql.raw(
  `(lower(e.action || ' ' || coalesce(e.object_name, '') || ' ' || coalesce(e.object_id, '') || ' ' || coalesce(e.username, '') || ' ' || coalesce(e.ip, '') || ' ' || coalesce(e.request_id, '') || ' ' || e.info::text))`,
);

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of an account's entries, newest first, by keyset on (created_at, id): each filter maps
 * to an index (`audit_entries_time_idx`, `_user_idx`, `_object_type_idx`, `_failure_idx`), so a
 * page costs the same at any depth. The free text is matched on the rows the other filters select.
 */
export async function listAuditEntries(db: TDb, q: TAuditQuery): Promise<TAuditRow[]> {
  const where: SQL[] = [sql`e.account_id = ${q.accountId}`];
  if (q.from) where.push(sql`e.created_at >= ${q.from}`);
  if (q.to) where.push(sql`e.created_at < ${q.to}`);
  if (q.username) where.push(sql`lower(e.username) = lower(${q.username})`);
  if (q.objectType) where.push(sql`e.object_type = ${q.objectType}`);
  // Literal, so that the partial index of failures applies.
  if (q.status === 0) where.push(sql.raw('e.status = 0'));
  if (q.status === 1) where.push(sql.raw('e.status = 1'));
  if (q.search) where.push(sql`${auditSearchText} like ${likePattern(q.search.toLowerCase())}`);
  if (q.after)
    where.push(sql`(e.created_at, e.id) < (${q.after.createdAt}::timestamptz, ${q.after.id}::bigint)`);
  return rowsOf<TAuditRow>(
    await db.execute(sql`
      select e.id, e.seq,
             to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
             e.user_id, e.username, e.ip, e.action, e.object_type, e.object_id, e.object_name, e.status,
             e.info, e.request_id
      from audit_entries e
      where ${sql.join(where, sql` and `)}
      order by e.created_at desc nulls last, e.id desc nulls last
      limit ${q.limit}`),
  );
}

/** Chains that hold entries: account ids, 0 for the installation's. */
export async function listChains(db: TDb): Promise<number[]> {
  return rowsOf<{ account_id: number }>(
    await db.execute(sql`select account_id from audit_chain_heads order by account_id`),
  ).map((r) => Number(r.account_id));
}
