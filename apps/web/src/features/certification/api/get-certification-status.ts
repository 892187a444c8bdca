/**
 * GET /api/portal/billing/certification/status (administrators): the account's latest
 * verification (masked), its type (trial 2, formal 3) and the attempts left today.
 */
import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionKeys } from '@/api/query-keys';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { certificationKeys } from './query-keys';

const certificationStatusEndpoint = endpoint(
  'certificationStatus',
  'GET',
  '/api/portal/billing/certification/status',
);

export type TCertificationStateData = TRouteData<'certificationStatus'>;

export function certificationStatusQueryOptions(mode: TCallMode = {}) {
  return queryOptions({
    queryKey: certificationKeys.status,
    queryFn: ({ signal }) => callApi(certificationStatusEndpoint, { signal, hints: false, ...mode }),
  });
}

export function useCertificationStatus(isEnabled = true) {
  return useQuery({ ...certificationStatusQueryOptions(), enabled: isEnabled });
}

/**
 * After a verification changed: its status and the account detail (the header's trial days and
 * upgrade button disappear once the account is formal).
 */
export async function refreshCertification(): Promise<void> {
  await Promise.all(
    [certificationKeys.status, sessionKeys.accountDetail, sessionKeys.accountBaseInfo].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
