/** GET /api/portal/service/serviceList: the platform's services, named in the request language. */
import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { serviceKeys } from './query-keys';

const serviceListEndpoint = endpoint('serviceList', 'GET', '/api/portal/service/serviceList');

export type TServiceItem = TRouteData<'serviceList'>[number];

export function servicesQueryOptions(mode: TCallMode = {}) {
  return queryOptions({
    queryKey: serviceKeys.services,
    queryFn: ({ signal }) => callApi(serviceListEndpoint, { signal, ...mode }),
  });
}

export function useServices() {
  return useQuery(servicesQueryOptions());
}
