/**
 * POST /api/portal/user/invitation/mfaCode (no session, hints off): a new authenticator key for the
 * invited user, when the account requires login protection (international edition).
 */
import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const invitationMfaCodeEndpoint = endpoint(
  'invitationMfaCode',
  'POST',
  '/api/portal/user/invitation/mfaCode',
);

export type TInvitationMfaCode = TRouteData<'invitationMfaCode'>;

export function getInvitationMfaCode(userId: number, token: string): Promise<TInvitationMfaCode> {
  return callApi(invitationMfaCodeEndpoint, { body: { userId, token }, hints: false });
}
