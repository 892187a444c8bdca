/** What every route reads of its request besides its input: where it came from, and the session cookie it sets. */
import { SessionCookie } from '@console/contract/enums';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TRequestMeta } from '../context';

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
