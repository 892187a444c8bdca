/**
 * WeChat Pay API v3 checked against an independent, widely used implementation,
 * `wechatpay-axios-plugin` (its `Rsa`, `Formatter` and `Aes.AesGcm`), as alipay.test.ts checks
 * Alipay against `alipay-sdk`: the same input gives byte-identical signatures (RSA-SHA256 with
 * PKCS#1 v1.5 padding is deterministic), each side verifies what the other signed, and each side
 * decrypts what the other encrypted. The adapter's own requests, answers and notifications go
 * through a local server whose checks are the plugin's.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { startHttpPeer, type THttpPeer } from '../../../test/provider-peers/http-peer';
import {
  PaymentError,
  PaymentNotificationError,
  privateKeyOf,
  publicKeyOf,
  rsaSign,
  rsaVerify,
} from './payment-provider';
import {
  createWechatPay,
  decryptWechatResource,
  encryptWechatResource,
  type TWechatPaySettings,
} from './wechatpay';

function pemPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}
const merchant = pemPair();
const platform = pemPair();
const apiV3Key = 'Kb4Lc5Md6Ne7Of8Pg9Qh0Ri1Sj2Tk3Ul';
const mchId = '1900009191';
const appId = 'wxd678efh567hg6787';
const serialNo = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const platformSerial = 'PUB_KEY_ID_0114232134912410000';

/** The plugin's keys, loaded by the plugin's own loader. */
const pluginMerchantPrivate = Rsa.from(merchant.privateKey, Rsa.KEY_TYPE_PRIVATE);
const pluginMerchantPublic = Rsa.from(merchant.publicKey, Rsa.KEY_TYPE_PUBLIC);
const pluginPlatformPrivate = Rsa.from(platform.privateKey, Rsa.KEY_TYPE_PRIVATE);
const pluginPlatformPublic = Rsa.from(platform.publicKey, Rsa.KEY_TYPE_PUBLIC);

const messages = [
  Formatter.request(
    'POST',
    '/v3/pay/transactions/native',
    '1554208460',
    '593BEC0C930BF1AFEB40B4A08C8FB242',
    '{"appid":"wxd678efh567hg6787","mchid":"1900009191","description":"账户 demo 充值","amount":{"total":100,"currency":"CNY"}}',
  ),
  Formatter.request(
    'GET',
    '/v3/pay/transactions/out-trade-no/1217752501201407033233368018?mchid=1900009191',
    '1554208460',
    'ABC',
    '',
  ),
  Formatter.response(
    '1554208460',
    'c5ac7061fccab6bf3e254dcf98995b8c',
    '{"code_url":"weixin://wxpay/bizpayurl?pr=p4lpSuKzz"}',
  ),
  Formatter.response('1554208460', 'n', ''),
];

describe('WeChat Pay signatures: ours and wechatpay-axios-plugin', () => {
  it('formats the request and answer messages as we do', () => {
    expect(messages[0]).toBe(
      'POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"appid":"wxd678efh567hg6787","mchid":"1900009191","description":"账户 demo 充值","amount":{"total":100,"currency":"CNY"}}\n',
    );
    expect(messages[3]).toBe('1554208460\nn\n\n');
  });

  it('gives byte-identical signatures for the same input, and each verifies the other', () => {
    const ours = privateKeyOf(merchant.privateKey);
    const oursPublic = publicKeyOf(merchant.publicKey);
    for (const message of messages) {
      const mine = rsaSign(ours, message);
      const theirs = Rsa.sign(message, pluginMerchantPrivate);
      expect(mine).toBe(theirs);
      expect(Rsa.verify(message, mine, pluginMerchantPublic)).toBe(true);
      expect(rsaVerify(oursPublic, message, theirs)).toBe(true);
      // A changed byte fails both.
      expect(Rsa.verify(`${message} `, mine, pluginMerchantPublic)).toBe(false);
      expect(rsaVerify(oursPublic, `${message} `, theirs)).toBe(false);
    }
  });
});

describe('WeChat Pay AEAD_AES_256_GCM: ours and wechatpay-axios-plugin', () => {
  const plaintexts = [
    '{"mchid":"1900009191","out_trade_no":"Order1","trade_state":"SUCCESS","amount":{"total":1,"currency":"CNY"}}',
    '{"summary":"支付成功","payer":{"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"}}',
    'x',
    // Only the tag: the plugin encrypts and decrypts it; ours must too (it refused it once).
    '',
  ];
  it('decrypts what the plugin encrypted, and the plugin decrypts ours', () => {
    for (const [i, plaintext] of plaintexts.entries()) {
      const nonce = randomBytes(9).toString('base64url').slice(0, 12);
      const aad = i >= 2 ? '' : 'transaction';
      const theirs = Aes.AesGcm.encrypt(plaintext, apiV3Key, nonce, aad);
      expect(decryptWechatResource(apiV3Key, { ciphertext: theirs, nonce, associated_data: aad })).toBe(
        plaintext,
      );
      const mine = encryptWechatResource(apiV3Key, plaintext, nonce, aad);
      // GCM is deterministic for a key and nonce: the very same bytes.
      expect(mine).toBe(theirs);
      expect(Aes.AesGcm.decrypt(mine, apiV3Key, nonce, aad)).toBe(plaintext);
    }
  });

  it('refuses what the plugin encrypted under other associated data or another key', () => {
    const nonce = 'fdasflkja484';
    const theirs = Aes.AesGcm.encrypt(plaintexts[0] ?? '', apiV3Key, nonce, 'transaction');
    expect(() =>
      decryptWechatResource(apiV3Key, { ciphertext: theirs, nonce, associated_data: 'refund' }),
    ).toThrow();
    expect(() =>
      decryptWechatResource('X'.repeat(32), { ciphertext: theirs, nonce, associated_data: 'transaction' }),
    ).toThrow();
  });
});

