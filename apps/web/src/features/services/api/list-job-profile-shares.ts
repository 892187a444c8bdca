/**
 * GET /api/portal/share/jobProfile/list: the account's job-profile share links (never their
 * tokens), newest first, with who shared them, when they expire and how often they were opened.
 */
import type { TRouteData } from '@console/contract';
import { Limits } from '@console/contract/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

const listJobProfileSharesEndpoint = endpoint(
  'listJobProfileShares',
  'GET',
  '/api/portal/share/jobProfile/list',
);

export type TJobProfileShareItem = TRouteData<'listJobProfileShares'>['list'][number];

/** Query keys of share links and of the jobs they are picked from. */
export const shareKeys = {
  all: ['services', 'jobShares'] as const,
  shares: ['services', 'jobShares', 'list'] as const,
  jobs: (instanceId: number) => ['services', 'jobShares', 'jobs', instanceId] as const,
};

/** The newest links of the account (one page of the most the list takes). */
export function jobProfileSharesQueryOptions(mode: TCallMode = {}) {
  return queryOptions({
    queryKey: shareKeys.shares,
    queryFn: ({ signal }) =>
      callApi(listJobProfileSharesEndpoint, {
        query: { pageNo: 1, pageSize: Limits.pageSizeMax },
        signal,
        ...mode,
      }),
  });
}

export function useJobProfileShares() {
  return useQuery(jobProfileSharesQueryOptions());
}

export function refreshJobProfileShares(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: shareKeys.shares });
}
