/**
 * GET /api/portal/tag/getAccountTags: the tags the platform operator put on the account (a tag can
 * open regions to the account); the service page shows them beside the region filter.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { serviceKeys } from './query-keys';

const getAccountTagsEndpoint = endpoint('getAccountTags', 'GET', '/api/portal/tag/getAccountTags');

export function accountTagsQueryOptions(mode: TCallMode = {}) {
  return queryOptions({
    queryKey: serviceKeys.accountTags,
    queryFn: ({ signal }) => callApi(getAccountTagsEndpoint, { signal, ...mode }),
  });
}

export function useAccountTags() {
  return useQuery(accountTagsQueryOptions());
}
