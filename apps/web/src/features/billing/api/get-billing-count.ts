/**
 * POST /api/portal/billing/count (administrators): the billing record of a range (every amount
 * with its `discount…` variant, the discount percentage, voucher, cash and outstanding amounts,
 * and the daily trend). `todayAmount` and `yesterdayAmount` ignore the range.
 */
import type { TBillingFilter, TRouteData } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const billingCountEndpoint = endpoint('billingCount', 'POST', '/api/portal/billing/count');

export type TBillingCountData = TRouteData<'billingCount'>;

export function useBillingCount(filter: TBillingFilter | null, options: { hints?: boolean } = {}) {
  return useQuery({
    queryKey: billingKeys.count(filter ?? { range: 'last30Days' }),
    queryFn: ({ signal }) =>
      callApi(billingCountEndpoint, {
        body: filter ?? { range: 'last30Days' },
        signal,
        hints: options.hints,
      }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}
