/**
 * Top-up, remittance and upload routes, the providers' notification hooks, and (outside production
 * mode) the development payment gateway.
 */
import type { FastifyInstance } from 'fastify';
import { devPayGatewayRoutes } from '../../../adapters/payments/dev-gateway.routes';
import { defineRoute } from '../../../http/define-route';
import { requestMeta } from '../../../http/request-meta';
import { remittanceRoutes } from '../remittance/remittance.routes';
import { uploadRoutes } from '../uploads/upload.routes';
import { createRecharge, getRecharge, handlePaymentNotification } from './recharge.service';

export function paymentRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getPayQrcode', ({ deps, auth, request, query }) =>
    createRecharge(deps, auth, request.lang, query, requestMeta(request)),
  );
  defineRoute(app, 'getRecharge', ({ deps, auth, request }) => getRecharge(deps, auth, request.params));

  // Provider notifications are signed over the exact body: read as text, never parsed first.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    defineRoute(scope, 'wechatPayNotify', async ({ deps, request, reply }) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const outcome = await handlePaymentNotification(
        deps,
        'wechat',
        { headers: request.headers, body },
        request.log,
      );
      // WeChat Pay: 2xx without a body is success; anything else is retried later.
      if (outcome.isAccepted) reply.code(204).send();
      else reply.code(400).send({ code: 'FAIL', message: outcome.reason });
      return null;
    });

    defineRoute(scope, 'alipayNotify', async ({ deps, request, reply }) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const outcome = await handlePaymentNotification(
        deps,
        'alipay',
        { headers: request.headers, body },
        request.log,
      );
      // Alipay: the text `success`, else it sends the notification again later.
      reply.type('text/plain; charset=utf-8').send(outcome.isAccepted ? 'success' : 'failure');
      return null;
    });
  });

  uploadRoutes(app);
  remittanceRoutes(app);

  const gateway = app.deps.payments.devGateway;
  if (gateway) devPayGatewayRoutes(app, gateway);
}
