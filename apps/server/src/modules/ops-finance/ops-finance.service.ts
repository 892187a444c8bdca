/**
 * The back office's vouchers, discounts and top-up orders (issue 40 item 5). The acts call the
 * billing module's services that the CLI's `voucher` and `discount` commands call, with an audit
 * writer that puts the operator, their role and the reason in the installation's chain and the
 * act in the account's own chain ("Platform operator (finance)"), in the act's transaction.
 */
import { ErrorCode } from '@console/contract/codes';
import type { TLanguage } from '@console/contract/enums';
import type {
  TOpsDiscount,
  TOpsTopUpOrder,
  TOpsVoucher,
  ZOpsIssueVoucherRequest,
  ZOpsVoucherListQuery,
} from '@console/contract/ops';
import type { z } from 'zod';
import type { TDeps, TOpsAuth, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { translateValidation } from '../../i18n';
import { isDay, startOfDay } from '../../lib/billing-day';
import {
  currencyOf,
  issueVoucher,
  listAnyDiscounts,
  listAnyVouchers,
  OperatorInputError,
  rechargeOrderForOperator,
  removeDiscount,
  setDiscount,
  type TOperatorAudit,
  voidVoucher,
  voucherForOperator,
} from '../billing';
import { actorOf, auditOperatorAccountAct } from '../operator';

const dayMs = 86_400_000;

/** The audit writer of one operator's act, for the billing services. */
export function operatorAudit(auth: TOpsAuth, reason: string | null, meta: TRequestMeta): TOperatorAudit {
  const actor = actorOf(auth);
  return (tx, e) =>
    auditOperatorAccountAct(tx, {
      actor,
      accountId: e.accountId,
      action: e.action,
      objectType: e.objectType,
      objectId: e.objectId,
      objectName: e.objectName,
      reason,
      info: e.info,
      meta,
      at: e.at,
    });
}

function fieldError(lang: TLanguage, field: string, key: string): AppError {
  return new AppError(ErrorCode.badRequest, {
    data: { fieldErrors: { [field]: translateValidation(lang, key) } },
  });
}

/** The billing services' refusals as the back office's answers: a code, or the field at fault. */
async function answering<T>(lang: TLanguage, act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    if (!(error instanceof OperatorInputError)) throw error;
    switch (error.problem) {
      case 'account':
        throw new AppError(ErrorCode.opsFinanceAccountNotFound);
      case 'voucher':
        throw new AppError(ErrorCode.opsFinanceVoucherNotFound);
      case 'voided':
        throw new AppError(ErrorCode.opsFinanceVoucherVoided);
      case 'discount':
        throw new AppError(ErrorCode.opsFinanceDiscountNotFound);
      case 'services':
        throw fieldError(lang, 'services', 'serviceUnknown');
      case 'regions':
        throw fieldError(lang, 'regions', 'regionUnknown');
    }
  }
}

type TVoucherRow = NonNullable<Awaited<ReturnType<typeof voucherForOperator>>>;

function voucherView(r: TVoucherRow): TOpsVoucher {
  return {
    id: r.id,
    code: r.code,
    accountId: r.accountId,
    accountName: r.accountName,
    nameZh: r.nameZh,
    nameEn: r.nameEn,
    faceFen: r.faceFen,
    availableFen: r.availableFen,
    state: r.state,
    effectiveAt: r.effectiveAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    voidedAt: r.voidedAt?.toISOString() ?? null,
    voidReason: r.voidReason,
    createdAt: r.createdAt.toISOString(),
  };
}

async function oneVoucher(deps: TDeps, id: number): Promise<TOpsVoucher> {
  const row = await voucherForOperator(deps, id);
  if (!row) throw new AppError(ErrorCode.opsFinanceVoucherNotFound);
  return voucherView(row);
}

export async function listVouchersForOperator(
  deps: TDeps,
  lang: TLanguage,
  query: z.output<typeof ZOpsVoucherListQuery>,
) {
  const { total, rows } = await answering(lang, () =>
    listAnyVouchers(deps, {
      accountName: query.account,
      state: query.state,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    }),
  );
  return {
    list: rows.map(voucherView),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    currency: currencyOf(deps.config.edition),
  };
}

