/**
 * GET /api/portal/password/policy/get: the password policy of the session's account (any signed-in
 * user may read it). The fetcher is shared with the public pages (`@/api/get-password-policy`);
 * the console's query lives here.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPasswordPolicy, type TPasswordPolicy } from '@/api/get-password-policy';
import type { TCallMode } from '@/lib/api-client';
import { accountKeys } from './query-keys';

export type { TPasswordPolicy };

export function passwordPolicyQueryOptions(mode: TCallMode = {}) {
  return queryOptions({
    queryKey: accountKeys.passwordPolicy,
    queryFn: ({ signal }) => getPasswordPolicy({}, { signal, ...mode }),
  });
}

export function usePasswordPolicy() {
  return useQuery(passwordPolicyQueryOptions());
}
