/** GET /api/portal/billing/cspRegionList (administrators): the account's instances with region and workspaces. */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const cspRegionListEndpoint = endpoint('cspRegionList', 'GET', '/api/portal/billing/cspRegionList');

export type TCspRegionItem = TRouteData<'cspRegionList'>[number];

export function useCspRegions() {
  return useQuery({
    queryKey: billingKeys.cspRegions,
    queryFn: ({ signal }) => callApi(cspRegionListEndpoint, { signal }),
  });
}
