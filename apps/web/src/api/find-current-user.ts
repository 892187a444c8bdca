/**
 * GET /api/portal/user/findCurrentUser: the signed-in user, or null without a live session. The
 * login page's check for a session to resume: having none is the usual case there, so the server
 * answers it with an empty success rather than 401 (spec section 7: getCurrentUser "returns empty"
 * there, hints and forced logout suppressed), and the browser logs no failed request.
 */
import { callApi, endpoint } from '@/lib/api-client';
import type { TCurrentUser } from './get-current-user';

const findCurrentUserEndpoint = endpoint('findCurrentUser', 'GET', '/api/portal/user/findCurrentUser');

export async function findCurrentUser(): Promise<TCurrentUser | null> {
  return (await callApi(findCurrentUserEndpoint, { hints: false })).user;
}
