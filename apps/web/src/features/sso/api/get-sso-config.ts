/**
 * GET /api/portal/sso/config (account administrators): the account's single sign-on configuration
 * and what this console is to the identity provider (redirect URI, SP entity id, ACS and metadata
 * URLs). The client secret never comes back, only whether one is stored. Members get 4037, shown
 * by the page itself (no toast).
 */
import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { ssoKeys } from './query-keys';

const getSsoConfigEndpoint = endpoint('getSsoConfig', 'GET', '/api/portal/sso/config');

export type TSsoConfig = TRouteData<'getSsoConfig'>;

export function getSsoConfig(signal?: AbortSignal): Promise<TSsoConfig> {
  return callApi(getSsoConfigEndpoint, { hints: false, ...(signal ? { signal } : {}) });
}

export function ssoConfigQueryOptions() {
  return queryOptions({
    queryKey: ssoKeys.config,
    queryFn: ({ signal }) => getSsoConfig(signal),
    retry: false,
  });
}

export function useSsoConfig() {
  return useQuery(ssoConfigQueryOptions());
}

/** After a save: the answer is the stored configuration. */
export function setSsoConfig(config: TSsoConfig): void {
  queryClient.setQueryData(ssoKeys.config, config);
}
