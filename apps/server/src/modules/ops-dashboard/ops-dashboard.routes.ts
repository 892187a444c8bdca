/** The back office's dashboard route: one call for the page that opens the console. */
import type { FastifyInstance } from 'fastify';
import { defineOpsRoute } from '../../http/define-ops-route';
import { getDashboard } from './ops-dashboard.service';

export function opsDashboardRoutes(app: FastifyInstance): void {
  defineOpsRoute(app, 'opsDashboard', ({ deps }) => getDashboard(deps));
}
