/**
 * SQL of what the account reads of its bill: sums and details of the daily rollups (`usage_daily`
 * per instance, workspace and SKU, `usage_account_daily` per SKU; never the raw usage records, so a
 * year costs what a month does), monthly
 * statements, the filters' instances and the SKUs. Every statement filters by the account.
 */
import { and, desc, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDb } from '../../../db/client';
import {
  accountDiscounts,
  csps,
  funds,
  instances,
  regions,
  services,
  skus,
  statements,
  usageAccountDaily,
  usageDaily,
} from '../../../db/schema';

export type TCategory = 'compute' | 'storage' | 'network' | 'ai';

/** The account's rollup rows the filters keep (the range aside). */
export type TUsageFilter = {
  accountId: number;
  instanceId?: number | undefined;
  workspace?: string | undefined;
  category?: TCategory | undefined;
  skuCode?: string | undefined;
};

/** First and last billing day, inclusive. */
export type TRange = { start: string; end: string };

const inRange = (range: TRange) => sql`${usageDaily.day} between ${range.start}::date and ${range.end}::date`;

const sumOf = (column: AnyPgColumn) => sql<number>`sum(${column})::bigint`.mapWith(Number);

/** Original, discounted, voucher, cash and outstanding fen. */
const sums = () => ({
  a: sumOf(usageDaily.amountFen),
  d: sumOf(usageDaily.discountedFen),
  v: sumOf(usageDaily.voucherFen),
  c: sumOf(usageDaily.cashFen),
  o: sumOf(usageDaily.outstandingFen),
});

/** Whether the instance is the account's. */
export async function isOwnInstance(db: TDb, accountId: number, instanceId: number): Promise<boolean> {
  const rows = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.id, instanceId), eq(instances.accountId, accountId)));
  return rows.length > 0;
}

/**
 * Where sums are read: the account's rollup per SKU (`usage_account_daily`) unless an instance
 * or a workspace is asked for, which only the rollup per instance and workspace knows.
 */
function sumSource(f: TUsageFilter) {
  const t: typeof usageDaily | typeof usageAccountDaily =
    f.instanceId || f.workspace ? usageDaily : usageAccountDaily;
  const where = and(
    eq(t.accountId, f.accountId),
    f.instanceId ? eq(usageDaily.instanceId, f.instanceId) : undefined,
    f.workspace ? eq(usageDaily.workspace, f.workspace) : undefined,
    f.category ? eq(skus.category, f.category) : undefined,
    f.skuCode ? eq(t.skuCode, f.skuCode) : undefined,
  );
  const sums = {
    a: sumOf(t.amountFen),
    d: sumOf(t.discountedFen),
    v: sumOf(t.voucherFen),
    c: sumOf(t.cashFen),
    o: sumOf(t.outstandingFen),
  };
  return { t, where, sums };
}

/** Sums per day, category and billing-record field over the range. */
export function sumsPerDay(db: TDb, filter: TUsageFilter, range: TRange) {
  const { t, where, sums } = sumSource(filter);
  return db
    .select({ day: t.day, category: skus.category, field: skus.field, ...sums })
    .from(t)
    .innerJoin(skus, eq(skus.code, t.skuCode))
    .where(and(where, sql`${t.day} between ${range.start}::date and ${range.end}::date`))
    .groupBy(t.day, skus.category, skus.field);
}

/** Sums of each of these days. */
export function sumsOfDays(db: TDb, filter: TUsageFilter, days: readonly string[]) {
  const list = sql.join(
    days.map((day) => sql`${day}::date`),
    sql`, `,
  );
  const { t, where, sums } = sumSource(filter);
  return db
    .select({ day: t.day, ...sums })
    .from(t)
    .innerJoin(skus, eq(skus.code, t.skuCode))
    .where(and(where, sql`${t.day} in (${list})`))
    .groupBy(t.day);
}

/** A catalogue row's two names, as `nameIn` reads them. */
const names = <Z extends AnyPgColumn, E extends AnyPgColumn>(table: { nameZh: Z; nameEn: E }) => ({
  name_zh: table.nameZh,
  name_en: table.nameEn,
});

/** What a line shows of its instance, service, region and SKU. */
const lineColumns = () => ({
  instanceId: usageDaily.instanceId,
  instanceName: instances.instanceName,
  service: names(services),
  csp: names(csps),
  region: names(regions),
  category: skus.category,
  skuCode: usageDaily.skuCode,
  sku: names(skus),
  unit: skus.unit,
  unitPriceFen: skus.unitPriceFen,
});

