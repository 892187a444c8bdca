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

/** Voucher states of spec section 4. */
export const VoucherStates = ['pending', 'inEffect', 'expired', 'voided'] as const;
export type TVoucherState = (typeof VoucherStates)[number];

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
