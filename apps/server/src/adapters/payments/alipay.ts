/**
 * Alipay open platform, face-to-face payment by QR code (`alipay.trade.precreate`), with RSA2:
 *
 * - Requests are forms posted to the gateway with the common parameters (app_id, method, format,
 *   charset, sign_type RSA2, timestamp, version, notify_url, biz_content) and `sign`: RSA-SHA256
 *   with the application private key over the parameters sorted by name as `k=v&…` (without
 *   `sign`, empty values left out).
 * - Answers `{"<method>_response": {…}, "sign": "…"}` are verified with the Alipay public key over
 *   the exact text of the response object.
 * - Asynchronous notifications are forms, verified over the sorted parameters without `sign` and
 *   `sign_type`; the console answers the text `success` (or `failure`).
 */

import type { KeyObject } from 'node:crypto';
import { fenToYuan, yuanToFen } from '@console/contract/billing-enums';
import {
  beijingDateTime,
  fetchWithTimeout,
  PaymentError,
  PaymentNotificationError,
  parseBeijingDateTime,
  rsaSign,
  rsaVerify,
  type TNotificationInput,
  type TPaymentOrder,
  type TPaymentProvider,
  type TTradeNotice,
  type TTradeState,
} from './payment-provider';

export type TAlipaySettings = {
  /** https://openapi.alipay.com/gateway.do (or the development gateway). */
  gatewayUrl: string;
  appId: string;
  /** The application private key (signs requests). */
  privateKey: KeyObject;
  /** Alipay's public key (verifies answers and notifications). */
  alipayPublicKey: KeyObject;
  /** The merchant's partner id (2088…); when set, notifications must name it. */
  sellerId: string | null;
  notifyUrl: string;
  timeoutMs: number;
};

/** The text Alipay signs: parameters sorted by name, `k=v` joined by `&`, empty values left out. */
export function alipaySignContent(
  params: Record<string, string | undefined>,
  omit: readonly string[] = ['sign'],
): string {
  return Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** The exact text of the JSON value under `key` in `text` (what Alipay signs in its answers). */
export function jsonValueText(text: string, key: string): string | null {
  const marker = `"${key}"`;
  let at = text.indexOf(marker);
  while (at >= 0) {
    let i = at + marker.length;
    while (i < text.length && /\s/.test(text[i] as string)) i += 1;
    if (text[i] === ':') {
      i += 1;
      while (i < text.length && /\s/.test(text[i] as string)) i += 1;
      const start = i;
      if (text[i] !== '{') return null;
      let depth = 0;
      let isInString = false;
      for (; i < text.length; i += 1) {
        const c = text[i];
        if (isInString) {
          if (c === '\\') i += 1;
          else if (c === '"') isInString = false;
        } else if (c === '"') isInString = true;
        else if (c === '{') depth += 1;
        else if (c === '}') {
          depth -= 1;
          if (depth === 0) return text.slice(start, i + 1);
        }
      }
      return null;
    }
    at = text.indexOf(marker, at + marker.length);
  }
  return null;
}

type TAlipayAnswer = Record<string, unknown> & {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
};

function detailOf(answer: TAlipayAnswer): string {
  const code = answer.sub_code ?? answer.code ?? 'UNKNOWN';
  const message = answer.sub_msg ?? answer.msg ?? '';
  return (message ? `${code} ${message}` : String(code)).slice(0, 200);
}

function tradeStatusOf(status: unknown): TTradeState['status'] {
  switch (status) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return 'paid';
    case 'WAIT_BUYER_PAY':
      return 'pending';
    default:
      return 'closed';
  }
}

function fenOf(value: unknown): number | null {
  return typeof value === 'string' ? yuanToFen(value) : null;
}

