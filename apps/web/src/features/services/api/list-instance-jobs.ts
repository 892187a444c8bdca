/** GET /api/portal/share/jobProfile/jobs: an opened Lakehouse instance's recent jobs, newest first. */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { shareKeys } from './list-job-profile-shares';

const listInstanceJobsEndpoint = endpoint('listInstanceJobs', 'GET', '/api/portal/share/jobProfile/jobs');

export type TInstanceJob = TRouteData<'listInstanceJobs'>['list'][number];

export function useInstanceJobs(instanceId: number) {
  return useQuery({
    queryKey: shareKeys.jobs(instanceId),
    queryFn: ({ signal }) =>
      callApi(listInstanceJobsEndpoint, { query: { instanceId }, signal, hints: false }),
    staleTime: 30_000,
  });
}
