/**
 * The WeChat Pay adapter against a peer written here from the API v3 documentation (not the
 * development gateway): the Authorization header and its signature string, the answer's signature
 * check, and the notification's headers, age and AES-256-GCM resource.
 */
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentError, PaymentNotificationError } from './payment-provider';
import { createWechatPay, type TWechatPaySettings } from './wechatpay';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const apiV3Key = 'a'.repeat(16) + 'B'.repeat(16);
const now = new Date('2026-11-01T08:00:00Z');

type TSeen = { method: string; url: string; authorization: string; body: string };
let seen: TSeen[] = [];
let answer: (req: TSeen) => { status: number; body: string; signWith?: typeof platform.privateKey } = () => ({
  status: 500,
  body: '',
});
let server: Server;
let settings: TWechatPaySettings;

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const request = {
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: String(req.headers.authorization ?? ''),
      body: await read(req),
    };
    seen.push(request);
    const out = answer(request);
    const ts = String(Math.floor(now.getTime() / 1000));
    const nonce = randomBytes(8).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${ts}\n${nonce}\n${out.body}\n`)
      .sign(out.signWith ?? platform.privateKey, 'base64');
    res.writeHead(out.status, {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': 'PUB_KEY_ID_TEST',
    });
    res.end(out.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  settings = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mchId: '1230000109',
    appId: 'wxd678efh567hg6787',
    serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    privateKey: merchant.privateKey,
    platformPublicKey: platform.publicKey,
    platformSerial: 'PUB_KEY_ID_TEST',
    apiV3Key,
    notifyUrl: 'https://console.example.com/api/hooks/pay/wechat',
    timeoutMs: 5000,
  };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const wechat = () =>
  createWechatPay(
    () => settings,
    () => now,
  );

function authorizationParts(header: string) {
  const match =
    /^WECHATPAY2-SHA256-RSA2048 mchid="(\d+)",nonce_str="(\w+)",signature="([A-Za-z0-9+/=]+)",timestamp="(\d+)",serial_no="(\w+)"$/.exec(
      header,
    );
  if (!match) throw new Error(`unexpected Authorization: ${header}`);
  const [, mchid, nonce, signature, timestamp, serial] = match;
  return { mchid, nonce, signature, timestamp, serial };
}

describe('WeChat Pay API v3 requests', () => {
  it('creates a Native order with a signed request and reads the signed answer', async () => {
    seen = [];
    answer = () => ({
      status: 200,
      body: JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' }),
    });
    const result = await wechat().createOrder({
      id: 'Order0000000000000000001',
      amountFen: 12_345,
      subject: '账户 demo 充值',
      expiresAt: new Date('2026-11-01T10:00:00Z'),
    });
    expect(result.codeUrl).toBe('weixin://wxpay/bizpayurl?pr=p4lpSuKzz');
    const request = seen[0] as TSeen;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v3/pay/transactions/native');
    const parts = authorizationParts(request.authorization);
    expect(parts).toMatchObject({
      mchid: '1230000109',
      serial: settings.serialNo,
      timestamp: String(now.getTime() / 1000),
    });
    const message = `POST\n/v3/pay/transactions/native\n${parts.timestamp}\n${parts.nonce}\n${request.body}\n`;
    expect(
      createVerify('RSA-SHA256')
        .update(message)
        .verify(merchant.publicKey, parts.signature as string, 'base64'),
    ).toBe(true);
    expect(JSON.parse(request.body)).toEqual({
      appid: 'wxd678efh567hg6787',
      mchid: '1230000109',
      description: '账户 demo 充值',
      out_trade_no: 'Order0000000000000000001',
      time_expire: '2026-11-01T18:00:00+08:00',
      notify_url: 'https://console.example.com/api/hooks/pay/wechat',
      amount: { total: 12_345, currency: 'CNY' },
    });
  });

  it('refuses an answer that the platform key did not sign, and reports refusals', async () => {
    answer = () => ({ status: 200, body: '{"code_url":"weixin://x"}', signWith: stranger.privateKey });
    await expect(
      wechat().createOrder({ id: 'Order0000000000000000002', amountFen: 1, subject: 's', expiresAt: now }),
    ).rejects.toThrow(PaymentError);
    answer = () => ({ status: 403, body: JSON.stringify({ code: 'NO_AUTH', message: '商户无权限' }) });
    await expect(
      wechat().createOrder({ id: 'Order0000000000000000003', amountFen: 1, subject: 's', expiresAt: now }),
    ).rejects.toMatchObject({ detail: 'NO_AUTH 商户无权限' });
  });

  it('queries by out_trade_no with a signed GET (empty body) and maps the trade state', async () => {
    seen = [];
    answer = () => ({
      status: 200,
      body: JSON.stringify({
        appid: 'wxd678efh567hg6787',
        mchid: '1230000109',
        out_trade_no: 'Order0000000000000000004',
        transaction_id: '1217752501201407033233368018',
        trade_state: 'SUCCESS',
        success_time: '2026-11-01T16:05:00+08:00',
        amount: { total: 100, currency: 'CNY' },
      }),
    });
    const state = await wechat().queryOrder('Order0000000000000000004');
    expect(state).toEqual({
      status: 'paid',
      outTradeNo: 'Order0000000000000000004',
      tradeNo: '1217752501201407033233368018',
      amountFen: 100,
      paidAt: new Date('2026-11-01T08:05:00Z'),
    });
    const request = seen[0] as TSeen;
    expect(request.url).toBe('/v3/pay/transactions/out-trade-no/Order0000000000000000004?mchid=1230000109');
    const parts = authorizationParts(request.authorization);
    expect(
      createVerify('RSA-SHA256')
        .update(`GET\n${request.url}\n${parts.timestamp}\n${parts.nonce}\n\n`)
        .verify(merchant.publicKey, parts.signature as string, 'base64'),
    ).toBe(true);
    answer = () => ({
      status: 404,
      body: JSON.stringify({ code: 'ORDER_NOT_EXIST', message: '订单不存在' }),
    });
    expect((await wechat().queryOrder('Order0000000000000000005')).status).toBe('missing');
  });
});

describe('WeChat Pay notifications', () => {
  function notification(
    transaction: Record<string, unknown>,
    options: { at?: Date; key?: string; aad?: string; signer?: typeof platform.privateKey } = {},
  ) {
    const nonce = 'fdasflkja484';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(options.key ?? apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(options.aad ?? 'transaction'));
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(transaction)),
      cipher.final(),
      cipher.getAuthTag(),
    ]).toString('base64');
    const body = JSON.stringify({
      id: 'EV-2018022511223320873',
      create_time: '2026-11-01T16:00:00+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        associated_data: 'transaction',
        nonce,
      },
    });
    const ts = String(Math.floor((options.at ?? now).getTime() / 1000));
    const signNonce = 'NONCE0123456789';
    return {
      body,
      headers: {
        'wechatpay-timestamp': ts,
        'wechatpay-nonce': signNonce,
        'wechatpay-serial': 'PUB_KEY_ID_TEST',
        'wechatpay-signature': createSign('RSA-SHA256')
          .update(`${ts}\n${signNonce}\n${body}\n`)
          .sign(options.signer ?? platform.privateKey, 'base64'),
      },
    };
  }
  const paid = {
    appid: 'wxd678efh567hg6787',
    mchid: '1230000109',
    out_trade_no: 'Order0000000000000000006',
    transaction_id: '4200000000000000000000000006',
    trade_state: 'SUCCESS',
    success_time: '2026-11-01T16:00:00+08:00',
    amount: { total: 500, payer_total: 500, currency: 'CNY', payer_currency: 'CNY' },
  };
  const reasonOf = async (input: { body: string; headers: Record<string, string> }) => {
    try {
      await wechat().readNotification(input, now);
      return null;
    } catch (error) {
      return error instanceof PaymentNotificationError ? error.reason : String(error);
    }
  };

  it('verifies, decrypts and reads a payment notification', async () => {
    expect(await wechat().readNotification(notification(paid), now)).toEqual({
      channel: 'wechat',
      status: 'paid',
      outTradeNo: 'Order0000000000000000006',
      tradeNo: '4200000000000000000000000006',
      amountFen: 500,
      paidAt: new Date('2026-11-01T08:00:00Z'),
    });
  });

  it('refuses bad signatures, other keys, old timestamps, other merchants and other serials', async () => {
    const good = notification(paid);
    expect(await reasonOf({ ...good, body: good.body.replace('支付成功', 'paid') })).toBe('signature');
    expect(await reasonOf(notification(paid, { signer: stranger.privateKey }))).toBe('signature');
    expect(await reasonOf(notification(paid, { at: new Date(now.getTime() - 301_000) }))).toBe('timestamp');
    expect(await reasonOf(notification(paid, { at: new Date(now.getTime() - 299_000) }))).toBeNull();
    expect(await reasonOf(notification(paid, { key: 'c'.repeat(32) }))).toBe('decrypt');
    expect(await reasonOf(notification(paid, { aad: 'other' }))).toBe('decrypt');
    expect(await reasonOf(notification({ ...paid, mchid: '1230000999' }))).toBe('merchant');
    expect(await reasonOf(notification({ ...paid, appid: 'wx0000000000000000' }))).toBe('merchant');
    expect(await reasonOf(notification({ ...paid, amount: { total: 500, currency: 'USD' } }))).toBe('amount');
    expect(await reasonOf({ ...good, headers: { ...good.headers, 'wechatpay-serial': 'OTHER' } })).toBe(
      'serial',
    );
    const { 'wechatpay-signature': _, ...unsigned } = good.headers;
    expect(await reasonOf({ ...good, headers: unsigned })).toBe('headers');
  });
});
