/**
 * POST /api/portal/mfa/getMfaCode: starts binding an authenticator app for the signed-in user: a new
 * secret (QR code and text) with the public key and id under which the confirming code is sent.
 */
import type { TRouteData } from '@console/contract';
import { callApi } from '@/lib/api-client';

export type TMfaCode = TRouteData<'getMfaCode'>;

export function getMfaCode(): Promise<TMfaCode> {
  return callApi('getMfaCode', { body: { mfaMethodType: 'GA' }, hints: false });
}
