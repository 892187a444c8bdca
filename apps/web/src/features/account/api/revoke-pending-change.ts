/**
 * POST /api/portal/user/revokePendingChange (administrators only): revokes a pending contact
 * change (its link stops working); the list is refetched.
 */
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { accountKeys } from './query-keys';

const revokePendingChangeEndpoint = endpoint(
  'revokePendingChange',
  'POST',
  '/api/portal/user/revokePendingChange',
);

export function revokePendingChange(id: number): Promise<null> {
  return callApi(revokePendingChangeEndpoint, { body: { id } });
}

export function useRevokePendingChange(options: { onRevoked?: () => void } = {}) {
  return useMutation({
    mutationFn: revokePendingChange,
    onSuccess: () => {
      options.onRevoked?.();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.pendingChanges }),
  });
}
