/**
 * The audit log (spec section 3 "Audit": operation status, time, user, info, object, object type).
 * Lists are newest first and paged by a keyset cursor (API-CONVENTIONS.md "Lists"): the cursor of
 * the last row of a page asks for the rows after it, so any depth costs what the first page does.
 */
import { z } from 'zod';
import { auditPageSizeMax, auditSearchMax, auditUsernameMax } from '../audit-rules';
import { vkey, ZTimestamp } from './common';

export {
  AuditActions,
  AuditObjectTypes,
  auditCountMax,
  auditPageSizeMax,
  auditSearchMax,
  auditUsernameMax,
  type TAuditAction,
  type TAuditObjectType,
} from '../audit-rules';

/** `<ISO time>_<id>` of the last row of the previous page. */
const ZCursor = z
  .string()
  .max(64, vkey('invalidValue'))
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z_\d{1,19}$/, vkey('invalidValue'));

const ZDateTimeFilter = z
  .string()
  .trim()
  .max(40, vkey('tooLong'))
  .pipe(z.iso.datetime({ offset: true, ...vkey('invalidValue') }));

/** Filters shared by the list and the CSV export. Every filter is optional. */
export const ZAuditFilter = z.object({
  /** Entries at or after this time. */
  from: ZDateTimeFilter.optional(),
  /** Entries before this time. */
  to: ZDateTimeFilter.optional(),
  /** Username, case-insensitive, exact. */
  username: z.string().trim().max(auditUsernameMax, vkey('tooLong')).optional(),
  objectType: z.string().trim().max(64, vkey('tooLong')).optional(),
  /** 1 success, 0 failure. */
  status: z.coerce.number().int().min(0, vkey('invalidValue')).max(1, vkey('invalidValue')).optional(),
  /** Found in the operation, object, user, address, request id or details. */
  search: z.string().trim().max(auditSearchMax, vkey('tooLong')).optional(),
  /** When given, must be the session's account (403 otherwise). */
  accountId: z.coerce.number().int().positive().optional(),
});
export type TAuditFilter = z.infer<typeof ZAuditFilter>;

export const ZAuditListRequest = ZAuditFilter.extend({
  pageSize: z.coerce
    .number()
    .int()
    .min(1, vkey('invalidValue'))
    .max(auditPageSizeMax, vkey('invalidValue'))
    .default(20),
  /** Absent for the first page. */
  cursor: ZCursor.optional(),
});
export type TAuditListRequest = z.input<typeof ZAuditListRequest>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  seq: z.number().int().nullable(),
  createdAt: ZTimestamp,
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  objectName: z.string().nullable(),
  status: z.number().int(),
  info: z.record(z.string(), z.unknown()),
  requestId: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({
  list: z.array(ZAuditEntry),
  pageSize: z.number().int(),
  /** Cursor of the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
  /** Entries matching the filters (all pages), counted up to `auditCountMax`. */
  total: z.number().int(),
  /** True when more entries than `total` match (the count stopped at `auditCountMax`). */
  isTotalCapped: z.boolean(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** The export answers `text/csv`; this describes only its query. */
export const ZAuditExportQuery = ZAuditFilter;
