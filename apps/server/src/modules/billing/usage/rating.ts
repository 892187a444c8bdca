/**
 * Usage ingestion, rating and deduction (issue "Billing" 1 and 2; PRODUCT-FACTS "Funds and
 * billing"). A batch is rated and paid in one transaction:
 *
 * 1. records are checked against the reference data (account, its instance, the SKU, the period);
 *    a record already received (by its id) changes nothing;
 * 2. the funds rows of the batch's accounts are locked in id order (concurrent batches of one
 *    account apply one after the other; no deadlocks);
 * 3. each record is rated: amount = quantity × list price, discounted amount = amount × the
 *    account's rate for the SKU's category (or all categories), both rounded to the fen;
 * 4. the discounted amount is paid by the vouchers that apply (in effect, product and region
 *    scope), earliest expiry first, then by cash; what neither covers becomes outstanding and puts
 *    the account in arrears;
 * 5. the daily rollups, voucher deductions, vouchers, funds, one consumption transaction per account
 *    and one audit entry per account are written with the records.
 */
import type { TUsageBatchResult } from '@console/contract';
import type { TDeps } from '../../../context';
import type { TDb } from '../../../db/client';
import { dayOf } from '../../../lib/billing-day';
import { writeAudit } from '../../audit';
import { lockFunds, recordTransaction, saveFunds } from '../funds/funds.service';
import { discountFen, rateFen, scaled } from '../money';
import {
  addToUsageDaily,
  addVoucherDeduction,
  allSkus,
  discountRates,
  ensureUsageMonths,
  insertUsageRecords,
  instancesByName,
  knownRecordIds,
  lockVouchersInEffect,
  setVoucherAvailable,
  type TUsageDailyRow,
  type TUsageRecordRow,
  type TVoucherDeduction,
} from './usage.repository';

export type TUsageRecord = {
  recordId: string;
  accountName: string;
  instanceName: string;
  skuCode: string;
  workspace: string;
  periodStart: string;
  periodEnd: string;
  quantity: string;
};

const hourMs = 3_600_000;

type TInstanceRow = Awaited<ReturnType<typeof instancesByName>>[number];
type TSkuRow = Awaited<ReturnType<typeof allSkus>>[number];

type TRated = TUsageRecord & {
  accountId: number;
  instanceId: number;
  regionId: number;
  day: string;
  unitPriceFen: string;
  rate: string;
  amountFen: number;
  discountedFen: number;
  voucherFen: number;
  cashFen: number;
  outstandingFen: number;
};

async function referenceData(db: TDb, records: readonly TUsageRecord[]) {
  const names = [...new Set(records.map((r) => r.instanceName))];
  const instances = await instancesByName(db, names);
  const skus = await allSkus(db);
  return {
    byInstance: new Map(instances.map((i) => [i.instanceName, i])),
    bySku: new Map(skus.map((s) => [s.code, s])),
  };
}

function problemOf(
  r: TUsageRecord,
  instance: TInstanceRow | undefined,
  sku: TSkuRow | undefined,
): string | null {
  if (!instance) return 'UNKNOWN_INSTANCE';
  if (instance.accountName !== r.accountName) return 'INSTANCE_OF_ANOTHER_ACCOUNT';
  if (!sku) return 'UNKNOWN_SKU';
  const start = Date.parse(r.periodStart);
  const end = Date.parse(r.periodEnd);
  if (!(end > start)) return 'BAD_PERIOD';
  if (end - start > 25 * hourMs) return 'PERIOD_TOO_LONG';
  return null;
}

