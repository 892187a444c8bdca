/**
 * POST /api/portal/service/getRegionListByServiceId: the regions offering a service, each marked
 * `isTaken` when the account already has a live instance of that service there (one instance per
 * cloud platform per region). Always fetched afresh: an instance may have been opened or closed.
 */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { serviceKeys } from './query-keys';

const regionListEndpoint = endpoint(
  'getRegionListByServiceId',
  'POST',
  '/api/portal/service/getRegionListByServiceId',
);

export type TServiceRegionItem = TRouteData<'getRegionListByServiceId'>[number];

export function useServiceRegions(serviceId: number | undefined) {
  return useQuery({
    queryKey: serviceKeys.regions(serviceId ?? 0),
    queryFn: ({ signal }) => callApi(regionListEndpoint, { body: { serviceId: serviceId ?? 0 }, signal }),
    enabled: serviceId !== undefined,
    staleTime: 0,
  });
}
