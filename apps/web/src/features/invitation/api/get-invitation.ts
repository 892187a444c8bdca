/**
 * GET /api/portal/user/invitation?userId=…&token=… (no session, hints off): the invitation behind
 * a link: account, username, the account's password policy and the login protection it requires.
 * 4174 another user's or unknown link, 4175 accepted, 4176 revoked, 4177 expired.
 */
import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const getInvitationEndpoint = endpoint('getInvitation', 'GET', '/api/portal/user/invitation');

export type TInvitation = TRouteData<'getInvitation'>;

export function getInvitation(userId: number, token: string): Promise<TInvitation> {
  return callApi(getInvitationEndpoint, { query: { userId, token }, hints: false });
}
