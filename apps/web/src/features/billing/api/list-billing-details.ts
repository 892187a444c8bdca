/** POST /api/portal/billing/detail/list (administrators): daily bill details of the filters, paged. */
import type { TBillingFilter, TRouteData } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const billingDetailListEndpoint = endpoint('billingDetailList', 'POST', '/api/portal/billing/detail/list');

export type TBillingDetailRowData = TRouteData<'billingDetailList'>['list'][number];

export function useBillingDetails(filter: TBillingFilter | null, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: billingKeys.details(filter ?? { range: 'last30Days' }, pageNo, pageSize),
    queryFn: ({ signal }) =>
      callApi(billingDetailListEndpoint, {
        body: { ...(filter ?? { range: 'last30Days' }), pageNo, pageSize },
        signal,
      }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}
