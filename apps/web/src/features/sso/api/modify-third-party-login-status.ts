/**
 * POST /api/portal/thirdparty/modifyThirdPartyLoginStatus (account administrators): turns
 * third-party sign-in on or off for the account. The answer updates the cached binding config.
 */
import type { TRouteData } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import type { TUserBindingConfig } from './get-user-binding-config';
import { ssoKeys } from './query-keys';

const modifyThirdPartyLoginStatusEndpoint = endpoint(
  'modifyThirdPartyLoginStatus',
  'POST',
  '/api/portal/thirdparty/modifyThirdPartyLoginStatus',
);

export function modifyThirdPartyLoginStatus(
  enabled: boolean,
): Promise<TRouteData<'modifyThirdPartyLoginStatus'>> {
  return callApi(modifyThirdPartyLoginStatusEndpoint, { body: { enabled } });
}

export function useModifyThirdPartyLoginStatus(options: { onChanged?: (enabled: boolean) => void } = {}) {
  return useMutation({
    mutationFn: modifyThirdPartyLoginStatus,
    onSuccess: ({ enabled }) => {
      queryClient.setQueryData<TUserBindingConfig>(ssoKeys.bindings, (prev) =>
        prev ? { ...prev, loginEnabled: enabled } : prev,
      );
      options.onChanged?.(enabled);
    },
  });
}
