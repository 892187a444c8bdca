/**
 * GET /api/portal/insight/service/info: the account's Insight service, its instance, the limit of
 * enabled users and how many are enabled. Refetches every 2 s while the instance is opening.
 */
import type { TRouteData } from '@console/contract';
import { InstanceStatus } from '@console/contract/service-enums';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { LiveRefetchMs } from '../lib/live-refetch';
import { serviceKeys } from './query-keys';

const insightServiceInfoEndpoint = endpoint('insightServiceInfo', 'GET', '/api/portal/insight/service/info');

export type TInsightInfo = TRouteData<'insightServiceInfo'>;

export function useInsightInfo() {
  return useQuery({
    queryKey: serviceKeys.insightInfo,
    queryFn: ({ signal }) => callApi(insightServiceInfoEndpoint, { signal }),
    refetchInterval: (query) =>
      query.state.data?.instance?.status === InstanceStatus.opening ? LiveRefetchMs : false,
  });
}
