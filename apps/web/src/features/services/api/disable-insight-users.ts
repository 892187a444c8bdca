/**
 * POST /api/portal/insight/user/disableUsers (administrators): disables users for Insight. Also
 * the retry of a user whose disabling failed.
 */
import type { TRouteBody } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshInsight } from './list-insight-users';

const disableInsightUsersEndpoint = endpoint(
  'disableInsightUsers',
  'POST',
  '/api/portal/insight/user/disableUsers',
);

export type TDisableInsightUsersBody = TRouteBody<'disableInsightUsers'>;

export function disableInsightUsers(body: TDisableInsightUsersBody) {
  return callApi(disableInsightUsersEndpoint, { body });
}

export function useDisableInsightUsers(options: { onDone?: (count: number) => void } = {}) {
  return useMutation({
    mutationFn: disableInsightUsers,
    onSuccess: (result) => options.onDone?.(result.count),
    onSettled: () => refreshInsight(),
  });
}
