/**
 * POST /api/login. Called with hints off: the login form shows every failure itself.
 * (The login page stays light: no query library, a plain fetcher.)
 */

import type { TRouteBody, TRouteData } from '@console/contract';
import { callApiEnvelope, endpoint, type TEnvelope } from '@/lib/api-client';

const loginEndpoint = endpoint('login', 'POST', '/api/login');

export type TLoginBody = TRouteBody<'login'>;
export type TLoginResult = TRouteData<'login'>;

export function login(body: TLoginBody): Promise<TEnvelope<TLoginResult>> {
  return callApiEnvelope(loginEndpoint, { body, hints: false });
}
