/** POST /api/portal/billing/detail/list (administrators): daily bill details of the filters, paged (keyset when a cursor is known). */
import type { TBillingFilter, TRouteData } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const billingDetailListEndpoint = endpoint('billingDetailList', 'POST', '/api/portal/billing/detail/list');

export type TBillingDetailRowData = TRouteData<'billingDetailList'>['list'][number];

/**
 * A page of the details; `cursor` (the previous page's `nextCursor`) asks for it by keyset, the
 * same rows as by its number.
 */
export function useBillingDetails(
  filter: TBillingFilter | null,
  pageNo: number,
  pageSize: number,
  cursor?: string,
) {
  return useQuery({
    queryKey: billingKeys.details(filter ?? { range: 'last30Days' }, pageNo, pageSize),
    queryFn: ({ signal }) =>
      callApi(billingDetailListEndpoint, {
        body: { ...(filter ?? { range: 'last30Days' }), pageNo, pageSize, ...(cursor ? { cursor } : {}) },
        signal,
      }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}
