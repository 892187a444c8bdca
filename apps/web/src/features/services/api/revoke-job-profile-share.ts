/** POST /api/portal/share/jobProfile/revoke: revokes a share link (its creator or an administrator). */
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshJobProfileShares } from './list-job-profile-shares';

const revokeJobProfileShareEndpoint = endpoint(
  'revokeJobProfileShare',
  'POST',
  '/api/portal/share/jobProfile/revoke',
);

export function revokeJobProfileShare(id: number) {
  return callApi(revokeJobProfileShareEndpoint, { body: { id } });
}

export function useRevokeJobProfileShare(options: { onDone?: () => void } = {}) {
  return useMutation({
    mutationFn: revokeJobProfileShare,
    onSuccess: () => options.onDone?.(),
    onSettled: () => refreshJobProfileShares(),
  });
}
