/**
 * The development payment gateway: stand-ins of WeChat Pay (API v3) and Alipay (open platform
 * gateway) that speak the providers' real protocols, so that the real adapters run unchanged in
 * development, tests and browser tests. Mounted only outside production mode, for the providers
 * that are not configured (dev-gateway.routes.ts).
 *
 * - Keys: RSA key pairs for both sides of both providers, generated once per process on first
 *   use; the WeChat Pay APIv3 key is derived from SECRET_KEY.
 * - Orders live in this process's memory (the provider's state, not the console's): a restart
 *   forgets them, and the console's query job then closes the orders when they expire.
 * - An order's QR code opens the page `/api/dev/pay/{id}` where "Pay" marks it paid and sends the
 *   provider's signed (for WeChat Pay, encrypted) notification to the console over HTTP.
 */
import { createHash } from 'node:crypto';
import { apiPaths } from '@console/contract/paths';
import type { TAlipaySettings } from './alipay';
import { createAlipayStandIn } from './dev-gateway-alipay';
import {
  devAlipay,
  devPayKeys,
  devWechat,
  digits,
  type TDevAnswer,
  type TDevNotification,
  type TDevOrder,
  type TDevOrderStatus,
  type TDevRequest,
  type TDevStandIn,
  type TNotificationOverrides,
} from './dev-gateway-shared';
import { createWechatStandIn } from './dev-gateway-wechat';
import { beijingDateTime } from './payment-provider';
import type { TWechatPaySettings } from './wechatpay';

export type {
  TDevAnswer,
  TDevNotification,
  TDevOrder,
  TDevOrderStatus,
  TDevPayKeys,
  TNotificationOverrides,
} from './dev-gateway-shared';
export { devAlipay, devPayKeys, devWechat } from './dev-gateway-shared';

export type TDeliveryOutcome = { isDelivered: boolean; error: string | null };

export type TDevPayGateway = {
  wechatSettings(): Promise<TWechatPaySettings>;
  alipaySettings(): Promise<TAlipaySettings>;
  /** The address the console itself listens on (its adapters call the stand-ins there). */
  setSelfUrl(url: string): void;
  merchantName: string;
  order(outTradeNo: string): (TDevOrder & { effectiveStatus: TDevOrderStatus }) | undefined;
  /** Tests: the next order creation is refused with this error. */
  refuseNext: { code: string; message: string } | null;
  /** The payer pays: the order becomes paid and (unless told not to) the notification is sent. */
  pay(outTradeNo: string, options?: { notify?: boolean }): Promise<TDeliveryOutcome | null>;
  notification(outTradeNo: string, overrides?: TNotificationOverrides): Promise<TDevNotification>;
  deliver(notification: TDevNotification, provider: 'wechat' | 'alipay'): Promise<TDeliveryOutcome>;
  handleWechat(request: TDevRequest): Promise<TDevAnswer>;
  handleAlipay(body: string): Promise<TDevAnswer>;
};

export type TDevPayGatewayOptions = {
  secretKey: string;
  merchantName: string;
  now: () => Date;
  /** The console's public address: the QR codes open `<publicUrl>/api/dev/pay/{id}`. */
  publicUrl: () => string;
  timeoutMs: number;
};

export function createDevPayGateway(options: TDevPayGatewayOptions): TDevPayGateway {
  const orders = new Map<string, TDevOrder>();
  let selfUrl: string | null = null;
  const apiV3Key = createHash('sha256')
    .update(`wechatpay-apiv3:${options.secretKey}`)
    .digest('base64url')
    .slice(0, 32);
  const base = () => selfUrl ?? options.publicUrl();
  const pageUrl = (id: string) =>
    `${options.publicUrl()}${apiPaths.devPayGateway.path.replace(':rechargeId', encodeURIComponent(id))}`;

  function effective(order: TDevOrder): TDevOrderStatus {
    if (order.status === 'NOTPAY' && options.now().getTime() > order.expiresAt.getTime()) return 'CLOSED';
    return order.status;
  }

  const standIn: TDevStandIn = {
    orders,
    now: () => options.now(),
    pageUrl,
    effective,
    takeRefusal() {
      const refused = gateway.refuseNext;
      gateway.refuseNext = null;
      return refused;
    },
  };
  const { handleWechat, wechatNotification } = createWechatStandIn(standIn, apiV3Key);
  const { handleAlipay, alipayNotification } = createAlipayStandIn(standIn);

  const gateway: TDevPayGateway = {
    merchantName: options.merchantName,
    refuseNext: null,

    async wechatSettings() {
      const k = await devPayKeys();
      return {
        baseUrl: `${base()}/api/dev/wechatpay`,
        mchId: devWechat.mchId,
        appId: devWechat.appId,
        serialNo: devWechat.serialNo,
        privateKey: k.wechatMerchant.privateKey,
        platformPublicKey: k.wechatPlatform.publicKey,
        platformSerial: devWechat.platformSerial,
        apiV3Key,
        notifyUrl: `${base()}${apiPaths.wechatPayNotify.path}`,
        timeoutMs: options.timeoutMs,
      };
    },

    async alipaySettings() {
      const k = await devPayKeys();
      return {
        gatewayUrl: `${base()}/api/dev/alipay/gateway.do`,
        appId: devAlipay.appId,
        privateKey: k.alipayApp.privateKey,
        alipayPublicKey: k.alipayPlatform.publicKey,
        sellerId: devAlipay.sellerId,
        notifyUrl: `${base()}${apiPaths.alipayNotify.path}`,
        timeoutMs: options.timeoutMs,
      };
    },

    setSelfUrl(url) {
      selfUrl = url.replace(/\/+$/, '');
    },

    order(outTradeNo) {
      const order = orders.get(outTradeNo);
      return order ? { ...order, effectiveStatus: effective(order) } : undefined;
    },

    async pay(outTradeNo, payOptions = {}) {
      const order = orders.get(outTradeNo);
      if (!order || effective(order) !== 'NOTPAY') return null;
      const now = options.now();
      order.status = 'SUCCESS';
      order.paidAt = now;
      order.tradeNo =
        order.provider === 'wechat'
          ? `4200${digits(24)}`
          : `${beijingDateTime(now).slice(0, 10).replaceAll('-', '')}2200${digits(14)}`;
      if (payOptions.notify === false) return { isDelivered: false, error: null };
      return gateway.deliver(await gateway.notification(outTradeNo), order.provider);
    },

    async notification(outTradeNo, overrides = {}) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`no development order ${outTradeNo}`);
      return order.provider === 'wechat'
        ? wechatNotification(order, overrides)
        : alipayNotification(order, overrides);
    },

    async deliver(notification, provider) {
      try {
        const res = await fetch(notification.url, {
          method: 'POST',
          headers: notification.headers,
          body: notification.body,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const text = await res.text();
        const isDelivered =
          provider === 'wechat' ? res.status === 200 || res.status === 204 : text.trim() === 'success';
        return { isDelivered, error: isDelivered ? null : `HTTP ${res.status} ${text.slice(0, 100)}`.trim() };
      } catch (error) {
        return { isDelivered: false, error: error instanceof Error ? error.message : String(error) };
      }
    },

    handleWechat,
    handleAlipay,
  };
  return gateway;
}
