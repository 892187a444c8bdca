/**
 * The cookie binding an OpenID or OAuth flow to the browser that started it (see
 * external-sign-in.service.ts): set at the start, read at the callback, cleared at the end.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a flow waits for the provider's answer. */
export const flowTtlMs = 10 * 60 * 1000;

/** The cookie binding a flow to the browser that started it. */
export const browserCookie = 'cz_sso_flow';
const browserCookiePath = '/api/portal';

export function setBrowserCookie(request: FastifyRequest, reply: FastifyReply, token: string | null): void {
  if (!token) return;
  reply.setCookie(browserCookie, token, {
    path: browserCookiePath,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: flowTtlMs / 1000,
  });
}

export function readBrowserCookie(request: FastifyRequest): string | null {
  return request.cookies[browserCookie] ?? null;
}

export function clearBrowserCookie(reply: FastifyReply): void {
  reply.clearCookie(browserCookie, { path: browserCookiePath });
}
