/** POST /api/portal/billing/remittance/list (administrators): reported bank transfers and their review. */
import type { TRouteData } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const remittanceListEndpoint = endpoint('remittanceList', 'POST', '/api/portal/billing/remittance/list');

export type TRemittanceRow = TRouteData<'remittanceList'>['list'][number];

export function useRemittances(pageNo: number, pageSize = 10) {
  return useQuery({
    queryKey: billingKeys.remittances(pageNo),
    queryFn: ({ signal }) => callApi(remittanceListEndpoint, { body: { pageNo, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
