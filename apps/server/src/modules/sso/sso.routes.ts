import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta, setSessionCookie } from '../../http/request-meta';
import { allowOpenerFor, scriptHash } from '../../http/security-headers';
import { clearBrowserCookie, readBrowserCookie, setBrowserCookie } from '../external-sign-in';
import { accountSpMetadata, getSsoConfig, saveSsoConfig, testSsoConfig } from './sso-config.service';
import { serviceProviderOf } from './sso-settings';
import {
  completeOidc,
  completeSaml,
  ssoSuite,
  startSsoAuthentication,
  type TFlowOutcome,
} from './sso-sign-in.service';

function sendOutcome(request: FastifyRequest, reply: FastifyReply, outcome: TFlowOutcome): void {
  clearBrowserCookie(reply);
  reply.header('cache-control', 'no-store');
  if (outcome.type === 'page') {
    // The test run's result page reports to the console window that opened the pop-up.
    allowOpenerFor(reply);
    reply
      .status(200)
      .header('content-security-policy', pageCsp(outcome.html))
      .type('text/html; charset=utf-8')
      .send(outcome.html);
    return;
  }
  if (outcome.session) setSessionCookie(request, reply, outcome.session.token, outcome.session.expiresAt);
  reply.redirect(outcome.location, 302);
}

/** A page of the server's own making: its inline scripts allowed by hash, nothing else. */
function pageCsp(html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => scriptHash(m[1] ?? ''));
  return [
    "default-src 'none'",
    `script-src ${hashes.join(' ') || "'none'"}`,
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function ssoRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getSsoConfig', ({ deps, auth, request }) => getSsoConfig(deps, auth, request.lang));
  defineRoute(app, 'saveSsoConfig', ({ deps, auth, body, request }) =>
    saveSsoConfig(deps, auth, body, requestMeta(request), request.lang),
  );
  defineRoute(app, 'testSsoConfig', async ({ deps, auth, body, request, reply }) => {
    const started = await testSsoConfig(deps, auth, body, requestMeta(request), request.lang);
    setBrowserCookie(request, reply, started.browserToken);
    return { redirectUrl: started.redirectUrl };
  });
  defineRoute(app, 'ssoAccountSuite', ({ deps, query }) => ssoSuite(deps, query.accountName));
  defineRoute(app, 'ssoAuthentication', async ({ deps, query, request, reply }) => {
    const started = await startSsoAuthentication(deps, query, request.lang, request.log);
    setBrowserCookie(request, reply, started.browserToken);
    reply.header('cache-control', 'no-store').redirect(started.location, 302);
    return null;
  });
  defineRoute(app, 'ssoOidcCallback', async ({ deps, query, request, reply }) => {
    // The redirect URI registered at the provider, with the query the provider sent.
    const callbackUrl = new URL(serviceProviderOf(deps, '').redirectUri);
    callbackUrl.search = new URL(request.url, 'http://x').search;
    const outcome = await completeOidc(
      deps,
      query,
      callbackUrl,
      readBrowserCookie(request),
      requestMeta(request),
      request.lang,
      request.log,
    );
    sendOutcome(request, reply, outcome);
    return null;
  });
  defineRoute(app, 'ssoSamlAcs', async ({ deps, body, request, reply }) => {
    const outcome = await completeSaml(deps, body, requestMeta(request), request.lang, request.log);
    sendOutcome(request, reply, outcome);
    return null;
  });
  defineRoute(app, 'ssoSamlMetadata', async ({ deps, query, reply }) => {
    const metadata = await accountSpMetadata(deps, query.accountName);
    reply
      .status(metadata ? 200 : 404)
      .type('application/samlmetadata+xml; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="sp-metadata-${metadata?.accountName ?? 'unknown'}.xml"`,
      )
      .send(metadata?.xml ?? '');
    return null;
  });
}
