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
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../context';
import { rowsOf, type TDb } from '../../db/client';
import { writeAudit } from '../audit';
import { insertTransaction, lockFunds, saveFunds } from './funds.repository';
import { discountFen, rateFen, scaled } from './money';

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
/** Billing days are those of UTC+8. */
export const billingOffsetMs = 8 * hourMs;
export const dayOf = (at: Date): string =>
  new Date(at.getTime() + billingOffsetMs).toISOString().slice(0, 10);

type TInstanceRow = {
  id: number;
  account_id: number;
  account_name: string;
  region_id: number;
  service_id: number;
};
type TSkuRow = { code: string; category: string; service_id: number; unit_price_fen: string };
type TVoucherRow = {
  id: number;
  account_id: number;
  available_fen: number;
  service_ids: number[] | string | null;
  region_ids: number[] | string | null;
};

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

const parsedJson = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

async function referenceData(db: TDb, records: readonly TUsageRecord[]) {
  const names = [...new Set(records.map((r) => r.instanceName))];
  const instances = rowsOf<TInstanceRow & { instance_name: string }>(
    await db.execute(sql`
      select i.id, i.instance_name, i.account_id, a.name as account_name, i.region_id, i.service_id
        from instances i join accounts a on a.id = i.account_id
       where i.instance_name = any(${toTextArray(names)}::text[])`),
  );
  const skus = rowsOf<TSkuRow>(
    await db.execute(sql`select code, category, service_id, unit_price_fen from skus`),
  );
  return {
    byInstance: new Map(instances.map((i) => [i.instance_name, i])),
    bySku: new Map(skus.map((s) => [s.code, s])),
  };
}

