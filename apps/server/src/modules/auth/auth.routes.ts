import { SessionCookie } from '@console/contract/enums';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta, setSessionCookie } from '../../http/request-meta';
import { login, logout } from './auth.service';
import {
  endMyOtherSessions,
  endMySession,
  endUserSessions,
  listMySessions,
  listUserSessions,
} from './session-list.service';

export function authRoutes(app: FastifyInstance): void {
  defineRoute(app, 'login', async ({ deps, body, request, reply }) => {
    const result = await login(deps, body, requestMeta(request));
    if (result.token && result.expiresAt) setSessionCookie(request, reply, result.token, result.expiresAt);
    return result.response;
  });
  defineRoute(app, 'logout', async ({ deps, auth, request, reply }) => {
    await logout(deps, auth, requestMeta(request));
    reply.clearCookie(SessionCookie, { path: '/' });
    return null;
  });
  defineRoute(app, 'listMySessions', ({ deps, auth }) => listMySessions(deps, auth));
  defineRoute(app, 'endMySession', async ({ deps, auth, body, request, reply }) => {
    const ended = await endMySession(deps, auth, body.id, requestMeta(request));
    // Ending the current session signs out here, as logout does.
    if (body.id === auth.sessionId) reply.clearCookie(SessionCookie, { path: '/' });
    return ended;
  });
  defineRoute(app, 'endMyOtherSessions', ({ deps, auth, request }) =>
    endMyOtherSessions(deps, auth, requestMeta(request)),
  );
  defineRoute(app, 'listUserSessions', ({ deps, auth, query }) => listUserSessions(deps, auth, query.userId));
  defineRoute(app, 'endUserSessions', ({ deps, auth, body, request }) =>
    endUserSessions(deps, auth, body, requestMeta(request)),
  );
}
