/**
 * The audit log for account administrators: a keyset-paged list of the session's account's
 * entries, and the same filtered set as a streamed CSV file.
 */
import type { TAuditFilter, TAuditPage } from '@console/contract';
import { auditCountMax, isSystemActor, platformOperatorRoleOf } from '@console/contract/audit-rules';
import type { TLanguage } from '@console/contract/enums';
import enAudit from '@console/phrases/en-us/audit';
import zhAudit from '@console/phrases/zh-cn/audit';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { TAuth, TDeps } from '../../context';
import type { TDb } from '../../db/client';
import {
  countAuditEntries,
  insertAuditEntries,
  insertAuditEntry,
  listAuditEntries,
  type TAuditEntry,
  type TAuditQuery,
  type TAuditRow,
} from './audit.repository';

/** Rows read from the database per round trip of the export. */
const exportBatch = 1_000;
/** Most rows one export file holds (narrow the filters for more). */
export const exportRowsMax = 1_000_000;

function infoOf(value: unknown): Record<string, unknown> {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

export function parseCursor(cursor: string | undefined): TAuditQuery['after'] {
  if (!cursor) return undefined;
  const at = cursor.lastIndexOf('_');
  return { createdAt: cursor.slice(0, at), id: Number(cursor.slice(at + 1)) };
}

export function cursorOf(row: { createdAt: string; id: number }): string {
  return `${row.createdAt}_${row.id}`;
}

function queryOf(accountId: number, filter: TAuditFilter): Omit<TAuditQuery, 'limit' | 'after'> {
  return {
    accountId,
    from: filter.from ? new Date(filter.from) : undefined,
    to: filter.to ? new Date(filter.to) : undefined,
    username: filter.username || undefined,
    objectType: filter.objectType || undefined,
    status: filter.status,
    search: filter.search || undefined,
  };
}

export async function listAudit(
  deps: TDeps,
  auth: TAuth,
  input: TAuditFilter & { pageSize: number; cursor?: string | undefined },
): Promise<TAuditPage> {
  const query = queryOf(auth.accountId, input);
  const [rows, count] = await Promise.all([
    listAuditEntries(deps.readDb, { ...query, after: parseCursor(input.cursor), limit: input.pageSize + 1 }),
    countAuditEntries(deps.readDb, query, auditCountMax),
  ]);
  const hasMore = rows.length > input.pageSize;
  const page = rows.slice(0, input.pageSize);
  const last = page.at(-1);
  return {
    list: page.map((r) => ({
      id: r.id,
      seq: r.seq,
      createdAt: r.createdAt,
      userId: r.userId,
      username: r.username,
      ip: r.ip,
      action: r.action,
      objectType: r.objectType,
      objectId: r.objectId,
      objectName: r.objectName,
      status: r.status,
      info: infoOf(r.info),
      requestId: r.requestId,
    })),
    pageSize: input.pageSize,
    nextCursor: hasMore && last ? cursorOf(last) : null,
    hasMore,
    total: Math.min(count, auditCountMax),
    isTotalCapped: count > auditCountMax,
  };
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is
 * prefixed with an apostrophe (OWASP "CSV injection").
 */
export function safeCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const phrasesOf = (lang: TLanguage) => (lang === 'zh-CN' ? zhAudit : enAudit);

/** The phrase of a code, own keys only, else the code itself (an older entry's). */
function nameOf(map: Record<string, string>, code: string): string {
  return (Object.hasOwn(map, code) ? map[code] : undefined) ?? code;
}

/** Who did it, as the console's list names them (see the web's `actorName`). */
function actorOf(p: ReturnType<typeof phrasesOf>, r: TAuditRow): string {
  const role = platformOperatorRoleOf({ userId: r.userId, info: infoOf(r.info) });
  if (role !== null) return p.platformOperator.replace('{{role}}', nameOf(p.operatorRoles, role));
  return isSystemActor(r) ? p.system : (r.username ?? '');
}

/**
 * One entry as a CSV row: the operation and the object type both as their code and as their name
 * in the requester's language (an unknown code of an older entry is its own name), and the system's
 * entries under one name.
 */
export function csvRowOf(lang: TLanguage, r: TAuditRow): string[] {
  const p = phrasesOf(lang);
  return [
    r.createdAt,
    actorOf(p, r),
    r.ip ?? '',
    r.action,
    nameOf(p.actions, r.action),
    r.objectType,
    nameOf(p.objectTypes, r.objectType),
    r.objectName ?? '',
    r.objectId ?? '',
    r.status === 1 ? p.statuses.success : p.statuses.failure,
    JSON.stringify(infoOf(r.info)),
    r.requestId ?? '',
  ].map(safeCell);
}

export function csvHeader(lang: TLanguage): string[] {
  const c = phrasesOf(lang).columns;
  return [
    c.time,
    c.user,
    c.ip,
    c.actionCode,
    c.action,
    c.objectTypeCode,
    c.objectType,
    c.objectName,
    c.objectId,
    c.status,
    c.info,
    c.requestId,
  ];
}

/**
 * Streams the filtered entries as CSV (UTF-8 with a byte-order mark so that Excel reads it as
 * UTF-8), newest first, reading the database in keyset batches while the client downloads.
 */
export async function exportAudit(
  deps: TDeps,
  auth: TAuth,
  filter: TAuditFilter,
  lang: TLanguage,
  reply: FastifyReply,
): Promise<void> {
  const base = queryOf(auth.accountId, filter);
  const stamp = deps.clock.now().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const csv = stringify({ bom: true, header: true, columns: csvHeader(lang), quoted_string: false });
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="audit-${stamp}.csv"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  csv.pipe(reply.raw);
  let after: TAuditQuery['after'];
  let written = 0;
  try {
    while (written < exportRowsMax) {
      const rows = await listAuditEntries(deps.readDb, {
        ...base,
        after,
        limit: Math.min(exportBatch, exportRowsMax - written),
      });
      for (const r of rows) {
        if (!csv.write(csvRowOf(lang, r))) await new Promise((resolve) => csv.once('drain', resolve));
      }
      written += rows.length;
      const last = rows.at(-1);
      if (!last || rows.length < exportBatch) break;
      after = { createdAt: last.createdAt, id: last.id };
      if (reply.raw.destroyed) break;
    }
  } finally {
    csv.end();
  }
}

/**
 * Writes one audit entry with the caller's transaction (or database), so that a change and its
 * entry commit together or not at all; the chain trigger numbers and hashes it.
 */
export function writeAudit(db: TDb, entry: TAuditEntry): Promise<void> {
  return insertAuditEntry(db, entry);
}

/** Writes several audit entries in one statement, with the caller's transaction (or database). */
export function writeAuditEntries(db: TDb, entries: readonly TAuditEntry[]): Promise<void> {
  return insertAuditEntries(db, entries);
}
