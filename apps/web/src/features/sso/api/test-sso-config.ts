/**
 * POST /api/portal/sso/config/test (account administrators): starts a test sign-in with the given,
 * unsaved values. Answers the absolute URL to open in a popup; the popup ends with a `cz-sso-test`
 * message to this window. No setting changes and no session is created.
 */
import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';
import type { TSaveSsoConfigBody } from './save-sso-config';

const testSsoConfigEndpoint = endpoint('testSsoConfig', 'POST', '/api/portal/sso/config/test');

export function testSsoConfig(body: TSaveSsoConfigBody): Promise<TRouteData<'testSsoConfig'>> {
  return callApi(testSsoConfigEndpoint, { body, hints: false });
}
