/**
 * POST /api/portal/thirdparty/getUserBindingConfig: the third-party providers of this deployment,
 * whether the signed-in user has bound an identity of each, and whether the account allows
 * third-party sign-in.
 */
import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { ssoKeys } from './query-keys';

const getUserBindingConfigEndpoint = endpoint(
  'getUserBindingConfig',
  'POST',
  '/api/portal/thirdparty/getUserBindingConfig',
);

export type TUserBindingConfig = TRouteData<'getUserBindingConfig'>;
export type TThirdPartyBinding = TUserBindingConfig['providers'][number];

export function userBindingConfigQueryOptions(mode: TCallMode = {}) {
  return queryOptions({
    queryKey: ssoKeys.bindings,
    queryFn: ({ signal }) => callApi(getUserBindingConfigEndpoint, { signal, ...mode }),
  });
}

export function useUserBindingConfig() {
  return useQuery(userBindingConfigQueryOptions());
}

/** Replaces the cached binding config (the answer of an unbinding). */
export function setUserBindingConfig(config: TUserBindingConfig): void {
  queryClient.setQueryData(ssoKeys.bindings, config);
}

/** Where the browser goes to bind an identity of `provider` (the server answers a redirect). */
export function thirdPartyBindUrl(provider: string): string {
  return `/api/portal/thirdparty/bind?${new URLSearchParams({ provider })}`;
}
