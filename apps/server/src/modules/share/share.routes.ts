import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import {
  createShare,
  listInstanceJobs,
  listShares,
  readSharedProfile,
  revokeShareLink,
} from './share.service';

export function shareRoutes(app: FastifyInstance): void {
  defineRoute(app, 'createJobProfileShare', ({ deps, auth, body, request }) =>
    createShare(deps, auth, body, requestMeta(request)),
  );
  defineRoute(app, 'listJobProfileShares', ({ deps, auth, query }) => listShares(deps, auth, query));
  defineRoute(app, 'revokeJobProfileShare', ({ deps, auth, body, request }) =>
    revokeShareLink(deps, auth, body.id, requestMeta(request)),
  );
  defineRoute(app, 'listInstanceJobs', ({ deps, auth, query }) => listInstanceJobs(deps, auth, query));
  // No session: the token alone names the profile (decision 0023).
  defineRoute(app, 'getSharedJobProfile', ({ deps, query, request }) =>
    readSharedProfile(deps, request.lang, query.token, requestMeta(request)),
  );
}
