/**
 * POST /api/portal/share/jobProfile: shares a job's profile by link. The answer is the only one
 * that carries the link; the list shows the share without it.
 */
import type { TRouteBody } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshJobProfileShares } from './list-job-profile-shares';

const createJobProfileShareEndpoint = endpoint(
  'createJobProfileShare',
  'POST',
  '/api/portal/share/jobProfile',
);

export function createJobProfileShare(body: TRouteBody<'createJobProfileShare'>) {
  return callApi(createJobProfileShareEndpoint, { body });
}

export function useCreateJobProfileShare() {
  return useMutation({ mutationFn: createJobProfileShare, onSettled: () => refreshJobProfileShares() });
}
