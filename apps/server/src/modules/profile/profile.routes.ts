import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import { updateProfile } from './profile.service';

export function profileRoutes(app: FastifyInstance): void {
  defineRoute(app, 'updateProfile', ({ deps, auth, body, headers, request }) =>
    updateProfile(
      deps,
      auth,
      { ...body, identityToken: headers.authcodetoken },
      request.lang,
      requestMeta(request),
    ),
  );
}
