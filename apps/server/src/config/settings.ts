/** Every variable the console reads, with its parser and default (see parsers.ts). */
import { availableParallelism } from 'node:os';
import { DeployModes, Editions } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import { z } from 'zod';
import {
  blank,
  bool,
  endpoint,
  int,
  integer,
  key,
  list,
  oneOf,
  optionalBool,
  ratio,
  secret,
  secretUrl,
  text,
  textOr,
  url,
} from './parsers';

const cores = availableParallelism();
export const devSecretKey = 'development-only-secret-key-change-me-in-production';

/** The variables of one third-party OAuth 2.0 provider: `THIRD_PARTY_<ID>_<name>`. */
export const ZThirdPartySettings = z.object({
  NAME: text,
  AUTHORIZE_URL: url().pipe(z.string({ error: 'is required for this third-party provider' })),
  TOKEN_URL: url().pipe(z.string({ error: 'is required for this third-party provider' })),
  USERINFO_URL: url().pipe(z.string({ error: 'is required for this third-party provider' })),
  CLIENT_ID: text.pipe(z.string({ error: 'is required for this third-party provider' })),
  CLIENT_SECRET: secret.pipe(z.string({ error: 'is required for this third-party provider' })),
  SCOPES: textOr('openid profile'),
  SUBJECT_CLAIM: textOr('sub'),
  NAME_CLAIM: textOr('name'),
  ISSUER: url(),
});

export const thirdPartyKeys = Object.keys(
  ZThirdPartySettings.shape,
) as (keyof typeof ZThirdPartySettings.shape)[];

export function thirdPartyPrefix(id: string): string {
  return `THIRD_PARTY_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_`;
}

