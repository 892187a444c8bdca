/**
 * POST /api/portal/user/resetPasswordWithoutLogin: sets the new password of the user whose
 * FIND_PASSWORD code was verified (headers `authCodeToken`, `authCodeType`); ends all of that
 * user's sessions. Refused under the account's policy with 5059–5064 (a message naming it).
 */
import type { TCheckResult } from '@/api/check-auth-code';
import { callApi, endpoint } from '@/lib/api-client';
import { proofHeaders } from '../lib/contact';

const resetPasswordWithoutLoginEndpoint = endpoint(
  'resetPasswordWithoutLogin',
  'POST',
  '/api/portal/user/resetPasswordWithoutLogin',
);

export function resetPasswordWithoutLogin(password: string, proof: TCheckResult): Promise<null> {
  return callApi(resetPasswordWithoutLoginEndpoint, {
    body: { password },
    headers: proofHeaders(proof, 'FIND_PASSWORD'),
    hints: false,
  });
}
