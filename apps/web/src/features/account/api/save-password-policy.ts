/**
 * POST /api/portal/password/policy/save (administrators only): the account's password policy.
 * The answer is the stored policy: it replaces the cached one, which is then refetched.
 */

import type { TRouteBody, TRouteData } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { accountKeys } from './query-keys';

const savePasswordPolicyEndpoint = endpoint('savePasswordPolicy', 'POST', '/api/portal/password/policy/save');

export type TSavePasswordPolicyBody = TRouteBody<'savePasswordPolicy'>;

export function savePasswordPolicy(body: TSavePasswordPolicyBody): Promise<TRouteData<'savePasswordPolicy'>> {
  return callApi(savePasswordPolicyEndpoint, { body });
}

export function useSavePasswordPolicy(options: { onSaved?: () => void } = {}) {
  return useMutation({
    mutationFn: savePasswordPolicy,
    onSuccess: (policy) => {
      queryClient.setQueryData(accountKeys.passwordPolicy, policy);
      void queryClient.invalidateQueries({ queryKey: accountKeys.passwordPolicy });
      options.onSaved?.();
    },
  });
}
