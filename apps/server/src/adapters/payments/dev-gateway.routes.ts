/**
 * Routes of the development payment gateway (never in production mode):
 *
 * - `/api/dev/wechatpay/v3/…` and `/api/dev/alipay/gateway.do`: the providers' APIs as the real
 *   adapters call them (signed requests, signed answers), read as raw text like the providers do;
 * - `GET /api/dev/pay/{rechargeId}` (devPayGateway): the page a QR code opens, in the request's
 *   language, with the merchant, the amount and "Pay" / "Cancel";
 * - `POST /api/dev/pay/{rechargeId}` (devPayConfirm): pays (or cancels) and, when paid, sends the
 *   provider's notification to the console over HTTP.
 */
import { fenToYuan } from '@console/contract/billing-enums';
import type { TLanguage } from '@console/contract/enums';
import { apiPaths } from '@console/contract/paths';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { defineRoute } from '../../http/define-route';
import type { TDeliveryOutcome, TDevOrderStatus, TDevPayGateway } from './dev-gateway';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

type TPageOrder = NonNullable<ReturnType<TDevPayGateway['order']>>;

function renderPage(
  lang: TLanguage,
  gateway: TDevPayGateway,
  id: string,
  order: TPageOrder | undefined,
  outcome: { kind: 'paid' | 'paidNotNotified' | 'cancelled' | 'notPayable'; error?: string } | null,
): string {
  const t = serverPhrases[lang].payment.devGateway;
  const provider = order ? t.providers[order.provider] : '';
  const title = order ? interpolate(t.pageTitle, { provider }) : t.unknown;
  const path = apiPaths.devPayConfirm.path.replace(':rechargeId', encodeURIComponent(id));
  const rows = order
    ? [
        [t.merchant, gateway.merchantName],
        [t.amount, `¥ ${fenToYuan(order.amountFen)}`],
        [t.order, order.outTradeNo],
        [t.status, t.statuses[order.effectiveStatus as TDevOrderStatus]],
      ]
    : [];
  const message = outcome ? interpolate(t[outcome.kind], { error: outcome.error ?? '' }) : null;
  const canPay = order?.effectiveStatus === 'NOTPAY' && (outcome === null || outcome.kind === 'cancelled');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f5f6f8; margin: 0; color: #1f2329; }
  main { max-width: 420px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 28px 28px 24px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 20px; margin: 0 0 8px; }
  .notice { color: #8a8f99; font-size: 13px; margin: 0 0 20px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 10px 16px; margin: 0 0 24px; }
  dt { color: #646a73; } dd { margin: 0; word-break: break-all; }
  .amount { font-size: 22px; font-weight: 600; }
  .message { padding: 12px 14px; border-radius: 8px; background: #eef6ff; margin: 0 0 20px; }
  .actions { display: flex; gap: 12px; }
  button { flex: 1; font-size: 16px; padding: 10px 0; border-radius: 8px; border: 1px solid #d0d3d6; background: #fff; cursor: pointer; }
  button.pay { background: ${order?.provider === 'alipay' ? '#1677ff' : '#07c160'}; border-color: transparent; color: #fff; }
  a { color: #1677ff; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="notice">${escapeHtml(t.notice)}</p>
${
  rows.length
    ? `<dl>${rows
        .map(
          ([k, v], i) =>
            `<dt>${escapeHtml(k as string)}</dt><dd${i === 1 ? ' class="amount" data-testid="amount"' : ''}>${escapeHtml(v as string)}</dd>`,
        )
        .join('')}</dl>`
    : ''
}
${message ? `<p class="message" role="status" data-testid="outcome">${escapeHtml(message)}</p>` : ''}
${
  canPay
    ? `<form method="post" action="${path}" class="actions">
<button type="submit" name="action" value="pay" class="pay" id="pay">${escapeHtml(t.pay)}</button>
<button type="submit" name="action" value="cancel" id="cancel">${escapeHtml(t.cancel)}</button>
</form>`
    : outcome && order
      ? `<p><a href="${path}">${escapeHtml(t.back)}</a></p>`
      : ''
}
</main>
</body>
</html>`;
}

function sendPage(reply: FastifyReply, status: number, html: string): null {
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(html);
  return null;
}

function idOf(params: unknown): string {
  const id = (params as { rechargeId?: unknown }).rechargeId;
  return typeof id === 'string' ? id.slice(0, 64) : '';
}

export function devPayGatewayRoutes(app: FastifyInstance, gateway: TDevPayGateway): void {
  // The adapters call the stand-ins at the address the server actually listens on.
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    const host =
      address.address === '0.0.0.0' || address.address === '::'
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    gateway.setSelfUrl(`http://${host}:${address.port}`);
  });

  app.register(async (scope) => {
    // The providers sign the exact bytes: bodies are read as text here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const text = (body: unknown) => (typeof body === 'string' ? body : '');

    scope.route({
      method: ['GET', 'POST'],
      url: '/api/dev/wechatpay/*',
      handler: async (request, reply) => {
        const answer = await gateway.handleWechat({
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: text(request.body),
        });
        reply.code(answer.status).headers(answer.headers);
        return answer.body === '' ? reply.send() : reply.send(answer.body);
      },
    });

    scope.post('/api/dev/alipay/gateway.do', async (request, reply) => {
      const answer = await gateway.handleAlipay(text(request.body));
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    });

    defineRoute(scope, 'devPayGateway', ({ request, reply }) => {
      const id = idOf(request.params);
      const order = gateway.order(id);
      return sendPage(reply, order ? 200 : 404, renderPage(request.lang, gateway, id, order, null));
    });

    defineRoute(scope, 'devPayConfirm', async ({ request, reply }) => {
      const id = idOf(request.params);
      const order = gateway.order(id);
      if (!order) return sendPage(reply, 404, renderPage(request.lang, gateway, id, undefined, null));
      const action = new URLSearchParams(text(request.body)).get('action');
      if (action === 'cancel') {
        return sendPage(reply, 200, renderPage(request.lang, gateway, id, order, { kind: 'cancelled' }));
      }
      const outcome: TDeliveryOutcome | null = await gateway.pay(id);
      const after = gateway.order(id);
      if (!outcome) {
        return sendPage(reply, 409, renderPage(request.lang, gateway, id, after, { kind: 'notPayable' }));
      }
      return sendPage(
        reply,
        200,
        renderPage(
          request.lang,
          gateway,
          id,
          after,
          outcome.isDelivered ? { kind: 'paid' } : { kind: 'paidNotNotified', error: outcome.error ?? '' },
        ),
      );
    });
  });
}
