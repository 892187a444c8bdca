/**
 * What the account's administrators read of their bill (spec section 7 "Billing"): the billing
 * record over a range and its trend, daily details, monthly statements, funds, vouchers, voucher
 * deductions, transactions, the filters' instances and the SKUs. Summaries and details read the
 * daily rollups (`usage_daily`), never the raw usage records, so a year costs what a month does.
 */
import {
  BillingAmountFields,
  BillingLimits,
  discountField,
  fenToYuan,
  type TBillingCount,
  type TBillingDetailPage,
  type TBillingDetailRow,
  type TFundsAccount,
  type TLanguage,
  type TStatement,
  type TStatementDetail,
  type TStatementPage,
  type TTransaction,
  type TVoucher,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { type SQL, sql } from 'drizzle-orm';
import type { TAuth, TDeps } from '../../context';
import { rowsOf } from '../../db/client';
import { AppError } from '../../errors';
import { translateValidation } from '../../i18n';
import { nameIn } from '../service';
import { dayOf } from './rating';

const dayMs = 86_400_000;

type TFilter = {
  range: 'today' | 'last7Days' | 'last30Days' | 'custom';
  startDate?: string | undefined;
  endDate?: string | undefined;
  instanceId?: number | undefined;
  workspace?: string | undefined;
  category?: 'compute' | 'storage' | 'network' | 'ai' | undefined;
};

export type TRange = { start: string; end: string };

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
const ratio = (part: number, whole: number, whenZero: number) =>
  whole === 0 ? whenZero : Math.round((part / whole) * 10_000) / 10_000;

/** The first and last day (UTC+8, inclusive) of a range. */
export function resolveRange(filter: TFilter, now: Date, lang: TLanguage): TRange {
  const today = dayOf(now);
  if (filter.range === 'today') return { start: today, end: today };
  if (filter.range === 'last7Days') return { start: addDays(today, -6), end: today };
  if (filter.range === 'last30Days') return { start: addDays(today, -29), end: today };
  const { startDate, endDate } = filter;
  const isValid =
    startDate !== undefined &&
    endDate !== undefined &&
    !Number.isNaN(Date.parse(startDate)) &&
    !Number.isNaN(Date.parse(endDate)) &&
    startDate <= endDate &&
    (Date.parse(endDate) - Date.parse(startDate)) / dayMs < BillingLimits.customRangeMaxDays;
  if (!isValid) {
    throw new AppError(ErrorCode.badRequest, {
      data: { fieldErrors: { startDate: translateValidation(lang, 'dateRange') } },
    });
  }
  return { start: startDate, end: endDate };
}

/** The rollup rows of the account matching the filters (without the range). */
function filterSql(auth: TAuth, filter: TFilter): SQL {
  return sql`u.account_id = ${auth.accountId}
    ${filter.instanceId ? sql`and u.instance_id = ${filter.instanceId}` : sql``}
    ${filter.workspace ? sql`and u.workspace = ${filter.workspace}` : sql``}
    ${filter.category ? sql`and k.category = ${filter.category}` : sql``}`;
}

async function requireOwnInstance(deps: TDeps, auth: TAuth, instanceId: number | undefined) {
  if (instanceId === undefined) return;
  const rows = rowsOf<{ id: number }>(
    await deps.db.execute(
      sql`select id from instances where id = ${instanceId} and account_id = ${auth.accountId}`,
    ),
  );
  if (rows.length === 0) throw new AppError(ErrorCode.forbidden);
}

export function currencyOf(lang: TLanguage): 'CNY' | 'USD' {
  return lang === 'en-US' ? 'USD' : 'CNY';
}

type TSums = { a: number; d: number; v: number; c: number; o: number };
const zero = (): TSums => ({ a: 0, d: 0, v: 0, c: 0, o: 0 });

/** The billing record of spec section 3 from sums per category and field. */
function recordOf(
  rows: readonly {
    category: string;
    field: string | null;
    a: number;
    d: number;
    v: number;
    c: number;
    o: number;
  }[],
  today: TSums,
  yesterday: TSums,
): { amounts: Record<string, string>; totals: TSums } {
  const fields = new Map<string, TSums>();
  const add = (key: string, r: TSums) => {
    const s = fields.get(key) ?? zero();
    s.a += r.a;
    s.d += r.d;
    s.v += r.v;
    s.c += r.c;
    s.o += r.o;
    fields.set(key, s);
  };
  for (const r of rows) {
    add('totalAmount', r);
    add(`${r.category}Amount`, r);
    if (r.field) add(r.field, r);
  }
  fields.set('todayAmount', today);
  fields.set('yesterdayAmount', yesterday);
  const out: Record<string, string> = {};
  for (const f of BillingAmountFields) {
    const s = fields.get(f) ?? zero();
    out[f] = fenToYuan(s.a);
    out[discountField(f)] = fenToYuan(s.d);
  }
  return { amounts: out, totals: fields.get('totalAmount') ?? zero() };
}

type TSumRow = {
  category: string;
  field: string | null;
  a: number;
  d: number;
  v: number;
  c: number;
  o: number;
};
const numeric = (r: TSumRow): TSumRow => ({
  ...r,
  a: Number(r.a),
  d: Number(r.d),
  v: Number(r.v),
  c: Number(r.c),
  o: Number(r.o),
});

export async function billingCount(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  filter: TFilter,
): Promise<TBillingCount> {
  await requireOwnInstance(deps, auth, filter.instanceId);
  const range = resolveRange(filter, deps.clock.now(), lang);
  return countOver(deps, auth, lang, filter, range);
}

async function countOver(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  filter: TFilter,
  range: TRange,
): Promise<TBillingCount> {
  const where = filterSql(auth, filter);
  const sums = rowsOf<TSumRow & { day: string }>(
    await deps.db.execute(sql`
      select u.day::text as day, k.category, k.field, sum(u.amount_fen)::bigint as a, sum(u.discounted_fen)::bigint as d,
             sum(u.voucher_fen)::bigint as v, sum(u.cash_fen)::bigint as c, sum(u.outstanding_fen)::bigint as o
        from usage_daily u join skus k on k.code = u.sku_code
       where ${where} and u.day between ${range.start}::date and ${range.end}::date
       group by u.day, k.category, k.field`),
  ).map((r) => ({ ...numeric(r), day: r.day }));
  const today = dayOf(deps.clock.now());
  const yesterday = addDays(today, -1);
  const nearby = rowsOf<{ day: string; a: number; d: number; v: number; c: number; o: number }>(
    await deps.db.execute(sql`
      select u.day::text as day, sum(u.amount_fen)::bigint as a, sum(u.discounted_fen)::bigint as d,
             sum(u.voucher_fen)::bigint as v, sum(u.cash_fen)::bigint as c, sum(u.outstanding_fen)::bigint as o
        from usage_daily u join skus k on k.code = u.sku_code
       where ${where} and u.day in (${today}::date, ${yesterday}::date)
       group by u.day`),
  );
  const sumsOf = (day: string): TSums => {
    const r = nearby.find((n) => n.day === day);
    return r ? { a: Number(r.a), d: Number(r.d), v: Number(r.v), c: Number(r.c), o: Number(r.o) } : zero();
  };
  const { totals, amounts } = recordOf(sums, sumsOf(today), sumsOf(yesterday));
  const trend = new Map<
    string,
    { total: number; compute: number; storage: number; network: number; ai: number }
  >();
  for (let day = range.start; day <= range.end; day = addDays(day, 1)) {
    trend.set(day, { total: 0, compute: 0, storage: 0, network: 0, ai: 0 });
  }
  for (const r of sums) {
    const point = trend.get(r.day);
    if (!point) continue;
    point.total += r.d;
    point[r.category as 'compute'] += r.d;
  }
  return {
    ...amounts,
    discountPercent: ratio(totals.d, totals.a, 0),
    voucherAmount: fenToYuan(totals.v),
    cashAmount: fenToYuan(totals.c),
    outstandingAmount: fenToYuan(totals.o),
    startDate: range.start,
    endDate: range.end,
    currency: currencyOf(lang),
    trend: [...trend.entries()].map(([date, p]) => ({
      date,
      total: fenToYuan(p.total),
      compute: fenToYuan(p.compute),
      storage: fenToYuan(p.storage),
      network: fenToYuan(p.network),
      ai: fenToYuan(p.ai),
    })),
  } as TBillingCount;
}

type TDetailRaw = {
  day: string;
  instance_id: number;
  instance_name: string;
  s_zh: string;
  s_en: string;
  c_zh: string;
  c_en: string;
  r_zh: string;
  r_en: string;
  workspace: string;
  category: 'compute' | 'storage' | 'network' | 'ai';
  sku_code: string;
  k_zh: string;
  k_en: string;
  unit: string;
  quantity: string;
  unit_price_fen: string;
  a: number;
  d: number;
  v: number;
  c: number;
  o: number;
};

const detailSelect = (grouped: boolean) => sql`
  select ${grouped ? sql`null::text` : sql`u.day::text`} as day, u.instance_id, i.instance_name,
         s.name_zh as s_zh, s.name_en as s_en, c.name_zh as c_zh, c.name_en as c_en, r.name_zh as r_zh, r.name_en as r_en,
         ${grouped ? sql`''` : sql`u.workspace`} as workspace, k.category, u.sku_code, k.name_zh as k_zh, k.name_en as k_en,
         k.unit, ${grouped ? sql`sum(u.quantity)::text` : sql`u.quantity::text`} as quantity, k.unit_price_fen::text as unit_price_fen,
         ${grouped ? sql`sum(u.amount_fen)::bigint` : sql`u.amount_fen`} as a,
         ${grouped ? sql`sum(u.discounted_fen)::bigint` : sql`u.discounted_fen`} as d,
         ${grouped ? sql`sum(u.voucher_fen)::bigint` : sql`u.voucher_fen`} as v,
         ${grouped ? sql`sum(u.cash_fen)::bigint` : sql`u.cash_fen`} as c,
         ${grouped ? sql`sum(u.outstanding_fen)::bigint` : sql`u.outstanding_fen`} as o
    from usage_daily u
    join skus k on k.code = u.sku_code
    join instances i on i.id = u.instance_id
    join services s on s.id = i.service_id
    join regions r on r.id = i.region_id
    join csps c on c.code = r.csp`;

function trimQuantity(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

function detailRowOf(lang: TLanguage, r: TDetailRaw): TBillingDetailRow {
  const a = Number(r.a);
  const d = Number(r.d);
  return {
    date: r.day,
    instanceId: Number(r.instance_id),
    instanceName: r.instance_name,
    serviceName: nameIn(lang, { name_zh: r.s_zh, name_en: r.s_en }),
    regionName: `${nameIn(lang, { name_zh: r.c_zh, name_en: r.c_en })} ${nameIn(lang, { name_zh: r.r_zh, name_en: r.r_en })}`,
    workspace: r.workspace,
    category: r.category,
    skuCode: r.sku_code,
    skuName: nameIn(lang, { name_zh: r.k_zh, name_en: r.k_en }),
    unit: r.unit,
    usage: trimQuantity(r.quantity),
    unitPrice: trimQuantity(r.unit_price_fen),
    originalAmount: fenToYuan(a),
    discountedAmount: fenToYuan(d),
    payableAmount: fenToYuan(d),
    voucherDeduction: fenToYuan(Number(r.v)),
    outstandingAmount: fenToYuan(Number(r.o)),
    cashPayment: fenToYuan(Number(r.c)),
    discountRate: ratio(d, a, 1),
  };
}

/** The rollup's key, backwards: the primary key's index serves it, however deep the page. */
const detailOrder = sql`order by u.day desc, u.instance_id desc, u.workspace desc, u.sku_code desc`;

export async function billingDetails(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  filter: TFilter & { pageNo: number; pageSize: number },
): Promise<TBillingDetailPage> {
  await requireOwnInstance(deps, auth, filter.instanceId);
  const range = resolveRange(filter, deps.clock.now(), lang);
  const where = sql`${filterSql(auth, filter)} and u.day between ${range.start}::date and ${range.end}::date`;
  const [count] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`
      select count(*)::int as n from usage_daily u join skus k on k.code = u.sku_code where ${where}`),
  );
  const rows = rowsOf<TDetailRaw>(
    await deps.db.execute(sql`
      ${detailSelect(false)} where ${where} ${detailOrder}
      limit ${filter.pageSize} offset ${(filter.pageNo - 1) * filter.pageSize}`),
  );
  return {
    list: rows.map((r) => detailRowOf(lang, r)),
    total: Number(count?.n ?? 0),
    pageNo: filter.pageNo,
    pageSize: filter.pageSize,
  };
}

