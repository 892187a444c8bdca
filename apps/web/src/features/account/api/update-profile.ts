/**
 * POST /api/portal/user/updateProfile: the signed-in user's display name, phone or e-mail. A new
 * phone or e-mail carries the identity check (`authCodeToken`, `authCodeType`) and the new
 * target's checkToken. Login protection's codes go to the phone or e-mail: its status is fetched
 * again.
 */

import type { TRouteBody, TRouteData } from '@console/contract';
import type { TCheckResult } from '@/api/check-auth-code';
import { refreshMfaStatus } from '@/api/get-mfa-status';
import { sessionKeys } from '@/api/query-keys';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

const updateProfileEndpoint = endpoint('updateProfile', 'POST', '/api/portal/user/updateProfile');

export async function updateProfile(
  body: TRouteBody<'updateProfile'>,
  identity: TCheckResult | null = null,
): Promise<TRouteData<'updateProfile'>> {
  const user = await callApi(updateProfileEndpoint, {
    body,
    headers: identity ? { authcodetoken: identity.checkToken, authcodetype: identity.checkCodeType } : {},
    hints: false,
  });
  queryClient.setQueryData(sessionKeys.currentUser, user);
  void refreshMfaStatus();
  return user;
}