/** One rollup row: its day, workspace, quantity and amounts beside the line's columns. */
const detailColumns = () => ({
  day: usageDaily.day,
  ...lineColumns(),
  workspace: usageDaily.workspace,
  quantity: usageDaily.quantity,
  a: usageDaily.amountFen,
  d: usageDaily.discountedFen,
  v: usageDaily.voucherFen,
  c: usageDaily.cashFen,
  o: usageDaily.outstandingFen,
});

/** Rollup rows with their instance, service, region and SKU. */
function selectDetails(db: TDb) {
  return db
    .select(detailColumns())
    .from(usageDaily)
    .innerJoin(skus, eq(skus.code, usageDaily.skuCode))
    .innerJoin(instances, eq(instances.id, usageDaily.instanceId))
    .innerJoin(services, eq(services.id, instances.serviceId))
    .innerJoin(regions, eq(regions.id, instances.regionId))
    .innerJoin(csps, eq(csps.code, regions.csp));
}

/**
 * The rollup rows the filters keep, counted up to `cap + 1`: a broad range answers "more than
 * `cap`" at the cost of `cap` index entries, never of the whole range.
 */
export async function countDetailsUpTo(
  db: TDb,
  filter: TUsageFilter,
  range: TRange,
  cap: number,
): Promise<number> {
  const kept = db
    .select({ one: sql`1`.as('one') })
    .from(usageDaily)
    .where(and(keyFilterOf(db, filter), inRange(range)))
    .limit(cap + 1)
    .as('kept');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(kept);
  return row?.n ?? 0;
}

/** The filters on the rollup's own columns (the category as the set of its SKUs). */
const keyFilterOf = (db: TDb, f: TUsageFilter) =>
  and(
    eq(usageDaily.accountId, f.accountId),
    f.instanceId ? eq(usageDaily.instanceId, f.instanceId) : undefined,
    f.workspace ? eq(usageDaily.workspace, f.workspace) : undefined,
    f.category
      ? inArray(
          usageDaily.skuCode,
          db.select({ code: skus.code }).from(skus).where(eq(skus.category, f.category)),
        )
      : undefined,
    f.skuCode ? eq(usageDaily.skuCode, f.skuCode) : undefined,
  );

/** A position in the rollup's key. */
export type TDetailKey = { day: string; instanceId: number; workspace: string; skuCode: string };

/**
 * A page of detail rows (day, instance, workspace, SKU), newest first: after a position of the
 * key (keyset: any page costs what the first does), else after skipping `offset` rows. The page's
 * keys are found in the rollup's primary key alone (an index-only scan, even when skipping), and
 * only its rows are joined to their instance, service, region and SKU.
 */
export function detailPage(
  db: TDb,
  filter: TUsageFilter,
  range: TRange,
  page: { after: TDetailKey | null; offset: number; limit: number },
) {
  const keys = db
    .select({
      day: sql<string>`${usageDaily.day}`.as('k_day'),
      instanceId: sql<number>`${usageDaily.instanceId}`.as('k_instance_id'),
      workspace: sql<string>`${usageDaily.workspace}`.as('k_workspace'),
      skuCode: sql<string>`${usageDaily.skuCode}`.as('k_sku_code'),
    })
    .from(usageDaily)
    .where(
      and(
        keyFilterOf(db, filter),
        inRange(range),
        page.after
          ? sql`(${usageDaily.day}, ${usageDaily.instanceId}, ${usageDaily.workspace}, ${usageDaily.skuCode})
                < (${page.after.day}::date, ${page.after.instanceId}, ${page.after.workspace}, ${page.after.skuCode})`
          : undefined,
      ),
    )
    .orderBy(...detailOrder())
    .limit(page.limit)
    .offset(page.offset)
    .as('k');
  return selectDetails(db)
    .innerJoin(
      keys,
      and(
        eq(usageDaily.accountId, filter.accountId),
        eq(usageDaily.day, keys.day),
        eq(usageDaily.instanceId, keys.instanceId),
        eq(usageDaily.workspace, keys.workspace),
        eq(usageDaily.skuCode, keys.skuCode),
      ),
    )
    .orderBy(...detailOrder());
}