/** Detail rows of the filters in batches, for the streamed exports. */
export async function* detailBatches(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  filter: TFilter,
  batch = 2000,
): AsyncGenerator<TBillingDetailRow[]> {
  await requireOwnInstance(deps, auth, filter.instanceId);
  const range = resolveRange(filter, deps.clock.now(), lang);
  const where = sql`${filterSql(auth, filter)} and u.day between ${range.start}::date and ${range.end}::date`;
  // Keyset over the rollup's key: the thousandth batch costs what the first does.
  let after: { day: string; instanceId: number; workspace: string; sku: string } | null = null;
  for (;;) {
    const rows: TDetailRaw[] = rowsOf<TDetailRaw>(
      await deps.db.execute(sql`
        ${detailSelect(false)} where ${where}
        ${
          after
            ? sql`and (u.day, u.instance_id, u.workspace, u.sku_code) < (${after.day}::date, ${after.instanceId}, ${after.workspace}, ${after.sku})`
            : sql``
        }
        order by u.day desc, u.instance_id desc, u.workspace desc, u.sku_code desc
        limit ${batch}`),
    );
    if (rows.length === 0) return;
    yield rows.map((r) => detailRowOf(lang, r));
    const last = rows.at(-1) as TDetailRaw;
    after = {
      day: last.day,
      instanceId: Number(last.instance_id),
      workspace: last.workspace,
      sku: last.sku_code,
    };
    if (rows.length < batch) return;
  }
}

