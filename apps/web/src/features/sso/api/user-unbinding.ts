/**
 * POST /api/portal/thirdparty/userUnBinding: removes the signed-in user's binding to a provider.
 * Answers the new binding config, which replaces the cached one.
 */
import type { TRouteData } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { setUserBindingConfig } from './get-user-binding-config';

const userUnBindingEndpoint = endpoint('userUnBinding', 'POST', '/api/portal/thirdparty/userUnBinding');

export function unbindThirdParty(provider: string): Promise<TRouteData<'userUnBinding'>> {
  return callApi(userUnBindingEndpoint, { body: { provider } });
}

export function useUnbindThirdParty(options: { onUnbound?: (provider: string) => void } = {}) {
  return useMutation({
    mutationFn: unbindThirdParty,
    onSuccess: (config, provider) => {
      setUserBindingConfig(config);
      options.onUnbound?.(provider);
    },
  });
}
