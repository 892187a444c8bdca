/**
 * GET /api/portal/service/serviceInstanceList: one service's instances (hidden ones left out),
 * newest first. While one of them is opening, the list refetches every 2 s until all settle.
 */
import type { TRouteData } from '@console/contract';
import { Limits } from '@console/contract/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { instancesRefetchInterval } from '../lib/live-refetch';
import { serviceKeys } from './query-keys';

const serviceInstanceListEndpoint = endpoint(
  'serviceInstanceList',
  'GET',
  '/api/portal/service/serviceInstanceList',
);

export type TInstanceItem = TRouteData<'serviceInstanceList'>['list'][number];

/** A service has one instance per cloud platform and region: one page holds them all. */
export function instancesQueryOptions(serviceId: number, mode: TCallMode = {}) {
  return queryOptions({
    queryKey: serviceKeys.instances(serviceId),
    queryFn: ({ signal }) =>
      callApi(serviceInstanceListEndpoint, {
        query: { serviceId, pageNo: 1, pageSize: Limits.pageSizeMax },
        signal,
        ...mode,
      }),
    refetchInterval: (query) => instancesRefetchInterval(query.state.data?.list),
  });
}

export function useInstances(serviceId: number) {
  return useQuery(instancesQueryOptions(serviceId));
}

/** After opening, retrying or closing: the instance lists, the workbench's, the regions taken and Insight's. */
export async function refreshInstances(): Promise<void> {
  await Promise.all(
    [
      serviceKeys.allInstances,
      serviceKeys.accountInstances,
      serviceKeys.allRegions,
      serviceKeys.insightInfo,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