/** Every variable the console reads, each with its parser and default. */
export const ZSettings = z.object({
  NODE_ENV: text,
  /** Set by `loadConfig` from the command line (`--no-demo`). */
  NO_DEMO_ARG: z.boolean().default(false),
  PORT: int(8080, 0, 65535),
  HOST: textOr('0.0.0.0'),
  /** The operators' back office listens here when set (decision 0047); unset, it does not run. */
  OPS_PORT: z.preprocess(blank, integer(0, 65535).optional()),
  OPS_HOST: textOr('127.0.0.1'),
  /**
   * The back office's address as its operators' browsers reach it (decision 0050): its host is the
   * relying party of the operators' passkeys, its origin the only one accepted. Unset:
   * `http://localhost:<OPS_PORT>`.
   */
  OPS_ORIGIN: url(),
  DATA_DIR: textOr('./data'),
  DATABASE_URL: secretUrl(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: int(10, 1, 500),
  /** A read replica for historic lists and exports (docs/scaling.md); unset: they read DATABASE_URL. */
  DATABASE_READ_URL: secretUrl(['postgres', 'postgresql']),
  /**
   * Named prepared statements on the hottest paths. Off for a pooler in transaction mode that
   * cannot keep them (PgBouncer before 1.21, or `max_prepared_statements = 0`).
   */
  DATABASE_PREPARED_STATEMENTS: bool(true),
  EDITION: oneOf(Editions, 'domestic'),
  DEPLOY_MODE: oneOf(DeployModes, 'cloud'),
  PUBLIC_URL: url(),
  SESSION_IDLE_MINUTES: int(30, 1, 7 * 24 * 60),
  SESSION_ABSOLUTE_HOURS: int(12, 1, 24 * 30),
  HASH_CONCURRENCY: int(cores, 1, 256),
  HASH_QUEUE_MAX: int(cores * 64, 0, 100_000),
  REGISTRATIONS_PER_IP_PER_HOUR: int(Limits.registrationsPerIpPerHour, 1, 100_000),
  CODE_SENDS_PER_IP_PER_HOUR: int(Limits.sendsPerIpPerHour, 1, 100_000),
  USER_DELETE_RETENTION_DAYS: int(7, 1, 365),
  AUDIT_RETENTION_DAYS: int(400, 1, 36_500),
  DEMO: bool(true),
  TRUST_PROXY: bool(false),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  WEB_DIR: text,
  SECRET_KEY: secret,
  DEV_ADAPTERS: bool(false),
  FEATURE_REGISTER: bool(true),
  FEATURE_GLOBAL_PHONE: optionalBool,
  FEATURE_CRU_BILLING: bool(true),
  FEATURE_GA_AGREEMENT: bool(true),
  FEATURE_STUDIO_LINK: bool(false),
  FEATURE_HUAWEI_LICENSE: bool(false),
  FEATURE_MARKETPLACE_REGISTER: bool(false),
  SUPPORT_PHONE: text,
  SUPPORT_EMAILS: textOr('support@example.com,sales@example.com'),
  SUPPORT_QR_URL: url(),
  DOCS_URL: url(),
  RELEASE_NOTES_URL: url(),
  STUDIO_URL: url(),
  IP_LOOKUP_URL: url(),
  FALLBACK_URL_HOSTS: list,
  MOBILE_LOGIN_HOSTS: list,
  THIRD_PARTY_PROVIDERS: list,
  JOBS: bool(true),
  JOBS_POLL_MS: int(1000, 10, 60_000),
  JOBS_LEASE_SECONDS: int(30, 3, 3600),
  OUTBOUND_ALLOW_HOSTS: list,
  ADDRESS_LIMIT_WINDOW_SECONDS: int(900, 10, 86_400),
  ADDRESS_CAPTCHA_AFTER_FAILURES: int(10, 1, 100_000),
  ADDRESS_BLOCK_AFTER_FAILURES: int(100, 1, 1_000_000),
  ADDRESS_BLOCK_SECONDS: int(300, 1, 86_400),
  MFA_ISSUER: textOr('Data Platform Console'),
  TEST_CAPTCHA_TEXT: text,
  SMTP_URL: secretUrl(['smtp', 'smtps']),
  SMTP_FROM: textOr('Data Platform Console <no-reply@localhost>'),
  SEND_TIMEOUT_MS: int(Limits.sendTimeoutMs, 100, Limits.sendTimeoutMs),
  /** The SMS provider: Alibaba Cloud (Dysmsapi) or Tencent Cloud; unset: none (a stand-in outside production). */
  SMS_PROVIDER: z.preprocess(
    blank,
    z.enum(['aliyun', 'tencent'], { error: 'must be one of aliyun, tencent' }).optional(),
  ),
  SMS_SIGN_NAME: text,
  SMS_TEMPLATE_CODE: text,
  SMS_TEMPLATE_INVITATION: text,
  SMS_TEMPLATE_CONTACT_CHANGE: text,
  SMS_TEMPLATE_CONTACT_CHANGE_NOTICE: text,
  SMS_TEMPLATE_BALANCE_LOW: text,
  SMS_TEMPLATE_BALANCE_FORECAST: text,
  SMS_TEMPLATE_MFA_RESET: text,
  SMS_TEMPLATE_ACCOUNT_SUSPENDED: text,
  SMS_TEMPLATE_ACCOUNT_RESUMED: text,
  ALIYUN_ACCESS_KEY_ID: text,
  ALIYUN_ACCESS_KEY_SECRET: secret,
  ALIYUN_SMS_ENDPOINT: endpoint('dysmsapi.aliyuncs.com'),
  TENCENT_SMS_SDK_APP_ID: text,
  TENCENT_SMS_ENDPOINT: endpoint('sms.tencentcloudapi.com'),
  TENCENT_SMS_REGION: textOr('ap-guangzhou'),
  /** Variables of the former invented SMS protocol: set, they are refused with their replacement's name. */
  SMS_ENDPOINT: text,
  SMS_API_KEY: text,
  SMS_SECRET: text,
  SMS_TEMPLATE_ID: text,
  SMS_NOTICE_TEMPLATE_ID: text,
  USAGE_HOOK_SECRET: secret,
  ARREARS_GRACE_HOURS: int(72, 0, 24 * 365),
  ALERT_SWEEP_MS: int(10 * 60_000, 1000, 24 * 3_600_000),
  WEBHOOK_TIMEOUT_MS: int(5000, 100, 60_000),
  WEBHOOK_RETRY_BASE_MS: int(30_000, 10, 3_600_000),
  WEBHOOK_ALLOW_PRIVATE: optionalBool,
  PAY_MERCHANT_NAME: textOr('Data Platform Console'),
  PAY_TIMEOUT_MS: int(10_000, 100, 60_000),
  WECHATPAY_MCH_ID: text,
  WECHATPAY_BASE_URL: url(),
  WECHATPAY_APP_ID: text,
  WECHATPAY_SERIAL_NO: text,
  WECHATPAY_PRIVATE_KEY: key('private'),
  WECHATPAY_PLATFORM_PUBLIC_KEY: key('public'),
  WECHATPAY_PLATFORM_SERIAL: text,
  WECHATPAY_API_V3_KEY: secret.refine((value) => value === undefined || Buffer.byteLength(value) === 32, {
    error: 'must be 32 bytes (the API v3 key of the merchant platform)',
  }),
  WECHATPAY_NOTIFY_URL: url(),
  ALIPAY_APP_ID: text,
  ALIPAY_GATEWAY_URL: url(),
  ALIPAY_PRIVATE_KEY: key('private'),
  ALIPAY_PUBLIC_KEY: key('public'),
  ALIPAY_SELLER_ID: text,
  ALIPAY_NOTIFY_URL: url(),
  REMITTANCE_ACCOUNT_NAME: text,
  REMITTANCE_BANK_NAME: text,
  REMITTANCE_BANK_ACCOUNT: text,
  UPLOAD_DIR: text,
  /** Where uploads live: `folder` (UPLOAD_DIR) or `s3` (an S3-compatible object store, S3_*). */
  STORAGE: oneOf(['folder', 's3'], 'folder'),
  S3_ENDPOINT: url(),
  S3_REGION: text,
  S3_BUCKET: text,
  S3_ACCESS_KEY_ID: secret,
  S3_SECRET_ACCESS_KEY: secret,
  S3_FORCE_PATH_STYLE: bool(false),
  S3_PREFIX: z.preprocess(
    blank,
    z
      .string()
      .regex(/^([A-Za-z0-9_.-]+\/)*$/, {
        error: 'must be folder names each followed by / (letters, digits, _ . -), such as uploads/',
      })
      .default('uploads/'),
  ),
  /** Real-name verification's provider: `tencent` (FaceID and OCR); unset: not configured. */
  IDENTITY_PROVIDER: z.preprocess(
    blank,
    z.enum(['tencent'], { error: 'must be tencent (or unset)' }).optional(),
  ),
  /** Tencent Cloud's API key (CAM), shared by every Tencent Cloud service the console calls. */
  TENCENTCLOUD_SECRET_ID: secret,
  TENCENTCLOUD_SECRET_KEY: secret,
  TENCENT_FACEID_RULE_ID: text,
  TENCENT_FACEID_ENDPOINT: url(),
  TENCENT_OCR_ENDPOINT: url(),
  IDENTITY_TIMEOUT_MS: int(10_000, 100, 120_000),
  CERTIFICATION_ATTEMPTS_PER_DAY: int(5, 1, 1000),
  PROVISIONER_URL: url(),
  PROVISIONER_TOKEN: secret,
  PROVISIONER_TIMEOUT_MS: int(10_000, 100, 120_000),
  PROVISION_TIMEOUT_MS: int(30 * 60_000, 1000, 24 * 3_600_000),
  PROVISION_POLL_MS: int(2000, 10, 600_000),
  DEV_PROVISION_DELAY_MS: int(8000, 0, 3_600_000),
  DEV_PROVISION_FAILURE_RATE: ratio(0),
  DEV_INSIGHT_DELAY_MS: int(1500, 0, 600_000),
  /** Cloud-marketplace registration's provider: `aws` (AWS Marketplace `ResolveCustomer`). */
  MARKETPLACE_PROVIDER: z.preprocess(blank, z.enum(['aws'], { error: 'must be aws' }).optional()),
  AWS_REGION: text,
  AWS_ACCESS_KEY_ID: text,
  AWS_SECRET_ACCESS_KEY: secret,
  /** The Marketplace Metering endpoint; unset: the SDK's regional endpoint. A full URL (tests). */
  AWS_MARKETPLACE_ENDPOINT: url(),
  HUAWEI_LICENSE_PUBLIC_KEY: key('public'),
  /** The `THIRD_PARTY_<ID>_*` variables of each listed provider, gathered by `loadConfig`. */
  THIRD_PARTY: z.record(z.string(), z.record(z.string(), z.string().optional())).default({}),
});

export type TSettings = z.output<typeof ZSettings>;
