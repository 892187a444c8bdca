/** GET /api/portal/user/getUserAuth: resource authorisations of the signed-in user. */

import type { TRouteData } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi, endpoint, type TRequestOptions } from '@/lib/api-client';
import { sessionKeys } from './query-keys';

const getUserAuthEndpoint = endpoint('getUserAuth', 'GET', '/api/portal/user/getUserAuth');

export type TUserAuth = TRouteData<'getUserAuth'>;

type TOptions = Pick<TRequestOptions, 'hints' | 'signal'>;

export function getUserAuth(options: TOptions = {}): Promise<TUserAuth> {
  return callApi(getUserAuthEndpoint, options);
}

export function userAuthQueryOptions(options: TOptions = {}) {
  return queryOptions({
    queryKey: sessionKeys.userAuth,
    queryFn: ({ signal }) => getUserAuth({ ...options, signal }),
  });
}
