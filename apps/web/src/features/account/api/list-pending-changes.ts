/**
 * GET /api/portal/user/pendingChanges (administrators only): changes of users' e-mail addresses or
 * phone numbers that wait for the user's agreement through the link sent to them.
 */

import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { accountKeys } from './query-keys';

const listPendingChangesEndpoint = endpoint('listPendingChanges', 'GET', '/api/portal/user/pendingChanges');

export type TPendingChanges = TRouteData<'listPendingChanges'>;
export type TPendingChange = TPendingChanges[number];

export function listPendingChanges(signal?: AbortSignal): Promise<TPendingChanges> {
  return callApi(listPendingChangesEndpoint, signal ? { signal } : {});
}

export function pendingChangesQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.pendingChanges,
    queryFn: ({ signal }) => listPendingChanges(signal),
  });
}

export function usePendingChanges(isEnabled = true) {
  return useQuery({ ...pendingChangesQueryOptions(), enabled: isEnabled });
}
