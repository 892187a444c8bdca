import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../http/define-route';
import { requestMeta } from '../../../http/request-meta';
import { webhookRoutes } from '../webhooks/webhooks.routes';
import { getAlertConfig, updateAlertConfig } from './alerts.service';

/** Balance alerts and the webhooks they may call. */
export function alertRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getAlert', ({ deps, auth }) => getAlertConfig(deps, auth));
  defineRoute(app, 'updateAlert', ({ deps, auth, request, body }) =>
    updateAlertConfig(deps, auth, request.lang, body, requestMeta(request)),
  );
  webhookRoutes(app);
}
