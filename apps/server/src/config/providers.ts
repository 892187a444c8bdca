/**
 * The settings of the systems the console talks to, each read into its part of the configuration:
 * the payment providers, SMS, the cloud marketplace, real-name verification and the store of
 * uploads. A provider named but half configured adds one issue per missing variable.
 */
import { type TSettings, thirdPartyPrefix, ZThirdPartySettings } from './settings';

export type TIssue = { variable: string; message: string };

export function required<T>(value: T | undefined, variable: string, because: string, issues: TIssue[]): T {
  if (value === undefined) issues.push({ variable, message: `is required ${because}` });
  return value as T;
}

export function thirdPartyProviders(s: TSettings, issues: TIssue[]) {
  return s.THIRD_PARTY_PROVIDERS.map((id) => {
    const prefix = thirdPartyPrefix(id);
    const parsed = ZThirdPartySettings.safeParse(s.THIRD_PARTY[id] ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        issues.push({ variable: `${prefix}${String(issue.path[0])}`, message: issue.message });
      }
      return null;
    }
    const p = parsed.data;
    return {
      id,
      name: p.NAME ?? id,
      authorizeUrl: p.AUTHORIZE_URL,
      tokenUrl: p.TOKEN_URL,
      userinfoUrl: p.USERINFO_URL,
      clientId: p.CLIENT_ID,
      clientSecret: p.CLIENT_SECRET,
      scopes: p.SCOPES,
      subjectClaim: p.SUBJECT_CLAIM,
      nameClaim: p.NAME_CLAIM,
      ...(p.ISSUER ? { issuer: p.ISSUER } : {}),
    };
  });
}

export function wechatPay(s: TSettings, issues: TIssue[]) {
  if (!s.WECHATPAY_MCH_ID) return null;
  const because = 'when WECHATPAY_MCH_ID is set';
  return {
    baseUrl: s.WECHATPAY_BASE_URL ?? 'https://api.mch.weixin.qq.com',
    mchId: s.WECHATPAY_MCH_ID,
    appId: required(s.WECHATPAY_APP_ID, 'WECHATPAY_APP_ID', because, issues),
    serialNo: required(s.WECHATPAY_SERIAL_NO, 'WECHATPAY_SERIAL_NO', because, issues),
    privateKey: required(s.WECHATPAY_PRIVATE_KEY, 'WECHATPAY_PRIVATE_KEY', because, issues),
    platformPublicKey: required(
      s.WECHATPAY_PLATFORM_PUBLIC_KEY,
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      because,
      issues,
    ),
    platformSerial: s.WECHATPAY_PLATFORM_SERIAL ?? null,
    apiV3Key: required(s.WECHATPAY_API_V3_KEY, 'WECHATPAY_API_V3_KEY', because, issues),
    notifyUrl: s.WECHATPAY_NOTIFY_URL ?? null,
  };
}

export function alipay(s: TSettings, issues: TIssue[]) {
  if (!s.ALIPAY_APP_ID) return null;
  const because = 'when ALIPAY_APP_ID is set';
  return {
    gatewayUrl: s.ALIPAY_GATEWAY_URL ?? 'https://openapi.alipay.com/gateway.do',
    appId: s.ALIPAY_APP_ID,
    privateKey: required(s.ALIPAY_PRIVATE_KEY, 'ALIPAY_PRIVATE_KEY', because, issues),
    alipayPublicKey: required(s.ALIPAY_PUBLIC_KEY, 'ALIPAY_PUBLIC_KEY', because, issues),
    sellerId: s.ALIPAY_SELLER_ID ?? null,
    notifyUrl: s.ALIPAY_NOTIFY_URL ?? null,
  };
}

/**
 * The kinds of text message the console sends, each with its own approved template, and the
 * variable naming each template (in the order docs/operations.md lists them).
 */
