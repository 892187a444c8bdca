/**
 * POST /api/portal/insight/user/enableUsers (administrators): enables users for Insight, with a
 * role (the default role when none is given). Beyond the limit the answer is 4063, whose message
 * the API client shows. Also the retry of a user whose enabling failed.
 */
import type { TRouteBody } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshInsight } from './list-insight-users';

const enableInsightUsersEndpoint = endpoint(
  'enableInsightUsers',
  'POST',
  '/api/portal/insight/user/enableUsers',
);

export type TEnableInsightUsersBody = TRouteBody<'enableInsightUsers'>;

export function enableInsightUsers(body: TEnableInsightUsersBody) {
  return callApi(enableInsightUsersEndpoint, { body });
}

export function useEnableInsightUsers(options: { onDone?: (count: number) => void } = {}) {
  return useMutation({
    mutationFn: enableInsightUsers,
    onSuccess: (result) => options.onDone?.(result.count),
    onSettled: () => refreshInsight(),
  });
}
