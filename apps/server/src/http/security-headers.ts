/**
 * Browser-security headers on every answer, HTML and API alike, through @fastify/helmet:
 *
 * - a strict Content-Security-Policy: scripts only from the console's own origin plus the one
 *   inline script the server writes into `index.html` (the console meta), allowed by its SHA-256
 *   hash; no `unsafe-inline` or `unsafe-eval` for scripts; nothing may frame any page
 *   (`frame-ancestors 'none'`; the spec requires no page to be framed). Styles may be inline,
 *   because the component library writes its styles at run time;
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`,
 *   `X-Frame-Options: DENY` for browsers without `frame-ancestors`;
 * - a Permissions-Policy that turns off every powerful feature the console does not use;
 * - `Cross-Origin-Opener-Policy: same-origin-allow-popups`: other sites cannot keep a handle on a
 *   console window, while the console's own pop-ups (single sign-on tests, third-party binding)
 *   still report back to it. The single sign-on and third-party flows that end in such a pop-up
 *   answer `unsafe-none` (see `allowOpenerFor`), so that the pop-up keeps its opener across the
 *   identity provider's pages;
 * - HSTS only when the request came over HTTPS (directly, or per `X-Forwarded-Proto` with
 *   `TRUST_PROXY`): a plain-HTTP installation is never told to insist on HTTPS.
 *
 * Pages the server renders itself with their own inline styles or scripts (the development
 * gateways, the single sign-on test result) set their own, stricter policy on their answer.
 */
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TConfig } from '../config';

/**
 * Features the console never uses: off for its pages and anything they embed; passkeys
 * (`publickey-credentials-get`) for the console's own origin only. Only features Chromium knows
 * are named: the browser logs a console error for every feature it does not recognise, on every
 * page (Web Bluetooth, for one, is not governed by Permissions-Policy in Chromium, so a `bluetooth`
 * entry turned nothing off and warned on each load). A browser test checks the list against the
 * browser's own (`document.featurePolicy.features()`).
 */
export const permissionsPolicyFeatures: readonly (readonly [feature: string, allowlist: string])[] = [
  ['accelerometer', '()'],
  ['autoplay', '()'],
  ['camera', '()'],
  ['display-capture', '()'],
  ['geolocation', '()'],
  ['gyroscope', '()'],
  ['hid', '()'],
  ['magnetometer', '()'],
  ['microphone', '()'],
  ['midi', '()'],
  ['payment', '()'],
  ['publickey-credentials-get', '(self)'],
  ['screen-wake-lock', '()'],
  ['serial', '()'],
  ['usb', '()'],
  ['xr-spatial-tracking', '()'],
  ['browsing-topics', '()'],
];

const permissionsPolicy = permissionsPolicyFeatures
  .map(([feature, allowlist]) => `${feature}=${allowlist}`)
  .join(', ');

/** `'sha256-…'` of an inline script's text, as CSP names it. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The console's Content-Security-Policy directives. */
export function cspDirectives(config: TConfig, inlineScriptHashes: readonly string[]) {
  const lookup = originOf(config.ipLookupUrl);
  const isHttps = config.publicUrl.startsWith('https://');
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScriptHashes],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(lookup ? [lookup] : [])],
    mediaSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    frameSrc: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: isHttps ? [] : null,
  };
}

export async function securityHeaders(
  app: FastifyInstance,
  config: TConfig,
  inlineScriptHashes: readonly string[],
): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, inlineScriptHashes) },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Sent below, and only over HTTPS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}

/**
 * For answers that a pop-up of the console follows through another site (the identity provider)
 * back to the console: the pop-up keeps `window.opener`, so it can report its result.
 */
export function allowOpenerFor(reply: FastifyReply): void {
  reply.header('cross-origin-opener-policy', 'unsafe-none');
}
