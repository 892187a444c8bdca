/**
 * The audit page's filters and how they become the list request and the export address. Pure, so
 * that the mapping is unit-tested.
 */
import type { TAuditFilter } from '@console/contract';
import { endpoint } from '@/lib/api-client';

const auditExportEndpoint = endpoint('auditExport', 'GET', '/api/portal/audit/export');

export type TAuditStatusFilter = 'all' | 'success' | 'failure';

export type TAuditFilters = {
  /** ISO times; null for an open end. */
  from: string | null;
  to: string | null;
  username: string;
  objectType: string;
  status: TAuditStatusFilter;
  search: string;
};

export const emptyAuditFilters: TAuditFilters = {
  from: null,
  to: null,
  username: '',
  objectType: '',
  status: 'all',
  search: '',
};

/** The filters as the API reads them: blanks and "all" left out, texts trimmed. */
export function toAuditFilter(filters: TAuditFilters): TAuditFilter {
  const out: TAuditFilter = {};
  if (filters.from) out.from = filters.from;
  if (filters.to) out.to = filters.to;
  const username = filters.username.trim();
  if (username) out.username = username;
  const objectType = filters.objectType.trim();
  if (objectType) out.objectType = objectType;
  if (filters.status === 'success') out.status = 1;
  if (filters.status === 'failure') out.status = 0;
  const search = filters.search.trim();
  if (search) out.search = search;
  return out;
}

/** The list request of one page: the filters, the page size and the cursor of the previous page. */
export function toAuditListBody(filters: TAuditFilters, pageSize: number, cursor: string | null) {
  return { ...toAuditFilter(filters), pageSize, ...(cursor ? { cursor } : {}) };
}

/** Address of the CSV export of the current filters (a GET the browser downloads with its cookie). */
export function auditExportHref(filters: TAuditFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(toAuditFilter(filters))) {
    if (value !== undefined) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${auditExportEndpoint.path}?${qs}` : auditExportEndpoint.path;
}
