/**
 * Billing's enumerations, amount fields and limits (spec sections 3, 5, 9), apart from their
 * schemas so that pages needing only these do not load zod (decision 0008).
 */

/** The amount fields of the billing record (spec section 3); each also has a `discount…` variant. */
export const BillingAmountFields = [
  'totalAmount',
  'computeAmount',
  'networkAmount',
  'storageAmount',
  'aiAmount',
  'todayAmount',
  'yesterdayAmount',
  'bulkIngestionAmount',
  'decisionVclusterApAmount',
  'decisionVclusterGpAmount',
  'externalNetworkAmount',
  'serverlessJobAmount',
  'storageOssAmount',
  'streamIngestionAmount',
  'taskScheduleAmount',
  'vcApEventAmount',
  'vcGpEventAmount',
] as const;
export type TBillingAmountField = (typeof BillingAmountFields)[number];

/** `discountTotalAmount` for `totalAmount`, and so on. */
export type TDiscountField<F extends string> = `discount${Capitalize<F>}`;
export function discountField<F extends TBillingAmountField>(field: F): TDiscountField<F> {
  return `discount${field[0]?.toUpperCase()}${field.slice(1)}` as TDiscountField<F>;
}

export const SkuCategories = ['compute', 'storage', 'network', 'ai'] as const;
export type TSkuCategory = (typeof SkuCategories)[number];

/** Billing ranges of spec section 9, and a custom one. */
export const BillingRanges = ['today', 'last7Days', 'last30Days', 'custom'] as const;
export type TBillingRange = (typeof BillingRanges)[number];

export const TransactionTypes = ['recharge', 'consumption', 'refund', 'cash'] as const;
export type TTransactionType = (typeof TransactionTypes)[number];
export const TransactionChannels = ['wechat', 'alipay', 'bank', 'balance', 'operator'] as const;
export type TTransactionChannel = (typeof TransactionChannels)[number];

/**
 * Voucher states of spec section 4 (pending, in effect, expired, voided), and `usedUp`: nothing
 * left of it to spend, though its period has not ended (a voucher spent to the last fen).
 */
export const VoucherStates = ['pending', 'inEffect', 'usedUp', 'expired', 'voided'] as const;
export type TVoucherState = (typeof VoucherStates)[number];

/**
 * The units SKUs are measured in (PRODUCT-FACTS: CRU-hour, GiB-day, GB, thousand tokens), as the
 * catalogue stores them; the answers name them in the request's language.
 */
export const SkuUnits = ['CRU-hour', 'GiB-day', 'GB', '1K tokens'] as const;
export type TSkuUnit = (typeof SkuUnits)[number];

export const PayChannels = ['wechat', 'alipay'] as const;
export type TPayChannel = (typeof PayChannels)[number];
export const RechargeStatuses = ['pending', 'paid', 'closed', 'failed'] as const;
export type TRechargeStatus = (typeof RechargeStatuses)[number];
export const RemittanceStatuses = ['pending', 'confirmed', 'rejected'] as const;

export const AlertMethods = ['sms', 'email', 'webhook'] as const;
export type TAlertMethod = (typeof AlertMethods)[number];

export const ExportFormats = ['xlsx', 'csv'] as const;
export type TExportFormat = (typeof ExportFormats)[number];

/** Limits of spec sections 5 and 9 (amounts in fen). */
export const BillingLimits = {
  /** The detail list counts its rows up to this many; beyond, it answers "more than" (isTotalCapped). */
  detailCountMax: 10_000,
  /** WeChat Pay: at most 50,000 yuan per top-up. */
  wechatMaxFen: 5_000_000,
  /** Any top-up or remittance: at most 10,000,000 yuan. */
  rechargeMaxFen: 1_000_000_000,
  /** Low-balance warning under 50 yuan by default. */
  lowBalanceDefaultFen: 5000,
  smartAlertDays: [7, 5, 3, 1] as readonly number[],
  webhookNameMin: 2,
  webhookNameMax: 40,
  webhookDescriptionMax: 200,
  webhookUrlMax: 1024,
  webhookTemplateMax: 4096,
  webhookSecretMax: 256,
  /** Custom ranges span at most a year. */
  customRangeMaxDays: 366,
  /** Transfer certificates: JPG, JPEG, PNG or PDF, at most 10 MiB. */
  uploadMaxBytes: 10 * 1024 * 1024,
  usageBatchMax: 10_000,
} as const;

