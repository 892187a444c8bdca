/** GET /api/portal/mfa/status: the signed-in user's login protection. */

import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { mfaKeys } from './query-keys';

const getMfaStatusEndpoint = endpoint('getMfaStatus', 'GET', '/api/portal/mfa/status');

export type TMfaState = TRouteData<'getMfaStatus'>;

export function getMfaStatus(signal?: AbortSignal): Promise<TMfaState> {
  return callApi(getMfaStatusEndpoint, signal ? { signal } : {});
}

export function mfaStatusQueryOptions() {
  return queryOptions({ queryKey: mfaKeys.status, queryFn: ({ signal }) => getMfaStatus(signal) });
}

export function useMfaStatus() {
  return useQuery(mfaStatusQueryOptions());
}

/** After a change: the answer of the change is the new state. */
export function setMfaStatus(state: TMfaState): void {
  queryClient.setQueryData(mfaKeys.status, state);
}
