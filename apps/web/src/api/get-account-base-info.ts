/** POST /api/portal/account/getAccountBaseInfo: basic facts of the account, with the billing flag. */

import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TRequestOptions } from '@/lib/api-client';
import { sessionKeys } from './query-keys';

const getAccountBaseInfoEndpoint = endpoint(
  'getAccountBaseInfo',
  'POST',
  '/api/portal/account/getAccountBaseInfo',
);

export type TAccountBaseInfo = TRouteData<'getAccountBaseInfo'>;

type TOptions = Pick<TRequestOptions, 'hints' | 'redirectOn401' | 'signal'>;

export function getAccountBaseInfo(options: TOptions = {}): Promise<TAccountBaseInfo> {
  return callApi(getAccountBaseInfoEndpoint, { ...options, body: {} });
}

export function accountBaseInfoQueryOptions(options: TOptions = {}) {
  return queryOptions({
    queryKey: sessionKeys.accountBaseInfo,
    queryFn: ({ signal }) => getAccountBaseInfo({ ...options, signal }),
  });
}

export function useAccountBaseInfo() {
  return useQuery(accountBaseInfoQueryOptions());
}
