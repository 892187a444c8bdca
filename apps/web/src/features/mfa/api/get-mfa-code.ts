/**
 * POST /api/portal/mfa/getMfaCode: starts binding an authenticator app for the signed-in user: a new
 * secret (QR code and text) with the public key and id under which the confirming code is sent.
 */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const getMfaCodeEndpoint = endpoint('getMfaCode', 'POST', '/api/portal/mfa/getMfaCode');

export type TMfaCode = TRouteData<'getMfaCode'>;

export function getMfaCode(): Promise<TMfaCode> {
  return callApi(getMfaCodeEndpoint, { body: { mfaMethodType: 'GA' }, hints: false });
}
