/** GET /api/portal/account/getAccountDetail: the session's account, login address, trial days. */

import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TRequestOptions } from '@/lib/api-client';
import { sessionKeys } from './query-keys';

const getAccountDetailEndpoint = endpoint('getAccountDetail', 'GET', '/api/portal/account/getAccountDetail');

export type TAccountDetail = TRouteData<'getAccountDetail'>;

type TOptions = Pick<TRequestOptions, 'hints' | 'signal'>;

export function getAccountDetail(options: TOptions = {}): Promise<TAccountDetail> {
  return callApi(getAccountDetailEndpoint, options);
}

export function accountDetailQueryOptions(options: TOptions = {}) {
  return queryOptions({
    queryKey: sessionKeys.accountDetail,
    queryFn: ({ signal }) => getAccountDetail({ ...options, signal }),
  });
}

export function useAccountDetail() {
  return useQuery(accountDetailQueryOptions());
}
