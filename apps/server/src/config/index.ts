/**
 * Runtime configuration: one zod schema over the environment (`ZConfig`), from which the type of
 * the configuration is inferred. Every setting has a default that lets `npm start` work with
 * nothing configured; production mode demands what it cannot run without.
 *
 * A configuration error names each variable and what is wrong with it. It never quotes a value:
 * messages are written here, not taken from the input, so no part of a secret reaches the log.
 */
import { createHmac } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { z } from 'zod';
import {
  alipay,
  identity,
  marketplace,
  sms,
  storage,
  type TIssue,
  thirdPartyProviders,
  wechatPay,
} from './providers';
import { devSecretKey, type TSettings, thirdPartyKeys, thirdPartyPrefix, ZSettings } from './settings';

export {
  smsTemplateVariables,
  type TSmsKind,
  type TSmsOptions,
  type TSmsTemplates,
  tencentEndpoints,
} from './providers';

type TEnv = Record<string, string | undefined>;

/** The settings turned into the configuration the server reads; cross-variable rules add issues. */
function toConfig(s: TSettings, issues: TIssue[]) {
  const isProduction = s.NODE_ENV === 'production';
  const edition = s.EDITION;
  if (isProduction && (s.SECRET_KEY === undefined || s.SECRET_KEY === devSecretKey)) {
    issues.push({
      variable: 'SECRET_KEY',
      message: 'must be set in production mode (at least 32 characters)',
    });
  } else if (isProduction && (s.SECRET_KEY ?? '').length < 32) {
    issues.push({
      variable: 'SECRET_KEY',
      message: 'must be at least 32 characters long in production mode',
    });
  }
  if (s.ADDRESS_CAPTCHA_AFTER_FAILURES >= s.ADDRESS_BLOCK_AFTER_FAILURES) {
    issues.push({
      variable: 'ADDRESS_CAPTCHA_AFTER_FAILURES',
      message: 'must be lower than ADDRESS_BLOCK_AFTER_FAILURES (the captcha comes before any block)',
    });
  }
  if (s.TEST_CAPTCHA_TEXT !== undefined && s.NODE_ENV !== 'test') {
    issues.push({ variable: 'TEST_CAPTCHA_TEXT', message: 'is only for browser tests (NODE_ENV=test)' });
  }
  const secretKey = s.SECRET_KEY ?? devSecretKey;
  const dataDir = resolve(s.DATA_DIR);
  return {
    isProduction,
    port: s.PORT,
    host: s.HOST,
    /** The back office's own listener (OPS_PORT, OPS_HOST); null: no back office at all. */
    ops: s.OPS_PORT === undefined ? null : { port: s.OPS_PORT, host: s.OPS_HOST },
    /** The back office's origin: the relying party of the operators' passkeys (decision 0050). */
    opsOrigin: new URL(s.OPS_ORIGIN ?? `http://localhost:${s.OPS_PORT ?? s.PORT}`).origin,
    /** Embedded PGlite data folder, used when `databaseUrl` is not set. */
    dataDir,
    databaseUrl: s.DATABASE_URL ?? null,
    databasePoolSize: s.DATABASE_POOL_SIZE,
    /** Historic lists and exports read here when set (a replica); otherwise from `databaseUrl`. */
    databaseReadUrl: databaseReadUrl(s, issues),
    databasePreparedStatements: s.DATABASE_PREPARED_STATEMENTS,
    edition,
    deployMode: s.DEPLOY_MODE,
    defaultLanguage: edition === 'international' ? ('en-US' as const) : ('zh-CN' as const),
    /** The console's public address; login addresses are `<account>.accounts.<host>`. */
    publicUrl: s.PUBLIC_URL ?? `http://localhost:${s.PORT}`,
    sessionIdleMinutes: s.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: s.SESSION_ABSOLUTE_HOURS,
    /** Concurrent password hashes; excess logins wait in a bounded queue. */
    hashConcurrency: s.HASH_CONCURRENCY,
    hashQueueMax: s.HASH_QUEUE_MAX,
    /** Accounts one client address may register per hour. */
    registrationsPerIpPerHour: s.REGISTRATIONS_PER_IP_PER_HOUR,
    /** Verification codes (SMS and e-mail) one client address may be sent per hour. */
    codeSendsPerIpPerHour: s.CODE_SENDS_PER_IP_PER_HOUR,
    /** Days a deleted user stays recoverable before it is removed for good. */
    userDeleteRetentionDays: s.USER_DELETE_RETENTION_DAYS,
    /** Days audit entries are kept before retention purges them. */
    auditRetentionDays: s.AUDIT_RETENTION_DAYS,
    demo: !isProduction && !s.NO_DEMO_ARG && s.DEMO,
    trustProxy: s.TRUST_PROXY,
    logLevel: s.LOG_LEVEL,
    webDir: s.WEB_DIR ?? null,
    secretKey,
    /**
     * Development adapters (provisioner, marketplace, identity, payments, SMS and e-mail outbox,
     * licence key) stand in for unconfigured ones: always outside production; in production only
     * on a demonstration installation (`DEV_ADAPTERS=1`), whose console shows a banner.
     */
    devAdapters: !isProduction || s.DEV_ADAPTERS,
    features: {
      register: s.FEATURE_REGISTER,
      globalPhone: s.FEATURE_GLOBAL_PHONE ?? edition === 'international',
      cruBilling: s.FEATURE_CRU_BILLING,
      gaAgreement: s.FEATURE_GA_AGREEMENT,
      studioLink: s.FEATURE_STUDIO_LINK,
      huaweiLicense: s.FEATURE_HUAWEI_LICENSE,
      marketplaceRegister: s.FEATURE_MARKETPLACE_REGISTER,
    },
    support: {
      phone: edition === 'domestic' ? (s.SUPPORT_PHONE ?? '400-000-0000') : (s.SUPPORT_PHONE ?? null),
      emails: s.SUPPORT_EMAILS.split(',')
        .map((item) => item.trim())
        .filter(Boolean),
      qrUrl: edition === 'domestic' ? (s.SUPPORT_QR_URL ?? 'https://example.com/support') : null,
    },
    links: {
      docs: s.DOCS_URL ?? null,
      releaseNotes: s.RELEASE_NOTES_URL ?? null,
      studio: s.STUDIO_URL ?? null,
    },
    ipLookupUrl: s.IP_LOOKUP_URL ?? null,
    /** Hosts a login's fallback URL may point at (`*.x` for sub-domains). */
    fallbackHosts: s.FALLBACK_URL_HOSTS,
    /** Hosts where phones get the simplified mobile login (`*.x` for sub-domains). */
    mobileLoginHosts: s.MOBILE_LOGIN_HOSTS,
    /** Third-party (workplace messaging) OAuth 2.0 providers of this deployment. */
    thirdParty: thirdPartyProviders(s, issues).filter((p) => p !== null),
    /** Background jobs: whether this process runs them, how often it looks, and a claim's lease (renewed by a heartbeat). */
    jobs: { enabled: s.JOBS, pollMs: s.JOBS_POLL_MS, leaseMs: s.JOBS_LEASE_SECONDS * 1000 },
    /**
     * Outbound requests to addresses given by account administrators (SAML metadata URLs, OIDC
     * issuers, webhooks): in production they may not reach loopback, private or link-local
     * addresses unless a host, address or CIDR of `OUTBOUND_ALLOW_HOSTS` names them.
     */
    outbound: { allowHosts: s.OUTBOUND_ALLOW_HOSTS },
    /**
     * Limits per client address across usernames and accounts (sign-in, code checks, recovery
     * lookups, registration): after `captchaAfterFailures` failures within `windowSeconds` every
     * attempt from the address needs the image captcha; after `blockAfterFailures` it is answered
     * 429 for `blockSeconds`.
     */
    addressLimits: {
      windowSeconds: s.ADDRESS_LIMIT_WINDOW_SECONDS,
      captchaAfterFailures: s.ADDRESS_CAPTCHA_AFTER_FAILURES,
      blockAfterFailures: s.ADDRESS_BLOCK_AFTER_FAILURES,
      blockSeconds: s.ADDRESS_BLOCK_SECONDS,
    },
    /** Issuer shown in authenticator apps. */
    mfaIssuer: s.MFA_ISSUER,
    /** Browser tests only (NODE_ENV=test): every image captcha shows this text. */
    testCaptchaText: s.TEST_CAPTCHA_TEXT ?? null,
    smtp: { url: s.SMTP_URL ?? null, from: s.SMTP_FROM },
    /** The longest a request waits for the e-mail or SMS provider. */
    sendTimeoutMs: s.SEND_TIMEOUT_MS,
    sms: sms(s, issues),
    /** Billing: the usage hook's shared secret, and how long arrears last before services pause. */
    billing: {
      // Derived from SECRET_KEY (required in production) when not set apart.
      usageHookSecret:
        s.USAGE_HOOK_SECRET ?? createHmac('sha256', secretKey).update('usage-hook').digest('hex'),
      arrearsGraceHours: s.ARREARS_GRACE_HOURS,
    },
    /** Balance alerts and webhook deliveries. */
    alerts: {
      /** How often every account with funds or an alert configuration is checked. */
      sweepMs: s.ALERT_SWEEP_MS,
      /** The longest one webhook request waits for its answer. */
      webhookTimeoutMs: s.WEBHOOK_TIMEOUT_MS,
      /** Wait before the second attempt of a failed delivery; each later wait is 4 times longer. */
      webhookRetryBaseMs: s.WEBHOOK_RETRY_BASE_MS,
      /** Whether webhooks may call loopback and private addresses (off in production mode). */
      webhookAllowPrivate: s.WEBHOOK_ALLOW_PRIVATE ?? !isProduction,
    },
    /** Top-up providers (null: not configured; development adapters stand in for them). PEM keys are texts. */
    payments: {
      /** The merchant name the development gateway shows. */
      merchantName: s.PAY_MERCHANT_NAME,
      /** The longest one call to a provider waits. */
      timeoutMs: s.PAY_TIMEOUT_MS,
      wechat: wechatPay(s, issues),
      alipay: alipay(s, issues),
    },
    /** The bank account remittances go to; null in production mode when not configured. */
    remittance:
      !s.REMITTANCE_ACCOUNT_NAME && isProduction && !s.DEV_ADAPTERS
        ? null
        : {
            accountName: s.REMITTANCE_ACCOUNT_NAME ?? 'Data Platform Technology Co., Ltd. (example)',
            bankName: s.REMITTANCE_BANK_NAME ?? 'Example Bank, Shanghai Branch',
            bankAccount: s.REMITTANCE_BANK_ACCOUNT ?? '3100 0000 0000 0000 0000',
          },
    /** Folder of uploaded files (transfer certificates, business licences). */
    uploadDir: resolve(s.UPLOAD_DIR ?? join(dataDir, 'uploads')),
    /** Where uploads live: `folder` (uploadDir) or an S3-compatible object store. */
    storage: storage(s, issues),
    /** Real-name verification: the identity provider (null: not configured) and its settings. */
    identity: identity(s, issues),
    certification: { attemptsPerDay: s.CERTIFICATION_ATTEMPTS_PER_DAY },
    /** Service instances: the platform's provisioner and how long an opening may take. */
    provisioning: {
      /** The platform's provisioning API; null: not configured. */
      url: s.PROVISIONER_URL ?? null,
      /** Shared secret that signs requests to the provisioning API (HMAC-SHA256). */
      token: s.PROVISIONER_TOKEN ?? null,
      /** The longest one call to the provisioner waits. */
      requestTimeoutMs: s.PROVISIONER_TIMEOUT_MS,
      /** An opening still running after this becomes openFailed (`timeout`). */
      openTimeoutMs: s.PROVISION_TIMEOUT_MS,
      /** How often the provisioning job asks about a running opening. */
      pollMs: s.PROVISION_POLL_MS,
      /** Development provisioner: how long an opening takes, and the share that fails (0 to 1). */
      devDelayMs: s.DEV_PROVISION_DELAY_MS,
      devFailureRate: s.DEV_PROVISION_FAILURE_RATE,
      /** Development provisioner: how long an Insight user change takes. */
      devInsightDelayMs: s.DEV_INSIGHT_DELAY_MS,
    },
    /** Cloud-marketplace registration's provider (AWS Marketplace); null: not configured. */
    marketplace: marketplace(s, issues),
    /** PEM public key that verifies Huawei-cloud licenses; null: not configured (development key outside production). */
    licensePublicKey: s.HUAWEI_LICENSE_PUBLIC_KEY ?? null,
  };
}

