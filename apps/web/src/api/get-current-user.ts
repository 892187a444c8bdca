/** POST /api/portal/user/getCurrentUser: the signed-in user. */

import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TRequestOptions } from '@/lib/api-client';
import { sessionKeys } from './query-keys';

const getCurrentUserEndpoint = endpoint('getCurrentUser', 'POST', '/api/portal/user/getCurrentUser');

export type TCurrentUser = TRouteData<'getCurrentUser'>;

type TOptions = Pick<TRequestOptions, 'hints' | 'signal'>;

export function getCurrentUser(options: TOptions = {}): Promise<TCurrentUser> {
  return callApi(getCurrentUserEndpoint, { ...options, body: {} });
}

export function currentUserQueryOptions(options: TOptions = {}) {
  return queryOptions({
    queryKey: sessionKeys.currentUser,
    queryFn: ({ signal }) => getCurrentUser({ ...options, signal }),
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
