/**
 * POST /api/portal/mfa/getMfaCode for a sign-in that must bind an authenticator app first
 * (international edition, spec section 4): the secret as QR code and text, with the public key
 * and id under which the sign-in continues.
 */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const getMfaCodeEndpoint = endpoint('getMfaCode', 'POST', '/api/portal/mfa/getMfaCode');

export type TLoginMfaCode = TRouteData<'getMfaCode'>;

export function getLoginMfaCode(input: {
  accountName: string;
  userName: string;
  uniqueId: string;
}): Promise<TLoginMfaCode> {
  return callApi(getMfaCodeEndpoint, {
    body: { ...input, mfaMethodType: 'GA' },
    headers: { authmethod: 'MFA_LOGIN' },
    hints: false,
  });
}
