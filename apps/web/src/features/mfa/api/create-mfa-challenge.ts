/** POST /api/portal/mfa/challenge: a public key and id under which to send an authenticator code. */
import type { TRouteData } from '@console/contract';
import { callApi } from '@/lib/api-client';

export type TMfaChallenge = TRouteData<'createMfaChallenge'>;

export function createMfaChallenge(): Promise<TMfaChallenge> {
  return callApi('createMfaChallenge', { hints: false });
}