function problemOf(
  r: TUsageRecord,
  instance: TInstanceRow | undefined,
  sku: TSkuRow | undefined,
): string | null {
  if (!instance) return 'UNKNOWN_INSTANCE';
  if (instance.account_name !== r.accountName) return 'INSTANCE_OF_ANOTHER_ACCOUNT';
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

  const accepted = await deps.db.transaction(async (tx) => {
    const accountIds = [...new Set(valid.map((r) => Number(r.instance.account_id)))];
    const funds = await lockFunds(tx, accountIds);
    const ids = valid.map((r) => r.recordId);
    const known = new Set(
      rowsOf<{ record_id: string }>(
        await tx.execute(sql`
          select record_id from usage_records where record_id = any(${toTextArray(ids)}::text[])`),
      ).map((r) => r.record_id),
    );
    const fresh = valid
      .filter((r) => !known.has(r.recordId))
      .sort((a, b) => a.periodEnd.localeCompare(b.periodEnd) || a.recordId.localeCompare(b.recordId));
    duplicates += valid.length - fresh.length;
    if (fresh.length === 0) return 0;

    const list = `{${accountIds.join(',')}}`;
    const discounts = rowsOf<{ account_id: number; category: string; rate: string }>(
      await tx.execute(
        sql`select account_id, category, rate from account_discounts where account_id = any(${list}::bigint[])`,
      ),
    );
    const rateOf = (accountId: number, category: string) =>
      discounts.find((d) => Number(d.account_id) === accountId && d.category === category)?.rate ??
      discounts.find((d) => Number(d.account_id) === accountId && d.category === '*')?.rate ??
      '1';
    const vouchers = rowsOf<TVoucherRow>(
      await tx.execute(sql`
        select id, account_id, available_fen, service_ids, region_ids from vouchers
         where account_id = any(${list}::bigint[]) and voided_at is null and available_fen > 0
           and effective_at <= ${now} and expires_at > ${now}
         order by expires_at, id
         for update`),
    ).map((v) => ({
      ...v,
      id: Number(v.id),
      account_id: Number(v.account_id),
      available_fen: Number(v.available_fen),
      service_ids: parsedJson<number[]>(v.service_ids),
      region_ids: parsedJson<number[]>(v.region_ids),
    }));
    const deductions = new Map<
      string,
      { voucherId: number; accountId: number; day: string; instanceId: number; skuCode: string; fen: number }
    >();
    const cashUsed = new Map<number, number>();

    const rated: TRated[] = fresh.map((r) => {
      const accountId = Number(r.instance.account_id);
      const instanceId = Number(r.instance.id);
      const regionId = Number(r.instance.region_id);
      const rate = rateOf(accountId, r.sku.category);
      const amountFen = rateFen(r.quantity, r.sku.unit_price_fen);
      const discountedFen = discountFen(amountFen, rate);
      const day = dayOf(new Date(r.periodStart));
      let rest = discountedFen;
      let voucherFen = 0;
      for (const v of vouchers) {
        if (rest === 0) break;
        if (v.account_id !== accountId || v.available_fen === 0) continue;
        if (v.service_ids && !v.service_ids.includes(Number(r.sku.service_id))) continue;
        if (v.region_ids && !v.region_ids.includes(regionId)) continue;
        const take = Math.min(v.available_fen, rest);
        v.available_fen -= take;
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
        unitPriceFen: r.sku.unit_price_fen,
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
    for (const d of deductions.values()) {
      await tx.execute(sql`
        insert into voucher_deductions as x (voucher_id, account_id, day, instance_id, sku_code, amount_fen, updated_at)
        values (${d.voucherId}, ${d.accountId}, ${d.day}, ${d.instanceId}, ${d.skuCode}, ${d.fen}, ${now})
        on conflict (voucher_id, day, instance_id, sku_code)
        do update set amount_fen = x.amount_fen + excluded.amount_fen, updated_at = excluded.updated_at`);
    }
    for (const v of vouchers) {
      await tx.execute(
        sql`update vouchers set available_fen = ${v.available_fen} where id = ${v.id} and available_fen <> ${v.available_fen}`,
      );
    }
    for (const accountId of accountIds) {
      const account = funds.get(accountId);
      if (!account) continue;
      const mine = rated.filter((r) => r.accountId === accountId);
      if (mine.length === 0) continue;
      const paid = cashUsed.get(accountId) ?? 0;
      if (paid > 0) {
        await insertTransaction(tx, {
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

function toTextArray(values: readonly string[]): string {
  return `{${values.map((v) => JSON.stringify(v)).join(',')}}`;
}

async function insertRecords(tx: TDb, rated: readonly TRated[], now: Date) {
  for (let i = 0; i < rated.length; i += 2000) {
    const chunk = rated.slice(i, i + 2000).map((r) => ({
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
    await tx.execute(sql`
      insert into usage_records (record_id, account_id, instance_id, region_id, sku_code, workspace, period_start,
                                 period_end, bill_day, quantity, unit_price_fen, discount_rate, amount_fen,
                                 discounted_fen, voucher_fen, cash_fen, outstanding_fen, created_at)
      select record_id, account_id, instance_id, region_id, sku_code, workspace, period_start, period_end, bill_day,
             quantity, unit_price_fen, discount_rate, amount_fen, discounted_fen, voucher_fen, cash_fen,
             outstanding_fen, ${now}
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(
          record_id text, account_id bigint, instance_id bigint, region_id bigint, sku_code text, workspace text,
          period_start timestamptz, period_end timestamptz, bill_day date, quantity numeric, unit_price_fen numeric,
          discount_rate numeric, amount_fen bigint, discounted_fen bigint, voucher_fen bigint, cash_fen bigint,
          outstanding_fen bigint)`);
  }
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
  const rows = [...groups.values()].map((g) => ({
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
  for (let i = 0; i < rows.length; i += 2000) {
    await tx.execute(sql`
      insert into usage_daily as u (account_id, day, instance_id, workspace, sku_code, quantity, amount_fen,
                                    discounted_fen, voucher_fen, cash_fen, outstanding_fen, records)
      select * from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 2000))}::jsonb) as x(
        account_id bigint, day date, instance_id bigint, workspace text, sku_code text, quantity numeric,
        amount_fen bigint, discounted_fen bigint, voucher_fen bigint, cash_fen bigint, outstanding_fen bigint,
        records integer)
      on conflict (account_id, day, instance_id, workspace, sku_code) do update set
        quantity = u.quantity + excluded.quantity, amount_fen = u.amount_fen + excluded.amount_fen,
        discounted_fen = u.discounted_fen + excluded.discounted_fen, voucher_fen = u.voucher_fen + excluded.voucher_fen,
        cash_fen = u.cash_fen + excluded.cash_fen, outstanding_fen = u.outstanding_fen + excluded.outstanding_fen,
        records = u.records + excluded.records`);
  }
}
