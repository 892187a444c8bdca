/**
 * POST /api/portal/mfa/policy (administrators only): requires, or stops requiring, login protection
 * of every user of the account. Requiring it carries the administrator's own second step: an
 * authenticator code encrypted under a status challenge (`uniqueId`, `code`), or the checkToken of
 * a code sent to their phone or e-mail (headers). The user's own status shows the requirement too
 * (and may have been turned on by the proof): both are refetched.
 */
import type { TRouteBody } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { authCodeTokenHeaders, type TCheckResult } from '@/api/check-auth-code';
import { refreshMfaStatus } from '@/api/get-mfa-status';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import type { TMfaPolicy } from './get-mfa-policy';
import { mfaKeys } from './query-keys';

const saveMfaPolicyEndpoint = endpoint('saveMfaPolicy', 'POST', '/api/portal/mfa/policy');

export type TSaveMfaPolicyBody = TRouteBody<'saveMfaPolicy'>;

/** Saves the policy; `proof` is the checkToken of a code, `hints: false` leaves the failure to the caller. */
export function saveMfaPolicy(
  body: TSaveMfaPolicyBody,
  options: { proof?: TCheckResult; hints?: boolean } = {},
): Promise<TMfaPolicy> {
  return callApi(saveMfaPolicyEndpoint, {
    body,
    ...(options.proof ? { headers: authCodeTokenHeaders(options.proof) } : {}),
    ...(options.hints === false ? { hints: false } : {}),
  });
}

/** Puts a saved policy in the cache, and fetches the user's own status again. */
export function applySavedMfaPolicy(policy: TMfaPolicy): void {
  queryClient.setQueryData(mfaKeys.policy, policy);
  void refreshMfaStatus();
}

/** The policy is read again (after a refusal, or a change of one's own protection it depends on). */
export function refreshMfaPolicy(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: mfaKeys.policy });
}

export function useSaveMfaPolicy(options: { onSaved?: (policy: TMfaPolicy) => void } = {}) {
  return useMutation({
    mutationFn: (body: TSaveMfaPolicyBody) => saveMfaPolicy(body),
    onSuccess: (policy) => {
      applySavedMfaPolicy(policy);
      options.onSaved?.(policy);
    },
  });
}
