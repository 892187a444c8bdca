/**
 * GET /api/portal/sso/scim/tokens (account administrators): the account's SCIM provisioning tokens
 * (never the tokens themselves) and its SCIM base URL.
 */
import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { ssoKeys } from './query-keys';

const listScimTokensEndpoint = endpoint('listScimTokens', 'GET', '/api/portal/sso/scim/tokens');

export type TScimTokenList = TRouteData<'listScimTokens'>;
export type TScimToken = TScimTokenList['list'][number];

export function listScimTokens(signal?: AbortSignal): Promise<TScimTokenList> {
  return callApi(listScimTokensEndpoint, signal ? { signal } : {});
}

export function scimTokensQueryOptions() {
  return queryOptions({
    queryKey: ssoKeys.scimTokens,
    queryFn: ({ signal }) => listScimTokens(signal),
    retry: false,
  });
}

export function useScimTokens() {
  return useQuery(scimTokensQueryOptions());
}

export function setScimTokens(list: TScimTokenList): void {
  queryClient.setQueryData(ssoKeys.scimTokens, list);
}

export function refreshScimTokens(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ssoKeys.scimTokens });
}
