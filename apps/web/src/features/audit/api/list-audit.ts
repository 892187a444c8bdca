/**
 * POST /api/portal/audit/list (account administrators): the account's audit entries, newest first,
 * a page at a time by keyset cursor ("load more" asks for the page after the last row shown).
 */

import type { TRouteData } from '@console/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { type TAuditFilters, toAuditListBody } from '../lib/audit-query';

const auditListEndpoint = endpoint('auditList', 'POST', '/api/portal/audit/list');

export type TAuditPage = TRouteData<'auditList'>;
export type TAuditRow = TAuditPage['list'][number];

export const auditPageSize = 50;

export function listAudit(
  filters: TAuditFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TAuditPage> {
  return callApi(auditListEndpoint, {
    body: toAuditListBody(filters, auditPageSize, cursor),
    ...(signal ? { signal } : {}),
  });
}

export function useAuditLog(filters: TAuditFilters) {
  return useInfiniteQuery({
    queryKey: ['audit', 'list', filters] as const,
    queryFn: ({ pageParam, signal }) => listAudit(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