export function createAlipay(
  settingsOf: () => TAlipaySettings | Promise<TAlipaySettings>,
  now: () => Date,
): TPaymentProvider {
  async function call(
    method: string,
    biz: Record<string, unknown>,
    withNotify = false,
  ): Promise<TAlipayAnswer> {
    const s = await settingsOf();
    const params: Record<string, string> = {
      app_id: s.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: beijingDateTime(now()),
      version: '1.0',
      ...(withNotify ? { notify_url: s.notifyUrl } : {}),
      biz_content: JSON.stringify(biz),
    };
    params.sign = rsaSign(s.privateKey, alipaySignContent(params));
    const res = await fetchWithTimeout(
      s.gatewayUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(params).toString(),
      },
      s.timeoutMs,
    );
    const text = await res.text();
    if (!res.ok) throw new PaymentError(`HTTP_${res.status}`);
    const node = `${method.replaceAll('.', '_')}_response`;
    const raw = jsonValueText(text, node);
    let sign: unknown;
    try {
      sign = (JSON.parse(text) as { sign?: unknown }).sign;
    } catch {
      throw new PaymentError('BAD_RESPONSE');
    }
    if (raw === null) {
      // A refusal before the method ran (bad app id, bad signature) comes as `error_response`.
      const error = jsonValueText(text, 'error_response');
      if (error !== null) throw new PaymentError(detailOf(JSON.parse(error) as TAlipayAnswer));
      throw new PaymentError('BAD_RESPONSE');
    }
    if (typeof sign !== 'string' || !rsaVerify(s.alipayPublicKey, raw, sign)) {
      throw new PaymentError('RESPONSE_SIGNATURE_INVALID');
    }
    return JSON.parse(raw) as TAlipayAnswer;
  }

  return {
    channel: 'alipay',

    async createOrder(order: TPaymentOrder) {
      const answer = await call(
        'alipay.trade.precreate',
        {
          out_trade_no: order.id,
          total_amount: fenToYuan(order.amountFen),
          subject: order.subject.slice(0, 128),
          time_expire: beijingDateTime(order.expiresAt),
        },
        true,
      );
      if (answer.code !== '10000') throw new PaymentError(detailOf(answer));
      if (typeof answer.qr_code !== 'string' || answer.qr_code === '') throw new PaymentError('NO_QR_CODE');
      return { codeUrl: answer.qr_code };
    },

    async queryOrder(outTradeNo: string) {
      const answer = await call('alipay.trade.query', { out_trade_no: outTradeNo });
      if (answer.code !== '10000') {
        if (answer.sub_code === 'ACQ.TRADE_NOT_EXIST') {
          return { status: 'missing', outTradeNo, tradeNo: null, amountFen: null, paidAt: null };
        }
        throw new PaymentError(detailOf(answer));
      }
      if (answer.out_trade_no !== outTradeNo) throw new PaymentError('ORDER_MISMATCH');
      return {
        status: tradeStatusOf(answer.trade_status),
        outTradeNo,
        tradeNo: typeof answer.trade_no === 'string' ? answer.trade_no : null,
        amountFen: fenOf(answer.total_amount),
        paidAt: parseBeijingDateTime(
          typeof answer.send_pay_date === 'string' ? answer.send_pay_date : undefined,
        ),
      };
    },

    async closeOrder(outTradeNo: string) {
      const answer = await call('alipay.trade.close', { out_trade_no: outTradeNo });
      // A precreated order nobody scanned does not exist at Alipay: nothing to close.
      if (answer.code === '10000' || answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
      throw new PaymentError(detailOf(answer));
    },

    async readNotification(input: TNotificationInput): Promise<TTradeNotice> {
      const s = await settingsOf();
      const form = new URLSearchParams(input.body);
      const params: Record<string, string> = {};
      for (const [key, value] of form) {
        if (key in params) throw new PaymentNotificationError('body');
        params[key] = value;
      }
      const { sign, sign_type: signType } = params;
      if (!sign) throw new PaymentNotificationError('signature');
      if (signType !== 'RSA2') throw new PaymentNotificationError('sign_type');
      if (!rsaVerify(s.alipayPublicKey, alipaySignContent(params, ['sign', 'sign_type']), sign)) {
        throw new PaymentNotificationError('signature');
      }
      if (params.app_id !== s.appId) throw new PaymentNotificationError('merchant');
      if (s.sellerId !== null && params.seller_id !== s.sellerId)
        throw new PaymentNotificationError('merchant');
      if (!params.out_trade_no) throw new PaymentNotificationError('body');
      const amountFen = fenOf(params.total_amount);
      if (amountFen === null) throw new PaymentNotificationError('amount');
      return {
        channel: 'alipay',
        status: tradeStatusOf(params.trade_status),
        outTradeNo: params.out_trade_no,
        tradeNo: params.trade_no ?? null,
        amountFen,
        paidAt: parseBeijingDateTime(params.gmt_payment),
      };
    },
  };
}
