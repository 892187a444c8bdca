/** Payment settings from the environment, and which providers (real or stand-in) a deployment gets. */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createPayments } from './payments';

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const dir = mkdtempSync(join(tmpdir(), 'console-pay-keys-'));
const keyFile = join(dir, 'merchant.pem');
writeFileSync(keyFile, keys.privateKey);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const production = { NODE_ENV: 'production', SECRET_KEY: 's'.repeat(40), USAGE_HOOK_SECRET: 'u'.repeat(40) };
const wechatEnv = {
  WECHATPAY_MCH_ID: '1230000109',
  WECHATPAY_APP_ID: 'wxd678efh567hg6787',
  WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PRIVATE_KEY: keyFile,
  // As one line with \n escapes, the way environment files often carry PEM text.
  WECHATPAY_PLATFORM_PUBLIC_KEY: keys.publicKey.replace(/\n/g, '\\n'),
  WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0112300001092026',
  WECHATPAY_API_V3_KEY: 'k'.repeat(32),
};
const alipayEnv = {
  ALIPAY_APP_ID: '2014072300007148',
  ALIPAY_PRIVATE_KEY: keys.privateKey,
  ALIPAY_PUBLIC_KEY: keys.publicKey,
  ALIPAY_SELLER_ID: '2088101106499364',
};

describe('payment settings', () => {
  it('reads WeChat Pay and Alipay settings, PEM keys as text, escaped text or a file', () => {
    const config = loadConfig({
      ...production,
      ...wechatEnv,
      ...alipayEnv,
      PUBLIC_URL: 'https://console.example.com',
    });
    expect(config.payments.wechat).toMatchObject({
      baseUrl: 'https://api.mch.weixin.qq.com',
      mchId: '1230000109',
      privateKey: keys.privateKey,
      platformPublicKey: keys.publicKey,
      notifyUrl: null,
    });
    expect(config.payments.alipay).toMatchObject({
      gatewayUrl: 'https://openapi.alipay.com/gateway.do',
      sellerId: '2088101106499364',
    });
    const payments = createPayments(config, () => new Date());
    expect(payments.wechat?.channel).toBe('wechat');
    expect(payments.alipay?.channel).toBe('alipay');
    expect(payments.devGateway).toBeNull();
  });

  it('refuses incomplete settings', () => {
    const { WECHATPAY_API_V3_KEY: _, ...noKey } = wechatEnv;
    expect(() => loadConfig({ ...production, ...noKey })).toThrow(/WECHATPAY_API_V3_KEY/);
    expect(() => loadConfig({ ...production, ...wechatEnv, WECHATPAY_API_V3_KEY: 'short' })).toThrow(
      /32 bytes/,
    );
    expect(() => loadConfig({ ...production, ALIPAY_APP_ID: '1' })).toThrow(/ALIPAY_PRIVATE_KEY/);
  });

  it('has no provider in production mode without settings, and the stand-in outside it', () => {
    const bare = createPayments(loadConfig(production), () => new Date());
    expect([bare.wechat, bare.alipay, bare.devGateway]).toEqual([null, null, null]);
    expect(loadConfig(production).remittance).toBeNull();
    const dev = createPayments(loadConfig({ ...alipayEnv }), () => new Date());
    expect(dev.devGateway).not.toBeNull();
    expect(dev.wechat?.channel).toBe('wechat');
    expect(dev.alipay?.channel).toBe('alipay');
  });
});
