/**
 * Usage ingestion's SQL: the reference data a batch is checked against (instances, SKUs), the
 * records already received, the account's discount rates, the vouchers that pay (locked), and the
 * writes of records, daily rollups, voucher deductions and voucher balances; and the usage hook's
 * accepted signatures (`hook_replays`). The rating rules are in rating.ts.
 */
import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import {
  accountDiscounts,
  accounts,
  hookReplays,
  instances,
  skus,
  usageRecordKeys,
  voucherDeductions,
  vouchers,
} from '../../../db/schema';

/** `{"a","b"}`: a PostgreSQL text array literal. */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => JSON.stringify(v)).join(',')}}`;
}

/** `{1,2}`: a PostgreSQL bigint array literal. */
function idArray(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

/** The instances of these names, with their account's name. */
export async function instancesByName(db: TDb, names: readonly string[]) {
  return db
    .select({
      id: instances.id,
      instanceName: instances.instanceName,
      accountId: instances.accountId,
      accountName: accounts.name,
      regionId: instances.regionId,
      serviceId: instances.serviceId,
    })
    .from(instances)
    .innerJoin(accounts, eq(accounts.id, instances.accountId))
    .where(sql`${instances.instanceName} = any(${textArray(names)}::text[])`);
}

/** Every SKU with its category, service and list price (fen per unit, exact decimal text). */
export async function allSkus(db: TDb) {
  return db
    .select({
      code: skus.code,
      category: skus.category,
      serviceId: skus.serviceId,
      unitPriceFen: skus.unitPriceFen,
    })
    .from(skus);
}

/**
 * Which of these record ids were received before: `usage_record_keys` holds every id once, whatever
 * the month (and so the partition of `usage_records`) its record went to.
 */
export async function knownRecordIds(db: TDb, recordIds: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .select({ recordId: usageRecordKeys.recordId })
    .from(usageRecordKeys)
    .where(sql`${usageRecordKeys.recordId} = any(${textArray(recordIds)}::text[])`);
  return new Set(rows.map((r) => r.recordId));
}

/** The months (`YYYY-MM`) whose partition of `usage_records` is known to exist, per database. */
const monthsMade = new WeakMap<TDb, Set<string>>();

/**
 * Makes sure the monthly partitions of `usage_records` for these billing days exist (the
 * migration's `usage_records_ensure_month`, a no-op for a month that has one; the months seen are
 * remembered). Outside the ingesting transaction, so that a batch never holds the lock a new
 * partition takes on the table. The background job makes the coming months ahead; this covers
 * usage of a month it did not foresee (late or early records).
 */
export async function ensureUsageMonths(db: TDb, days: readonly string[]): Promise<void> {
  const made = monthsMade.get(db) ?? new Set<string>();
  monthsMade.set(db, made);
  const months = [...new Set(days.map((d) => d.slice(0, 7)))].filter((m) => !made.has(m));
  if (months.length === 0) return;
  await db.execute(
    sql`select usage_records_ensure_month(m) from unnest(${textArray(months.map((m) => `${m}-01`))}::date[]) as m`,
  );
  for (const m of months) made.add(m);
}

/** The discount rates of the accounts, per category ('*': all categories). */
export async function discountRates(db: TDb, accountIds: readonly number[]) {
  return db
    .select({
      accountId: accountDiscounts.accountId,
      category: accountDiscounts.category,
      rate: accountDiscounts.rate,
    })
    .from(accountDiscounts)
    .where(sql`${accountDiscounts.accountId} = any(${idArray(accountIds)}::bigint[])`);
}

/** Locks the accounts' vouchers in effect with money left, earliest expiry first. */
export async function lockVouchersInEffect(db: TDb, accountIds: readonly number[], now: Date) {
  return db
    .select({
      id: vouchers.id,
      accountId: vouchers.accountId,
      availableFen: vouchers.availableFen,
      serviceIds: vouchers.serviceIds,
      regionIds: vouchers.regionIds,
    })
    .from(vouchers)
    .where(
      and(
        sql`${vouchers.accountId} = any(${idArray(accountIds)}::bigint[])`,
        isNull(vouchers.voidedAt),
        gt(vouchers.availableFen, 0),
        lte(vouchers.effectiveAt, now),
        gt(vouchers.expiresAt, now),
      ),
    )
    .orderBy(vouchers.expiresAt, vouchers.id)
    .for('update');
}

export type TVoucherDeduction = {
  voucherId: number;
  accountId: number;
  day: string;
  instanceId: number;
  skuCode: string;
  fen: number;
};

/** Adds what a voucher paid on a day for an instance and SKU. */
export async function addVoucherDeduction(db: TDb, d: TVoucherDeduction, now: Date): Promise<void> {
  await db
    .insert(voucherDeductions)
    .values({
      voucherId: d.voucherId,
      accountId: d.accountId,
      day: d.day,
      instanceId: d.instanceId,
      skuCode: d.skuCode,
      amountFen: d.fen,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [
        voucherDeductions.voucherId,
        voucherDeductions.day,
        voucherDeductions.instanceId,
        voucherDeductions.skuCode,
      ],
      set: {
        amountFen: sql`${voucherDeductions.amountFen} + excluded.amount_fen`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** Writes a voucher's money left (when it changed). */
export async function setVoucherAvailable(db: TDb, voucherId: number, availableFen: number): Promise<void> {
  await db
    .update(vouchers)
    .set({ availableFen })
    .where(and(eq(vouchers.id, voucherId), ne(vouchers.availableFen, availableFen)));
}

/** A rated record as written to `usage_records` (periods as ISO texts, decimals as texts). */
export type TUsageRecordRow = {
  record_id: string;
  account_id: number;
  instance_id: number;
  region_id: number;
  sku_code: string;
  workspace: string;
  period_start: string;
  period_end: string;
  bill_day: string;
  quantity: string;
  unit_price_fen: string;
  discount_rate: string;
  amount_fen: number;
  discounted_fen: number;
  voucher_fen: number;
  cash_fen: number;
  outstanding_fen: number;
};

/**
 * Inserts rated records and their ids (one statement each per 2000); an id already kept fails the
 * insert (primary key of `usage_record_keys`), so a record is never rated twice.
 */
export async function insertUsageRecords(
  db: TDb,
  rows: readonly TUsageRecordRow[],
  now: Date,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) {
    const batch = JSON.stringify(rows.slice(i, i + 2000));
    await db.execute(sql`
      insert into usage_record_keys (record_id, bill_day)
      select record_id, bill_day from jsonb_to_recordset(${batch}::jsonb) as x(record_id text, bill_day date)`);
    await db.execute(sql`
      insert into usage_records (record_id, account_id, instance_id, region_id, sku_code, workspace, period_start,
                                 period_end, bill_day, quantity, unit_price_fen, discount_rate, amount_fen,
                                 discounted_fen, voucher_fen, cash_fen, outstanding_fen, created_at)
      select record_id, account_id, instance_id, region_id, sku_code, workspace, period_start, period_end, bill_day,
             quantity, unit_price_fen, discount_rate, amount_fen, discounted_fen, voucher_fen, cash_fen,
             outstanding_fen, ${now}
        from jsonb_to_recordset(${batch}::jsonb) as x(
          record_id text, account_id bigint, instance_id bigint, region_id bigint, sku_code text, workspace text,
          period_start timestamptz, period_end timestamptz, bill_day date, quantity numeric, unit_price_fen numeric,
          discount_rate numeric, amount_fen bigint, discounted_fen bigint, voucher_fen bigint, cash_fen bigint,
          outstanding_fen bigint)`);
  }
}

/** One daily rollup's increments (quantity as an exact decimal text). */
export type TUsageDailyRow = {
  account_id: number;
  day: string;
  instance_id: number;
  workspace: string;
  sku_code: string;
  quantity: string;
  amount_fen: number;
  discounted_fen: number;
  voucher_fen: number;
  cash_fen: number;
  outstanding_fen: number;
  records: number;
};

/**
 * Adds to the daily rollups, created when missing: `usage_daily` per instance, workspace and SKU,
 * and `usage_account_daily` per SKU for the whole account, in one statement per 2000 rows (both
 * in key order, so that concurrent batches lock rows in the same order).
 */
export async function addToUsageDaily(db: TDb, rows: readonly TUsageDailyRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) {
    await db.execute(sql`
      with x as (
        select * from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 2000))}::jsonb) as x(
          account_id bigint, day date, instance_id bigint, workspace text, sku_code text, quantity numeric,
          amount_fen bigint, discounted_fen bigint, voucher_fen bigint, cash_fen bigint, outstanding_fen bigint,
          records integer)
      ), daily as (
        insert into usage_daily as u (account_id, day, instance_id, workspace, sku_code, quantity, amount_fen,
                                      discounted_fen, voucher_fen, cash_fen, outstanding_fen, records)
        select * from x order by account_id, day, instance_id, workspace, sku_code
        on conflict (account_id, day, instance_id, workspace, sku_code) do update set
          quantity = u.quantity + excluded.quantity, amount_fen = u.amount_fen + excluded.amount_fen,
          discounted_fen = u.discounted_fen + excluded.discounted_fen,
          voucher_fen = u.voucher_fen + excluded.voucher_fen, cash_fen = u.cash_fen + excluded.cash_fen,
          outstanding_fen = u.outstanding_fen + excluded.outstanding_fen, records = u.records + excluded.records
      )
      insert into usage_account_daily as u (account_id, day, sku_code, quantity, amount_fen, discounted_fen,
                                            voucher_fen, cash_fen, outstanding_fen, records)
      select account_id, day, sku_code, sum(quantity), sum(amount_fen), sum(discounted_fen), sum(voucher_fen),
             sum(cash_fen), sum(outstanding_fen), sum(records)
        from x group by account_id, day, sku_code order by account_id, day, sku_code
      on conflict (account_id, day, sku_code) do update set
        quantity = u.quantity + excluded.quantity, amount_fen = u.amount_fen + excluded.amount_fen,
        discounted_fen = u.discounted_fen + excluded.discounted_fen, voucher_fen = u.voucher_fen + excluded.voucher_fen,
        cash_fen = u.cash_fen + excluded.cash_fen, outstanding_fen = u.outstanding_fen + excluded.outstanding_fen,
        records = u.records + excluded.records`);
  }
}

/** Keeps a digest of an accepted signature until `expiresAt`; false when it was kept before. */
export async function rememberDigest(db: TDb, digest: Buffer, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(hookReplays)
    .values({ digest, expiresAt })
    .onConflictDoNothing({ target: hookReplays.digest })
    .returning({ digest: hookReplays.digest });
  return rows.length > 0;
}
