/**
 * GET /api/portal/mfa/status: the signed-in user's login protection (on or off, the method, where
 * codes go, whether the account requires it). One query key for every screen that shows it (the
 * workbench card, the login protection dialog, the account center). Every change of it (turning it
 * on or off, binding or rebinding the authenticator, the account's requirement, a new phone or
 * e-mail for the codes) calls `refreshMfaStatus`, so that no screen keeps an old value.
 */

import type { TRouteData } from '@console/contract';
import { type Query, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { sessionKeys } from './query-keys';

const getMfaStatusEndpoint = endpoint('getMfaStatus', 'GET', '/api/portal/mfa/status');

export type TMfaStatus = TRouteData<'getMfaStatus'>;

export function mfaStatusQueryOptions(mode: TCallMode = {}) {
  return queryOptions({
    queryKey: sessionKeys.mfaStatus,
    queryFn: ({ signal }) => callApi(getMfaStatusEndpoint, { signal, ...mode }),
  });
}

export function useMfaStatus() {
  return useQuery(mfaStatusQueryOptions());
}

/**
 * The `meta` of another query whose answer shows login protection too (the account center's count
 * of users with it, the account's requirement): it is refreshed with the status.
 */
export const showsMfaStatusMeta = { showsMfaStatus: true } as const;

const showsMfaStatus = (query: Query) => query.meta?.showsMfaStatus === true;

/**
 * After a change: `state`, when the change answers the new status, replaces the cached one at once;
 * the status (and every query marked with `showsMfaStatusMeta`) is fetched again.
 */
export async function refreshMfaStatus(state?: TMfaStatus): Promise<void> {
  if (state) queryClient.setQueryData(sessionKeys.mfaStatus, state);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKeys.mfaStatus }),
    queryClient.invalidateQueries({ predicate: showsMfaStatus }),
  ]);
}
