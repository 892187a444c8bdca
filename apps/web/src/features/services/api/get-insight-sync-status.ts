/**
 * GET /api/portal/insight/user/getUserSyncStatus (administrators): whether the Insight instance
 * has applied every change (pending and failed counts). Refetches every 2 s while it syncs.
 */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { LiveRefetchMs } from '../lib/live-refetch';
import { serviceKeys } from './query-keys';

const insightUserSyncStatusEndpoint = endpoint(
  'insightUserSyncStatus',
  'GET',
  '/api/portal/insight/user/getUserSyncStatus',
);

export type TInsightSync = TRouteData<'insightUserSyncStatus'>;

export function useInsightSyncStatus(isEnabled = true) {
  return useQuery({
    queryKey: serviceKeys.insightSync,
    queryFn: ({ signal }) => callApi(insightUserSyncStatusEndpoint, { signal, hints: false }),
    enabled: isEnabled,
    refetchInterval: (query) => (query.state.data?.status === 'syncing' ? LiveRefetchMs : false),
  });
}
