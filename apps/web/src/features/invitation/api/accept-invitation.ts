/**
 * POST /api/portal/user/acceptInvitation (no session, hints off): sets the password (and binds the
 * authenticator whose first code is sent encrypted), once.
 */
import type { TAcceptInvitationRequest, TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const acceptInvitationEndpoint = endpoint('acceptInvitation', 'POST', '/api/portal/user/acceptInvitation');

export type TAcceptedInvitation = TRouteData<'acceptInvitation'>;

export function acceptInvitation(body: TAcceptInvitationRequest): Promise<TAcceptedInvitation> {
  return callApi(acceptInvitationEndpoint, { body, hints: false });
}
