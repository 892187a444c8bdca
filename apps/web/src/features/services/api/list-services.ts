/** GET /api/portal/service/serviceList: the platform's services, named in the request language. */
import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { serviceKeys } from './query-keys';

const serviceListEndpoint = endpoint('serviceList', 'GET', '/api/portal/service/serviceList');

export type TServiceItem = TRouteData<'serviceList'>[number];

export function servicesQueryOptions() {
  return queryOptions({
    queryKey: serviceKeys.services,
    queryFn: ({ signal }) => callApi(serviceListEndpoint, { signal }),
  });
}

export function useServices() {
  return useQuery(servicesQueryOptions());
}