export type TDetailRow = Awaited<ReturnType<typeof detailPage>>[number];

/** The rollup's key, backwards: the primary key's index serves it, however deep the page. */
const detailOrder = () => [
  desc(usageDaily.day),
  desc(usageDaily.instanceId),
  desc(usageDaily.workspace),
  desc(usageDaily.skuCode),
];

/** The next `limit` detail rows after a position of the rollup's key (keyset, for the exports). */
export function detailBatch(
  db: TDb,
  filter: TUsageFilter,
  range: TRange,
  after: TDetailKey | null,
  limit: number,
): Promise<TDetailRow[]> {
  return detailPage(db, filter, range, { after, offset: 0, limit });
}

/** The account's lines per instance and SKU over the range (a statement's). */
export function linesPerSku(db: TDb, accountId: number, range: TRange) {
  return db
    .select({ ...lineColumns(), quantity: sql<string>`sum(${usageDaily.quantity})::text`, ...sums() })
    .from(usageDaily)
    .innerJoin(skus, eq(skus.code, usageDaily.skuCode))
    .innerJoin(instances, eq(instances.id, usageDaily.instanceId))
    .innerJoin(services, eq(services.id, instances.serviceId))
    .innerJoin(regions, eq(regions.id, instances.regionId))
    .innerJoin(csps, eq(csps.code, regions.csp))
    .where(and(eq(usageDaily.accountId, accountId), inRange(range)))
    .groupBy(
      usageDaily.instanceId,
      instances.instanceName,
      services.nameZh,
      services.nameEn,
      csps.nameZh,
      csps.nameEn,
      regions.nameZh,
      regions.nameEn,
      skus.category,
      usageDaily.skuCode,
      skus.nameZh,
      skus.nameEn,
      skus.unit,
      skus.unitPriceFen,
      skus.sort,
    )
    .orderBy(instances.instanceName, skus.sort, usageDaily.skuCode);
}

// ---------------------------------------------------------------------------------------------
// statements

const statementColumns = {
  id: statements.id,
  month: statements.month,
  amountFen: statements.amountFen,
  discountedFen: statements.discountedFen,
  voucherFen: statements.voucherFen,
  cashFen: statements.cashFen,
  outstandingFen: statements.outstandingFen,
  generatedAt: statements.generatedAt,
};

export type TStatementRow = {
  id: number;
  month: string;
  amountFen: number;
  discountedFen: number;
  voucherFen: number;
  cashFen: number;
  outstandingFen: number;
  generatedAt: Date;
};

const statementFilter = (accountId: number, year: number | undefined) =>
  and(eq(statements.accountId, accountId), year ? sql`${statements.month} like ${`${year}-%`}` : undefined);

export async function countStatements(db: TDb, accountId: number, year: number | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(statements)
    .where(statementFilter(accountId, year));
  return row?.n ?? 0;
}

/**
 * A page of the account's statements (of a year, or all), newest month first: before the month
 * `before` (keyset), else after skipping `offset` statements.
 */
export function statementPage(
  db: TDb,
  accountId: number,
  year: number | undefined,
  page: { before: string | null; limit: number; offset: number },
): Promise<TStatementRow[]> {
  return db
    .select(statementColumns)
    .from(statements)
    .where(and(statementFilter(accountId, year), page.before ? lt(statements.month, page.before) : undefined))
    .orderBy(desc(statements.month))
    .limit(page.limit)
    .offset(page.offset);
}

/** The years (`YYYY`) the account has statements of, newest first. */
export async function statementYearTexts(db: TDb, accountId: number): Promise<string[]> {
  const year = sql<string>`left(${statements.month}, 4)`;
  const rows = await db
    .selectDistinct({ y: year })
    .from(statements)
    .where(eq(statements.accountId, accountId))
    .orderBy(desc(year));
  return rows.map((r) => r.y);
}

export async function findStatement(db: TDb, accountId: number, id: number): Promise<TStatementRow | null> {
  const [row] = await db
    .select(statementColumns)
    .from(statements)
    .where(and(eq(statements.id, id), eq(statements.accountId, accountId)));
  return row ?? null;
}

/**
 * The arrears each month's consumption incurred (months with some), from the account's rollups:
 * closed months and the one under way alike.
 */
