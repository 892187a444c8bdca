/**
 * POST /api/portal/sso/scim/tokens/revoke (account administrators): revokes a SCIM provisioning
 * token; the answer is the list as it now is.
 */
import type { TRouteData } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { setScimTokens } from './list-scim-tokens';

const revokeScimTokenEndpoint = endpoint('revokeScimToken', 'POST', '/api/portal/sso/scim/tokens/revoke');

export function revokeScimToken(id: number): Promise<TRouteData<'revokeScimToken'>> {
  return callApi(revokeScimTokenEndpoint, { body: { id } });
}

export function useRevokeScimToken() {
  return useMutation({ mutationFn: revokeScimToken, onSuccess: setScimTokens });
}
