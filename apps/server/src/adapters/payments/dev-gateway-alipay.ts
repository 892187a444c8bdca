/**
 * The development gateway's stand-in of the Alipay open platform gateway (dev-gateway.ts): signed
 * answers to precreate, query and close, and the signed asynchronous payment notification.
 */
import { randomBytes } from 'node:crypto';
import { fenToYuan, yuanToFen } from '@console/contract/billing-enums';
import {
  devAlipay,
  devPayKeys,
  parseJsonObject,
  type TDevAnswer,
  type TDevNotification,
  type TDevOrder,
  type TDevStandIn,
  type TNotificationOverrides,
} from './dev-gateway-shared';
import { beijingDateTime, rsaSign, rsaVerify } from './payment-provider';

export function createAlipayStandIn(standIn: TDevStandIn) {
  const { orders, pageUrl, effective, takeRefusal } = standIn;

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
        const refused = takeRefusal();
        if (refused) return business(refused.code, refused.message);
        if (order) {
          if (order.provider !== 'alipay' || order.amountFen !== fen || effective(order) !== 'NOTPAY') {
            return business('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
          }
        } else {
          const now = standIn.now();
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
    const now = standIn.now();
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

  return { handleAlipay, alipayNotification };
}