/** Issues a voucher as the CLI's `voucher issue` does: from its start day (UTC+8) for its days. */
export async function issueVoucherForOperator(
  deps: TDeps,
  auth: TOpsAuth,
  lang: TLanguage,
  input: z.output<typeof ZOpsIssueVoucherRequest>,
  meta: TRequestMeta,
): Promise<TOpsVoucher> {
  const now = deps.clock.now();
  if (input.startsOn !== undefined && !isDay(input.startsOn))
    throw fieldError(lang, 'startsOn', 'dateFormat');
  const effectiveAt = input.startsOn === undefined ? now : startOfDay(input.startsOn);
  const expiresAt = new Date(effectiveAt.getTime() + input.days * dayMs);
  if (expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.opsFinanceVoucherExpired);
  const listed = (items: string[] | undefined) => (items && items.length > 0 ? [...new Set(items)] : null);
  const issued = await answering(lang, () =>
    issueVoucher(
      deps,
      {
        accountName: input.account,
        faceFen: input.faceFen,
        names: { 'zh-CN': input.nameZh, 'en-US': input.nameEn },
        effectiveAt,
        expiresAt,
        services: listed(input.services),
        regions: listed(input.regions),
      },
      operatorAudit(auth, input.reason, meta),
    ),
  );
  return oneVoucher(deps, issued.id);
}

export async function voidVoucherForOperator(
  deps: TDeps,
  auth: TOpsAuth,
  lang: TLanguage,
  input: { code: string; reason: string },
  meta: TRequestMeta,
): Promise<TOpsVoucher> {
  const voided = await answering(lang, () =>
    voidVoucher(deps, input.code, input.reason, operatorAudit(auth, input.reason, meta)),
  );
  return oneVoucher(deps, voided.id);
}

export async function listDiscountsForOperator(
  deps: TDeps,
  lang: TLanguage,
  query: { account?: string | undefined },
): Promise<{ list: TOpsDiscount[]; total: number }> {
  const rows = await answering(lang, () => listAnyDiscounts(deps, query.account));
  return {
    list: rows.map((r) => ({
      accountId: r.accountId,
      accountName: r.accountName,
      category: r.category as TOpsDiscount['category'],
      rate: r.rate,
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: rows.length,
  };
}

export async function setDiscountForOperator(
  deps: TDeps,
  auth: TOpsAuth,
  lang: TLanguage,
  input: { account: string; category: TOpsDiscount['category']; rate: string; reason: string },
  meta: TRequestMeta,
) {
  const rate = Number(input.rate).toFixed(4);
  const { account, previous } = await answering(lang, () =>
    setDiscount(deps, input.account, input.category, rate, operatorAudit(auth, input.reason, meta)),
  );
  return { accountId: account.id, accountName: account.name, category: input.category, rate, previous };
}

export async function removeDiscountForOperator(
  deps: TDeps,
  auth: TOpsAuth,
  lang: TLanguage,
  input: { account: string; category: TOpsDiscount['category']; reason: string },
  meta: TRequestMeta,
) {
  const { account, previous } = await answering(lang, () =>
    removeDiscount(deps, input.account, input.category, operatorAudit(auth, input.reason, meta)),
  );
  return { accountId: account.id, accountName: account.name, category: input.category, rate: null, previous };
}

/** A top-up order by its number, without the payment QR code's content. */
export async function topUpOrderForOperator(deps: TDeps, orderNo: string): Promise<TOpsTopUpOrder> {
  const order = await rechargeOrderForOperator(deps, orderNo);
  if (!order) throw new AppError(ErrorCode.opsFinanceOrderNotFound);
  return {
    orderNo: order.id,
    accountId: order.accountId,
    accountName: order.accountName,
    channel: order.channel,
    amountFen: order.amountFen,
    currency: currencyOf(deps.config.edition),
    status: order.status,
    providerTransactionId: order.providerTradeNo,
    failReason: order.failReason,
    notifications: order.notifyCount,
    serialNo: order.serialNo,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    updatedAt: order.updatedAt.toISOString(),
  };
}
