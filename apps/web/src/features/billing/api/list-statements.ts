/** POST /api/portal/billing/history/list (administrators): monthly statements, newest first. */
import type { TRouteData } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const statementListEndpoint = endpoint('statementList', 'POST', '/api/portal/billing/history/list');

export type TStatementRow = TRouteData<'statementList'>['list'][number];

export const statementPageSize = 12;

/** A page of the statements; `cursor` (the previous page's `nextCursor`) asks for it by keyset. */
export function useStatements(year: number | null, pageNo: number, cursor?: string) {
  return useQuery({
    queryKey: billingKeys.statements(year, pageNo),
    queryFn: ({ signal }) =>
      callApi(statementListEndpoint, {
        body: {
          ...(year === null ? {} : { year }),
          pageNo,
          pageSize: statementPageSize,
          ...(cursor ? { cursor } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
