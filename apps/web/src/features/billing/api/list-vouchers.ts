/** POST /api/portal/billing/voucher/list (administrators): the account's vouchers. */
import type { TRouteData } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const voucherListEndpoint = endpoint('voucherList', 'POST', '/api/portal/billing/voucher/list');

export type TVoucherRow = TRouteData<'voucherList'>['list'][number];

export function useVouchers(pageNo: number, pageSize = 10) {
  return useQuery({
    queryKey: billingKeys.vouchers(pageNo),
    queryFn: ({ signal }) => callApi(voucherListEndpoint, { body: { pageNo, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
