/**
 * POST /api/portal/user/bindEmail: binds an e-mail address to the signed-in user, proven by the
 * checkToken of a BIND_EMAIL code sent to it; answers the updated user, which replaces the cached one.
 * Login protection's codes can go to the new address: its status is fetched again.
 */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';
import { storeCurrentUserInfo } from '@/lib/current-user-info';
import { queryClient } from '@/lib/query-client';
import { authCodeTokenHeaders, type TCheckResult } from './check-auth-code';
import { refreshMfaStatus } from './get-mfa-status';
import { sessionKeys } from './query-keys';

const bindEmailEndpoint = endpoint('bindEmail', 'POST', '/api/portal/user/bindEmail');

export type TBoundUser = TRouteData<'bindEmail'>;

export async function bindEmail(email: string, proof: TCheckResult): Promise<TBoundUser> {
  const user = await callApi(bindEmailEndpoint, {
    body: { email },
    headers: authCodeTokenHeaders(proof),
    hints: false,
  });
  queryClient.setQueryData(sessionKeys.currentUser, user);
  storeCurrentUserInfo(user);
  void refreshMfaStatus();
  return user;
}
