/** GET /api/portal/billing/cspRegionList (administrators): the account's instances with region and workspaces. */
import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const cspRegionListEndpoint = endpoint('cspRegionList', 'GET', '/api/portal/billing/cspRegionList');

export type TCspRegionItem = TRouteData<'cspRegionList'>[number];

export function cspRegionsQueryOptions(mode: TCallMode = {}) {
  return queryOptions({
    queryKey: billingKeys.cspRegions,
    queryFn: ({ signal }) => callApi(cspRegionListEndpoint, { signal, ...mode }),
  });
}

export function useCspRegions() {
  return useQuery(cspRegionsQueryOptions());
}
