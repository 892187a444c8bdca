/**
 * POST /api/portal/mfa/resetMfaCode: rebinds the authenticator app (lost phone) after identity
 * verification: the checkToken of a RESET_MFA code in the headers; answers a new secret. The
 * status is fetched again.
 */

import type { TRouteData } from '@console/contract';
import { authCodeTokenHeaders, type TCheckResult } from '@/api/check-auth-code';
import { refreshMfaStatus } from '@/api/get-mfa-status';
import { callApi, endpoint } from '@/lib/api-client';

const resetMfaCodeEndpoint = endpoint('resetMfaCode', 'POST', '/api/portal/mfa/resetMfaCode');

export type TResetMfaCode = TRouteData<'resetMfaCode'>;

export async function resetMfaCode(proof: TCheckResult): Promise<TResetMfaCode> {
  const material = await callApi(resetMfaCodeEndpoint, {
    headers: authCodeTokenHeaders(proof),
    hints: false,
  });
  void refreshMfaStatus();
  return material;
}
