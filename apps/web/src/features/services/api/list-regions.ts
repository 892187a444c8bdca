/**
 * GET /api/portal/service/serviceRegionList: every region offered to the account (enabled, of an
 * enabled provider, and open to its tags), whatever the service; the service page's region filter.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { serviceKeys } from './query-keys';

const serviceRegionListEndpoint = endpoint(
  'serviceRegionList',
  'GET',
  '/api/portal/service/serviceRegionList',
);

export function accountRegionsQueryOptions(mode: TCallMode = {}) {
  return queryOptions({
    queryKey: serviceKeys.accountRegions,
    queryFn: ({ signal }) => callApi(serviceRegionListEndpoint, { signal, ...mode }),
  });
}

export function useAccountRegions() {
  return useQuery(accountRegionsQueryOptions());
}
