/** POST /api/portal/billing/deduction/list (administrators): what vouchers paid. */
import type { TRouteData } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const deductionListEndpoint = endpoint('deductionList', 'POST', '/api/portal/billing/deduction/list');

export type TDeductionRow = TRouteData<'deductionList'>['list'][number];

export function useDeductions(pageNo: number, pageSize = 10) {
  return useQuery({
    queryKey: billingKeys.deductions(pageNo),
    queryFn: ({ signal }) => callApi(deductionListEndpoint, { body: { pageNo, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
