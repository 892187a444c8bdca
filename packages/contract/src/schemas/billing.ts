/**
 * Billing (spec sections 2, 3, 5, 7 "Billing", 8, 9; PRODUCT-FACTS "Funds and billing"): usage
 * summaries and daily details, monthly statements, funds, vouchers, transactions, top-up and
 * remittance, balance alerts and webhooks.
 *
 * Amounts travel as yuan texts with two decimals ("1234.50"): exact, never floating point. The
 * database keeps integer fen. Quantities and unit prices are decimal texts too.
 */
import { z } from 'zod';
import {
  AlertMethods,
  BillingAmountFields,
  BillingLimits,
  BillingRanges,
  discountField,
  ExportFormats,
  PayChannels,
  RechargeStatuses,
  RemittanceStatuses,
  SkuCategories,
  type TBillingAmountField,
  type TDiscountField,
  TransactionChannels,
  TransactionTypes,
  VoucherStates,
  WebhookSigningModes,
  webhookNamePattern,
  yuanAmountPattern,
} from '../billing-enums';
import { Limits } from '../limits';
import { RemittanceRejectReasons } from '../review-reasons';
import { vkey, ZId, ZTimestamp } from './common';

export * from '../billing-enums';

/** A yuan amount with two decimals, e.g. "1234.50" (negative for money going out). */
export const ZMoney = z.string().regex(/^-?\d+\.\d{2}$/);
/** An exact decimal text (quantities, unit prices, rates). */
export const ZDecimal = z.string().regex(/^-?\d+(\.\d+)?$/);
/** A calendar day, YYYY-MM-DD (billing days are those of UTC+8). */
export const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, vkey('dateFormat'));

const ZPageNo = z.coerce
  .number()
  .int()
  .min(0)
  .default(1)
  .transform((v) => v || 1);
const ZPageSize = z.coerce.number().int().min(1).max(Limits.pageSizeMax).default(Limits.pageSizeDefault);

