/**
 * Runtime configuration, read once from the environment (and the command line for `--no-demo`).
 * Every setting has a default that lets `npm start` work with nothing configured.
 */

import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import {
  DeployModes,
  Editions,
  type TDeployMode,
  type TEdition,
  type TLanguage,
} from '@console/contract/enums';
import { Limits } from '@console/contract/limits';

export type TConfig = {
  isProduction: boolean;
  port: number;
  host: string;
  /** Embedded PGlite data folder, used when `databaseUrl` is not set. */
  dataDir: string;
  databaseUrl: string | null;
  databasePoolSize: number;
  edition: TEdition;
  deployMode: TDeployMode;
  defaultLanguage: TLanguage;
  /** The console's public address; login addresses are `<account>.accounts.<host>`. */
  publicUrl: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Concurrent password hashes; excess logins wait in a bounded queue. */
  hashConcurrency: number;
  hashQueueMax: number;
  /** Accounts one client address may register per hour. */
  registrationsPerIpPerHour: number;
  /** Days a deleted user stays recoverable before it is removed for good. */
  userDeleteRetentionDays: number;
  /** Days audit entries are kept before retention purges them. */
  auditRetentionDays: number;
  demo: boolean;
  trustProxy: boolean;
  logLevel: string;
  webDir: string | null;
  secretKey: string;
  features: {
    register: boolean;
    globalPhone: boolean;
    cruBilling: boolean;
    gaAgreement: boolean;
    studioLink: boolean;
    huaweiLicense: boolean;
    marketplaceRegister: boolean;
  };
  support: { phone: string | null; emails: string[]; qrUrl: string | null };
  links: { docs: string | null; releaseNotes: string | null; studio: string | null };
  ipLookupUrl: string | null;
  /** Hosts a login's fallback URL may point at (`FALLBACK_URL_HOSTS`, comma-separated; `*.x` for sub-domains). */
  fallbackHosts: string[];
  /** Hosts where phones get the simplified mobile login (`MOBILE_LOGIN_HOSTS`, comma-separated; `*.x` for sub-domains). */
  mobileLoginHosts: string[];
  /** Third-party (workplace messaging) OAuth 2.0 providers of this deployment. */
  thirdParty: TThirdPartyProvider[];
  jobs: { enabled: boolean; pollMs: number };
  /** Issuer shown in authenticator apps. */
  mfaIssuer: string;
  /** Browser tests only (NODE_ENV=test): every image captcha shows this text. */
  testCaptchaText: string | null;
  smtp: { url: string | null; from: string };
  /** The longest a request waits for the e-mail or SMS provider. */
  sendTimeoutMs: number;
  /** The cloud marketplace's resolve-customer API; null: development tokens only. */
  marketplaceEndpoint: string | null;
  /** PEM public key that verifies Huawei-cloud licenses; null outside production: the development key. */
  licensePublicKey: string | null;
  /** Billing: the usage hook's shared secret, and how long arrears last before services pause. */
  billing: { usageHookSecret: string; arrearsGraceHours: number };
  /** Balance alerts and webhook deliveries. */
  alerts: {
    /** How often every account with funds or an alert configuration is checked. */
    sweepMs: number;
    /** The longest one webhook request waits for its answer. */
    webhookTimeoutMs: number;
    /** Wait before the second attempt of a failed delivery; each later wait is 4 times longer. */
    webhookRetryBaseMs: number;
    /** Whether webhooks may call loopback and private addresses (off in production mode). */
    webhookAllowPrivate: boolean;
  };
  /** Top-up providers (null: not configured; outside production the development gateway stands in). */
  payments: TPaymentsConfig;
  /** The bank account remittances go to; null in production mode when not configured. */
  remittance: { accountName: string; bankName: string; bankAccount: string } | null;
  /** Folder of uploaded files (transfer certificates, business licences). */
  uploadDir: string;
  /** Real-name verification: the identity provider (null url: the development provider) and the daily attempts. */
  identity: { url: string | null; key: string | null; secret: string | null; timeoutMs: number };
  certification: { attemptsPerDay: number };
  /** Service instances: the platform's provisioner and how long an opening may take. */
  provisioning: {
    /** The platform's provisioning API; null: the development provisioner. */
    url: string | null;
    /** Shared secret that signs requests to the provisioning API (HMAC-SHA256). */
    token: string | null;
    /** The longest one call to the provisioner waits. */
    requestTimeoutMs: number;
    /** An opening still running after this becomes openFailed (`timeout`). */
    openTimeoutMs: number;
    /** How often the provisioning job asks about a running opening. */
    pollMs: number;
    /** Development provisioner: how long an opening takes, and the share that fails (0 to 1). */
    devDelayMs: number;
    devFailureRate: number;
    /** Development provisioner: how long an Insight user change takes. */
    devInsightDelayMs: number;
  };
  sms: {
    endpoint: string;
    apiKey: string;
    secret: string;
    signName: string;
    templateId: string;
    noticeTemplateId: string;
  } | null;
};

