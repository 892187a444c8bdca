import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import { findAccounts, findUsernames, lookupForReset } from './recovery.service';

export function recoveryRoutes(app: FastifyInstance): void {
  defineRoute(app, 'findAccount', ({ deps, body, headers, request }) =>
    findAccounts(deps, body, headers.authcodetoken, requestMeta(request)),
  );
  defineRoute(app, 'getUsernamesByPhoneOrEmail', ({ deps, body, headers, request }) =>
    findUsernames(deps, body, headers.authcodetoken, requestMeta(request)),
  );
  defineRoute(app, 'getUserByUsername', ({ deps, body, request }) =>
    lookupForReset(deps, body.accountName, body.username, requestMeta(request), body),
  );
}
