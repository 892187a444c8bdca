import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, secretVariables } from '.';

describe('configuration', () => {
  it('works with nothing configured', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      edition: 'domestic',
      deployMode: 'cloud',
      defaultLanguage: 'zh-CN',
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      demo: true,
      databaseUrl: null,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('runs the back office only with OPS_PORT, on 127.0.0.1 unless OPS_HOST says otherwise', () => {
    expect(loadConfig({}).ops).toBeNull();
    expect(loadConfig({ OPS_PORT: '' }).ops).toBeNull();
    expect(loadConfig({ OPS_PORT: '9090' }).ops).toEqual({ port: 9090, host: '127.0.0.1' });
    expect(loadConfig({ OPS_PORT: '9090', OPS_HOST: '10.0.0.5' }).ops).toEqual({
      port: 9090,
      host: '10.0.0.5',
    });
    expect(() => loadConfig({ OPS_PORT: 'ninety' })).toThrow(/OPS_PORT/);
  });

  it("takes the operators' passkeys' relying party from OPS_ORIGIN, else localhost on OPS_PORT", () => {
    expect(loadConfig({ OPS_PORT: '9090' }).opsOrigin).toBe('http://localhost:9090');
    expect(loadConfig({ OPS_PORT: '9090', OPS_ORIGIN: 'https://ops.example.com/console/' }).opsOrigin).toBe(
      'https://ops.example.com',
    );
    expect(() => loadConfig({ OPS_ORIGIN: 'ops.example.com' })).toThrow(/OPS_ORIGIN/);
  });

  it('reads the edition, mode, timeouts and --no-demo', () => {
    const config = loadConfig(
      {
        EDITION: 'international',
        DEPLOY_MODE: 'onprem',
        SESSION_IDLE_MINUTES: '5',
        SESSION_ABSOLUTE_HOURS: '1',
      },
      ['--no-demo'],
    );
    expect(config).toMatchObject({
      edition: 'international',
      deployMode: 'onprem',
      defaultLanguage: 'en-US',
      sessionIdleMinutes: 5,
      sessionAbsoluteHours: 1,
      demo: false,
    });
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
  });

  it('reads the hosts of the mobile login (none by default)', () => {
    expect(loadConfig({}).mobileLoginHosts).toEqual([]);
    expect(
      loadConfig({ MOBILE_LOGIN_HOSTS: ' m.example.com, *.Mobile.example.com ,' }).mobileLoginHosts,
    ).toEqual(['m.example.com', '*.mobile.example.com']);
  });

  it('reads a read replica and the prepared-statement switch for a pooler', () => {
    const primary = 'postgres://console@db.internal/console';
    const replica = 'postgres://reader@replica.internal/console';
    expect(loadConfig({}).databaseReadUrl).toBeNull();
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    const config = loadConfig({
      DATABASE_URL: primary,
      DATABASE_READ_URL: replica,
      DATABASE_PREPARED_STATEMENTS: '0',
    });
    expect(config.databaseReadUrl).toBe(replica);
    expect(config.databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_READ_URL: replica })).toThrow(/DATABASE_READ_URL.*DATABASE_URL/);
  });

  it('never seeds demo data in production and demands a secret key there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40), DEMO: '1' }).demo).toBe(false);
  });

  it('reads how many codes and registrations one client address gets an hour (the spec limits by default)', () => {
    expect(loadConfig({})).toMatchObject({ codeSendsPerIpPerHour: 30, registrationsPerIpPerHour: 5 });
    expect(loadConfig({ CODE_SENDS_PER_IP_PER_HOUR: '200' }).codeSendsPerIpPerHour).toBe(200);
    expect(() => loadConfig({ CODE_SENDS_PER_IP_PER_HOUR: '0' })).toThrow(/CODE_SENDS_PER_IP_PER_HOUR/);
  });

  it('refuses values it cannot use, naming the setting', () => {
    expect(() => loadConfig({ EDITION: 'global' })).toThrow(/EDITION/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/DEMO/);
  });
});

/**
 * A part of `value` (six characters with a digit: the values below carry digits in every secret
 * part, while the messages' own words like "postgresql://" or "PRIVATE KEY" have none) that the
 * message shows.
 */
