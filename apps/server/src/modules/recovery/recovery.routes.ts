import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { findAccounts, findUsernames, lookupForReset } from './recovery.service';

export function recoveryRoutes(app: FastifyInstance): void {
  defineRoute(app, 'findAccount', ({ deps, body, headers }) =>
    findAccounts(deps, body, headers.authcodetoken),
  );
  defineRoute(app, 'getUsernamesByPhoneOrEmail', ({ deps, body, headers }) =>
    findUsernames(deps, body, headers.authcodetoken),
  );
  defineRoute(app, 'getUserByUsername', ({ deps, body }) =>
    lookupForReset(deps, body.accountName, body.username),
  );
}