/** The alert-message placeholder of webhook request parameters. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder users type, not a template
export const AlertMessagePlaceholder = '${alertMessage}';

/** Webhook names: 2–40 characters of Chinese, letters, digits and underscore (spec section 5). */
export const webhookNamePattern = /^[\u4e00-\u9fa5A-Za-z0-9_]{2,40}$/;

/**
 * How a webhook's deliveries are signed: not at all; with the Standard Webhooks headers
 * (`webhook-signature` over the id, the timestamp and the body); as DingTalk robots check it
 * (`timestamp` and `sign` in the address's query); as Feishu/Lark bots check it (`timestamp` and
 * `sign` in the body).
 */
export const WebhookSigningModes = ['none', 'standard', 'dingtalk', 'feishu'] as const;
export type TWebhookSigningMode = (typeof WebhookSigningModes)[number];

/**
 * The Standard Webhooks headers. Every delivery carries the id (the same in every attempt of a
 * delivery) and the timestamp of the attempt (unix seconds); the signature when the mode is
 * `standard`: `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` keyed with the secret's bytes.
 */
export const WebhookHeaders = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/**
 * The receiver's side of Standard Webhooks as a Node.js module (no dependency), shown on the
 * webhook settings page with its comments in the page's language, and run by the server's tests
 * against real deliveries: `verify(secret, rawBody, headers)` is true for an authentic delivery.
 */
export function webhookVerifySample(comments: {
  rawBody: string;
  age: string;
  several: string;
  once: string;
}): string {
  const h = WebhookHeaders;
  return `import { createHmac, timingSafeEqual } from 'node:crypto';

// ${comments.rawBody}
// ${comments.once}
export function verify(secret, rawBody, headers) {
  const id = headers['${h.id}'];
  const timestamp = headers['${h.timestamp}'];
  // ${comments.age}
  if (!id || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(\`\${id}.\${timestamp}.\${rawBody}\`)
    .digest('base64');
  // ${comments.several}
  return String(headers['${h.signature}'] ?? '')
    .split(' ')
    .some((item) => {
      const [version, signature = ''] = item.split(',');
      return version === 'v1' && signature.length === expected.length &&
        timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
    });
}
`;
}

/** Standard Webhooks secrets are `whsec_` and the base64 of their 24 to 64 bytes. */
export const standardSecretPrefix = 'whsec_';

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The validation key of a signing secret the mode cannot use, or null: Standard Webhooks wants
 * `whsec_` and the base64 of 24 to 64 bytes; DingTalk robots show a secret that starts with `SEC`;
 * Feishu/Lark bots show a string of letters and digits. No secret goes with the mode `none`.
 */
export function signingSecretProblem(
  mode: TWebhookSigningMode,
  secret: string,
): 'webhookSigningSecret' | null {
  const ok = (() => {
    if (secret.length > BillingLimits.webhookSecretMax) return false;
    switch (mode) {
      case 'none':
        return false;
      case 'standard': {
        if (!secret.startsWith(standardSecretPrefix)) return false;
        const body = secret.slice(standardSecretPrefix.length);
        if (!base64Pattern.test(body)) return false;
        const bytes = (body.length / 4) * 3 - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0);
        return bytes >= 24 && bytes <= 64;
      }
      case 'dingtalk':
        return /^SEC[A-Za-z0-9]{8,}$/.test(secret);
      case 'feishu':
        return /^[\x21-\x7e]{8,}$/.test(secret);
    }
  })();
  return ok ? null : 'webhookSigningSecret';
}

/** A yuan amount with at most two decimals, greater than 0 (spec section 5). */
export const yuanAmountPattern = /^(?:0|[1-9]\d{0,9})(?:\.\d{1,2})?$/;

/** Yuan text ("123.4", "0.05") to integer fen, exactly; null when it is not such a text. */
export function yuanToFen(text: string): number | null {
  const t = text.trim();
  if (!yuanAmountPattern.test(t)) return null;
  const [whole, part = ''] = t.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** Integer fen to yuan text with two decimals ("-12.30"). */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
