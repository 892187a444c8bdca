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
import {
  createCipheriv,
  createHash,
  generateKeyPair,
  type KeyObject,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { promisify } from 'node:util';
import { fenToYuan, yuanToFen } from '@console/contract/billing-enums';
import { apiPaths } from '@console/contract/paths';
import type { TAlipaySettings } from './alipay';
import { beijingDateTime, beijingRfc3339, rsaSign, rsaVerify } from './payment-provider';
import type { TWechatPaySettings } from './wechatpay';

type TKeyPair = { privateKey: KeyObject; publicKey: KeyObject };
export type TDevPayKeys = {
  /** The console's WeChat Pay merchant key (signs requests). */
  wechatMerchant: TKeyPair;
  /** WeChat Pay's platform key (signs answers and notifications). */
  wechatPlatform: TKeyPair;
  /** The console's Alipay application key. */
  alipayApp: TKeyPair;
  /** Alipay's own key. */
  alipayPlatform: TKeyPair;
};

let keys: Promise<TDevPayKeys> | null = null;

/** The development key pairs, generated once per process. */
export function devPayKeys(): Promise<TDevPayKeys> {
  keys ??= (async () => {
    const generate = promisify(generateKeyPair);
    const pair = async (): Promise<TKeyPair> => generate('rsa', { modulusLength: 2048 });
    const [wechatMerchant, wechatPlatform, alipayApp, alipayPlatform] = await Promise.all([
      pair(),
      pair(),
      pair(),
      pair(),
    ]);
    return { wechatMerchant, wechatPlatform, alipayApp, alipayPlatform };
  })();
  return keys;
}

/** The merchant ids of the development gateway. */
export const devWechat = {
  mchId: '1900000109',
  appId: 'wxdev00000000000001',
  serialNo: 'DEV5E0B1C00000000000000000000000000000001',
  platformSerial: 'PUB_KEY_ID_0119000001092026110100000000000001',
} as const;
export const devAlipay = { appId: '9021000000000001', sellerId: '2088000000000001' } as const;

export type TDevOrderStatus = 'NOTPAY' | 'SUCCESS' | 'CLOSED';

export type TDevOrder = {
  provider: 'wechat' | 'alipay';
  outTradeNo: string;
  amountFen: number;
  subject: string;
  notifyUrl: string;
  createdAt: Date;
  expiresAt: Date;
  status: TDevOrderStatus;
  tradeNo: string | null;
  paidAt: Date | null;
};

export type TDevNotification = { url: string; headers: Record<string, string>; body: string };

/** Changes that make a notification a test's tampered one (still signed with the provider's key). */
export type TNotificationOverrides = {
  amountFen?: number;
  mchId?: string;
  appId?: string;
  sellerId?: string;
  tradeState?: string;
  /** WeChat Pay: the signature's timestamp. */
  timestamp?: Date;
};

export type TDeliveryOutcome = { isDelivered: boolean; error: string | null };

export type TDevAnswer = { status: number; headers: Record<string, string>; body: string };

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
  handleWechat(request: {
    method: string;
    url: string;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }): Promise<TDevAnswer>;
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

const maxSkewMs = 5 * 60_000;
const outTradeNoPattern = /^[A-Za-z0-9_\-|*]{6,64}$/;

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function digits(count: number): string {
  let out = '';
  while (out.length < count) out += String(randomInt(10));
  return out;
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

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

  // ------------------------------------------------------------------------------------------
  // WeChat Pay API v3

  async function wechatAnswer(status: number, body: object | null): Promise<TDevAnswer> {
    const k = await devPayKeys();
    const text = body === null ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(options.now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      status,
      headers: {
        ...(body === null ? {} : { 'content-type': 'application/json; charset=utf-8' }),
        'request-id': randomBytes(12).toString('hex'),
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': devWechat.platformSerial,
        'wechatpay-signature': rsaSign(k.wechatPlatform.privateKey, `${timestamp}\n${nonce}\n${text}\n`),
      },
      body: text,
    };
  }

  function wechatTransaction(order: TDevOrder) {
    const status = effective(order);
    return {
      appid: devWechat.appId,
      mchid: devWechat.mchId,
      out_trade_no: order.outTradeNo,
      ...(order.tradeNo ? { transaction_id: order.tradeNo } : {}),
      trade_type: 'NATIVE',
      trade_state: status,
      trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭' }[status],
      ...(order.paidAt
        ? { bank_type: 'OTHERS', success_time: beijingRfc3339(order.paidAt), payer: { openid: 'dev-openid' } }
        : {}),
      amount: {
        total: order.amountFen,
        ...(order.paidAt ? { payer_total: order.amountFen } : {}),
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    };
  }

  async function checkWechatSignature(request: {
    method: string;
    url: string;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }): Promise<string | null> {
    const k = await devPayKeys();
    const authorization = header(request.headers, 'authorization') ?? '';
    const prefix = 'WECHATPAY2-SHA256-RSA2048 ';
    if (!authorization.startsWith(prefix)) return 'authorization scheme is not WECHATPAY2-SHA256-RSA2048';
    const params: Record<string, string> = {};
    for (const m of authorization.slice(prefix.length).matchAll(/(\w+)="([^"]*)"/g)) {
      params[m[1] as string] = m[2] as string;
    }
    const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial } = params;
    if (!mchid || !nonce || !signature || !timestamp || !serial) return 'authorization is incomplete';
    if (mchid !== devWechat.mchId) return 'unknown mchid';
    if (serial !== devWechat.serialNo) return 'unknown certificate serial';
    if (Math.abs(options.now().getTime() - Number(timestamp) * 1000) > maxSkewMs) return 'timestamp expired';
    const message = `${request.method}\n${request.url}\n${timestamp}\n${nonce}\n${request.body}\n`;
    if (!rsaVerify(k.wechatMerchant.publicKey, message, signature)) return 'signature does not verify';
    return null;
  }

  async function handleWechat(request: {
    method: string;
    url: string;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }): Promise<TDevAnswer> {
    const refusal = await checkWechatSignature(request);
    if (refusal) return wechatAnswer(401, { code: 'SIGN_ERROR', message: refusal });
    const path = request.url.split('?')[0] ?? '';
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    if (request.method === 'POST' && path.endsWith('/v3/pay/transactions/native')) {
      const body = parseJsonObject(request.body);
      const amount = body?.amount as { total?: unknown; currency?: unknown } | undefined;
      if (
        !body ||
        typeof body.out_trade_no !== 'string' ||
        !outTradeNoPattern.test(body.out_trade_no) ||
        typeof body.description !== 'string' ||
        typeof body.notify_url !== 'string' ||
        typeof amount?.total !== 'number' ||
        !Number.isSafeInteger(amount.total) ||
        amount.total <= 0 ||
        (amount.currency !== undefined && amount.currency !== 'CNY')
      ) {
        return wechatAnswer(400, { code: 'PARAM_ERROR', message: '参数错误' });
      }
      if (body.mchid !== devWechat.mchId || body.appid !== devWechat.appId) {
        return wechatAnswer(400, { code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' });
      }
      if (gateway.refuseNext) {
        const { code, message } = gateway.refuseNext;
        gateway.refuseNext = null;
        return wechatAnswer(403, { code, message });
      }
      const existing = orders.get(body.out_trade_no);
      if (existing) {
        if (existing.amountFen !== amount.total || existing.provider !== 'wechat') {
          return wechatAnswer(400, { code: 'INVALID_REQUEST', message: '订单号重复' });
        }
        return wechatAnswer(200, { code_url: pageUrl(existing.outTradeNo) });
      }
      const now = options.now();
      const expires = typeof body.time_expire === 'string' ? new Date(body.time_expire) : null;
      orders.set(body.out_trade_no, {
        provider: 'wechat',
        outTradeNo: body.out_trade_no,
        amountFen: amount.total,
        subject: body.description,
        notifyUrl: body.notify_url,
        createdAt: now,
        expiresAt:
          expires && !Number.isNaN(expires.getTime()) ? expires : new Date(now.getTime() + 2 * 3_600_000),
        status: 'NOTPAY',
        tradeNo: null,
        paidAt: null,
      });
      return wechatAnswer(200, { code_url: pageUrl(body.out_trade_no) });
    }
    const match = /\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (match) {
      const order = orders.get(decodeURIComponent(match[1] as string));
      const isClose = Boolean(match[2]);
      if (!isClose && (request.method !== 'GET' || query.get('mchid') !== devWechat.mchId)) {
        return wechatAnswer(400, { code: 'PARAM_ERROR', message: '参数错误' });
      }
      if (order?.provider !== 'wechat') {
        return wechatAnswer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      }
      if (!isClose) return wechatAnswer(200, wechatTransaction(order));
      if (request.method !== 'POST' || parseJsonObject(request.body)?.mchid !== devWechat.mchId) {
        return wechatAnswer(400, { code: 'PARAM_ERROR', message: '参数错误' });
      }
      if (order.status === 'SUCCESS') return wechatAnswer(400, { code: 'ORDERPAID', message: '订单已支付' });
      order.status = 'CLOSED';
      return wechatAnswer(204, null);
    }
    return wechatAnswer(404, { code: 'NOT_FOUND', message: '资源不存在' });
  }

  async function wechatNotification(order: TDevOrder, o: TNotificationOverrides): Promise<TDevNotification> {
    const k = await devPayKeys();
    const transaction = {
      ...wechatTransaction(order),
      mchid: o.mchId ?? devWechat.mchId,
      appid: o.appId ?? devWechat.appId,
      trade_state: o.tradeState ?? 'SUCCESS',
      amount: {
        total: o.amountFen ?? order.amountFen,
        payer_total: o.amountFen ?? order.amountFen,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    };
    const nonce = randomBytes(9).toString('base64url');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from('transaction', 'utf8'));
    const sealed = Buffer.concat([
      cipher.update(JSON.stringify(transaction), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const at = o.timestamp ?? options.now();
    const body = JSON.stringify({
      id: `EV-${digits(20)}`,
      create_time: beijingRfc3339(at),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: sealed.toString('base64'),
        associated_data: 'transaction',
        nonce,
      },
    });
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const signNonce = randomBytes(16).toString('hex');
    return {
      url: order.notifyUrl,
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': signNonce,
        'wechatpay-serial': devWechat.platformSerial,
        'wechatpay-signature': rsaSign(k.wechatPlatform.privateKey, `${timestamp}\n${signNonce}\n${body}\n`),
      },
      body,
    };
  }

  // ------------------------------------------------------------------------------------------
  // Alipay

  function sortedContent(params: Record<string, string>, omit: readonly string[]): string {
    return Object.keys(params)
      .filter((k) => !omit.includes(k) && params[k] !== '')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
  }

  async function alipayAnswer(node: string, answer: Record<string, unknown>): Promise<TDevAnswer> {
    const k = await devPayKeys();
    const text = JSON.stringify(answer);
    const sign = rsaSign(k.alipayPlatform.privateKey, text);
    return {
      status: 200,
      headers: { 'content-type': 'text/html;charset=utf-8' },
      body: `{"${node}":${text},"sign":"${sign}"}`,
    };
  }

  function alipayTradeStatus(order: TDevOrder): string {
    return { NOTPAY: 'WAIT_BUYER_PAY', SUCCESS: 'TRADE_SUCCESS', CLOSED: 'TRADE_CLOSED' }[effective(order)];
  }

  async function handleAlipay(text: string): Promise<TDevAnswer> {
    const k = await devPayKeys();
    const params: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(text)) params[key] = value;
    const failure = (sub: string, msg: string) =>
      alipayAnswer('error_response', {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: sub,
        sub_msg: msg,
      });
    if (params.app_id !== devAlipay.appId) return failure('isv.invalid-app-id', '无效的AppID参数');
    if (params.sign_type !== 'RSA2' || !params.sign)
      return failure('isv.invalid-signature-type', '无效签名类型');
    if (!rsaVerify(k.alipayApp.publicKey, sortedContent(params, ['sign']), params.sign)) {
      return failure('isv.invalid-signature', '验签出错');
    }
    if (params.charset !== 'utf-8' || params.version !== '1.0' || !params.timestamp) {
      return failure('isv.missing-required-arguments', '缺少必选参数');
    }
    const biz = parseJsonObject(params.biz_content ?? '');
    const node = `${(params.method ?? '').replaceAll('.', '_')}_response`;
    const business = (subCode: string, subMsg: string) =>
      alipayAnswer(node, { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });
    if (!biz || typeof biz.out_trade_no !== 'string' || !/^[A-Za-z0-9_]{1,64}$/.test(biz.out_trade_no)) {
      return failure('isv.invalid-parameter', '参数无效');
    }
    const order = orders.get(biz.out_trade_no);
    switch (params.method) {
      case 'alipay.trade.precreate': {
        const fen = typeof biz.total_amount === 'string' ? yuanToFen(biz.total_amount) : null;
        if (fen === null || fen <= 0 || fen > 10_000_000_000) {
          return business('ACQ.TOTAL_FEE_EXCEED', '订单金额超过限额');
        }
        if (typeof biz.subject !== 'string' || biz.subject === '' || !params.notify_url) {
          return failure('isv.missing-required-arguments', '缺少必选参数');
        }
        if (gateway.refuseNext) {
          const { code, message } = gateway.refuseNext;
          gateway.refuseNext = null;
          return business(code, message);
        }
        if (order) {
          if (order.provider !== 'alipay' || order.amountFen !== fen || effective(order) !== 'NOTPAY') {
            return business('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
          }
        } else {
          const now = options.now();
          const expires =
            typeof biz.time_expire === 'string'
              ? new Date(`${biz.time_expire.replace(' ', 'T')}+08:00`)
              : null;
          orders.set(biz.out_trade_no, {
            provider: 'alipay',
            outTradeNo: biz.out_trade_no,
            amountFen: fen,
            subject: biz.subject,
            notifyUrl: params.notify_url,
            createdAt: now,
            expiresAt:
              expires && !Number.isNaN(expires.getTime()) ? expires : new Date(now.getTime() + 2 * 3_600_000),
            status: 'NOTPAY',
            tradeNo: null,
            paidAt: null,
          });
        }
        return alipayAnswer(node, {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          qr_code: pageUrl(biz.out_trade_no),
        });
      }
      case 'alipay.trade.query': {
        if (order?.provider !== 'alipay') return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
        return alipayAnswer(node, {
          code: '10000',
          msg: 'Success',
          trade_no: order.tradeNo ?? '',
          out_trade_no: order.outTradeNo,
          buyer_logon_id: 'dev***@example.com',
          trade_status: alipayTradeStatus(order),
          total_amount: fenToYuan(order.amountFen),
          ...(order.paidAt ? { send_pay_date: beijingDateTime(order.paidAt) } : {}),
        });
      }
      case 'alipay.trade.close': {
        if (order?.provider !== 'alipay') return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (order.status === 'SUCCESS') return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        order.status = 'CLOSED';
        return alipayAnswer(node, {
          code: '10000',
          msg: 'Success',
          trade_no: order.tradeNo ?? '',
          out_trade_no: order.outTradeNo,
        });
      }
      default:
        return failure('isv.invalid-method', '不存在的方法名');
    }
  }

  async function alipayNotification(order: TDevOrder, o: TNotificationOverrides): Promise<TDevNotification> {
    const k = await devPayKeys();
    const now = options.now();
    const amount = fenToYuan(o.amountFen ?? order.amountFen);
    const params: Record<string, string> = {
      notify_time: beijingDateTime(now),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: o.appId ?? devAlipay.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: order.tradeNo ?? '',
      out_trade_no: order.outTradeNo,
      buyer_id: '2088102000000001',
      buyer_logon_id: 'dev***@example.com',
      seller_id: o.sellerId ?? devAlipay.sellerId,
      trade_status: o.tradeState ?? 'TRADE_SUCCESS',
      total_amount: amount,
      receipt_amount: amount,
      buyer_pay_amount: amount,
      subject: order.subject,
      gmt_create: beijingDateTime(order.createdAt),
      gmt_payment: beijingDateTime(order.paidAt ?? now),
    };
    const sign = rsaSign(k.alipayPlatform.privateKey, sortedContent(params, ['sign', 'sign_type']));
    return {
      url: order.notifyUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams({ ...params, sign_type: 'RSA2', sign }).toString(),
    };
  }

  // ------------------------------------------------------------------------------------------

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
