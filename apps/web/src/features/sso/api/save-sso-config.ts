/**
 * POST /api/portal/sso/config (account administrators): saves the configuration. The server runs
 * the OpenID discovery or reads the SAML metadata first; failures answer 4043 with the reason, and
 * field errors answer 400. The page shows both itself (no toast). The answer replaces the cached
 * configuration.
 */
import type { TRouteBody, TRouteData } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { setSsoConfig } from './get-sso-config';

const saveSsoConfigEndpoint = endpoint('saveSsoConfig', 'POST', '/api/portal/sso/config');

export type TSaveSsoConfigBody = TRouteBody<'saveSsoConfig'>;

export function saveSsoConfig(body: TSaveSsoConfigBody): Promise<TRouteData<'saveSsoConfig'>> {
  return callApi(saveSsoConfigEndpoint, { body, hints: false });
}

export function useSaveSsoConfig(options: { onSaved?: (config: TRouteData<'saveSsoConfig'>) => void } = {}) {
  return useMutation({
    mutationFn: saveSsoConfig,
    onSuccess: (config) => {
      setSsoConfig(config);
      options.onSaved?.(config);
    },
  });
}