describe('the WeChat Pay adapter against a server whose checks are the plugin’s', () => {
  let peer: THttpPeer;
  let settings: TWechatPaySettings;
  const now = new Date();
  /** What the peer answers next, signed with the plugin. */
  let nextBody = '';
  let signingKey = pluginPlatformPrivate;
  const verdicts: boolean[] = [];

  beforeAll(async () => {
    peer = await startHttpPeer((request) => {
      const auth = String(request.headers.authorization ?? '');
      const fields = Object.fromEntries(
        [...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
      );
      const message = Formatter.request(
        request.method,
        request.url,
        fields.timestamp ?? '',
        fields.nonce_str ?? '',
        request.body.toString('utf8'),
      );
      const isValid =
        auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
        fields.mchid === mchId &&
        fields.serial_no === serialNo &&
        Rsa.verify(message, fields.signature ?? '', pluginMerchantPublic);
      verdicts.push(isValid);
      const body = isValid ? nextBody : JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误' });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = Formatter.nonce(32);
      return {
        status: isValid ? 200 : 401,
        headers: {
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': nonce,
          'wechatpay-serial': platformSerial,
          'wechatpay-signature': Rsa.sign(Formatter.response(timestamp, nonce, body), signingKey),
        },
        body,
      };
    });
    settings = {
      baseUrl: peer.url,
      mchId,
      appId,
      serialNo,
      privateKey: privateKeyOf(merchant.privateKey),
      platformPublicKey: publicKeyOf(platform.publicKey),
      platformSerial,
      apiV3Key,
      notifyUrl: 'https://console.example.com/api/hooks/pay/wechat',
      timeoutMs: 5000,
    };
  });
  afterAll(() => peer.close());

  const wechat = () =>
    createWechatPay(
      () => settings,
      () => now,
    );

  it('signs requests the plugin verifies, and verifies answers the plugin signed', async () => {
    signingKey = pluginPlatformPrivate;
    nextBody = '{"code_url":"weixin://wxpay/bizpayurl?pr=p4lpSuKzz"}';
    const created = await wechat().createOrder({
      id: 'Order0000000000000000101',
      amountFen: 100,
      subject: '账户 demo 充值 “余额”',
      expiresAt: new Date(now.getTime() + 7_200_000),
    });
    expect(created.codeUrl).toBe('weixin://wxpay/bizpayurl?pr=p4lpSuKzz');
    nextBody = JSON.stringify({
      appid: appId,
      mchid: mchId,
      out_trade_no: 'Order 101/中',
      transaction_id: '1217752501201407033233368018',
      trade_state: 'SUCCESS',
      success_time: '2026-11-01T16:00:00+08:00',
      amount: { total: 100, currency: 'CNY' },
    });
    expect(await wechat().queryOrder('Order 101/中')).toMatchObject({ status: 'paid', amountFen: 100 });
    expect(verdicts).toEqual([true, true]);
  });

  it('refuses an answer the plugin signed with another key', async () => {
    signingKey = pluginMerchantPrivate;
    nextBody = '{"code_url":"weixin://x"}';
    await expect(
      wechat().createOrder({ id: 'Order0000000000000000102', amountFen: 1, subject: 's', expiresAt: now }),
    ).rejects.toThrow(PaymentError);
    signingKey = pluginPlatformPrivate;
  });

  it('reads a notification the plugin signed and encrypted, and refuses it altered', async () => {
    const transaction = {
      appid: appId,
      mchid: mchId,
      out_trade_no: 'Order0000000000000000103',
      transaction_id: '4200000000000000000000000103',
      trade_state: 'SUCCESS',
      success_time: '2026-11-01T16:00:00+08:00',
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: 8800, payer_total: 8800, currency: 'CNY', payer_currency: 'CNY' },
    };
    const nonce = Formatter.nonce(12);
    const body = JSON.stringify({
      id: 'EV-2018022511223320873',
      create_time: '2026-11-01T16:00:01+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: Aes.AesGcm.encrypt(JSON.stringify(transaction), apiV3Key, nonce, 'transaction'),
        associated_data: 'transaction',
        nonce,
      },
    });
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const signNonce = Formatter.nonce(32);
    const headers = {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': signNonce,
      'wechatpay-serial': platformSerial,
      'wechatpay-signature': Rsa.sign(Formatter.response(timestamp, signNonce, body), pluginPlatformPrivate),
    };
    expect(
      Rsa.verify(
        Formatter.response(timestamp, signNonce, body),
        headers['wechatpay-signature'],
        pluginPlatformPublic,
      ),
    ).toBe(true);
    expect(await wechat().readNotification({ headers, body }, now)).toEqual({
      channel: 'wechat',
      status: 'paid',
      outTradeNo: 'Order0000000000000000103',
      tradeNo: '4200000000000000000000000103',
      amountFen: 8800,
      paidAt: new Date('2026-11-01T08:00:00Z'),
    });
    await expect(
      wechat().readNotification({ headers, body: body.replace('支付成功', '支付失败') }, now),
    ).rejects.toThrow(PaymentNotificationError);
  });
});
