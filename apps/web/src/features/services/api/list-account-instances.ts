/**
 * GET /api/portal/account/getAccountInstanceList: every live instance of the account (not closed
 * or hidden), for the workbench. Refetches every 2 s while one of them is opening.
 */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { instancesRefetchInterval } from '../lib/live-refetch';
import { serviceKeys } from './query-keys';

const accountInstanceListEndpoint = endpoint(
  'getAccountInstanceList',
  'GET',
  '/api/portal/account/getAccountInstanceList',
);

export type TAccountInstance = TRouteData<'getAccountInstanceList'>[number];

export function useAccountInstances() {
  return useQuery({
    queryKey: serviceKeys.accountInstances,
    queryFn: ({ signal }) => callApi(accountInstanceListEndpoint, { signal }),
    refetchInterval: (query) => instancesRefetchInterval(query.state.data),
  });
}