function page<T extends z.ZodType>(row: T) {
  return z.object({
    list: z.array(row),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
}

// ---------------------------------------------------------------------------------------------
// summaries and details

/** Range and filters shared by summaries, details and their export. */
export const ZBillingFilter = z.object({
  accountId: ZId.optional(),
  range: z.enum(BillingRanges).default('last30Days'),
  /** Custom range: first and last day (inclusive), at most a year apart. */
  startDate: ZDay.optional(),
  endDate: ZDay.optional(),
  instanceId: z.coerce.number().pipe(ZId).optional(),
  workspace: z.string().trim().min(1).max(128).optional(),
  category: z.enum(SkuCategories).optional(),
  /** One product (SKU) of `skuList`. */
  skuCode: z.string().trim().min(1).max(64).optional(),
});
export type TBillingFilter = z.input<typeof ZBillingFilter>;

const amountShape = Object.fromEntries(
  BillingAmountFields.flatMap((f) => [
    [f, ZMoney],
    [discountField(f), ZMoney],
  ]),
) as { [K in TBillingAmountField | TDiscountField<TBillingAmountField>]: typeof ZMoney };

/**
 * A day of the trend chart: discounted amounts per category. `isPartial`: the billing day (UTC+8)
 * under way, whose figures are what it consumed so far.
 */
export const ZBillingTrendPoint = z.object({
  date: ZDay,
  isPartial: z.boolean(),
  total: ZMoney,
  compute: ZMoney,
  storage: ZMoney,
  network: ZMoney,
  ai: ZMoney,
});

/**
 * The billing record of spec section 3 over the range: every amount with its `discount…`
 * variant (the discounted amounts are the main values), and `discountPercent` = discounted total /
 * total (0 when the total is 0). `todayAmount` and `yesterdayAmount` ignore the range.
 */
export const ZBillingCount = z.object({
  ...amountShape,
  discountPercent: z.number(),
  voucherAmount: ZMoney,
  cashAmount: ZMoney,
  outstandingAmount: ZMoney,
  startDate: ZDay,
  endDate: ZDay,
  currency: z.enum(['CNY', 'USD']),
  trend: z.array(ZBillingTrendPoint),
});
export type TBillingCount = z.infer<typeof ZBillingCount>;

export const ZBillingDetailRequest = ZBillingFilter.extend({
  pageNo: ZPageNo,
  pageSize: ZPageSize,
  /**
   * Keyset: the `nextCursor` of the previous page, for the page after it (`pageNo` then only names
   * it); without one, `pageNo` is read by position.
   */
  cursor: z.string().max(400, vkey('invalidValue')).optional(),
});
export type TBillingDetailRequest = z.input<typeof ZBillingDetailRequest>;

/** A daily detail row with the bill columns of spec section 3. */
export const ZBillingDetailRow = z.object({
  date: ZDay,
  instanceId: ZId,
  instanceName: z.string(),
  serviceName: z.string(),
  regionName: z.string(),
  workspace: z.string(),
  category: z.enum(SkuCategories),
  skuCode: z.string(),
  skuName: z.string(),
  /** The SKU's unit in the request's language ("CRU-hour", "CRU·小时"). */
  unit: z.string(),
  /** Usage in the SKU's unit. */
  usage: ZDecimal,
  unitPrice: ZDecimal,
  /** Consumption at list price (original price). */
  originalAmount: ZMoney,
  /** Consumption after the account's discount: the amount payable. */
  discountedAmount: ZMoney,
  payableAmount: ZMoney,
  voucherDeduction: ZMoney,
  /**
   * The arrears the consumption incurred: what neither vouchers nor cash covered when it was
   * deducted (a later top-up pays it; the bill keeps what happened).
   */
  outstandingAmount: ZMoney,
  cashPayment: ZMoney,
  /** Comprehensive discount rate = discounted / original (1 when nothing was discounted). */
  discountRate: z.number(),
});
export type TBillingDetailRow = z.infer<typeof ZBillingDetailRow>;
/**
 * `total` counts the rows up to `BillingLimits.detailCountMax`; `isTotalCapped`: more rows match
 * ("more than 10,000"). `nextCursor`: the cursor of the page after this one (null on the last).
 */
export const ZBillingDetailPage = page(ZBillingDetailRow).extend({
  isTotalCapped: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type TBillingDetailPage = z.infer<typeof ZBillingDetailPage>;

export const ZBillingExportRequest = ZBillingFilter.extend({ format: z.enum(ExportFormats).default('xlsx') });
export type TBillingExportRequest = z.input<typeof ZBillingExportRequest>;

// ---------------------------------------------------------------------------------------------
// statements

export const ZStatementListRequest = z.object({
  accountId: ZId.optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  pageNo: ZPageNo,
  pageSize: ZPageSize,
  /** Keyset: the `nextCursor` of the previous page (`pageNo` then only names the page). */
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}$/, vkey('invalidValue'))
    .optional(),
});
export type TStatementListRequest = z.input<typeof ZStatementListRequest>;

export const ZStatement = z.object({
  id: ZId,
  /** YYYY-MM. */
  month: z.string(),
  originalAmount: ZMoney,
  discountedAmount: ZMoney,
  voucherDeduction: ZMoney,
  cashPayment: ZMoney,
  /** The arrears the month's consumption incurred (what vouchers and cash did not cover then). */
  outstandingAmount: ZMoney,
  /**
   * What of those arrears is still owed now. Top-ups pay arrears oldest first, so what the account
   * owes is its newest arrears: this month's part of them.
   */
  owedAmount: ZMoney,
  discountRate: z.number(),
  /** Settled: nothing of the month's arrears is owed (`owedAmount` is 0). */
  isSettled: z.boolean(),
  generateTime: ZTimestamp,
});
export type TStatement = z.infer<typeof ZStatement>;
/** `nextCursor`: the cursor of the page after this one (null on the last). */
export const ZStatementPage = page(ZStatement).extend({ nextCursor: z.string().nullable() });
export type TStatementPage = z.infer<typeof ZStatementPage>;

export const ZStatementYears = z.array(z.number().int());

export const ZStatementRequest = z.object({ accountId: ZId.optional(), id: z.coerce.number().pipe(ZId) });

/** A line of a month's statement: one SKU of one instance. */
export const ZStatementLine = ZBillingDetailRow.omit({ date: true, workspace: true });
export const ZStatementDetail = z.object({
  statement: ZStatement,
  /** The month's amounts per category and field (the billing record of the month). */
  count: ZBillingCount,
  lines: z.array(ZStatementLine),
});
export type TStatementDetail = z.infer<typeof ZStatementDetail>;

export const ZStatementExportRequest = ZStatementRequest.extend({
  format: z.enum(ExportFormats).default('xlsx'),
});

// ---------------------------------------------------------------------------------------------
// funds, vouchers, deductions, transactions

/** `/getAccount`: the account's funds. */
export const ZFundsAccount = z.object({
  cashAmount: ZMoney,
  outstandingAmount: ZMoney,
  /** Sum of the vouchers in effect. */
  voucherAmount: ZMoney,
  /** Cash + vouchers − outstanding. */
  availableAmount: ZMoney,
  /** 0 normal, 3 owe (arrears). */
  accountStatus: z.number().int(),
  arrearsSince: ZTimestamp.nullable(),
  servicesPausedAt: ZTimestamp.nullable(),
  /** Ordinary invoices only, or special VAT invoices too (enterprise verification). */
  invoiceTypes: z.array(z.enum(['ordinary', 'specialVat'])),
  currency: z.enum(['CNY', 'USD']),
});
export type TFundsAccount = z.infer<typeof ZFundsAccount>;

export const ZVoucherListRequest = z.object({
  accountId: ZId.optional(),
  state: z.enum(VoucherStates).optional(),
  pageNo: ZPageNo,
  pageSize: ZPageSize,
});
export type TVoucherListRequest = z.input<typeof ZVoucherListRequest>;

export const ZVoucher = z.object({
  id: ZId,
  code: z.string(),
  /** Its name in the request's language. */
  name: z.string(),
  faceValue: ZMoney,
  availableAmount: ZMoney,
  usedAmount: ZMoney,
  effectiveTime: ZTimestamp,
  expireTime: ZTimestamp,
  /** Service names the voucher pays for; empty: every service. */
  productScope: z.array(z.string()),
  /** Region names it pays in; empty: every region. */
  regionScope: z.array(z.string()),
  state: z.enum(VoucherStates),
});
export type TVoucher = z.infer<typeof ZVoucher>;
export const ZVoucherPage = page(ZVoucher);

export const ZDeductionListRequest = z.object({
  accountId: ZId.optional(),
  voucherId: z.coerce.number().pipe(ZId).optional(),
  pageNo: ZPageNo,
  pageSize: ZPageSize,
});
export const ZDeduction = z.object({
  voucherId: ZId,
  voucherCode: z.string(),
  voucherName: z.string(),
  date: ZDay,
  instanceName: z.string(),
  skuName: z.string(),
  amount: ZMoney,
});
export const ZDeductionPage = page(ZDeduction);

export const ZTransactionListRequest = z.object({
  accountId: ZId.optional(),
  type: z.enum(TransactionTypes).optional(),
  startDate: ZDay.optional(),
  endDate: ZDay.optional(),
  pageNo: ZPageNo,
  pageSize: ZPageSize,
  /** Keyset: the `cursor` of the previous page's last row (then pageNo is ignored). */
  cursor: z.string().max(64).optional(),
});
export type TTransactionListRequest = z.input<typeof ZTransactionListRequest>;

export const ZTransaction = z.object({
  id: ZId,
  type: z.enum(TransactionTypes),
  channel: z.enum(TransactionChannels),
  /** Signed: + into the cash account, − out of it. */
  amount: ZMoney,
  balanceAfter: ZMoney,
  serialNo: z.string(),
  accountName: z.string(),
  remark: z.string().nullable(),
  time: ZTimestamp,
  cursor: z.string(),
});
export type TTransaction = z.infer<typeof ZTransaction>;
export const ZTransactionPage = page(ZTransaction);

export const ZCspRegion = z.object({
  instanceId: ZId,
  instanceName: z.string(),
  serviceName: z.string(),
  csp: z.string(),
  cspName: z.string(),
  regionId: ZId,
  regionName: z.string(),
  workspaces: z.array(z.string()),
});
export const ZSku = z.object({
  code: z.string(),
  category: z.enum(SkuCategories),
  name: z.string(),
  /** In the request's language, as in the details. */
  unit: z.string(),
  unitPrice: ZDecimal,
  /** The account's rate for the SKU (1 = no discount). */
  discountRate: z.number(),
});

// ---------------------------------------------------------------------------------------------
// top-up and remittance

/** A yuan amount as typed: greater than 0, at most two decimals. */
export const ZYuanInput = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(yuanAmountPattern, vkey('amountFormat')))
  .refine((v) => Number(v) > 0, vkey('amountPositive'));

export const ZPayQrcodeQuery = z.object({
  accountId: z.coerce.number().pipe(ZId).optional(),
  channel: z.enum(PayChannels),
  amount: ZYuanInput,
  /** The user agreement must be ticked (spec section 5). */
  agreement: z.union([z.enum(['true', '1']), z.literal(true)], vkey('agreementRequired')),
});
export type TPayQrcodeQuery = z.input<typeof ZPayQrcodeQuery>;

export const ZRecharge = z.object({
  rechargeId: z.string(),
  channel: z.enum(PayChannels),
  amount: ZMoney,
  status: z.enum(RechargeStatuses),
  /** The QR code to scan: a data URL of a PNG image, and its content. */
  qrCode: z.string().nullable(),
  codeUrl: z.string().nullable(),
  createTime: ZTimestamp,
  expireTime: ZTimestamp,
  paidTime: ZTimestamp.nullable(),
});
export type TRecharge = z.infer<typeof ZRecharge>;

export const ZRechargeParams = z.object({ rechargeId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

export const ZUploadQuery = z.object({
  fileName: z.string().trim().min(1).max(255),
  purpose: z.enum(['remittance', 'businessLicense']).default('remittance'),
});
export const ZUploaded = z.object({ fileId: z.string(), fileName: z.string(), size: z.number().int() });

export const ZDownloadRequest = z.object({ fileId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

/** Remittance: the transfer's amount, payer and certificate. */
export const ZRemittanceRequest = z.object({
  accountId: ZId.optional(),
  amount: ZYuanInput,
  payerName: z.string().trim().min(1).max(Limits.upgradeCompanyMax),
  payerAccount: z.string().trim().max(64).optional(),
  fileId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});
export type TRemittanceRequest = z.input<typeof ZRemittanceRequest>;

export const ZRemittance = z.object({
  id: ZId,
  amount: ZMoney,
  payerName: z.string(),
  status: z.enum(RemittanceStatuses),
  fileName: z.string(),
  reviewNote: z.string().nullable(),
  /** A rejection: the reason the operator chose from the list (its words in both languages). */
  reviewReason: z.enum(RemittanceRejectReasons).nullable(),
  createTime: ZTimestamp,
  reviewTime: ZTimestamp.nullable(),
});
export type TRemittance = z.infer<typeof ZRemittance>;
export const ZRemittancePage = page(ZRemittance);
export const ZRemittanceListRequest = z.object({ pageNo: ZPageNo, pageSize: ZPageSize });

/** The bank account to transfer to. */
export const ZRemittanceInfo = z.object({
  accountName: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  /** Put this in the transfer's remark so that the platform finds the account. */
  remark: z.string(),
});

// ---------------------------------------------------------------------------------------------
// alerts and webhooks

export const ZAlertConfig = z.object({
  isLowBalanceEnabled: z.boolean(),
  lowBalanceAmount: ZMoney,
  isSmartEnabled: z.boolean(),
  smartDays: z.array(z.number().int()),
  recipientUserIds: z.array(ZId),
  methods: z.array(z.enum(AlertMethods)),
  webhookIds: z.array(ZId),
  updateTime: ZTimestamp.nullable(),
});
export type TAlertConfig = z.infer<typeof ZAlertConfig>;

export const ZAlertUpdateRequest = z.object({
  accountId: ZId.optional(),
  isLowBalanceEnabled: z.boolean(),
  lowBalanceAmount: ZYuanInput,
  isSmartEnabled: z.boolean(),
  recipientUserIds: z.array(ZId).max(100),
  methods: z.array(z.enum(AlertMethods)).max(3),
  webhookIds: z.array(ZId).max(20).default([]),
});
export type TAlertUpdateRequest = z.input<typeof ZAlertUpdateRequest>;

export const ZWebhookInput = z.object({
  accountId: ZId.optional(),
  id: ZId.optional(),
  name: z.string(vkey('webhookName')).trim().regex(webhookNamePattern, vkey('webhookName')),
  description: z
    .string()
    .trim()
    .max(BillingLimits.webhookDescriptionMax, vkey('webhookDescription'))
    .default(''),
  url: z
    .string(vkey('webhookUrl'))
    .trim()
    .min(1, vkey('webhookUrl'))
    .max(BillingLimits.webhookUrlMax, vkey('webhookUrl'))
    .regex(/^https?:\/\/[^\s]+$/i, vkey('webhookUrl')),
  channel: z.enum(['custom', 'dingtalk', 'wecom', 'feishu']).default('custom'),
  /** JSON with the `${alertMessage}` placeholder. */
  paramsTemplate: z.string().trim().min(2, vkey('webhookTemplate')).max(BillingLimits.webhookTemplateMax),
  /** A key of the answer, or a JSON path ($.data.code). */
  successKey: z.string(vkey('webhookSuccessKey')).trim().min(1, vkey('webhookSuccessKey')).max(256),
  successValue: z.string(vkey('webhookSuccessValue')).trim().min(1, vkey('webhookSuccessValue')).max(256),
  isEnabled: z.boolean().default(true),
  /** How deliveries are signed (see `WebhookSigningModes`). */
  signingMode: z.enum(WebhookSigningModes).default('none'),
  /**
   * A new signing secret: DingTalk's and Feishu's as the robot's settings show it, or a Standard
   * Webhooks `whsec_…` secret the receiver gave. Absent or empty: the current secret stays (while
   * the mode stays); Standard Webhooks without one gets a generated secret, answered once.
   */
  signingSecret: z
    .string(vkey('webhookSigningSecret'))
    .trim()
    .max(BillingLimits.webhookSecretMax, vkey('webhookSigningSecret'))
    .optional(),
});
export type TWebhookInput = z.input<typeof ZWebhookInput>;

export const ZWebhook = z.object({
  id: ZId,
  name: z.string(),
  description: z.string(),
  url: z.string(),
  channel: z.string(),
  paramsTemplate: z.string(),
  successKey: z.string(),
  successValue: z.string(),
  isEnabled: z.boolean(),
  signingMode: z.enum(WebhookSigningModes),
  /** Whether a signing secret is set (the secret itself is never answered, except once when generated). */
  hasSigningSecret: z.boolean(),
  /** When the secret was last set, generated or rotated. */
  secretUpdateTime: ZTimestamp.nullable(),
  createTime: ZTimestamp,
  updateTime: ZTimestamp,
  lastDelivery: z.object({ status: z.enum(['pending', 'success', 'failed']), time: ZTimestamp }).nullable(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

/**
 * A saved webhook, with the Standard Webhooks secret generated for it if one was: shown this once,
 * never again (the receiver keeps it). Null when no secret was generated.
 */
export const ZWebhookSaveResult = ZWebhook.extend({ newSigningSecret: z.string().nullable() });
export type TWebhookSaveResult = z.infer<typeof ZWebhookSaveResult>;

/** The answer of "rotate secret": the webhook and its new Standard Webhooks secret, shown this once. */
export const ZWebhookSecretRotation = ZWebhook.extend({ newSigningSecret: z.string() });
export type TWebhookSecretRotation = z.infer<typeof ZWebhookSecretRotation>;

export const ZWebhookIdRequest = z.object({ accountId: ZId.optional(), id: ZId });

export const ZWebhookDelivery = z.object({
  id: ZId,
  webhookId: ZId,
  kind: z.enum(['alert', 'test']),
  /** The delivery's `webhook-id`: the same in every attempt. */
  messageId: z.string(),
  message: z.string(),
  status: z.enum(['pending', 'success', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  createTime: ZTimestamp,
  finishTime: ZTimestamp.nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZWebhookDeliveryRequest = z.object({
  accountId: ZId.optional(),
  webhookId: z.coerce.number().pipe(ZId),
  pageNo: ZPageNo,
  pageSize: ZPageSize,
});
export const ZWebhookDeliveryPage = page(ZWebhookDelivery);

/** The answer of "send test": delivered at once (success or failure), retries not waited for. */
export const ZWebhookTestResult = z.object({
  isSuccess: z.boolean(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  delivery: ZWebhookDelivery,
});
export type TWebhookTestResult = z.infer<typeof ZWebhookTestResult>;

// ---------------------------------------------------------------------------------------------
// machine API: usage ingestion

/** One usage record as the platform sends it (PRODUCT-FACTS "Funds and billing"). */
export const ZUsageRecordInput = z.object({
  recordId: z.string().trim().min(1).max(128),
  accountName: z.string().trim().min(1).max(64),
  instanceName: z.string().trim().min(1).max(64),
  skuCode: z.string().trim().min(1).max(64),
  workspace: z.string().trim().min(1).max(128),
  periodStart: z.iso.datetime({ offset: true }),
  periodEnd: z.iso.datetime({ offset: true }),
  /** Consumption in the SKU's unit, a decimal text (or number) ≥ 0 with up to 6 decimals. */
  quantity: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{1,12}(\.\d{1,6})?$/)),
});
export type TUsageRecordInput = z.input<typeof ZUsageRecordInput>;

export const ZUsageBatch = z.object({
  records: z.array(ZUsageRecordInput).min(1).max(BillingLimits.usageBatchMax),
});
export type TUsageBatch = z.input<typeof ZUsageBatch>;

export const ZUsageBatchResult = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.array(z.object({ recordId: z.string(), reason: z.string() })),
});
export type TUsageBatchResult = z.infer<typeof ZUsageBatchResult>;
