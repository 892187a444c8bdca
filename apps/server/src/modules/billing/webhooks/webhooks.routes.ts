import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../http/define-route';
import { requestMeta } from '../../../http/request-meta';
import {
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  saveWebhook,
  testWebhook,
} from './webhooks.service';

export function webhookRoutes(app: FastifyInstance): void {
  defineRoute(app, 'webhookList', ({ deps, auth }) => listWebhooks(deps, auth));
  defineRoute(app, 'saveWebhook', ({ deps, auth, request, body }) =>
    saveWebhook(deps, auth, request.lang, body, requestMeta(request)),
  );
  defineRoute(app, 'deleteWebhook', ({ deps, auth, request, body }) =>
    deleteWebhook(deps, auth, body.id, requestMeta(request)),
  );
  defineRoute(app, 'testWebhook', ({ deps, auth, request, body }) =>
    testWebhook(deps, auth, request.lang, body.id, requestMeta(request)),
  );
  defineRoute(app, 'webhookDeliveries', ({ deps, auth, body }) => listWebhookDeliveries(deps, auth, body));
  defineRoute(app, 'rotateWebhookSecret', ({ deps, auth, request, body }) =>
    rotateWebhookSecret(deps, auth, body.id, requestMeta(request)),
  );
}
