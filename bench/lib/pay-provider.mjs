// A stand-in of WeChat Pay (API v3, Native) and Alipay (open platform, precreate) for the fault
// benchmark: the bench owns every key, so that it can sign provider notifications that *any*
// replica accepts (the server's own development gateway keeps its keys per process). It answers the
// console's order creation, query and close calls with signed answers, and builds the providers'
// notifications (WeChat Pay: AEAD_AES_256_GCM resource + RSA-SHA256 headers; Alipay: RSA2 form).
import { createCipheriv, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';

const wechatIds = {
  mchId: '1900000999',
  appId: 'wxbench000000000001',
  serialNo: 'BENCH0000000000000000000000000000000001',
  platformSerial: 'PUB_KEY_ID_BENCH_0000000000000000000001',
};
const alipayIds = { appId: '9021000000009999', sellerId: '2088000000009999' };

const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const sign = (privateKey, text) => createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');
const beijing = (date) => new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19);
const yuan = (fen) => (fen / 100).toFixed(2);
const digits = (n) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

function sortedContent(params, omit) {
  return Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

export async function startPayProvider() {
  const merchant = rsa();
  const platform = rsa();
  const alipayApp = rsa();
  const alipayPlatform = rsa();
  const apiV3Key = randomBytes(16).toString('hex');
  /** outTradeNo → { provider, amountFen, createdAt, tradeNo } */
  const orders = new Map();

  function wechatAnswer(res, status, body) {
    const text = body === null ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    res.writeHead(status, {
      ...(body === null ? {} : { 'content-type': 'application/json' }),
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': wechatIds.platformSerial,
      'wechatpay-signature': sign(platform.privateKey, `${timestamp}\n${nonce}\n${text}\n`),
    });
    res.end(text);
  }

  function alipayAnswer(res, node, answer) {
    const text = JSON.stringify(answer);
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    res.end(`{"${node}":${text},"sign":"${sign(alipayPlatform.privateKey, text)}"}`);
  }

  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/v3/pay/transactions/native' && req.method === 'POST') {
      const b = JSON.parse(body);
      orders.set(b.out_trade_no, {
        provider: 'wechat',
        amountFen: b.amount.total,
        createdAt: new Date(),
        tradeNo: `42000${digits(23)}`,
      });
      return wechatAnswer(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${b.out_trade_no}` });
    }
    const m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (m) {
      const order = orders.get(decodeURIComponent(m[1]));
      if (m[2]) return wechatAnswer(res, 204, null);
      if (!order) return wechatAnswer(res, 404, { code: 'ORDER_NOT_EXIST', message: 'not found' });
      return wechatAnswer(res, 200, {
        appid: wechatIds.appId,
        mchid: wechatIds.mchId,
        out_trade_no: m[1],
        trade_state: 'NOTPAY',
        amount: { total: order.amountFen, currency: 'CNY' },
      });
    }
    if (url.pathname === '/alipay/gateway.do') {
      const params = Object.fromEntries(new URLSearchParams(body));
      const biz = JSON.parse(params.biz_content ?? '{}');
      const node = `${(params.method ?? '').replaceAll('.', '_')}_response`;
      if (params.method === 'alipay.trade.precreate') {
        orders.set(biz.out_trade_no, {
          provider: 'alipay',
          amountFen: Math.round(Number(biz.total_amount) * 100),
          createdAt: new Date(),
          tradeNo: `2026${digits(24)}`,
        });
        return alipayAnswer(res, node, {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          qr_code: `https://qr.alipay.com/bench${biz.out_trade_no}`,
        });
      }
      if (params.method === 'alipay.trade.query') {
        return alipayAnswer(res, node, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: 'not found',
        });
      }
      return alipayAnswer(res, node, { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no });
    }
    res.writeHead(404).end();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}`;

  return {
    orders,
    /** The server settings that make both providers this stand-in. */
    env: {
      WECHATPAY_MCH_ID: wechatIds.mchId,
      WECHATPAY_APP_ID: wechatIds.appId,
      WECHATPAY_SERIAL_NO: wechatIds.serialNo,
      WECHATPAY_PRIVATE_KEY: merchant.privateKey,
      WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
      WECHATPAY_PLATFORM_SERIAL: wechatIds.platformSerial,
      WECHATPAY_API_V3_KEY: apiV3Key,
      WECHATPAY_BASE_URL: base,
      ALIPAY_APP_ID: alipayIds.appId,
      ALIPAY_PRIVATE_KEY: alipayApp.privateKey,
      ALIPAY_PUBLIC_KEY: alipayPlatform.publicKey,
      ALIPAY_SELLER_ID: alipayIds.sellerId,
      ALIPAY_GATEWAY_URL: `${base}/alipay/gateway.do`,
    },
    /** A freshly signed payment notification of the order (as the provider sends, and re-sends). */
    notification(outTradeNo, { tradeStatus = 'TRADE_SUCCESS' } = {}) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`unknown order ${outTradeNo}`);
      const now = new Date();
      if (order.provider === 'wechat') {
        const transaction = {
          appid: wechatIds.appId,
          mchid: wechatIds.mchId,
          out_trade_no: outTradeNo,
          transaction_id: order.tradeNo,
          trade_type: 'NATIVE',
          trade_state: 'SUCCESS',
          trade_state_desc: '支付成功',
          bank_type: 'OTHERS',
          success_time: `${beijing(order.paidAt ?? now)}+08:00`,
          payer: { openid: 'bench-openid' },
          amount: {
            total: order.amountFen,
            payer_total: order.amountFen,
            currency: 'CNY',
            payer_currency: 'CNY',
          },
        };
        order.paidAt ??= now;
        const nonce = randomBytes(9).toString('base64url');
        const cipher = createCipheriv(
          'aes-256-gcm',
          Buffer.from(apiV3Key, 'utf8'),
          Buffer.from(nonce, 'utf8'),
        );
        cipher.setAAD(Buffer.from('transaction', 'utf8'));
        const sealed = Buffer.concat([
          cipher.update(JSON.stringify(transaction), 'utf8'),
          cipher.final(),
          cipher.getAuthTag(),
        ]);
        const body = JSON.stringify({
          id: `EV-${digits(20)}`,
          create_time: `${beijing(now)}+08:00`,
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
        const timestamp = String(Math.floor(now.getTime() / 1000));
        const signNonce = randomBytes(16).toString('hex');
        return {
          channel: 'wechat',
          path: '/api/hooks/pay/wechat',
          headers: {
            'content-type': 'application/json',
            'wechatpay-timestamp': timestamp,
            'wechatpay-nonce': signNonce,
            'wechatpay-serial': wechatIds.platformSerial,
            'wechatpay-signature': sign(platform.privateKey, `${timestamp}\n${signNonce}\n${body}\n`),
          },
          body,
          isAccepted: (status) => status === 200 || status === 204,
        };
      }
      order.paidAt ??= now;
      const amount = yuan(order.amountFen);
      const params = {
        notify_time: beijing(now).replace('T', ' '),
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        app_id: alipayIds.appId,
        charset: 'utf-8',
        version: '1.0',
        trade_no: order.tradeNo,
        out_trade_no: outTradeNo,
        buyer_id: '2088102000000001',
        buyer_logon_id: 'ben***@example.com',
        seller_id: alipayIds.sellerId,
        trade_status: tradeStatus,
        total_amount: amount,
        receipt_amount: amount,
        buyer_pay_amount: amount,
        subject: 'Top-up',
        gmt_create: beijing(order.createdAt).replace('T', ' '),
        ...(tradeStatus === 'TRADE_SUCCESS' ? { gmt_payment: beijing(order.paidAt).replace('T', ' ') } : {}),
      };
      const signature = sign(alipayPlatform.privateKey, sortedContent(params, ['sign', 'sign_type']));
      return {
        channel: 'alipay',
        path: '/api/hooks/pay/alipay',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams({ ...params, sign_type: 'RSA2', sign: signature }).toString(),
        isAccepted: (status, text) => status === 200 && text.trim() === 'success',
      };
    },
    close: () => new Promise((r) => server.close(r)),
  };
}
