import { SessionCookie } from '@console/contract/enums';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** The session cookie of a sign-in (password, single sign-on or third party). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(SessionCookie, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

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
