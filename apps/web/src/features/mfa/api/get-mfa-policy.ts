/** GET /api/portal/mfa/policy: whether the account requires login protection of every user. */

import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { mfaKeys } from './query-keys';

const getMfaPolicyEndpoint = endpoint('getMfaPolicy', 'GET', '/api/portal/mfa/policy');

export type TMfaPolicy = TRouteData<'getMfaPolicy'>;

export function mfaPolicyQueryOptions() {
  return queryOptions({
    queryKey: mfaKeys.policy,
    queryFn: ({ signal }) => callApi(getMfaPolicyEndpoint, { signal }),
  });
}

export function useMfaPolicy(isEnabled = true) {
  return useQuery({ ...mfaPolicyQueryOptions(), enabled: isEnabled });
}
