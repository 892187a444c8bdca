import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../http/define-route';
import { requestMeta } from '../../../http/request-meta';
import { listRemittances, remittanceInfo, submitRemittance } from './remittance.service';

export function remittanceRoutes(app: FastifyInstance): void {
  defineRoute(app, 'remittanceInfo', ({ deps, auth }) => remittanceInfo(deps, auth));
  defineRoute(app, 'submitRemittance', ({ deps, auth, request, body }) =>
    submitRemittance(deps, auth, request.lang, body, requestMeta(request)),
  );
  defineRoute(app, 'remittanceList', ({ deps, auth, body }) => listRemittances(deps, auth, body));
}
