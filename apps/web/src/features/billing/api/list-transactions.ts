/** POST /api/portal/billing/transaction/list (administrators): cash account movements, newest first. */
import type { TRouteData } from '@console/contract';
import type { TTransactionType } from '@console/contract/billing-enums';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const transactionListEndpoint = endpoint('transactionList', 'POST', '/api/portal/billing/transaction/list');

export type TTransactionRow = TRouteData<'transactionList'>['list'][number];

export function useTransactions(type: TTransactionType | null, pageNo: number, pageSize = 10) {
  return useQuery({
    queryKey: billingKeys.transactions(type, pageNo),
    queryFn: ({ signal }) =>
      callApi(transactionListEndpoint, {
        body: { ...(type ? { type } : {}), pageNo, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
