/** GET /api/portal/mfa/status: the signed-in user's login protection (shown in the account center). */

import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { accountKeys } from './query-keys';

const getMfaStatusEndpoint = endpoint('getMfaStatus', 'GET', '/api/portal/mfa/status');

export type TMfaStatus = TRouteData<'getMfaStatus'>;

export function useMfaStatus() {
  return useQuery({
    queryKey: accountKeys.mfaStatus,
    queryFn: ({ signal }) => callApi(getMfaStatusEndpoint, { signal }),
  });
}
