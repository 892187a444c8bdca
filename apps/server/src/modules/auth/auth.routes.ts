import { SessionCookie } from '@console/contract/enums';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { login, logout, type TRequestMeta } from './auth.service';

export function requestMeta(request: FastifyRequest): TRequestMeta {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
    requestId: request.id,
  };
}

export function authRoutes(app: FastifyInstance): void {
  defineRoute(app, 'login', async ({ deps, body, request, reply }) => {
    const result = await login(deps, body, requestMeta(request));
    if (result.token && result.expiresAt) {
      reply.setCookie(SessionCookie, result.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        expires: result.expiresAt,
      });
    }
    return result.response;
  });
  defineRoute(app, 'logout', async ({ deps, auth, request, reply }) => {
    await logout(deps, auth, requestMeta(request));
    reply.clearCookie(SessionCookie, { path: '/' });
    return null;
  });
}
