/**
 * POST /api/portal/user/getUsernamesByPhoneOrEmail: the usernames of an account's users with a
 * phone number or e-mail address whose FIND_USERNAME_FORM code was verified, with their count.
 */

import type { TGetUsernamesRequest, TRouteData } from '@console/contract';
import type { TCheckResult } from '@/api/check-auth-code';
import { callApi, endpoint } from '@/lib/api-client';
import { proofHeaders } from '../lib/contact';

const getUsernamesByPhoneOrEmailEndpoint = endpoint(
  'getUsernamesByPhoneOrEmail',
  'POST',
  '/api/portal/user/getUsernamesByPhoneOrEmail',
);

export type TFoundUsernames = TRouteData<'getUsernamesByPhoneOrEmail'>;

export function getUsernamesByPhoneOrEmail(
  body: TGetUsernamesRequest,
  proof: TCheckResult,
): Promise<TFoundUsernames> {
  return callApi(getUsernamesByPhoneOrEmailEndpoint, {
    body,
    headers: proofHeaders(proof, 'FIND_USERNAME_FORM'),
    hints: false,
  });
}