// ---------------------------------------------------------------------------------------------
// statements

type TStatementRaw = {
  id: number;
  month: string;
  amount_fen: number;
  discounted_fen: number;
  voucher_fen: number;
  cash_fen: number;
  outstanding_fen: number;
  generated_at: Date | string;
};

function statementOf(r: TStatementRaw, isOwing: boolean): TStatement {
  const a = Number(r.amount_fen);
  const d = Number(r.discounted_fen);
  return {
    id: Number(r.id),
    month: r.month,
    originalAmount: fenToYuan(a),
    discountedAmount: fenToYuan(d),
    voucherDeduction: fenToYuan(Number(r.voucher_fen)),
    cashPayment: fenToYuan(Number(r.cash_fen)),
    outstandingAmount: fenToYuan(Number(r.outstanding_fen)),
    discountRate: ratio(d, a, 1),
    isSettled: Number(r.outstanding_fen) === 0 || !isOwing,
    generateTime: new Date(r.generated_at).toISOString(),
  };
}

async function isOwing(deps: TDeps, accountId: number): Promise<boolean> {
  const rows = rowsOf<{ o: number }>(
    await deps.db.execute(sql`select outstanding_fen as o from funds where account_id = ${accountId}`),
  );
  return Number(rows[0]?.o ?? 0) > 0;
}

