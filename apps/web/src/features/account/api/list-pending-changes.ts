/**
 * GET /api/portal/user/pendingChanges (administrators only): changes of users' e-mail addresses or
 * phone numbers that wait for the user's agreement through the link sent to them.
 */

import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { accountKeys } from './query-keys';

const listPendingChangesEndpoint = endpoint('listPendingChanges', 'GET', '/api/portal/user/pendingChanges');

export type TPendingChanges = TRouteData<'listPendingChanges'>;
export type TPendingChange = TPendingChanges[number];

export function pendingChangesQueryOptions(mode: TCallMode = {}) {
  return queryOptions({
    queryKey: accountKeys.pendingChanges,
    queryFn: ({ signal }) => callApi(listPendingChangesEndpoint, { signal, ...mode }),
  });
}

export function usePendingChanges(isEnabled = true) {
  return useQuery({ ...pendingChangesQueryOptions(), enabled: isEnabled });
}
