/**
 * POST /api/portal/user/resetMfa: an administrator resets another user's login protection (the
 * authenticator app and every passkey go, the user's sessions end, the user is told), with a
 * reason, after their own RESET_USER_MFA code (headers `authCodeToken`, `authCodeType`). The list
 * is read again afterwards: the row's second factors are gone.
 */
import type { TRouteBody, TRouteData } from '@console/contract';
import type { TCheckResult } from '@/api/check-auth-code';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshUsers } from './users-api';

const resetUserMfaEndpoint = endpoint('resetUserMfa', 'POST', '/api/portal/user/resetMfa');

export type TResetUserMfaResult = TRouteData<'resetUserMfa'>;

export async function resetUserMfa(
  body: TRouteBody<'resetUserMfa'>,
  proof: TCheckResult,
): Promise<TResetUserMfaResult> {
  try {
    return await callApi(resetUserMfaEndpoint, {
      body,
      headers: {
        authmethod: 'RESET_USER_MFA',
        authcodetoken: proof.checkToken,
        authcodetype: proof.checkCodeType,
      },
      hints: false,
    });
  } finally {
    await refreshUsers();
  }
}
