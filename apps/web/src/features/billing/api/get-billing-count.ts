/**
 * POST /api/portal/billing/count (administrators): the billing record of a range (every amount
 * with its `discount…` variant, the discount percentage, voucher, cash and outstanding amounts,
 * and the daily trend). `todayAmount` and `yesterdayAmount` ignore the range.
 */
import type { TBillingFilter, TRouteData } from '@console/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const billingCountEndpoint = endpoint('billingCount', 'POST', '/api/portal/billing/count');

export type TBillingCountData = TRouteData<'billingCount'>;

export function billingCountQueryOptions(filter: TBillingFilter, mode: TCallMode = {}) {
  return queryOptions({
    queryKey: billingKeys.count(filter),
    queryFn: ({ signal }) => callApi(billingCountEndpoint, { body: filter, signal, ...mode }),
  });
}

export function useBillingCount(filter: TBillingFilter | null, options: { hints?: boolean } = {}) {
  return useQuery({
    ...billingCountQueryOptions(filter ?? { range: 'last30Days' }, { hints: options.hints }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}