export const smsTemplateVariables = {
  code: 'SMS_TEMPLATE_CODE',
  invitation: 'SMS_TEMPLATE_INVITATION',
  contactChange: 'SMS_TEMPLATE_CONTACT_CHANGE',
  contactChangeNotice: 'SMS_TEMPLATE_CONTACT_CHANGE_NOTICE',
  balanceLow: 'SMS_TEMPLATE_BALANCE_LOW',
  balanceForecast: 'SMS_TEMPLATE_BALANCE_FORECAST',
  mfaReset: 'SMS_TEMPLATE_MFA_RESET',
  accountSuspended: 'SMS_TEMPLATE_ACCOUNT_SUSPENDED',
  accountResumed: 'SMS_TEMPLATE_ACCOUNT_RESUMED',
} as const;

export type TSmsKind = keyof typeof smsTemplateVariables;
export type TSmsTemplates = Record<TSmsKind, string>;
type TSmsCommon = { signName: string; templates: TSmsTemplates };
export type TSmsOptions =
  | ({
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      /** `dysmsapi.aliyuncs.com`, or a full URL (http://127.0.0.1:18111). */
      endpoint: string;
    } & TSmsCommon)
  | ({
      provider: 'tencent';
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      /** `sms.tencentcloudapi.com`, or a full URL. */
      endpoint: string;
      region: string;
    } & TSmsCommon);

/** The former invented protocol's variables, each refused with what replaces it. */
const retiredSmsVariables = {
  SMS_ENDPOINT:
    'is no longer read: set SMS_PROVIDER=aliyun (ALIYUN_SMS_ENDPOINT) or SMS_PROVIDER=tencent (TENCENT_SMS_ENDPOINT)',
  SMS_API_KEY:
    'is no longer read: set ALIYUN_ACCESS_KEY_ID (SMS_PROVIDER=aliyun) or TENCENTCLOUD_SECRET_ID (SMS_PROVIDER=tencent)',
  SMS_SECRET:
    'is no longer read: set ALIYUN_ACCESS_KEY_SECRET (SMS_PROVIDER=aliyun) or TENCENTCLOUD_SECRET_KEY (SMS_PROVIDER=tencent)',
  SMS_TEMPLATE_ID: 'is no longer read: set SMS_TEMPLATE_CODE (the verification-code template)',
  SMS_NOTICE_TEMPLATE_ID: `is no longer read: each notice has its own template (${Object.values(smsTemplateVariables).slice(1).join(', ')})`,
} as const;

export function sms(s: TSettings, issues: TIssue[]): TSmsOptions | null {
  for (const [variable, message] of Object.entries(retiredSmsVariables))
    if (s[variable as keyof typeof retiredSmsVariables] !== undefined) issues.push({ variable, message });
  if (!s.SMS_PROVIDER) return null;
  const because = `when SMS_PROVIDER is ${s.SMS_PROVIDER}`;
  const signName = required(s.SMS_SIGN_NAME, 'SMS_SIGN_NAME', because, issues);
  const templates = Object.fromEntries(
    (Object.entries(smsTemplateVariables) as [TSmsKind, keyof TSettings][]).map(([kind, variable]) => [
      kind,
      required(s[variable] as string | undefined, variable, because, issues),
    ]),
  ) as TSmsTemplates;
  if (s.SMS_PROVIDER === 'aliyun')
    return {
      provider: 'aliyun',
      accessKeyId: required(s.ALIYUN_ACCESS_KEY_ID, 'ALIYUN_ACCESS_KEY_ID', because, issues),
      accessKeySecret: required(s.ALIYUN_ACCESS_KEY_SECRET, 'ALIYUN_ACCESS_KEY_SECRET', because, issues),
      endpoint: s.ALIYUN_SMS_ENDPOINT,
      signName,
      templates,
    };
  return {
    provider: 'tencent',
    secretId: required(s.TENCENTCLOUD_SECRET_ID, 'TENCENTCLOUD_SECRET_ID', because, issues),
    secretKey: required(s.TENCENTCLOUD_SECRET_KEY, 'TENCENTCLOUD_SECRET_KEY', because, issues),
    sdkAppId: required(s.TENCENT_SMS_SDK_APP_ID, 'TENCENT_SMS_SDK_APP_ID', because, issues),
    endpoint: s.TENCENT_SMS_ENDPOINT,
    region: s.TENCENT_SMS_REGION,
    signName,
    templates,
  };
}

