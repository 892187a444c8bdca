/** GET /api/portal/account/center: company name, registration phone, login protection, trial extension. */

import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { showsMfaStatusMeta } from '@/api/get-mfa-status';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { accountKeys } from './query-keys';

const getAccountCenterEndpoint = endpoint('getAccountCenter', 'GET', '/api/portal/account/center');

export type TAccountCenter = TRouteData<'getAccountCenter'>;

export function accountCenterQueryOptions(mode: TCallMode = {}) {
  return queryOptions({
    queryKey: accountKeys.center,
    queryFn: ({ signal }) => callApi(getAccountCenterEndpoint, { signal, ...mode }),
    // Its requirement and count of users with login protection change with the user's status.
    meta: showsMfaStatusMeta,
  });
}

export function useAccountCenter() {
  return useQuery(accountCenterQueryOptions());
}
