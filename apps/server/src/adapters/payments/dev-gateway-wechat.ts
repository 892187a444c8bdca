/**
 * The development gateway's stand-in of WeChat Pay API v3 (dev-gateway.ts): signed answers, the
 * native order, query and close endpoints, and the encrypted, signed payment notification.
 */
import { randomBytes } from 'node:crypto';
import {
  devPayKeys,
  devWechat,
  digits,
  header,
  maxSkewMs,
  outTradeNoPattern,
  parseJsonObject,
  type TDevAnswer,
  type TDevNotification,
  type TDevOrder,
  type TDevRequest,
  type TDevStandIn,
  type TNotificationOverrides,
} from './dev-gateway-shared';
import { beijingRfc3339, rsaSign, rsaVerify } from './payment-provider';
import { encryptWechatResource } from './wechatpay';

export function createWechatStandIn(standIn: TDevStandIn, apiV3Key: string) {
  const { orders, pageUrl, effective, takeRefusal } = standIn;

  async function wechatAnswer(status: number, body: object | null): Promise<TDevAnswer> {
    const k = await devPayKeys();
    const text = body === null ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(standIn.now().getTime() / 1000));
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

  async function checkWechatSignature(request: TDevRequest): Promise<string | null> {
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
    if (Math.abs(standIn.now().getTime() - Number(timestamp) * 1000) > maxSkewMs) return 'timestamp expired';
    const message = `${request.method}\n${request.url}\n${timestamp}\n${nonce}\n${request.body}\n`;
    if (!rsaVerify(k.wechatMerchant.publicKey, message, signature)) return 'signature does not verify';
    return null;
  }

  async function handleWechat(request: TDevRequest): Promise<TDevAnswer> {
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
      const refused = takeRefusal();
      if (refused) return wechatAnswer(403, { code: refused.code, message: refused.message });
      const existing = orders.get(body.out_trade_no);
      if (existing) {
        if (existing.amountFen !== amount.total || existing.provider !== 'wechat') {
          return wechatAnswer(400, { code: 'INVALID_REQUEST', message: '订单号重复' });
        }
        return wechatAnswer(200, { code_url: pageUrl(existing.outTradeNo) });
      }
      const now = standIn.now();
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
    const at = o.timestamp ?? standIn.now();
    const body = JSON.stringify({
      id: `EV-${digits(20)}`,
      create_time: beijingRfc3339(at),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encryptWechatResource(apiV3Key, JSON.stringify(transaction), nonce, 'transaction'),
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

  return { handleWechat, wechatNotification };
}
