/** The SSO page's SCIM provisioning tokens (contract routes `listScimTokens` … `revokeScimToken`). */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import { createScimToken, listScimTokens, revokeScimToken } from './scim-token.service';

export function scimTokenRoutes(app: FastifyInstance): void {
  defineRoute(app, 'listScimTokens', ({ deps, auth }) => listScimTokens(deps, auth));
  defineRoute(app, 'createScimToken', ({ deps, auth, body, request }) =>
    createScimToken(deps, auth, body.name, requestMeta(request)),
  );
  defineRoute(app, 'revokeScimToken', ({ deps, auth, body, request }) =>
    revokeScimToken(deps, auth, body.id, requestMeta(request)),
  );
}
