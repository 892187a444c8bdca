import { SessionCookie } from '@console/contract/enums';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta, setSessionCookie } from '../../http/request-meta';
import { login, logout } from './auth.service';

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
}
