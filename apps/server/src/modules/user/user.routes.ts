import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { getPasswordErrorTimes } from '../auth/auth.service';
import { getCurrentUser, getUserAuth } from './user.service';

export function userRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getCurrentUser', ({ deps, auth }) => getCurrentUser(deps, auth));
  defineRoute(app, 'getUserAuth', ({ deps, auth }) => getUserAuth(deps, auth));
  defineRoute(app, 'getPwdErrorTimes', ({ deps, query }) =>
    getPasswordErrorTimes(deps, query.accountDisplayName, query.username),
  );
}
