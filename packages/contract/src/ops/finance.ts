/**
 * The back office's finance (issue 40 item 5): vouchers (issue, void, list), account discounts
 * (list, set, remove), a top-up order looked up by its number, and manual adjustments of an
 * account's cash, which above `OPS_ADJUSTMENT_APPROVAL_FEN` wait for a second finance operator.
 * The CLI's `voucher` and `discount` commands call the same services.
 *
 * Money travels as integer fen (`…Fen`) with the installation's currency beside it; the pages
 * show it with two decimals.
 */
import { z } from 'zod';
import { RechargeStatuses, SkuCategories, VoucherStates } from '../billing-enums';
import { ErrorCode } from '../codes';
import { Limits } from '../limits';
import { vkey, ZId, ZTimestamp } from '../schemas/common';
import type { TOpsRouteDef } from './routes';
import { OpsRoles, type TOpsRole, ZOpsReason } from './schemas';

/** The largest amount of one voucher or adjustment: ¥100,000,000.00. */
export const opsFinanceAmountMaxFen = 10_000_000_000;
export const opsVoucherDaysMax = 3650;
export const opsVoucherNameMax = 64;
/** A discount rate: more than 0, at most 1 (0.8 = 20% off), at most 4 decimals. */
export const opsDiscountRatePattern = /^(?:0(?:\.\d{1,4})?|1(?:\.0{1,4})?)$/;

export const OpsAdjustmentDirections = ['credit', 'debit'] as const;
export type TOpsAdjustmentDirection = (typeof OpsAdjustmentDirections)[number];
export const OpsAdjustmentStatuses = ['pending', 'applied', 'rejected'] as const;
export type TOpsAdjustmentStatus = (typeof OpsAdjustmentStatuses)[number];
/** A discount's category: a SKU category, or `*` for all of them. */
export const OpsDiscountCategories = ['*', ...SkuCategories] as const;

const ZCurrency = z.enum(['CNY', 'USD']);
const ZAccountRef = z
  .string(vkey('required'))
  .trim()
  .min(1, vkey('required'))
  .max(Limits.accountNameMax, vkey('invalid'));
const ZAmountFen = z.coerce
  .number(vkey('amountFormat'))
  .int(vkey('amountFormat'))
  .min(1, vkey('amountPositive'))
  .max(opsFinanceAmountMaxFen, vkey('rechargeAmountMax'));
const ZPageNo = z.coerce.number().int().min(1).default(1);
const ZPageSize = z.coerce.number().int().min(1).max(Limits.pageSizeMax).default(Limits.pageSizeDefault);
const ZOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, vkey('invalid'))
    .optional()
    .transform((v) => (v ? v : undefined));

function page<T extends z.ZodType>(row: T) {
  return z.object({
    list: z.array(row),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    currency: ZCurrency,
  });
}

// ---------------------------------------------------------------------------------------------
// vouchers

export const ZOpsVoucherListQuery = z.object({
  /** An account's name (or display name); absent: every account. */
  account: ZOptionalText(Limits.accountNameMax),
  state: z.enum(VoucherStates, vkey('invalidValue')).optional(),
  pageNo: ZPageNo,
  pageSize: ZPageSize,
});

