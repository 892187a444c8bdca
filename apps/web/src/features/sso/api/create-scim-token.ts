/**
 * POST /api/portal/sso/scim/tokens (account administrators): creates a SCIM provisioning token.
 * The answer carries the token this once; the list is read again.
 */
import type { TRouteBody, TRouteData } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshScimTokens } from './list-scim-tokens';

const createScimTokenEndpoint = endpoint('createScimToken', 'POST', '/api/portal/sso/scim/tokens');

export function createScimToken(body: TRouteBody<'createScimToken'>): Promise<TRouteData<'createScimToken'>> {
  return callApi(createScimTokenEndpoint, { body });
}

export function useCreateScimToken() {
  return useMutation({ mutationFn: createScimToken, onSuccess: () => void refreshScimTokens() });
}
