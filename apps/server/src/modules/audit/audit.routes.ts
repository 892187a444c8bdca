import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { exportAudit, listAudit } from './audit.service';

export function auditRoutes(app: FastifyInstance): void {
  defineRoute(app, 'auditList', ({ deps, auth, body }) => listAudit(deps, auth, body));
  defineRoute(app, 'auditExport', async ({ deps, auth, query, request, reply }) => {
    await exportAudit(deps, auth, query, request.lang, reply);
    return null;
  });
}
