/** POST /api/portal/billing/detail/list (administrators): daily bill details of the filters, paged (keyset when a cursor is known). */
import type { TBillingFilter, TRouteData } from '@console/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const billingDetailListEndpoint = endpoint('billingDetailList', 'POST', '/api/portal/billing/detail/list');

export type TBillingDetailRowData = TRouteData<'billingDetailList'>['list'][number];

/**
 * A page of the details; `cursor` (the previous page's `nextCursor`) asks for it by keyset, the
 * same rows as by its number.
 */
/** The page the details open at. */
export const firstDetailsPage = { pageNo: 1, pageSize: 20 } as const;

export function billingDetailsQueryOptions(
  filter: TBillingFilter,
  page: { pageNo: number; pageSize: number; cursor?: string | undefined },
  mode: TCallMode = {},
) {
  const { pageNo, pageSize, cursor } = page;
  return queryOptions({
    queryKey: billingKeys.details(filter, pageNo, pageSize),
    queryFn: ({ signal }) =>
      callApi(billingDetailListEndpoint, {
        body: { ...filter, pageNo, pageSize, ...(cursor ? { cursor } : {}) },
        signal,
        ...mode,
      }),
  });
}

export function useBillingDetails(
  filter: TBillingFilter | null,
  pageNo: number,
  pageSize: number,
  cursor?: string,
) {
  return useQuery({
    ...billingDetailsQueryOptions(filter ?? { range: 'last30Days' }, { pageNo, pageSize, cursor }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}
