import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../auth/auth.routes';
import { getPasswordErrorTimes } from '../auth/auth.service';
import { bindEmail, getCurrentUser, getUserAuth } from './user.service';

export function userRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getCurrentUser', ({ deps, auth }) => getCurrentUser(deps, auth));
  defineRoute(app, 'getUserAuth', ({ deps, auth }) => getUserAuth(deps, auth));
  defineRoute(app, 'bindEmail', ({ deps, auth, body, headers, request }) =>
    bindEmail(deps, auth, body.email, headers.authcodetoken, requestMeta(request)),
  );
  defineRoute(app, 'getPwdErrorTimes', ({ deps, query }) =>
    getPasswordErrorTimes(deps, query.accountDisplayName, query.username),
  );
}
