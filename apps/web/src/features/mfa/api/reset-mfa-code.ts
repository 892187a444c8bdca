/**
 * POST /api/portal/mfa/resetMfaCode: rebinds the authenticator app (lost phone) after identity
 * verification: the checkToken of a RESET_MFA code in the headers; answers a new secret.
 */

import type { TRouteData } from '@console/contract';
import { authCodeTokenHeaders, type TCheckResult } from '@/api/check-auth-code';
import { callApi, endpoint } from '@/lib/api-client';

const resetMfaCodeEndpoint = endpoint('resetMfaCode', 'POST', '/api/portal/mfa/resetMfaCode');

export type TResetMfaCode = TRouteData<'resetMfaCode'>;

export function resetMfaCode(proof: TCheckResult): Promise<TResetMfaCode> {
  return callApi(resetMfaCodeEndpoint, { headers: authCodeTokenHeaders(proof), hints: false });
}
