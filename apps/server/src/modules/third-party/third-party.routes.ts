import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta, setSessionCookie } from '../../http/request-meta';
import { clearBrowserCookie, readBrowserCookie, setBrowserCookie } from '../external-sign-in';
import {
  completeThirdParty,
  getUserBindingConfig,
  setThirdPartyLoginStatus,
  startThirdPartyBind,
  startThirdPartyLogin,
  thirdPartyRedirectUri,
  unbindThirdParty,
} from './third-party.service';

function redirectTo(reply: FastifyReply, location: string): null {
  reply.header('cache-control', 'no-store').redirect(location, 302);
  return null;
}

/** The redirect URI registered at the provider, with the query the provider sent. */
function callbackUrlOf(request: FastifyRequest, redirectUri: string): URL {
  const url = new URL(redirectUri);
  url.search = new URL(request.url, 'http://x').search;
  return url;
}

export function thirdPartyRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getUserBindingConfig', ({ deps, auth }) => getUserBindingConfig(deps, auth));
  defineRoute(app, 'userUnBinding', ({ deps, auth, body, request }) =>
    unbindThirdParty(deps, auth, body.provider, requestMeta(request)),
  );
  defineRoute(app, 'modifyThirdPartyLoginStatus', ({ deps, auth, body, request }) =>
    setThirdPartyLoginStatus(deps, auth, body.enabled, requestMeta(request)),
  );
  defineRoute(app, 'thirdPartyBind', async ({ deps, auth, query, request, reply }) => {
    const started = await startThirdPartyBind(deps, auth, query.provider, request.lang, request.log);
    setBrowserCookie(request, reply, started.browserToken);
    return redirectTo(reply, started.location);
  });
  defineRoute(app, 'thirdPartyLogin', async ({ deps, query, request, reply }) => {
    const started = await startThirdPartyLogin(deps, query, request.lang, request.log);
    setBrowserCookie(request, reply, started.browserToken);
    return redirectTo(reply, started.location);
  });
  defineRoute(app, 'thirdPartyCallback', async ({ deps, query, request, reply }) => {
    const outcome = await completeThirdParty(
      deps,
      query,
      callbackUrlOf(request, thirdPartyRedirectUri(deps)),
      readBrowserCookie(request),
      requestMeta(request),
      request.lang,
      request.log,
    );
    clearBrowserCookie(reply);
    if (outcome.session) setSessionCookie(request, reply, outcome.session.token, outcome.session.expiresAt);
    return redirectTo(reply, outcome.location);
  });
}
