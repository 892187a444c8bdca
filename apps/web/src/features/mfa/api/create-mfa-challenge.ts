/** POST /api/portal/mfa/challenge: a public key and id under which to send an authenticator code. */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const createMfaChallengeEndpoint = endpoint('createMfaChallenge', 'POST', '/api/portal/mfa/challenge');

export type TMfaChallenge = TRouteData<'createMfaChallenge'>;

export function createMfaChallenge(): Promise<TMfaChallenge> {
  return callApi(createMfaChallengeEndpoint, { hints: false });
}
