/**
 * GET /api/portal/account/checkBill: whether billing applies to the account (the cru billing
 * feature and the account's own flag). The session gate loads it once with the user and the
 * authorisations; the menu, the billing routes and the workbench read the same cached answer.
 */

import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TRequestOptions } from '@/lib/api-client';
import { sessionKeys } from './query-keys';

const checkBillEndpoint = endpoint('checkBill', 'GET', '/api/portal/account/checkBill');

export type TCheckBill = TRouteData<'checkBill'>;

type TOptions = Pick<TRequestOptions, 'hints' | 'signal'>;

export function checkBill(options: TOptions = {}): Promise<TCheckBill> {
  return callApi(checkBillEndpoint, options);
}

export function checkBillQueryOptions(options: TOptions = {}) {
  return queryOptions({
    queryKey: sessionKeys.checkBill,
    queryFn: ({ signal }) => checkBill({ ...options, signal }),
  });
}

/** The gate's answer, from the cache (the gate does not draw the console before it has it). */
export function useCheckBill() {
  return useQuery(checkBillQueryOptions());
}
