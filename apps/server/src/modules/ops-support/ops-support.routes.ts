/** The back office's support of customers' users (issue 40, item 3): search, detail and the acts. */
import type { FastifyInstance } from 'fastify';
import { defineOpsRoute } from '../../http/define-ops-route';
import { requestMeta } from '../../http/request-meta';
import {
  endUserSessions,
  findUsers,
  getUser,
  resendUserInvitation,
  resetUserProtection,
  unlockUser,
} from './ops-support.service';

export function opsSupportRoutes(app: FastifyInstance): void {
  defineOpsRoute(app, 'opsSupportSearchUsers', ({ deps, query }) => findUsers(deps, query));
  defineOpsRoute(app, 'opsSupportGetUser', ({ deps, query }) => getUser(deps, query.userId));
  defineOpsRoute(app, 'opsSupportUnlockUser', ({ deps, auth, body, request }) =>
    unlockUser(deps, auth, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsSupportEndSessions', ({ deps, auth, body, request }) =>
    endUserSessions(deps, auth, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsSupportResendInvitation', ({ deps, auth, body, request }) =>
    resendUserInvitation(deps, auth, body, { ...requestMeta(request), lang: request.lang }, request.log),
  );
  defineOpsRoute(app, 'opsSupportResetProtection', ({ deps, auth, body, request }) =>
    resetUserProtection(deps, auth, body, { ...requestMeta(request), lang: request.lang }, request.log),
  );
}
