import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta, setSessionCookie } from '../../http/request-meta';
import {
  listMyPasskeys,
  passkeyRegistrationOptions,
  passkeySignIn,
  passkeySignInOptions,
  registerPasskey,
  removeMyPasskey,
  renameMyPasskey,
} from './passkey.service';

export function passkeyRoutes(app: FastifyInstance): void {
  defineRoute(app, 'listPasskeys', ({ deps, auth }) => listMyPasskeys(deps, auth));
  defineRoute(app, 'passkeyRegistrationOptions', ({ deps, auth, headers }) =>
    passkeyRegistrationOptions(deps, auth, headers.authcodetoken),
  );
  defineRoute(app, 'registerPasskey', ({ deps, auth, body, request }) =>
    registerPasskey(deps, auth, body, requestMeta(request)),
  );
  defineRoute(app, 'renamePasskey', ({ deps, auth, body, request }) =>
    renameMyPasskey(deps, auth, body, requestMeta(request)),
  );
  defineRoute(app, 'removePasskey', ({ deps, auth, body, headers, request }) =>
    removeMyPasskey(deps, auth, body.id, headers.authcodetoken, requestMeta(request)),
  );
  defineRoute(app, 'passkeySignInOptions', ({ deps, body }) => passkeySignInOptions(deps, body));
  defineRoute(app, 'passkeySignIn', async ({ deps, body, request, reply }) => {
    const result = await passkeySignIn(deps, body, requestMeta(request));
    if (result.token && result.expiresAt) setSessionCookie(request, reply, result.token, result.expiresAt);
    return result.response;
  });
}
