/**
 * The Alipay adapter against a peer written here from the open platform's documentation (not the
 * development gateway): the signed form of common parameters, the answer's signature over the
 * exact response text, and the asynchronous notification's RSA2 check.
 */
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipaySignContent, createAlipay, jsonValueText, type TAlipaySettings } from './alipay';
import { PaymentError, PaymentNotificationError } from './payment-provider';

const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const now = new Date('2026-11-01T08:00:00Z');

let forms: URLSearchParams[] = [];
let reply: (form: URLSearchParams) => string = () => '';
let server: Server;
let settings: TAlipaySettings;

const sign = (text: string, key = alipay.privateKey) =>
  createSign('RSA-SHA256').update(text).sign(key, 'base64');

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(data);
      forms.push(form);
      res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
      res.end(reply(form));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  settings = {
    gatewayUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`,
    appId: '2014072300007148',
    privateKey: app.privateKey,
    alipayPublicKey: alipay.publicKey,
    sellerId: '2088101106499364',
    notifyUrl: 'https://console.example.com/api/hooks/pay/alipay',
    timeoutMs: 5000,
  };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () =>
  createAlipay(
    () => settings,
    () => now,
  );

describe('Alipay signing helpers', () => {
  it('sorts parameters by name and leaves out sign and empty values', () => {
    expect(
      alipaySignContent({ method: 'm', app_id: '1', sign: 'x', empty: '', biz_content: '{"a":1}' }),
    ).toBe('app_id=1&biz_content={"a":1}&method=m');
    expect(alipaySignContent({ b: '2', sign_type: 'RSA2', a: '1', sign: 'x' }, ['sign', 'sign_type'])).toBe(
      'a=1&b=2',
    );
  });

  it('takes the exact text of a response object, braces and quotes in strings included', () => {
    const text =
      '{"alipay_trade_query_response" : {"code":"10000","msg":"a \\"}{\\" b","x":{"y":1}},"sign":"s"}';
    expect(jsonValueText(text, 'alipay_trade_query_response')).toBe(
      '{"code":"10000","msg":"a \\"}{\\" b","x":{"y":1}}',
    );
    expect(jsonValueText(text, 'missing')).toBeNull();
  });
});

describe('Alipay requests', () => {
  it('posts alipay.trade.precreate with signed common parameters and checks the signed answer', async () => {
    forms = [];
    reply = (form) => {
      const biz = JSON.parse(form.get('biz_content') as string) as { out_trade_no: string };
      const body = `{"code":"10000","msg":"Success","out_trade_no":"${biz.out_trade_no}","qr_code":"https://qr.alipay.com/bax03431ljhokirwl38f00a7"}`;
      return `{"alipay_trade_precreate_response":${body},"sign":"${sign(body)}"}`;
    };
    const result = await client().createOrder({
      id: 'Order0000000000000000001',
      amountFen: 8888,
      subject: 'Top-up of account demo',
      expiresAt: new Date('2026-11-01T10:00:00Z'),
    });
    expect(result.codeUrl).toBe('https://qr.alipay.com/bax03431ljhokirwl38f00a7');
    const form = forms[0] as URLSearchParams;
    const params = Object.fromEntries(form);
    expect(params).toMatchObject({
      app_id: '2014072300007148',
      method: 'alipay.trade.precreate',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2026-11-01 16:00:00',
      version: '1.0',
      notify_url: 'https://console.example.com/api/hooks/pay/alipay',
    });
    expect(JSON.parse(params.biz_content as string)).toEqual({
      out_trade_no: 'Order0000000000000000001',
      total_amount: '88.88',
      subject: 'Top-up of account demo',
      time_expire: '2026-11-01 18:00:00',
    });
    const content = Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    expect(
      createVerify('RSA-SHA256')
        .update(content)
        .verify(app.publicKey, params.sign as string, 'base64'),
    ).toBe(true);
  });

  it('refuses answers signed by another key, and reports business failures', async () => {
    reply = () => {
      const body = '{"code":"10000","msg":"Success","qr_code":"https://qr.alipay.com/x"}';
      return `{"alipay_trade_precreate_response":${body},"sign":"${sign(body, stranger.privateKey)}"}`;
    };
    const order = { id: 'Order0000000000000000002', amountFen: 1, subject: 's', expiresAt: now };
    await expect(client().createOrder(order)).rejects.toMatchObject({ detail: 'RESPONSE_SIGNATURE_INVALID' });
    reply = () => {
      const body =
        '{"code":"40004","msg":"Business Failed","sub_code":"ACQ.TOTAL_FEE_EXCEED","sub_msg":"订单金额超过限额"}';
      return `{"alipay_trade_precreate_response":${body},"sign":"${sign(body)}"}`;
    };
    await expect(client().createOrder(order)).rejects.toMatchObject({
      detail: 'ACQ.TOTAL_FEE_EXCEED 订单金额超过限额',
    });
    reply = () =>
      '{"error_response":{"code":"40002","msg":"Invalid Arguments","sub_code":"isv.invalid-app-id"}}';
    await expect(client().createOrder(order)).rejects.toThrow(PaymentError);
  });

  it('queries a trade and maps its status', async () => {
    reply = () => {
      const body =
        '{"code":"10000","msg":"Success","trade_no":"2026110122001400000000000001","out_trade_no":"Order0000000000000000003","trade_status":"TRADE_SUCCESS","total_amount":"88.88","send_pay_date":"2026-11-01 16:05:00"}';
      return `{"alipay_trade_query_response":${body},"sign":"${sign(body)}"}`;
    };
    expect(await client().queryOrder('Order0000000000000000003')).toEqual({
      status: 'paid',
      outTradeNo: 'Order0000000000000000003',
      tradeNo: '2026110122001400000000000001',
      amountFen: 8888,
      paidAt: new Date('2026-11-01T08:05:00Z'),
    });
    reply = () => {
      const body =
        '{"code":"40004","msg":"Business Failed","sub_code":"ACQ.TRADE_NOT_EXIST","sub_msg":"交易不存在"}';
      return `{"alipay_trade_query_response":${body},"sign":"${sign(body)}"}`;
    };
    expect((await client().queryOrder('Order0000000000000000004')).status).toBe('missing');
  });
});

describe('Alipay notifications', () => {
  const base = {
    notify_time: '2026-11-01 16:05:01',
    notify_type: 'trade_status_sync',
    notify_id: 'ac05099524730693a8b330c5ecf72da9786',
    app_id: '2014072300007148',
    charset: 'utf-8',
    version: '1.0',
    trade_no: '2026110122001400000000000005',
    out_trade_no: 'Order0000000000000000005',
    seller_id: '2088101106499364',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '20.00',
    subject: 'Top-up of account demo',
    gmt_payment: '2026-11-01 16:05:00',
  };
  function form(params: Record<string, string>, key = alipay.privateKey): string {
    const content = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    return new URLSearchParams({ ...params, sign_type: 'RSA2', sign: sign(content, key) }).toString();
  }
  const reasonOf = async (body: string) => {
    try {
      await client().readNotification({ headers: {}, body }, now);
      return null;
    } catch (error) {
      return error instanceof PaymentNotificationError ? error.reason : String(error);
    }
  };

  it('verifies the RSA2 signature over the sorted parameters without sign and sign_type', async () => {
    expect(await client().readNotification({ headers: {}, body: form(base) }, now)).toEqual({
      channel: 'alipay',
      status: 'paid',
      outTradeNo: 'Order0000000000000000005',
      tradeNo: '2026110122001400000000000005',
      amountFen: 2000,
      paidAt: new Date('2026-11-01T08:05:00Z'),
    });
  });

  it('refuses tampering, other keys, other apps and other sellers', async () => {
    expect(await reasonOf(form(base).replace('total_amount=20.00', 'total_amount=2000.00'))).toBe(
      'signature',
    );
    expect(await reasonOf(form(base, stranger.privateKey))).toBe('signature');
    expect(await reasonOf(form(base).replace('sign_type=RSA2', 'sign_type=RSA'))).toBe('sign_type');
    expect(await reasonOf(form({ ...base, app_id: '2014072300000000' }))).toBe('merchant');
    expect(await reasonOf(form({ ...base, seller_id: '2088000000000000' }))).toBe('merchant');
    expect(await reasonOf(`${form(base)}&out_trade_no=Other`)).toBe('body');
  });
});
