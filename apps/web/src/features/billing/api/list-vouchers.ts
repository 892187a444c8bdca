/** POST /api/portal/billing/voucher/list (administrators): the account's vouchers, of one state or all. */
import type { TRouteData } from '@console/contract';
import type { TVoucherState } from '@console/contract/billing-enums';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const voucherListEndpoint = endpoint('voucherList', 'POST', '/api/portal/billing/voucher/list');

export type TVoucherRow = TRouteData<'voucherList'>['list'][number];

export function useVouchers(state: TVoucherState | null, pageNo: number, pageSize = 10) {
  return useQuery({
    queryKey: billingKeys.vouchers(state, pageNo),
    queryFn: ({ signal }) =>
      callApi(voucherListEndpoint, { body: { ...(state ? { state } : {}), pageNo, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