export async function listStatements(
  deps: TDeps,
  auth: TAuth,
  query: { year?: number | undefined; pageNo: number; pageSize: number },
): Promise<TStatementPage> {
  const where = sql`account_id = ${auth.accountId} ${query.year ? sql`and month like ${`${query.year}-%`}` : sql``}`;
  const [count] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`select count(*)::int as n from statements where ${where}`),
  );
  const rows = rowsOf<TStatementRaw>(
    await deps.db.execute(sql`
      select * from statements where ${where} order by month desc
      limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`),
  );
  const owing = await isOwing(deps, auth.accountId);
  return {
    list: rows.map((r) => statementOf(r, owing)),
    total: Number(count?.n ?? 0),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function statementYears(deps: TDeps, auth: TAuth): Promise<number[]> {
  const rows = rowsOf<{ y: string }>(
    await deps.db.execute(sql`
      select distinct left(month, 4) as y from statements where account_id = ${auth.accountId} order by y desc`),
  );
  return rows.map((r) => Number(r.y));
}

export async function requireStatement(deps: TDeps, auth: TAuth, id: number): Promise<TStatementRaw> {
  const rows = rowsOf<TStatementRaw>(
    await deps.db.execute(sql`select * from statements where id = ${id} and account_id = ${auth.accountId}`),
  );
  if (!rows[0]) throw new AppError(ErrorCode.forbidden);
  return rows[0];
}

export function monthRange(month: string): TRange {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

/** A statement's lines: per instance and SKU over its month. */
export async function statementLines(deps: TDeps, auth: TAuth, lang: TLanguage, month: string) {
  const range = monthRange(month);
  const rows = rowsOf<TDetailRaw>(
    await deps.db.execute(sql`
      ${detailSelect(true)}
      where u.account_id = ${auth.accountId} and u.day between ${range.start}::date and ${range.end}::date
      group by u.instance_id, i.instance_name, s.name_zh, s.name_en, c.name_zh, c.name_en, r.name_zh, r.name_en,
               k.category, u.sku_code, k.name_zh, k.name_en, k.unit, k.unit_price_fen, k.sort
      order by i.instance_name, k.sort, u.sku_code`),
  );
  return rows.map((r) => {
    const { date: _date, workspace: _workspace, ...line } = detailRowOf(lang, r);
    return line;
  });
}

export async function statementDetail(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  id: number,
): Promise<TStatementDetail> {
  const raw = await requireStatement(deps, auth, id);
  return {
    statement: statementOf(raw, await isOwing(deps, auth.accountId)),
    count: await countOver(deps, auth, lang, { range: 'custom' }, monthRange(raw.month)),
    lines: await statementLines(deps, auth, lang, raw.month),
  };
}

/**
 * Writes the statement of every closed month (UTC+8) with usage that has none yet, each with its
 * audit entry (the system as actor). Answers how many it wrote.
 */
export async function generateStatements(deps: TDeps): Promise<number> {
  const now = deps.clock.now();
  const firstOfMonth = `${dayOf(now).slice(0, 7)}-01`;
  const rows = rowsOf<{ id: number }>(
    await deps.db.execute(sql`
      with made as (
        insert into statements (account_id, month, amount_fen, discounted_fen, voucher_fen, cash_fen, outstanding_fen, generated_at)
        select u.account_id, to_char(u.day, 'YYYY-MM'), sum(u.amount_fen), sum(u.discounted_fen), sum(u.voucher_fen),
               sum(u.cash_fen), sum(u.outstanding_fen), ${now}
          from usage_daily u
         where u.day < ${firstOfMonth}::date
           and not exists (select 1 from statements s where s.account_id = u.account_id and s.month = to_char(u.day, 'YYYY-MM'))
         group by u.account_id, to_char(u.day, 'YYYY-MM')
        on conflict (account_id, month) do nothing
        returning id, account_id, month, discounted_fen
      )
      insert into audit_entries (account_id, user_id, username, action, object_type, object_id, object_name, status, info, created_at)
      select account_id, null, null, 'statement.generate', 'account', id::text, month, 1,
             jsonb_build_object('month', month, 'discountedFen', discounted_fen), ${now}
        from made
      returning id`),
  );
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// funds, vouchers, deductions, transactions

export async function fundsAccount(deps: TDeps, auth: TAuth, lang: TLanguage): Promise<TFundsAccount> {
  const now = deps.clock.now();
  const [row] = rowsOf<{
    cash: number | null;
    outstanding: number | null;
    arrears_since: Date | string | null;
    status: number;
    paused: Date | string | null;
    vouchers: number;
    special_vat: boolean;
  }>(
    await deps.db.execute(sql`
      select f.cash_fen as cash, f.outstanding_fen as outstanding, f.arrears_since, a.status,
             a.services_paused_at as paused,
             exists (select 1 from certifications c
                      where c.account_id = a.id and c.type = 'enterprise' and c.status = 'passed') as special_vat,
             (select coalesce(sum(available_fen), 0) from vouchers v
               where v.account_id = a.id and v.voided_at is null and v.effective_at <= ${now} and v.expires_at > ${now})::bigint as vouchers
        from accounts a left join funds f on f.account_id = a.id
       where a.id = ${auth.accountId}`),
  );
  const cash = Number(row?.cash ?? 0);
  const outstanding = Number(row?.outstanding ?? 0);
  const voucherFen = Number(row?.vouchers ?? 0);
  return {
    cashAmount: fenToYuan(cash),
    outstandingAmount: fenToYuan(outstanding),
    voucherAmount: fenToYuan(voucherFen),
    availableAmount: fenToYuan(cash + voucherFen - outstanding),
    accountStatus: Number(row?.status ?? 0),
    arrearsSince: row?.arrears_since ? new Date(row.arrears_since).toISOString() : null,
    servicesPausedAt: row?.paused ? new Date(row.paused).toISOString() : null,
    // Special VAT invoices need a passed enterprise verification.
    invoiceTypes: row?.special_vat ? ['ordinary', 'specialVat'] : ['ordinary'],
    currency: currencyOf(lang),
  };
}

type TVoucherRaw = {
  id: number;
  code: string;
  name: string;
  face_fen: number;
  available_fen: number;
  effective_at: Date | string;
  expires_at: Date | string;
  service_ids: number[] | string | null;
  region_ids: number[] | string | null;
  voided_at: Date | string | null;
};

const stateSql = (now: Date) => sql`case when v.voided_at is not null then 'voided'
  when v.expires_at <= ${now} then 'expired' when v.effective_at > ${now} then 'pending' else 'inEffect' end`;

export async function listVouchers(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  query: { state?: TVoucher['state'] | undefined; pageNo: number; pageSize: number },
) {
  const now = deps.clock.now();
  const where = sql`v.account_id = ${auth.accountId} ${query.state ? sql`and ${stateSql(now)} = ${query.state}` : sql``}`;
  const [count] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`select count(*)::int as n from vouchers v where ${where}`),
  );
  const rows = rowsOf<TVoucherRaw & { state: TVoucher['state'] }>(
    await deps.db.execute(sql`
      select v.*, ${stateSql(now)} as state from vouchers v where ${where}
      order by (${stateSql(now)} = 'inEffect') desc, v.expires_at, v.id
      limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`),
  );
  const names = await scopeNames(deps, lang);
  const parsed = <T>(v: T | string | null) => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  return {
    list: rows.map(
      (r): TVoucher => ({
        id: Number(r.id),
        code: r.code,
        name: r.name,
        faceValue: fenToYuan(Number(r.face_fen)),
        availableAmount: fenToYuan(Number(r.available_fen)),
        usedAmount: fenToYuan(Number(r.face_fen) - Number(r.available_fen)),
        effectiveTime: new Date(r.effective_at).toISOString(),
        expireTime: new Date(r.expires_at).toISOString(),
        productScope: (parsed<number[]>(r.service_ids) ?? []).map(
          (id) => names.services.get(id) ?? String(id),
        ),
        regionScope: (parsed<number[]>(r.region_ids) ?? []).map((id) => names.regions.get(id) ?? String(id)),
        state: r.state,
      }),
    ),
    total: Number(count?.n ?? 0),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

async function scopeNames(deps: TDeps, lang: TLanguage) {
  const services = rowsOf<{ id: number; name_zh: string; name_en: string }>(
    await deps.db.execute(sql`select id, name_zh, name_en from services`),
  );
  const regions = rowsOf<{ id: number; name_zh: string; name_en: string; c_zh: string; c_en: string }>(
    await deps.db.execute(sql`
      select r.id, r.name_zh, r.name_en, c.name_zh as c_zh, c.name_en as c_en from regions r join csps c on c.code = r.csp`),
  );
  return {
    services: new Map(services.map((s) => [Number(s.id), nameIn(lang, s)])),
    regions: new Map(
      regions.map((r) => [
        Number(r.id),
        `${nameIn(lang, { name_zh: r.c_zh, name_en: r.c_en })} ${nameIn(lang, r)}`,
      ]),
    ),
  };
}

export async function listDeductions(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  query: { voucherId?: number | undefined; pageNo: number; pageSize: number },
) {
  const where = sql`d.account_id = ${auth.accountId} ${query.voucherId ? sql`and d.voucher_id = ${query.voucherId}` : sql``}`;
  const [count] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`select count(*)::int as n from voucher_deductions d where ${where}`),
  );
  const rows = rowsOf<{
    voucher_id: number;
    code: string;
    name: string;
    day: string;
    instance_name: string;
    k_zh: string;
    k_en: string;
    amount_fen: number;
  }>(
    await deps.db.execute(sql`
      select d.voucher_id, v.code, v.name, d.day::text as day, i.instance_name, k.name_zh as k_zh, k.name_en as k_en, d.amount_fen
        from voucher_deductions d
        join vouchers v on v.id = d.voucher_id
        join instances i on i.id = d.instance_id
        join skus k on k.code = d.sku_code
       where ${where}
       order by d.day desc, d.voucher_id, i.instance_name, d.sku_code
       limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`),
  );
  return {
    list: rows.map((r) => ({
      voucherId: Number(r.voucher_id),
      voucherCode: r.code,
      voucherName: r.name,
      date: r.day,
      instanceName: r.instance_name,
      skuName: nameIn(lang, { name_zh: r.k_zh, name_en: r.k_en }),
      amount: fenToYuan(Number(r.amount_fen)),
    })),
    total: Number(count?.n ?? 0),
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
  const offsetMs = 8 * 3_600_000;
  const from = query.startDate ? new Date(Date.parse(`${query.startDate}T00:00:00Z`) - offsetMs) : null;
  const to = query.endDate ? new Date(Date.parse(`${query.endDate}T00:00:00Z`) + dayMs - offsetMs) : null;
  if ((query.startDate && Number.isNaN(from?.getTime())) || (query.endDate && Number.isNaN(to?.getTime()))) {
    throw new AppError(ErrorCode.badRequest, {
      data: { fieldErrors: { startDate: translateValidation(lang, 'dateFormat') } },
    });
  }
  const where = sql`t.account_id = ${auth.accountId}
    ${query.type ? sql`and t.type = ${query.type}` : sql``}
    ${from ? sql`and t.created_at >= ${from}` : sql``}
    ${to ? sql`and t.created_at < ${to}` : sql``}`;
  const after = parseCursor(query.cursor);
  const [count] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`select count(*)::int as n from transactions t where ${where}`),
  );
  const rows = rowsOf<{
    id: number;
    type: TTransaction['type'];
    channel: TTransaction['channel'];
    amount_fen: number;
    balance_after_fen: number;
    serial_no: string;
    remark: string | null;
    created_at: Date | string;
    account_name: string;
  }>(
    await deps.db.execute(sql`
      select t.*, a.display_name as account_name from transactions t join accounts a on a.id = t.account_id
       where ${where} ${after ? sql`and (t.created_at, t.id) < (${after.time}, ${after.id})` : sql``}
       order by t.created_at desc, t.id desc
       limit ${query.pageSize} ${after ? sql`` : sql`offset ${(query.pageNo - 1) * query.pageSize}`}`),
  );
  return {
    list: rows.map(
      (r): TTransaction => ({
        id: Number(r.id),
        type: r.type,
        channel: r.channel,
        amount: fenToYuan(Number(r.amount_fen)),
        balanceAfter: fenToYuan(Number(r.balance_after_fen)),
        serialNo: r.serial_no,
        accountName: r.account_name,
        remark: r.remark,
        time: new Date(r.created_at).toISOString(),
        cursor: cursorOf(new Date(r.created_at), Number(r.id)),
      }),
    ),
    total: Number(count?.n ?? 0),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function cspRegionList(deps: TDeps, auth: TAuth, lang: TLanguage) {
  const rows = rowsOf<{
    id: number;
    instance_name: string;
    s_zh: string;
    s_en: string;
    csp: string;
    c_zh: string;
    c_en: string;
    region_id: number;
    r_zh: string;
    r_en: string;
    workspaces: string[] | string | null;
  }>(
    await deps.db.execute(sql`
      select i.id, i.instance_name, s.name_zh as s_zh, s.name_en as s_en, r.csp, c.name_zh as c_zh, c.name_en as c_en,
             i.region_id, r.name_zh as r_zh, r.name_en as r_en,
             (select coalesce(jsonb_agg(distinct u.workspace), '[]'::jsonb) from usage_daily u
               where u.account_id = i.account_id and u.instance_id = i.id) as workspaces
        from instances i join services s on s.id = i.service_id join regions r on r.id = i.region_id
        join csps c on c.code = r.csp
       where i.account_id = ${auth.accountId} and i.status <> 3
       order by i.service_id, i.created_at, i.id`),
  );
  return rows.map((r) => ({
    instanceId: Number(r.id),
    instanceName: r.instance_name,
    serviceName: nameIn(lang, { name_zh: r.s_zh, name_en: r.s_en }),
    csp: r.csp,
    cspName: nameIn(lang, { name_zh: r.c_zh, name_en: r.c_en }),
    regionId: Number(r.region_id),
    regionName: nameIn(lang, { name_zh: r.r_zh, name_en: r.r_en }),
    workspaces: (typeof r.workspaces === 'string'
      ? (JSON.parse(r.workspaces) as string[])
      : (r.workspaces ?? [])
    ).sort(),
  }));
}

export async function skuList(deps: TDeps, auth: TAuth, lang: TLanguage) {
  const rows = rowsOf<{
    code: string;
    category: 'compute' | 'storage' | 'network' | 'ai';
    name_zh: string;
    name_en: string;
    unit: string;
    unit_price_fen: string;
    rate: string | null;
  }>(
    await deps.db.execute(sql`
      select k.code, k.category, k.name_zh, k.name_en, k.unit, k.unit_price_fen::text as unit_price_fen,
             coalesce((select rate::text from account_discounts d where d.account_id = ${auth.accountId} and d.category = k.category),
                      (select rate::text from account_discounts d where d.account_id = ${auth.accountId} and d.category = '*')) as rate
        from skus k order by k.sort, k.code`),
  );
  return rows.map((r) => ({
    code: r.code,
    category: r.category,
    name: nameIn(lang, r),
    unit: r.unit,
    unitPrice: trimQuantity(r.unit_price_fen),
    discountRate: r.rate === null ? 1 : Number(r.rate),
  }));
}