function leaks(message: string, value: string): string | null {
  for (let i = 0; i + 6 <= value.length; i += 1) {
    const part = value.slice(i, i + 6);
    if (/\d/.test(part) && message.includes(part)) return part;
  }
  return null;
}

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('configuration errors', () => {
  const production = { NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40) };
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pkcs8 = keys.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  const wechat = {
    WECHATPAY_MCH_ID: '1230000109',
    WECHATPAY_APP_ID: 'wxd930ea5d5a258f4f',
    WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_PRIVATE_KEY: pkcs8,
    WECHATPAY_PLATFORM_PUBLIC_KEY: keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    WECHATPAY_API_V3_KEY: 'a'.repeat(32),
  };
  const alipay = {
    ALIPAY_APP_ID: '2014072300007148',
    ALIPAY_PRIVATE_KEY: pkcs8,
    ALIPAY_PUBLIC_KEY: keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };

  const smsTemplates = {
    SMS_SIGN_NAME: '数据平台',
    SMS_TEMPLATE_CODE: 'SMS_1',
    SMS_TEMPLATE_INVITATION: 'SMS_2',
    SMS_TEMPLATE_CONTACT_CHANGE: 'SMS_3',
    SMS_TEMPLATE_CONTACT_CHANGE_NOTICE: 'SMS_4',
    SMS_TEMPLATE_BALANCE_LOW: 'SMS_5',
    SMS_TEMPLATE_BALANCE_FORECAST: 'SMS_6',
    SMS_TEMPLATE_MFA_RESET: 'SMS_7',
    SMS_TEMPLATE_ACCOUNT_SUSPENDED: 'SMS_8',
    SMS_TEMPLATE_ACCOUNT_RESUMED: 'SMS_9',
  };
  const aliyunSms = { SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'LTAI5t', ...smsTemplates };
  const tencentSms = {
    SMS_PROVIDER: 'tencent',
    TENCENTCLOUD_SECRET_ID: 'AKID',
    TENCENT_SMS_SDK_APP_ID: '1400000001',
    ...smsTemplates,
  };

  /** For every secret variable: a wrong value, and what else it needs to be read at all. */
  const cases: { variable: string; value: string; env?: Record<string, string>; expect: RegExp }[] = [
    { variable: 'SECRET_KEY', value: 'Qz7wPm4xLk', env: { NODE_ENV: 'production' }, expect: /at least 32/ },
    { variable: 'SECRET_KEY', value: ` ${'Vb8nQr2tYu'.repeat(4)}`, expect: /start or end/ },
    {
      variable: 'DATABASE_URL',
      value: 'mysql://console:Hx93kWq1zP@db.internal/console',
      expect: /postgres:\/\//,
    },
    {
      variable: 'DATABASE_READ_URL',
      value: 'mysql://reader:Pq47sLm2Wx@replica.internal/console',
      env: { DATABASE_URL: 'postgres://console@db.internal/console' },
      expect: /postgres:\/\//,
    },
    { variable: 'SMTP_URL', value: 'https://mailer:Jr62bnTq0w@smtp.example.com', expect: /smtps?:\/\// },
    {
      variable: 'ALIYUN_ACCESS_KEY_SECRET',
      value: 'Ak81Lw02Me93 ',
      env: { ...aliyunSms },
      expect: /start or end/,
    },
    {
      variable: 'TENCENTCLOUD_SECRET_KEY',
      value: 'Sn5Tp6Uq7Vr8\u0007',
      env: { ...tencentSms },
      expect: /control characters/,
    },
    { variable: 'USAGE_HOOK_SECRET', value: '\tUh4Ik5Oj6Pl7', expect: /start or end/ },
    {
      variable: 'WECHATPAY_PRIVATE_KEY',
      value: pkcs8.slice(0, 400),
      env: { ...wechat },
      expect: /base64 but not a readable private key/,
    },
    {
      variable: 'WECHATPAY_PRIVATE_KEY',
      value: '-----BEGIN PRIVATE KEY-----\nWk3Xl4Ym5Zn6Wk3Xl4Ym5Zn6\n-----END PRIVATE KEY-----',
      env: { ...wechat },
      expect: /PEM text but not a readable private key/,
    },
    { variable: 'WECHATPAY_API_V3_KEY', value: 'Ap9Bq8Cr7Ds6', env: { ...wechat }, expect: /32 bytes/ },
    {
      variable: 'ALIPAY_PRIVATE_KEY',
      value: '/etc/console/Fk2Gl3Hm4In5.pem',
      env: { ...alipay },
      expect: /does not exist/,
    },
    {
      variable: 'ALIPAY_PRIVATE_KEY',
      value: 'Ek1Fl2Gm3Hn4!@#$',
      env: { ...alipay },
      expect: /not a private key/,
    },
    {
      variable: 'TENCENTCLOUD_SECRET_ID',
      value: ' AKIDz8krbsJ5yKBZQpn74WFkmLPx3',
      env: {
        IDENTITY_PROVIDER: 'tencent',
        TENCENTCLOUD_SECRET_KEY: 's'.repeat(32),
        TENCENT_FACEID_RULE_ID: '1',
      },
      expect: /start or end/,
    },
    {
      variable: 'TENCENTCLOUD_SECRET_KEY',
      value: 'Gu5t9xGARNpq86cd98joQYCN3\n',
      env: {
        IDENTITY_PROVIDER: 'tencent',
        TENCENTCLOUD_SECRET_ID: 'AKIDexample',
        TENCENT_FACEID_RULE_ID: '1',
      },
      expect: /start or end/,
    },
    { variable: 'PROVISIONER_TOKEN', value: 'Pt2Qu3Rv4Sw5\u0000x', expect: /control characters/ },
    {
      variable: 'AWS_SECRET_ACCESS_KEY',
      value: ' Mk7Nl8Om9Pn0wJalrXUtnFEMI',
      env: { MARKETPLACE_PROVIDER: 'aws', AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE' },
      expect: /start or end/,
    },
    {
      variable: 'S3_ACCESS_KEY_ID',
      value: 'AKIA3Sk4Tl5Um6 ',
      env: { STORAGE: 's3', S3_REGION: 'us-east-1', S3_BUCKET: 'uploads', S3_SECRET_ACCESS_KEY: 's' },
      expect: /start or end/,
    },
    {
      variable: 'S3_SECRET_ACCESS_KEY',
      value: 'Sa7Tb8Uc9Vd0\u0001',
      env: { STORAGE: 's3', S3_REGION: 'us-east-1', S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'AKIA' },
      expect: /control characters/,
    },
    {
      variable: 'THIRD_PARTY_WECOM_CLIENT_SECRET',
      value: 'Tc1Ud2Ve3Wf4 ',
      env: {
        THIRD_PARTY_PROVIDERS: 'wecom',
        THIRD_PARTY_WECOM_AUTHORIZE_URL: 'https://open.example.com/authorize',
        THIRD_PARTY_WECOM_TOKEN_URL: 'https://open.example.com/token',
        THIRD_PARTY_WECOM_USERINFO_URL: 'https://open.example.com/userinfo',
        THIRD_PARTY_WECOM_CLIENT_ID: 'console',
      },
      expect: /start or end/,
    },
  ];

  it('covers every secret variable', () => {
    const tested = new Set(cases.map((c) => c.variable.replace(/^THIRD_PARTY_WECOM_/, 'THIRD_PARTY_<ID>_')));
    expect([...secretVariables].filter((v) => !tested.has(v))).toEqual([]);
  });

  for (const c of cases) {
    it(`names ${c.variable} and what is wrong (${c.expect.source}) without any part of its value`, () => {
      const error = errorOf({ ...(c.env ?? {}), [c.variable]: c.value });
      const line = error.message.split('\n').find((l) => l.includes(c.variable));
      expect(line, error.message).toMatch(c.expect);
      expect(leaks(error.message, c.value)).toBeNull();
      expect(leaks(JSON.stringify(error.issues), c.value)).toBeNull();
    });
  }

  it('lists every wrong variable at once', () => {
    const error = errorOf({
      PORT: 'eighty',
      EDITION: 'global',
      DEMO: 'maybe',
      PUBLIC_URL: 'console.example.com',
    });
    expect(error.issues.map((i) => i.variable).sort()).toEqual(['DEMO', 'EDITION', 'PORT', 'PUBLIC_URL']);
    expect(error.message).toMatch(/PORT must be a whole number from 0 to 65535/);
    expect(error.message).toMatch(/EDITION must be one of domestic, international/);
    expect(error.message).toMatch(/PUBLIC_URL must be an absolute http:\/\/ or https:\/\/ address/);
  });

  it('keeps the captcha before any block of an address', () => {
    expect(
      errorOf({ ADDRESS_CAPTCHA_AFTER_FAILURES: '50', ADDRESS_BLOCK_AFTER_FAILURES: '50' }).message,
    ).toMatch(/ADDRESS_CAPTCHA_AFTER_FAILURES must be lower than ADDRESS_BLOCK_AFTER_FAILURES/);
    expect(loadConfig({}).addressLimits).toEqual({
      windowSeconds: 900,
      captchaAfterFailures: 10,
      blockAfterFailures: 100,
      blockSeconds: 300,
    });
  });

  it('names what a provider still needs', () => {
    const error = errorOf({ ...production, WECHATPAY_MCH_ID: '1230000109' });
    expect(error.issues.map((i) => i.variable).sort()).toEqual([
      'WECHATPAY_API_V3_KEY',
      'WECHATPAY_APP_ID',
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_SERIAL_NO',
    ]);
    expect(
      errorOf({ MARKETPLACE_PROVIDER: 'aws' })
        .issues.map((i) => i.variable)
        .sort(),
    ).toEqual(['AWS_ACCESS_KEY_ID', 'AWS_REGION', 'AWS_SECRET_ACCESS_KEY']);
    expect(errorOf({ MARKETPLACE_PROVIDER: 'azure' }).message).toMatch(/MARKETPLACE_PROVIDER must be aws/);
    const identity = errorOf({ IDENTITY_PROVIDER: 'tencent' });
    expect(identity.issues.map((i) => i.variable).sort()).toEqual([
      'TENCENTCLOUD_SECRET_ID',
      'TENCENTCLOUD_SECRET_KEY',
      'TENCENT_FACEID_RULE_ID',
    ]);
    expect(identity.message).toMatch(/TENCENT_FACEID_RULE_ID is required when IDENTITY_PROVIDER is tencent/);
    expect(errorOf({ IDENTITY_PROVIDER: 'acme' }).message).toMatch(/IDENTITY_PROVIDER must be tencent/);
  });

  it('names everything an SMS provider still needs, at once', () => {
    expect(
      errorOf({ ...production, SMS_PROVIDER: 'aliyun' })
        .issues.map((i) => i.variable)
        .sort(),
    ).toEqual([
      'ALIYUN_ACCESS_KEY_ID',
      'ALIYUN_ACCESS_KEY_SECRET',
      'SMS_SIGN_NAME',
      'SMS_TEMPLATE_ACCOUNT_RESUMED',
      'SMS_TEMPLATE_ACCOUNT_SUSPENDED',
      'SMS_TEMPLATE_BALANCE_FORECAST',
      'SMS_TEMPLATE_BALANCE_LOW',
      'SMS_TEMPLATE_CODE',
      'SMS_TEMPLATE_CONTACT_CHANGE',
      'SMS_TEMPLATE_CONTACT_CHANGE_NOTICE',
      'SMS_TEMPLATE_INVITATION',
      'SMS_TEMPLATE_MFA_RESET',
    ]);
    const tencent = errorOf({ ...production, ...smsTemplates, SMS_PROVIDER: 'tencent' });
    expect(tencent.issues.map((i) => i.variable).sort()).toEqual([
      'TENCENTCLOUD_SECRET_ID',
      'TENCENTCLOUD_SECRET_KEY',
      'TENCENT_SMS_SDK_APP_ID',
    ]);
    expect(tencent.message).toMatch(/TENCENT_SMS_SDK_APP_ID is required when SMS_PROVIDER is tencent/);
    expect(errorOf({ SMS_PROVIDER: 'twilio' }).message).toMatch(
      /SMS_PROVIDER must be one of aliyun, tencent/,
    );
    expect(
      errorOf({ ...aliyunSms, ALIYUN_ACCESS_KEY_SECRET: 's', ALIYUN_SMS_ENDPOINT: 'http://x/sms' }).message,
    ).toMatch(/ALIYUN_SMS_ENDPOINT must be a host name or an http:\/\/ or https:\/\/ address without a path/);
  });

  it('reads both SMS providers, with their endpoints as host names or full URLs', () => {
    expect(loadConfig({ ...aliyunSms, ALIYUN_ACCESS_KEY_SECRET: 'secret' }).sms).toMatchObject({
      provider: 'aliyun',
      endpoint: 'dysmsapi.aliyuncs.com',
      templates: { code: 'SMS_1', balanceForecast: 'SMS_6' },
    });
    expect(
      loadConfig({
        ...tencentSms,
        TENCENTCLOUD_SECRET_KEY: 'k',
        TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:18112/',
      }).sms,
    ).toMatchObject({ provider: 'tencent', endpoint: 'http://127.0.0.1:18112', region: 'ap-guangzhou' });
  });

  it('refuses each variable of the former SMS protocol, naming its replacement and never its value', () => {
    const error = errorOf({
      SMS_ENDPOINT: 'https://sms.example.com/send',
      SMS_API_KEY: 'Old4Key5Value6',
      SMS_SECRET: 'Old7Secret8Value9',
      SMS_TEMPLATE_ID: 'TPL_CODE',
      SMS_NOTICE_TEMPLATE_ID: 'NOTICE',
    });
    expect(error.issues.map((i) => i.variable).sort()).toEqual([
      'SMS_API_KEY',
      'SMS_ENDPOINT',
      'SMS_NOTICE_TEMPLATE_ID',
      'SMS_SECRET',
      'SMS_TEMPLATE_ID',
    ]);
    expect(error.message).toMatch(/SMS_ENDPOINT is no longer read: set SMS_PROVIDER=aliyun/);
    expect(error.message).toMatch(/SMS_API_KEY is no longer read: set ALIYUN_ACCESS_KEY_ID/);
    expect(error.message).toMatch(/SMS_TEMPLATE_ID is no longer read: set SMS_TEMPLATE_CODE/);
    expect(error.message).toMatch(
      /SMS_NOTICE_TEMPLATE_ID is no longer read: each notice has its own template \(SMS_TEMPLATE_INVITATION/,
    );
    expect(leaks(error.message, 'Old4Key5Value6')).toBeNull();
    expect(leaks(error.message, 'Old7Secret8Value9')).toBeNull();
  });
});

describe('keys', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ed = generateKeyPairSync('ed25519');
  const pemOf = (text: string) => createPrivateKey(text).export({ format: 'pem', type: 'pkcs8' });

  it('reads private keys as PEM, escaped PEM, a file, or bare base64 PKCS#8 and PKCS#1 DER', () => {
    const pem = rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const forms = [
      pem,
      pem.replace(/\n/g, '\\n'),
      rsa.privateKey.export({ format: 'pem', type: 'pkcs1' }).toString(),
      rsa.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      rsa.privateKey.export({ format: 'der', type: 'pkcs1' }).toString('base64'),
    ];
    const dir = mkdtempSync(join(tmpdir(), 'console-keys-'));
    const file = join(dir, 'alipay-private.pem');
    writeFileSync(file, pem);
    const derFile = join(dir, 'alipay-private.der');
    writeFileSync(derFile, rsa.privateKey.export({ format: 'der', type: 'pkcs8' }));
    forms.push(file, derFile);
    for (const form of forms) {
      const config = loadConfig({
        ALIPAY_APP_ID: '2014072300007148',
        ALIPAY_PRIVATE_KEY: form,
        ALIPAY_PUBLIC_KEY: rsa.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
      });
      expect(pemOf(config.payments.alipay?.privateKey ?? '')).toEqual(pemOf(pem));
    }
  });

  it('reads public keys as bare base64 SPKI or PKCS#1 DER, and Ed25519 licence keys', () => {
    const spki = rsa.publicKey.export({ format: 'pem', type: 'spki' }).toString();
    for (const form of [
      rsa.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
      rsa.publicKey.export({ format: 'der', type: 'pkcs1' }).toString('base64'),
    ]) {
      const config = loadConfig({
        ALIPAY_APP_ID: '2014072300007148',
        ALIPAY_PRIVATE_KEY: rsa.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
        ALIPAY_PUBLIC_KEY: form,
      });
      expect(config.payments.alipay?.alipayPublicKey.trim()).toBe(spki.trim());
    }
    const license = ed.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    expect(loadConfig({ HUAWEI_LICENSE_PUBLIC_KEY: license }).licensePublicKey).toBe(
      ed.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    );
  });
});
