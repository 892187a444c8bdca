import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta, setSessionCookie } from '../auth/auth.routes';
import { serviceProviderMetadata } from './saml';
import { findAccountByLoginName } from './sso.repository';
import {
  completeOidc,
  completeSaml,
  getSsoConfig,
  saveSsoConfig,
  serviceProviderOf,
  ssoSuite,
  startSsoAuthentication,
  type TFlowOutcome,
  testSsoConfig,
} from './sso.service';
import { clearBrowserCookie, readBrowserCookie, setBrowserCookie } from './sso-flow';

function sendOutcome(request: FastifyRequest, reply: FastifyReply, outcome: TFlowOutcome): void {
  clearBrowserCookie(reply);
  reply.header('cache-control', 'no-store');
  if (outcome.type === 'page') {
    reply.status(200).type('text/html; charset=utf-8').send(outcome.html);
    return;
  }
  if (outcome.session) setSessionCookie(request, reply, outcome.session.token, outcome.session.expiresAt);
  reply.redirect(outcome.location, 302);
}

export function ssoRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getSsoConfig', ({ deps, auth }) => getSsoConfig(deps, auth));
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
    const account = await findAccountByLoginName(deps.db, query.accountName);
    const sp = serviceProviderOf(deps, account?.name ?? query.accountName.trim());
    reply
      .status(account ? 200 : 404)
      .type('application/samlmetadata+xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="sp-metadata-${account?.name ?? 'unknown'}.xml"`)
      .send(account ? serviceProviderMetadata({ entityId: sp.entityId, acsUrl: sp.acsUrl }) : '');
    return null;
  });
}