export async function arrearsPerMonth(
  db: TDb,
  accountId: number,
): Promise<{ month: string; arrearsFen: number }[]> {
  const month = sql<string>`to_char(${usageAccountDaily.day}, 'YYYY-MM')`;
  return db
    .select({ month, arrearsFen: sumOf(usageAccountDaily.outstandingFen) })
    .from(usageAccountDaily)
    .where(and(eq(usageAccountDaily.accountId, accountId), sql`${usageAccountDaily.outstandingFen} > 0`))
    .groupBy(month)
    .orderBy(desc(month));
}

/** What the account owes now: arrears no credit has paid yet (0 without a funds row). */
export async function outstandingOf(db: TDb, accountId: number): Promise<number> {
  const [row] = await db
    .select({ o: funds.outstandingFen })
    .from(funds)
    .where(eq(funds.accountId, accountId));
  return row?.o ?? 0;
}

/**
 * Writes the statement of every month (UTC+8) before `firstOfMonth` with usage that has none yet
 * (sums of its rollups), in one statement; answers those written. (The builder's insert-select
 * would name the identity column, so the insert is SQL inside a typed common table expression.)
 */
export function insertClosedMonths(db: TDb, firstOfMonth: string, now: Date) {
  const made = db
    .$with('made', {
      id: sql<number>`id`.mapWith(Number).as('id'),
      accountId: sql<number>`account_id`.mapWith(Number).as('account_id'),
      month: sql<string>`month`.as('month'),
      discountedFen: sql<number>`discounted_fen`.mapWith(Number).as('discounted_fen'),
    })
    .as(sql`
      insert into ${statements} (account_id, month, amount_fen, discounted_fen, voucher_fen, cash_fen, outstanding_fen, generated_at)
      select u.account_id, to_char(u.day, 'YYYY-MM'), sum(u.amount_fen), sum(u.discounted_fen), sum(u.voucher_fen),
             sum(u.cash_fen), sum(u.outstanding_fen), ${now}
        from ${usageDaily} u
       where u.day < ${firstOfMonth}::date
         and not exists (select 1 from ${statements} s where s.account_id = u.account_id and s.month = to_char(u.day, 'YYYY-MM'))
       group by u.account_id, to_char(u.day, 'YYYY-MM')
      on conflict (account_id, month) do nothing
      returning id, account_id, month, discounted_fen`);
  return db.with(made).select().from(made);
}

// ---------------------------------------------------------------------------------------------
// the filters

const jsonTexts = (v: unknown): string[] =>
  typeof v === 'string' ? (JSON.parse(v) as string[]) : Array.isArray(v) ? (v as string[]) : [];

/** The account's instances that are not hidden, with the workspaces their usage names. */
export function instanceRows(db: TDb, accountId: number) {
  return db
    .select({
      id: instances.id,
      instanceName: instances.instanceName,
      service: names(services),
      csp: regions.csp,
      cspNames: names(csps),
      regionId: instances.regionId,
      region: names(regions),
      workspaces: sql<string[]>`(select coalesce(jsonb_agg(distinct ${usageDaily.workspace}), '[]'::jsonb)
        from ${usageDaily} where ${usageDaily.accountId} = ${instances.accountId}
          and ${usageDaily.instanceId} = ${instances.id})`.mapWith(jsonTexts),
    })
    .from(instances)
    .innerJoin(services, eq(services.id, instances.serviceId))
    .innerJoin(regions, eq(regions.id, instances.regionId))
    .innerJoin(csps, eq(csps.code, regions.csp))
    .where(and(eq(instances.accountId, accountId), ne(instances.status, 3)))
    .orderBy(instances.serviceId, instances.createdAt, instances.id);
}

/** Every SKU with the account's rate for its category, else for all ('*'); null: none. */
export function skuRows(db: TDb, accountId: number) {
  const rateOf = (category: SQL) =>
    sql`(select ${accountDiscounts.rate}::text from ${accountDiscounts}
          where ${accountDiscounts.accountId} = ${accountId} and ${accountDiscounts.category} = ${category})`;
  return db
    .select({
      code: skus.code,
      category: skus.category,
      name_zh: skus.nameZh,
      name_en: skus.nameEn,
      unit: skus.unit,
      unitPriceFen: skus.unitPriceFen,
      rate: sql<string | null>`coalesce(${rateOf(sql`${skus.category}`)}, ${rateOf(sql`'*'`)})`,
    })
    .from(skus)
    .orderBy(skus.sort, skus.code);
}
