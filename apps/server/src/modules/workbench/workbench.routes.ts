import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { getWorkbenchOverview } from './workbench.service';

/** The workbench's cards in one answer. */
export function workbenchRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getWorkbenchOverview', ({ deps, auth, request }) =>
    getWorkbenchOverview(deps, auth, request.lang),
  );
}
