import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import {
  confirmChange,
  describeChange,
  listPending,
  requestContactChange,
  revokePending,
} from './contact-change.service';

export function contactChangeRoutes(app: FastifyInstance): void {
  defineRoute(app, 'updateUserWithConfirm', ({ deps, auth, request, body, headers }) =>
    requestContactChange(deps, auth, request, body, headers.authcodetoken, requestMeta(request), request.log),
  );
  defineRoute(app, 'getUserUpdateInfoByConfirmToken', ({ deps, query }) => describeChange(deps, query.token));
  defineRoute(app, 'updateUserByConfirmToken', ({ deps, query, request }) =>
    confirmChange(deps, query.token, requestMeta(request)),
  );
  defineRoute(app, 'listPendingChanges', ({ deps, auth }) => listPending(deps, auth));
  defineRoute(app, 'revokePendingChange', ({ deps, auth, body, request }) =>
    revokePending(deps, auth, body.id, requestMeta(request)),
  );
}
