/**
 * What the account's administrators read of their money (spec section 7 "Billing"): the funds
 * account, vouchers, voucher deductions and transactions.
 */
import type { TFundsAccount, TLanguage, TTransaction, TVoucher } from '@console/contract';
import { fenToYuan } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TAuth, TDeps } from '../../../context';
import { AppError } from '../../../errors';
import { translateValidation } from '../../../i18n';
import { startOfDay } from '../../../lib/billing-day';
import { nameIn } from '../../service';
import { currencyOf } from '../money';
import { countTransactions, fundsOverview, listTransactionRows } from './funds.repository';
import {
  countDeductions,
  countVouchers,
  listDeductionRows,
  listVoucherRows,
  scopeNameRows,
} from './vouchers.repository';

const dayMs = 86_400_000;

export async function fundsAccount(deps: TDeps, auth: TAuth): Promise<TFundsAccount> {
  const row = await fundsOverview(deps.db, auth.accountId, deps.clock.now());
  const cash = row?.cashFen ?? 0;
  const outstanding = row?.outstandingFen ?? 0;
  const voucherFen = row?.voucherFen ?? 0;
  return {
    cashAmount: fenToYuan(cash),
    outstandingAmount: fenToYuan(outstanding),
    voucherAmount: fenToYuan(voucherFen),
    availableAmount: fenToYuan(cash + voucherFen - outstanding),
    accountStatus: row?.status ?? 0,
    arrearsSince: row?.arrearsSince ? row.arrearsSince.toISOString() : null,
    servicesPausedAt: row?.servicesPausedAt ? row.servicesPausedAt.toISOString() : null,
    // Special VAT invoices need a passed enterprise verification.
    invoiceTypes: row?.hasEnterpriseCertification ? ['ordinary', 'specialVat'] : ['ordinary'],
    currency: currencyOf(deps.config.edition),
  };
}

async function scopeNames(deps: TDeps, lang: TLanguage) {
  const { serviceRows, regionRows } = await scopeNameRows(deps.db);
  return {
    services: new Map(serviceRows.map((s) => [s.id, nameIn(lang, s)])),
    regions: new Map(
      regionRows.map((r) => [
        r.id,
        `${nameIn(lang, { name_zh: r.cspZh, name_en: r.cspEn })} ${nameIn(lang, r)}`,
      ]),
    ),
  };
}

export async function listVouchers(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  query: { state?: TVoucher['state'] | undefined; pageNo: number; pageSize: number },
) {
  const now = deps.clock.now();
  const total = await countVouchers(deps.db, auth.accountId, query.state, now);
  const rows = await listVoucherRows(deps.db, {
    accountId: auth.accountId,
    state: query.state,
    now,
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  const names = await scopeNames(deps, lang);
  return {
    list: rows.map(
      (r): TVoucher => ({
        id: r.id,
        code: r.code,
        name: nameIn(lang, r),
        faceValue: fenToYuan(r.faceFen),
        availableAmount: fenToYuan(r.availableFen),
        usedAmount: fenToYuan(r.faceFen - r.availableFen),
        effectiveTime: r.effectiveAt.toISOString(),
        expireTime: r.expiresAt.toISOString(),
        productScope: (r.serviceIds ?? []).map((id) => names.services.get(id) ?? String(id)),
        regionScope: (r.regionIds ?? []).map((id) => names.regions.get(id) ?? String(id)),
        state: r.state,
      }),
    ),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function listDeductions(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  query: { voucherId?: number | undefined; pageNo: number; pageSize: number },
) {
  const total = await countDeductions(deps.db, auth.accountId, query.voucherId);
  const rows = await listDeductionRows(deps.db, {
    accountId: auth.accountId,
    voucherId: query.voucherId,
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  return {
    list: rows.map((r) => ({
      voucherId: r.voucherId,
      voucherCode: r.code,
      voucherName: nameIn(lang, r.voucher),
      date: r.day,
      instanceName: r.instanceName,
      skuName: nameIn(lang, r),
      amount: fenToYuan(r.amountFen),
    })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

function cursorOf(time: Date, id: number): string {
  return `${time.toISOString()}_${id}`;
}

function parseCursor(cursor: string | undefined): { time: Date; id: number } | null {
  if (!cursor) return null;
  const [time, id] = cursor.split('_');
  const at = new Date(time ?? '');
  if (Number.isNaN(at.getTime()) || !/^\d+$/.test(id ?? '')) return null;
  return { time: at, id: Number(id) };
}

export async function listTransactions(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  query: {
    type?: TTransaction['type'] | undefined;
    startDate?: string | undefined;
    endDate?: string | undefined;
    pageNo: number;
    pageSize: number;
    cursor?: string | undefined;
  },
) {
  // The range is of billing days (UTC+8): from the start of the first to the end of the last.
  const from = query.startDate ? startOfDay(query.startDate) : null;
  const to = query.endDate ? new Date(startOfDay(query.endDate).getTime() + dayMs) : null;
  if ((query.startDate && Number.isNaN(from?.getTime())) || (query.endDate && Number.isNaN(to?.getTime()))) {
    throw new AppError(ErrorCode.badRequest, {
      data: { fieldErrors: { startDate: translateValidation(lang, 'dateFormat') } },
    });
  }
  const filter = { accountId: auth.accountId, type: query.type, from, to };
  const total = await countTransactions(deps.db, filter);
  const rows = await listTransactionRows(deps.db, {
    ...filter,
    after: parseCursor(query.cursor),
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  return {
    list: rows.map(
      (r): TTransaction => ({
        id: r.id,
        type: r.type,
        channel: r.channel,
        amount: fenToYuan(r.amountFen),
        balanceAfter: fenToYuan(r.balanceAfterFen),
        serialNo: r.serialNo,
        accountName: r.accountName,
        remark: r.remark,
        time: r.createdAt.toISOString(),
        cursor: cursorOf(r.createdAt, r.id),
      }),
    ),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
