/** POST /api/portal/billing/history/detail (administrators): a month's statement, its amounts and lines. */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const statementDetailEndpoint = endpoint('statementDetail', 'POST', '/api/portal/billing/history/detail');

export type TStatementDetailData = TRouteData<'statementDetail'>;

export function useStatementDetail(id: number | null) {
  return useQuery({
    queryKey: billingKeys.statement(id ?? 0),
    queryFn: ({ signal }) => callApi(statementDetailEndpoint, { body: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}