/** Rates and pays a batch; answers what was accepted, what was received before, what was refused. */
export async function ingestUsage(deps: TDeps, records: readonly TUsageRecord[]): Promise<TUsageBatchResult> {
  const now = deps.clock.now();
  const { byInstance, bySku } = await referenceData(deps.db, records);
  const rejected: { recordId: string; reason: string }[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  const valid: (TUsageRecord & { instance: TInstanceRow; sku: TSkuRow })[] = [];
  for (const r of records) {
    if (seen.has(r.recordId)) {
      duplicates += 1;
      continue;
    }
    seen.add(r.recordId);
    const instance = byInstance.get(r.instanceName);
    const sku = bySku.get(r.skuCode);
    const problem = problemOf(r, instance, sku);
    if (problem) rejected.push({ recordId: r.recordId, reason: problem });
    else valid.push({ ...r, instance: instance as TInstanceRow, sku: sku as TSkuRow });
  }
  if (valid.length === 0) return { accepted: 0, duplicates, rejected };
  await ensureUsageMonths(
    deps.db,
    valid.map((r) => dayOf(new Date(r.periodStart))),
  );

  const accepted = await deps.db.transaction(async (tx) => {
    const accountIds = [...new Set(valid.map((r) => r.instance.accountId))];
    const funds = await lockFunds(tx, accountIds);
    const known = await knownRecordIds(
      tx,
      valid.map((r) => r.recordId),
    );
    const fresh = valid
      .filter((r) => !known.has(r.recordId))
      .sort((a, b) => a.periodEnd.localeCompare(b.periodEnd) || a.recordId.localeCompare(b.recordId));
    duplicates += valid.length - fresh.length;
    if (fresh.length === 0) return 0;

    const discounts = await discountRates(tx, accountIds);
    const rateOf = (accountId: number, category: string) =>
      discounts.find((d) => d.accountId === accountId && d.category === category)?.rate ??
      discounts.find((d) => d.accountId === accountId && d.category === '*')?.rate ??
      '1';
    const vouchers = await lockVouchersInEffect(tx, accountIds, now);
    const deductions = new Map<string, TVoucherDeduction>();
    const cashUsed = new Map<number, number>();

    const rated: TRated[] = fresh.map((r) => {
      const accountId = r.instance.accountId;
      const instanceId = r.instance.id;
      const regionId = r.instance.regionId;
      const rate = rateOf(accountId, r.sku.category);
      const amountFen = rateFen(r.quantity, r.sku.unitPriceFen);
      const discountedFen = discountFen(amountFen, rate);
      const day = dayOf(new Date(r.periodStart));
      let rest = discountedFen;
      let voucherFen = 0;
      for (const v of vouchers) {
        if (rest === 0) break;
        if (v.accountId !== accountId || v.availableFen === 0) continue;
        if (v.serviceIds && !v.serviceIds.includes(r.sku.serviceId)) continue;
        if (v.regionIds && !v.regionIds.includes(regionId)) continue;
        const take = Math.min(v.availableFen, rest);
        v.availableFen -= take;
        rest -= take;
        voucherFen += take;
        const key = `${v.id}|${day}|${instanceId}|${r.skuCode}`;
        const d = deductions.get(key) ?? {
          voucherId: v.id,
          accountId,
          day,
          instanceId,
          skuCode: r.skuCode,
          fen: 0,
        };
        d.fen += take;
        deductions.set(key, d);
      }
      const account = funds.get(accountId);
      let cashFen = 0;
      if (account && rest > 0) {
        cashFen = Math.min(account.cashFen, rest);
        account.cashFen -= cashFen;
        rest -= cashFen;
        cashUsed.set(accountId, (cashUsed.get(accountId) ?? 0) + cashFen);
      }
      if (account) account.outstandingFen += rest;
      return {
        ...r,
        accountId,
        instanceId,
        regionId,
        day,
        unitPriceFen: r.sku.unitPriceFen,
        rate,
        amountFen,
        discountedFen,
        voucherFen,
        cashFen,
        outstandingFen: rest,
      };
    });

    await insertRecords(tx, rated, now);
    await upsertRollups(tx, rated);
    for (const d of deductions.values()) await addVoucherDeduction(tx, d, now);
    for (const v of vouchers) await setVoucherAvailable(tx, v.id, v.availableFen);
    for (const accountId of accountIds) {
      const account = funds.get(accountId);
      if (!account) continue;
      const mine = rated.filter((r) => r.accountId === accountId);
      if (mine.length === 0) continue;
      const paid = cashUsed.get(accountId) ?? 0;
      if (paid > 0) {
        await recordTransaction(tx, {
          accountId,
          type: 'consumption',
          channel: 'balance',
          amountFen: -paid,
          balanceAfterFen: account.cashFen,
          reference: `usage:${dayOf(now)}`,
          now,
        });
      }
      await saveFunds(tx, account, now);
      await writeAudit(tx, {
        accountId,
        userId: null,
        username: null,
        action: 'usage.ingest',
        objectType: 'account',
        objectId: String(accountId),
        objectName: mine[0]?.accountName ?? null,
        isSuccess: true,
        info: {
          records: mine.length,
          discountedFen: sum(mine, 'discountedFen'),
          voucherFen: sum(mine, 'voucherFen'),
          cashFen: sum(mine, 'cashFen'),
          outstandingFen: sum(mine, 'outstandingFen'),
        },
        createdAt: now,
      });
    }
    return rated.length;
  });
  return { accepted, duplicates, rejected };
}

function sum(
  rows: readonly TRated[],
  key: 'discountedFen' | 'voucherFen' | 'cashFen' | 'outstandingFen',
): number {
  return rows.reduce((n, r) => n + r[key], 0);
}

async function insertRecords(tx: TDb, rated: readonly TRated[], now: Date) {
  const rows: TUsageRecordRow[] = rated.map((r) => ({
    record_id: r.recordId,
    account_id: r.accountId,
    instance_id: r.instanceId,
    region_id: r.regionId,
    sku_code: r.skuCode,
    workspace: r.workspace,
    period_start: r.periodStart,
    period_end: r.periodEnd,
    bill_day: r.day,
    quantity: r.quantity,
    unit_price_fen: r.unitPriceFen,
    discount_rate: r.rate,
    amount_fen: r.amountFen,
    discounted_fen: r.discountedFen,
    voucher_fen: r.voucherFen,
    cash_fen: r.cashFen,
    outstanding_fen: r.outstandingFen,
  }));
  await insertUsageRecords(tx, rows, now);
}

async function upsertRollups(tx: TDb, rated: readonly TRated[]) {
  const groups = new Map<
    string,
    { r: TRated; quantity: bigint; a: number; d: number; v: number; c: number; o: number; n: number }
  >();
  for (const r of rated) {
    const key = `${r.accountId}|${r.day}|${r.instanceId}|${r.workspace}|${r.skuCode}`;
    const g = groups.get(key) ?? { r, quantity: 0n, a: 0, d: 0, v: 0, c: 0, o: 0, n: 0 };
    g.quantity += scaled(r.quantity, 6);
    g.a += r.amountFen;
    g.d += r.discountedFen;
    g.v += r.voucherFen;
    g.c += r.cashFen;
    g.o += r.outstandingFen;
    g.n += 1;
    groups.set(key, g);
  }
  const rows: TUsageDailyRow[] = [...groups.values()].map((g) => ({
    account_id: g.r.accountId,
    day: g.r.day,
    instance_id: g.r.instanceId,
    workspace: g.r.workspace,
    sku_code: g.r.skuCode,
    quantity: `${g.quantity / 1_000_000n}.${(g.quantity % 1_000_000n).toString().padStart(6, '0')}`,
    amount_fen: g.a,
    discounted_fen: g.d,
    voucher_fen: g.v,
    cash_fen: g.c,
    outstanding_fen: g.o,
    records: g.n,
  }));
  await addToUsageDaily(tx, rows);
}
