/**
 * POST /api/portal/mfa/policy (administrators only): requires, or stops requiring, login protection
 * of every user of the account. The user's own status shows the requirement too: both are refetched.
 */
import { useMutation } from '@tanstack/react-query';
import { refreshMfaStatus } from '@/api/get-mfa-status';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import type { TMfaPolicy } from './get-mfa-policy';
import { mfaKeys } from './query-keys';

const saveMfaPolicyEndpoint = endpoint('saveMfaPolicy', 'POST', '/api/portal/mfa/policy');

export function saveMfaPolicy(policy: TMfaPolicy): Promise<TMfaPolicy> {
  return callApi(saveMfaPolicyEndpoint, { body: policy });
}

export function useSaveMfaPolicy(options: { onSaved?: (policy: TMfaPolicy) => void } = {}) {
  return useMutation({
    mutationFn: saveMfaPolicy,
    onSuccess: (policy) => {
      queryClient.setQueryData(mfaKeys.policy, policy);
      void refreshMfaStatus();
      options.onSaved?.(policy);
    },
  });
}
