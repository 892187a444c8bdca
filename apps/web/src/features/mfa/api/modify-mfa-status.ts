/**
 * POST /api/portal/mfa/modifyMfaStatus: turns login protection on or off, proven by an encrypted
 * authenticator code (GA, with `uniqueId`) or by the checkToken of a code sent to the phone or
 * e-mail (headers). Answers the new state, which replaces the cached one (and is fetched again).
 */

import type { TRouteBody, TRouteData } from '@console/contract';
import { authCodeTokenHeaders, type TCheckResult } from '@/api/check-auth-code';
import { refreshMfaStatus } from '@/api/get-mfa-status';
import { callApi, endpoint } from '@/lib/api-client';

const modifyMfaStatusEndpoint = endpoint('modifyMfaStatus', 'POST', '/api/portal/mfa/modifyMfaStatus');

export type TModifyMfaStatusBody = TRouteBody<'modifyMfaStatus'>;

export async function modifyMfaStatus(
  body: TModifyMfaStatusBody,
  proof?: TCheckResult,
): Promise<TRouteData<'modifyMfaStatus'>> {
  const state = await callApi(modifyMfaStatusEndpoint, {
    body,
    ...(proof ? { headers: authCodeTokenHeaders(proof) } : {}),
    hints: false,
  });
  void refreshMfaStatus(state);
  return state;
}