/** A read replica serves a PostgreSQL server's reads: the embedded database has none. */
function databaseReadUrl(s: TSettings, issues: TIssue[]): string | null {
  if (!s.DATABASE_READ_URL) return null;
  if (!s.DATABASE_URL) {
    issues.push({
      variable: 'DATABASE_READ_URL',
      message: 'needs DATABASE_URL: the embedded database has no replica',
    });
    return null;
  }
  return s.DATABASE_READ_URL;
}

/**
 * The configuration schema: the environment in, the server's configuration out. Rules that join
 * several variables (a provider's settings that go together, production's demands) are checked in
 * the transform and reported with the variable they concern.
 */
export const ZConfig = ZSettings.transform((settings, ctx) => {
  const issues: TIssue[] = [];
  const config = toConfig(settings, issues);
  for (const issue of issues)
    ctx.addIssue({ code: 'custom', path: [issue.variable], message: issue.message });
  return config;
});

export type TConfig = z.output<typeof ZConfig>;
export type TPaymentsConfig = TConfig['payments'];
export type TThirdPartyProvider = TConfig['thirdParty'][number];

/** Variables whose values are credentials: no message, log or answer may show any part of them. */
export const secretVariables = [
  'SECRET_KEY',
  'DATABASE_URL',
  'DATABASE_READ_URL',
  'SMTP_URL',
  'ALIYUN_ACCESS_KEY_SECRET',
  'USAGE_HOOK_SECRET',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_API_V3_KEY',
  'ALIPAY_PRIVATE_KEY',
  'TENCENTCLOUD_SECRET_ID',
  'TENCENTCLOUD_SECRET_KEY',
  'PROVISIONER_TOKEN',
  'AWS_SECRET_ACCESS_KEY',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'THIRD_PARTY_<ID>_CLIENT_SECRET',
] as const;

/** The configuration could not be read: one line per variable and what is wrong with it. */
export class ConfigError extends Error {
  constructor(readonly issues: readonly TIssue[]) {
    super(
      `The configuration is not valid:\n${issues.map((issue) => `  ${issue.variable} ${issue.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

function gatherThirdParty(env: TEnv): Record<string, Record<string, string | undefined>> {
  const ids = (env.THIRD_PARTY_PROVIDERS ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
  return Object.fromEntries(
    ids.map((id) => [
      id,
      Object.fromEntries(thirdPartyKeys.map((name) => [name, env[`${thirdPartyPrefix(id)}${name}`]])),
    ]),
  );
}

/** Reads the configuration from the environment (and `--no-demo` from the command line). */
export function loadConfig(env: TEnv = process.env, argv: readonly string[] = []): TConfig {
  const parsed = ZConfig.safeParse({
    ...env,
    NO_DEMO_ARG: argv.includes('--no-demo'),
    THIRD_PARTY: gatherThirdParty(env),
  });
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => ({
      variable: issue.path.length > 0 ? String(issue.path[0]) : 'configuration',
      message: issue.message,
    })),
  );
}