/** AWS Marketplace (`MARKETPLACE_PROVIDER=aws`): the seller's key that may call ResolveCustomer. */
export function marketplace(s: TSettings, issues: TIssue[]) {
  if (!s.MARKETPLACE_PROVIDER) return null;
  const because = 'when MARKETPLACE_PROVIDER=aws';
  return {
    provider: s.MARKETPLACE_PROVIDER,
    region: required(s.AWS_REGION, 'AWS_REGION', because, issues),
    accessKeyId: required(s.AWS_ACCESS_KEY_ID, 'AWS_ACCESS_KEY_ID', because, issues),
    secretAccessKey: required(s.AWS_SECRET_ACCESS_KEY, 'AWS_SECRET_ACCESS_KEY', because, issues),
    endpoint: s.AWS_MARKETPLACE_ENDPOINT ?? null,
  };
}
/** Tencent Cloud's default API addresses (a full URL in the settings replaces them, for tests). */
export const tencentEndpoints = {
  faceid: 'https://faceid.tencentcloudapi.com',
  ocr: 'https://ocr.tencentcloudapi.com',
} as const;

export function identity(s: TSettings, issues: TIssue[]) {
  const base = { provider: s.IDENTITY_PROVIDER ?? null, timeoutMs: s.IDENTITY_TIMEOUT_MS };
  if (s.IDENTITY_PROVIDER !== 'tencent') return { ...base, tencent: null };
  const because = 'when IDENTITY_PROVIDER is tencent';
  return {
    ...base,
    tencent: {
      secretId: required(s.TENCENTCLOUD_SECRET_ID, 'TENCENTCLOUD_SECRET_ID', because, issues),
      secretKey: required(s.TENCENTCLOUD_SECRET_KEY, 'TENCENTCLOUD_SECRET_KEY', because, issues),
      ruleId: required(s.TENCENT_FACEID_RULE_ID, 'TENCENT_FACEID_RULE_ID', because, issues),
      faceidEndpoint: s.TENCENT_FACEID_ENDPOINT ?? tencentEndpoints.faceid,
      ocrEndpoint: s.TENCENT_OCR_ENDPOINT ?? tencentEndpoints.ocr,
    },
  };
}

const s3Variables = [
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const satisfies readonly (keyof TSettings)[];

/** Where uploads live: the folder, or the object store whose every required variable is set. */
export function storage(s: TSettings, issues: TIssue[]) {
  if (s.STORAGE === 'folder') {
    const stray = ['S3_ENDPOINT', ...s3Variables].filter((name) => s[name as keyof TSettings] !== undefined);
    if (stray.length > 0) {
      issues.push({
        variable: 'STORAGE',
        message: `must be s3 when ${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set (uploads would stay in the folder)`,
      });
    }
    return { kind: 'folder' as const };
  }
  const because = 'when STORAGE is s3';
  return {
    kind: 's3' as const,
    endpoint: s.S3_ENDPOINT ?? null,
    region: required(s.S3_REGION, 'S3_REGION', because, issues),
    bucket: required(s.S3_BUCKET, 'S3_BUCKET', because, issues),
    accessKeyId: required(s.S3_ACCESS_KEY_ID, 'S3_ACCESS_KEY_ID', because, issues),
    secretAccessKey: required(s.S3_SECRET_ACCESS_KEY, 'S3_SECRET_ACCESS_KEY', because, issues),
    forcePathStyle: s.S3_FORCE_PATH_STYLE,
    prefix: s.S3_PREFIX,
  };
}
