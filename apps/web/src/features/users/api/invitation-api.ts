/**
 * POST /api/portal/user/resendInvitation and /revokeInvitation (administrators): a new invitation
 * link for a user (the previous one ends), or the pending one revoked. Both refetch the user list.
 */
import type { TInvitationChannel } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const resendInvitationEndpoint = endpoint('resendInvitation', 'POST', '/api/portal/user/resendInvitation');
const revokeInvitationEndpoint = endpoint('revokeInvitation', 'POST', '/api/portal/user/revokeInvitation');

export const invitationApi = {
  resend: (id: number, channel?: TInvitationChannel) =>
    callApi(resendInvitationEndpoint, { body: { id, ...(channel ? { channel } : {}) } }),
  revoke: (id: number) => callApi(revokeInvitationEndpoint, { body: { id } }),
};