export const ZOpsVoucher = z.object({
  id: ZId,
  code: z.string(),
  accountId: ZId,
  accountName: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  faceFen: z.number().int(),
  availableFen: z.number().int(),
  state: z.enum(VoucherStates),
  effectiveAt: ZTimestamp,
  expiresAt: ZTimestamp,
  voidedAt: ZTimestamp.nullable(),
  voidReason: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TOpsVoucher = z.infer<typeof ZOpsVoucher>;
export const ZOpsVoucherList = page(ZOpsVoucher);

/** What the CLI's `voucher issue` takes: the account, face value, names, start and validity, scope. */
export const ZOpsIssueVoucherRequest = z.object({
  account: ZAccountRef,
  faceFen: ZAmountFen,
  /** Its name per language; a language without one gets the platform's default name. */
  nameZh: ZOptionalText(opsVoucherNameMax),
  nameEn: ZOptionalText(opsVoucherNameMax),
  /** The first billing day (UTC+8) it is good for; absent: from now. */
  startsOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, vkey('dateFormat'))
    .optional(),
  days: z.coerce
    .number(vkey('invalid'))
    .int(vkey('invalid'))
    .min(1, vkey('tooSmall'))
    .max(opsVoucherDaysMax, vkey('tooBig'))
    .default(365),
  /** Service codes it pays for; absent or empty: every service. */
  services: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
  /** `csp/region` it pays in; absent or empty: every region. */
  regions: z.array(z.string().trim().min(1).max(128)).max(100).optional(),
  reason: ZOpsReason,
});
export type TOpsIssueVoucherRequest = z.input<typeof ZOpsIssueVoucherRequest>;

export const ZOpsVoidVoucherRequest = z.object({
  code: z.string().trim().min(1, vkey('required')).max(32, vkey('invalid')),
  reason: ZOpsReason,
});

// ---------------------------------------------------------------------------------------------
// discounts

export const ZOpsDiscountListQuery = z.object({ account: ZOptionalText(Limits.accountNameMax) });
export const ZOpsDiscount = z.object({
  accountId: ZId,
  accountName: z.string(),
  category: z.enum(OpsDiscountCategories),
  /** "0.8000": pays 80% of the list price. */
  rate: z.string(),
  updatedAt: ZTimestamp,
});
export type TOpsDiscount = z.infer<typeof ZOpsDiscount>;
export const ZOpsDiscountList = z.object({ list: z.array(ZOpsDiscount), total: z.number().int() });

export const ZOpsSetDiscountRequest = z.object({
  account: ZAccountRef,
  category: z.enum(OpsDiscountCategories, vkey('invalidValue')),
  rate: z
    .string(vkey('required'))
    .trim()
    .regex(opsDiscountRatePattern, vkey('invalid'))
    .refine((v) => Number(v) > 0, vkey('invalid')),
  reason: ZOpsReason,
});
export const ZOpsRemoveDiscountRequest = z.object({
  account: ZAccountRef,
  category: z.enum(OpsDiscountCategories, vkey('invalidValue')),
  reason: ZOpsReason,
});
export const ZOpsDiscountChange = z.object({
  accountId: ZId,
  accountName: z.string(),
  category: z.enum(OpsDiscountCategories),
  rate: z.string().nullable(),
  previous: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------
// top-up orders

export const ZOpsTopUpQuery = z.object({
  orderNo: z.string(vkey('required')).trim().min(1, vkey('required')).max(64, vkey('invalid')),
});
/** A top-up order as the back office sees it: never the payment QR code's content. */
export const ZOpsTopUpOrder = z.object({
  orderNo: z.string(),
  accountId: ZId,
  accountName: z.string(),
  channel: z.enum(['wechat', 'alipay']),
  amountFen: z.number().int(),
  currency: ZCurrency,
  status: z.enum(RechargeStatuses),
  /** The payment provider's transaction id, once paid. */
  providerTransactionId: z.string().nullable(),
  failReason: z.string().nullable(),
  notifications: z.number().int(),
  /** The serial number of the cash movement the payment made (null until paid). */
  serialNo: z.string().nullable(),
  createdAt: ZTimestamp,
  expiresAt: ZTimestamp,
  paidAt: ZTimestamp.nullable(),
  updatedAt: ZTimestamp,
});
export type TOpsTopUpOrder = z.infer<typeof ZOpsTopUpOrder>;

// ---------------------------------------------------------------------------------------------
// adjustments

export const ZOpsAdjustmentListQuery = z.object({
  status: z.enum(OpsAdjustmentStatuses, vkey('invalidValue')).optional(),
  account: ZOptionalText(Limits.accountNameMax),
  pageNo: ZPageNo,
  pageSize: ZPageSize,
});

const ZOperatorRef = z.object({ id: ZId, username: z.string(), role: z.enum(OpsRoles) });

export const ZOpsAdjustment = z.object({
  id: ZId,
  accountId: ZId,
  accountName: z.string(),
  direction: z.enum(OpsAdjustmentDirections),
  amountFen: z.number().int(),
  reason: z.string(),
  status: z.enum(OpsAdjustmentStatuses),
  /** It was above the threshold when made: a second finance operator decides. */
  needsApproval: z.boolean(),
  requestedBy: ZOperatorRef,
  requestedAt: ZTimestamp,
  decidedBy: ZOperatorRef.nullable(),
  decidedAt: ZTimestamp.nullable(),
  decisionNote: z.string().nullable(),
  /** The cash movement's serial number and the cash after it, once applied. */
  serialNo: z.string().nullable(),
  balanceAfterFen: z.number().int().nullable(),
});
export type TOpsAdjustment = z.infer<typeof ZOpsAdjustment>;
export const ZOpsAdjustmentList = page(ZOpsAdjustment).extend({
  /** Adjustments above this many fen wait for a second finance operator. */
  approvalThresholdFen: z.number().int(),
});

export const ZOpsCreateAdjustmentRequest = z.object({
  account: ZAccountRef,
  direction: z.enum(OpsAdjustmentDirections, vkey('invalidValue')),
  amountFen: ZAmountFen,
  reason: ZOpsReason,
});
export const ZOpsApproveAdjustmentRequest = z.object({
  adjustmentId: ZId,
  note: ZOptionalText(500),
});
export const ZOpsRejectAdjustmentRequest = z.object({ adjustmentId: ZId, reason: ZOpsReason });

// ---------------------------------------------------------------------------------------------
// the routes

const everyRole = OpsRoles;
const financeRoles = ['owner', 'finance'] as const satisfies readonly TOpsRole[];
const accountUnknown = ErrorCode.opsFinanceAccountNotFound;

export const opsFinanceRoutes = {
  opsFinanceVouchers: {
    method: 'GET',
    path: '/api/ops/finance/vouchers',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-finance',
    summary: 'Vouchers of every account, or of one, in a state or any: newest first',
    query: ZOpsVoucherListQuery,
    response: ZOpsVoucherList,
    codes: [accountUnknown],
  },
  opsFinanceIssueVoucher: {
    method: 'POST',
    path: '/api/ops/finance/vouchers/issue',
    access: 'operator',
    roles: financeRoles,
    stepUp: true,
    tag: 'ops-finance',
    summary:
      "Issues a voucher to an account (what the CLI's voucher issue does), with a reason; needs a fresh second factor",
    body: ZOpsIssueVoucherRequest,
    response: ZOpsVoucher,
    codes: [accountUnknown, ErrorCode.opsFinanceVoucherExpired],
  },
  opsFinanceVoidVoucher: {
    method: 'POST',
    path: '/api/ops/finance/vouchers/void',
    access: 'operator',
    roles: financeRoles,
    stepUp: true,
    tag: 'ops-finance',
    summary: 'Voids a voucher (what is left of it is no longer spent), with a reason',
    body: ZOpsVoidVoucherRequest,
    response: ZOpsVoucher,
    codes: [ErrorCode.opsFinanceVoucherNotFound, ErrorCode.opsFinanceVoucherVoided],
  },
  opsFinanceDiscounts: {
    method: 'GET',
    path: '/api/ops/finance/discounts',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-finance',
    summary: "Every account's discount rates, or one account's",
    query: ZOpsDiscountListQuery,
    response: ZOpsDiscountList,
    codes: [accountUnknown],
  },
  opsFinanceSetDiscount: {
    method: 'POST',
    path: '/api/ops/finance/discounts/set',
    access: 'operator',
    roles: financeRoles,
    stepUp: true,
    tag: 'ops-finance',
    summary:
      "Sets an account's rate for a SKU category or for all (*), with a reason; usage rated afterwards uses it",
    body: ZOpsSetDiscountRequest,
    response: ZOpsDiscountChange,
    codes: [accountUnknown],
  },
  opsFinanceRemoveDiscount: {
    method: 'POST',
    path: '/api/ops/finance/discounts/remove',
    access: 'operator',
    roles: financeRoles,
    stepUp: true,
    tag: 'ops-finance',
    summary: "Removes an account's rate for a category (or for all), with a reason",
    body: ZOpsRemoveDiscountRequest,
    response: ZOpsDiscountChange,
    codes: [accountUnknown, ErrorCode.opsFinanceDiscountNotFound],
  },
  opsFinanceTopUpOrder: {
    method: 'GET',
    path: '/api/ops/finance/top-up',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-finance',
    summary:
      'A top-up order by its number: status, amount, channel, account, times and the provider transaction id',
    query: ZOpsTopUpQuery,
    response: ZOpsTopUpOrder,
    codes: [ErrorCode.opsFinanceOrderNotFound],
  },
  opsFinanceAdjustments: {
    method: 'GET',
    path: '/api/ops/finance/adjustments',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-finance',
    summary: 'Manual cash adjustments, newest first: pending ones wait for a second finance operator',
    query: ZOpsAdjustmentListQuery,
    response: ZOpsAdjustmentList,
    codes: [accountUnknown],
  },
  opsFinanceCreateAdjustment: {
    method: 'POST',
    path: '/api/ops/finance/adjustments',
    access: 'operator',
    roles: financeRoles,
    stepUp: true,
    tag: 'ops-finance',
    summary:
      "Credits or debits an account's cash with a reason: at once up to the approval threshold, above it once a second finance operator approves",
    body: ZOpsCreateAdjustmentRequest,
    response: ZOpsAdjustment,
    codes: [accountUnknown, ErrorCode.opsFinanceCashShort],
  },
  opsFinanceApproveAdjustment: {
    method: 'POST',
    path: '/api/ops/finance/adjustments/approve',
    access: 'operator',
    roles: financeRoles,
    stepUp: true,
    tag: 'ops-finance',
    summary:
      "Approves another operator's pending adjustment: the money moves, exactly once whatever the retries",
    body: ZOpsApproveAdjustmentRequest,
    response: ZOpsAdjustment,
    codes: [
      ErrorCode.opsFinanceAdjustmentNotFound,
      ErrorCode.opsFinanceAdjustmentDecided,
      ErrorCode.opsFinanceOwnAdjustment,
      ErrorCode.opsFinanceCashShort,
    ],
  },
  opsFinanceRejectAdjustment: {
    method: 'POST',
    path: '/api/ops/finance/adjustments/reject',
    access: 'operator',
    roles: financeRoles,
    tag: 'ops-finance',
    summary: "Rejects another operator's pending adjustment with a reason: nothing moves",
    body: ZOpsRejectAdjustmentRequest,
    response: ZOpsAdjustment,
    codes: [
      ErrorCode.opsFinanceAdjustmentNotFound,
      ErrorCode.opsFinanceAdjustmentDecided,
      ErrorCode.opsFinanceOwnAdjustment,
    ],
  },
} as const satisfies Record<string, TOpsRouteDef>;