/** Payment provider settings (see docs/operations.md, "Payments"). PEM keys are texts. */
export type TPaymentsConfig = {
  /** The merchant name the development gateway shows. */
  merchantName: string;
  /** The longest one call to a provider waits. */
  timeoutMs: number;
  wechat: {
    baseUrl: string;
    mchId: string;
    appId: string;
    serialNo: string;
    privateKey: string;
    platformPublicKey: string;
    platformSerial: string | null;
    apiV3Key: string;
    notifyUrl: string | null;
  } | null;
  alipay: {
    gatewayUrl: string;
    appId: string;
    privateKey: string;
    alipayPublicKey: string;
    sellerId: string | null;
    notifyUrl: string | null;
  } | null;
};

type TEnv = Record<string, string | undefined>;

function str(env: TEnv, key: string, fallback: string): string {
  const v = env[key];
  return v === undefined || v === '' ? fallback : v;
}

function optional(env: TEnv, key: string): string | null {
  const v = env[key];
  return v === undefined || v === '' ? null : v;
}

function int(env: TEnv, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${key} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function usageHookSecret(env: TEnv, secretKey: string): string {
  const value = optional(env, 'USAGE_HOOK_SECRET');
  if (value) return value;
  // Derived from SECRET_KEY (required in production) when not set apart.
  return createHmac('sha256', secretKey).update('usage-hook').digest('hex');
}

function ratio(env: TEnv, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new Error(`${key} must be a number from 0 to 1`);
  return value;
}

function bool(env: TEnv, key: string, fallback: boolean): boolean {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new Error(`${key} must be a boolean (1/0, true/false), got "${raw}"`);
}

function oneOf<T extends string>(env: TEnv, key: string, values: readonly T[], fallback: T): T {
  const raw = str(env, key, fallback);
  if (!(values as readonly string[]).includes(raw)) {
    throw new Error(`${key} must be one of ${values.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function testCaptchaText(env: TEnv): string | null {
  const text = optional(env, 'TEST_CAPTCHA_TEXT');
  if (text === null) return null;
  if (env.NODE_ENV !== 'test') throw new Error('TEST_CAPTCHA_TEXT is only for NODE_ENV=test');
  return text;
}

function list(env: TEnv, key: string): string[] {
  return (optional(env, key) ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * An OAuth 2.0 provider for third-party binding and sign-in: `THIRD_PARTY_<ID>_*` settings for each
 * id of `THIRD_PARTY_PROVIDERS` (comma-separated): NAME, AUTHORIZE_URL, TOKEN_URL, USERINFO_URL,
 * CLIENT_ID, CLIENT_SECRET, SCOPES (default `openid profile`), SUBJECT_CLAIM (default `sub`),
 * NAME_CLAIM (default `name`), ISSUER (the `iss` of its ID tokens, when it sends any; default: the
 * origin of the authorize URL).
 */
export type TThirdPartyProvider = {
  id: string;
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  subjectClaim: string;
  nameClaim: string;
  issuer?: string;
};

function thirdPartyProviders(env: TEnv): TThirdPartyProvider[] {
  return list(env, 'THIRD_PARTY_PROVIDERS').map((id) => {
    const key = (name: string) => `THIRD_PARTY_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${name}`;
    const required = (name: string) => {
      const value = optional(env, key(name));
      if (!value) throw new Error(`${key(name)} is required for the third-party provider ${id}`);
      return value;
    };
    const issuer = optional(env, key('ISSUER'));
    return {
      id,
      name: str(env, key('NAME'), id),
      authorizeUrl: required('AUTHORIZE_URL'),
      tokenUrl: required('TOKEN_URL'),
      userinfoUrl: required('USERINFO_URL'),
      clientId: required('CLIENT_ID'),
      clientSecret: required('CLIENT_SECRET'),
      scopes: str(env, key('SCOPES'), 'openid profile'),
      subjectClaim: str(env, key('SUBJECT_CLAIM'), 'sub'),
      nameClaim: str(env, key('NAME_CLAIM'), 'name'),
      ...(issuer ? { issuer } : {}),
    };
  });
}

function smsConfig(env: TEnv): TConfig['sms'] {
  const endpoint = optional(env, 'SMS_ENDPOINT');
  if (!endpoint) return null;
  const apiKey = optional(env, 'SMS_API_KEY');
  const secret = optional(env, 'SMS_SECRET');
  if (!apiKey || !secret) throw new Error('SMS_ENDPOINT needs SMS_API_KEY and SMS_SECRET');
  return {
    endpoint,
    apiKey,
    secret,
    signName: str(env, 'SMS_SIGN_NAME', 'Console'),
    templateId: str(env, 'SMS_TEMPLATE_ID', 'VERIFICATION_CODE'),
    noticeTemplateId: str(env, 'SMS_NOTICE_TEMPLATE_ID', 'NOTICE'),
  };
}

/** A PEM key given as text (`\n` escapes allowed) or as the path of a PEM file. */
function pem(env: TEnv, key: string): string {
  const value = optional(env, key);
  if (!value) throw new Error(`${key} is required`);
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  return readFileSync(value, 'utf8');
}

function paymentsConfig(env: TEnv): TPaymentsConfig {
  const wechat = optional(env, 'WECHATPAY_MCH_ID');
  const alipay = optional(env, 'ALIPAY_APP_ID');
  const required = (key: string) => {
    const value = optional(env, key);
    if (!value) throw new Error(`${key} is required`);
    return value;
  };
  const apiV3Key = wechat ? required('WECHATPAY_API_V3_KEY') : '';
  if (wechat && Buffer.byteLength(apiV3Key) !== 32) throw new Error('WECHATPAY_API_V3_KEY must be 32 bytes');
  return {
    merchantName: str(env, 'PAY_MERCHANT_NAME', 'Data Platform Console'),
    timeoutMs: int(env, 'PAY_TIMEOUT_MS', 10_000, 100, 60_000),
    wechat: wechat
      ? {
          baseUrl: str(env, 'WECHATPAY_BASE_URL', 'https://api.mch.weixin.qq.com').replace(/\/+$/, ''),
          mchId: wechat,
          appId: required('WECHATPAY_APP_ID'),
          serialNo: required('WECHATPAY_SERIAL_NO'),
          privateKey: pem(env, 'WECHATPAY_PRIVATE_KEY'),
          platformPublicKey: pem(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY'),
          platformSerial: optional(env, 'WECHATPAY_PLATFORM_SERIAL'),
          apiV3Key,
          notifyUrl: optional(env, 'WECHATPAY_NOTIFY_URL'),
        }
      : null,
    alipay: alipay
      ? {
          gatewayUrl: str(env, 'ALIPAY_GATEWAY_URL', 'https://openapi.alipay.com/gateway.do'),
          appId: alipay,
          privateKey: pem(env, 'ALIPAY_PRIVATE_KEY'),
          alipayPublicKey: pem(env, 'ALIPAY_PUBLIC_KEY'),
          sellerId: optional(env, 'ALIPAY_SELLER_ID'),
          notifyUrl: optional(env, 'ALIPAY_NOTIFY_URL'),
        }
      : null,
  };
}

function remittanceConfig(env: TEnv, isProduction: boolean): TConfig['remittance'] {
  const accountName = optional(env, 'REMITTANCE_ACCOUNT_NAME');
  if (!accountName && isProduction) return null;
  return {
    accountName: accountName ?? 'Data Platform Technology Co., Ltd. (example)',
    bankName: str(env, 'REMITTANCE_BANK_NAME', 'Example Bank, Shanghai Branch'),
    bankAccount: str(env, 'REMITTANCE_BANK_ACCOUNT', '3100 0000 0000 0000 0000'),
  };
}

const devSecretKey = 'development-only-secret-key-change-me-in-production';

export function loadConfig(env: TEnv = process.env, argv: readonly string[] = []): TConfig {
  const isProduction = env.NODE_ENV === 'production';
  const port = int(env, 'PORT', 8080, 0, 65535);
  const edition = oneOf(env, 'EDITION', Editions, 'domestic');
  const cores = availableParallelism();
  const secretKey = str(env, 'SECRET_KEY', devSecretKey);
  if (isProduction && secretKey === devSecretKey) {
    throw new Error('SECRET_KEY must be set in production mode');
  }
  const demo = argv.includes('--no-demo') ? false : !isProduction && bool(env, 'DEMO', true);
  const dataDir = resolve(str(env, 'DATA_DIR', './data'));
  return {
    isProduction,
    port,
    host: str(env, 'HOST', '0.0.0.0'),
    dataDir,
    databaseUrl: optional(env, 'DATABASE_URL'),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 500),
    edition,
    deployMode: oneOf(env, 'DEPLOY_MODE', DeployModes, 'cloud'),
    defaultLanguage: edition === 'international' ? 'en-US' : 'zh-CN',
    publicUrl: str(env, 'PUBLIC_URL', `http://localhost:${port}`).replace(/\/+$/, ''),
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 30, 1, 7 * 24 * 60),
    sessionAbsoluteHours: int(env, 'SESSION_ABSOLUTE_HOURS', 12, 1, 24 * 30),
    hashConcurrency: int(env, 'HASH_CONCURRENCY', cores, 1, 256),
    hashQueueMax: int(env, 'HASH_QUEUE_MAX', cores * 64, 0, 100_000),
    registrationsPerIpPerHour: int(
      env,
      'REGISTRATIONS_PER_IP_PER_HOUR',
      Limits.registrationsPerIpPerHour,
      1,
      100_000,
    ),
    userDeleteRetentionDays: int(env, 'USER_DELETE_RETENTION_DAYS', 7, 1, 365),
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', 400, 1, 36_500),
    demo,
    trustProxy: bool(env, 'TRUST_PROXY', false),
    logLevel: str(env, 'LOG_LEVEL', isProduction ? 'info' : 'info'),
    webDir: optional(env, 'WEB_DIR'),
    secretKey,
    features: {
      register: bool(env, 'FEATURE_REGISTER', true),
      globalPhone: bool(env, 'FEATURE_GLOBAL_PHONE', edition === 'international'),
      cruBilling: bool(env, 'FEATURE_CRU_BILLING', true),
      gaAgreement: bool(env, 'FEATURE_GA_AGREEMENT', true),
      studioLink: bool(env, 'FEATURE_STUDIO_LINK', false),
      huaweiLicense: bool(env, 'FEATURE_HUAWEI_LICENSE', false),
      marketplaceRegister: bool(env, 'FEATURE_MARKETPLACE_REGISTER', false),
    },
    support: {
      phone:
        edition === 'domestic' ? str(env, 'SUPPORT_PHONE', '400-000-0000') : optional(env, 'SUPPORT_PHONE'),
      emails: str(env, 'SUPPORT_EMAILS', 'support@example.com,sales@example.com')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      qrUrl: edition === 'domestic' ? str(env, 'SUPPORT_QR_URL', 'https://example.com/support') : null,
    },
    links: {
      docs: optional(env, 'DOCS_URL'),
      releaseNotes: optional(env, 'RELEASE_NOTES_URL'),
      studio: optional(env, 'STUDIO_URL'),
    },
    ipLookupUrl: optional(env, 'IP_LOOKUP_URL'),
    fallbackHosts: list(env, 'FALLBACK_URL_HOSTS'),
    mobileLoginHosts: list(env, 'MOBILE_LOGIN_HOSTS'),
    thirdParty: thirdPartyProviders(env),
    jobs: { enabled: bool(env, 'JOBS', true), pollMs: int(env, 'JOBS_POLL_MS', 1000, 10, 60_000) },
    mfaIssuer: str(env, 'MFA_ISSUER', 'Data Platform Console'),
    testCaptchaText: testCaptchaText(env),
    smtp: {
      url: optional(env, 'SMTP_URL'),
      from: str(env, 'SMTP_FROM', 'Data Platform Console <no-reply@localhost>'),
    },
    sendTimeoutMs: int(env, 'SEND_TIMEOUT_MS', Limits.sendTimeoutMs, 100, Limits.sendTimeoutMs),
    sms: smsConfig(env),
    billing: {
      usageHookSecret: usageHookSecret(env, secretKey),
      arrearsGraceHours: int(env, 'ARREARS_GRACE_HOURS', 72, 0, 24 * 365),
    },
    alerts: {
      sweepMs: int(env, 'ALERT_SWEEP_MS', 10 * 60_000, 1000, 24 * 3_600_000),
      webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 5000, 100, 60_000),
      webhookRetryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 30_000, 10, 3_600_000),
      webhookAllowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE', !isProduction),
    },
    payments: paymentsConfig(env),
    remittance: remittanceConfig(env, isProduction),
    uploadDir: resolve(str(env, 'UPLOAD_DIR', join(dataDir, 'uploads'))),
    identity: {
      url: optional(env, 'IDENTITY_URL')?.replace(/\/+$/, '') ?? null,
      key: optional(env, 'IDENTITY_KEY'),
      secret: optional(env, 'IDENTITY_SECRET'),
      timeoutMs: int(env, 'IDENTITY_TIMEOUT_MS', 10_000, 100, 120_000),
    },
    certification: { attemptsPerDay: int(env, 'CERTIFICATION_ATTEMPTS_PER_DAY', 5, 1, 1000) },
    provisioning: {
      url: optional(env, 'PROVISIONER_URL')?.replace(/\/+$/, '') ?? null,
      token: optional(env, 'PROVISIONER_TOKEN'),
      requestTimeoutMs: int(env, 'PROVISIONER_TIMEOUT_MS', 10_000, 100, 120_000),
      openTimeoutMs: int(env, 'PROVISION_TIMEOUT_MS', 30 * 60_000, 1000, 24 * 3_600_000),
      pollMs: int(env, 'PROVISION_POLL_MS', 2000, 10, 600_000),
      devDelayMs: int(env, 'DEV_PROVISION_DELAY_MS', 8000, 0, 3_600_000),
      devFailureRate: ratio(env, 'DEV_PROVISION_FAILURE_RATE', 0),
      devInsightDelayMs: int(env, 'DEV_INSIGHT_DELAY_MS', 1500, 0, 600_000),
    },
    marketplaceEndpoint: optional(env, 'MARKETPLACE_ENDPOINT'),
    licensePublicKey: optional(env, 'HUAWEI_LICENSE_PUBLIC_KEY')?.replace(/\\n/g, '\n') ?? null,
  };
}
