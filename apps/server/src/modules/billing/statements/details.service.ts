/**
 * The billing record over a range and its trend, the daily details (a page, or keyset batches for
 * the exports), and what the filters offer: the account's instances and the SKUs with its rates.
 * Everything reads the daily rollups (`usage_daily`), never the raw usage records.
 */
import {
  BillingAmountFields,
  BillingLimits,
  discountField,
  fenToYuan,
  type TBillingCount,
  type TBillingDetailPage,
  type TBillingDetailRow,
  type TLanguage,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TAuth, TDeps } from '../../../context';
import { AppError } from '../../../errors';
import { translateValidation } from '../../../i18n';
import { addDays, dayOf } from '../../../lib/billing-day';
import { nameIn } from '../../service';
import { currencyOf, ratio, trimDecimal } from '../money';
import { unitIn } from '../units';
import { readBillDetail } from './bill-detail-read';
import {
  countDetailsUpTo,
  detailBatch,
  detailPage,
  instanceRows,
  isOwnInstance,
  skuRows,
  sumsOfDays,
  sumsPerDay,
  type TDetailKey,
  type TDetailRow,
  type TRange,
  type TUsageFilter,
} from './statements.repository';

export type { TRange } from './statements.repository';

const dayMs = 86_400_000;

export type TFilter = {
  range: 'today' | 'last7Days' | 'last30Days' | 'custom';
  startDate?: string | undefined;
  endDate?: string | undefined;
  instanceId?: number | undefined;
  workspace?: string | undefined;
  category?: 'compute' | 'storage' | 'network' | 'ai' | undefined;
  skuCode?: string | undefined;
};

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
function usageFilterOf(auth: TAuth, filter: TFilter): TUsageFilter {
  return {
    accountId: auth.accountId,
    instanceId: filter.instanceId,
    workspace: filter.workspace,
    category: filter.category,
    skuCode: filter.skuCode,
  };
}

/** An instance filter names one of the account's instances, or the answer is 403. */
async function requireOwnInstance(deps: TDeps, auth: TAuth, instanceId: number | undefined) {
  if (instanceId === undefined) return;
  if (!(await isOwnInstance(deps.db, auth.accountId, instanceId))) throw new AppError(ErrorCode.forbidden);
}

type TSums = { a: number; d: number; v: number; c: number; o: number };
const zero = (): TSums => ({ a: 0, d: 0, v: 0, c: 0, o: 0 });

/** The billing record of spec section 3 from sums per category and field. */
function recordOf(
  rows: readonly (TSums & { category: string; field: string | null })[],
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

export async function billingCount(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  filter: TFilter,
): Promise<TBillingCount> {
  await requireOwnInstance(deps, auth, filter.instanceId);
  const range = resolveRange(filter, deps.clock.now(), lang);
  return countOver(deps, auth, filter, range);
}

/** The billing record of the filters over a range, with its trend per day. */
export async function countOver(
  deps: TDeps,
  auth: TAuth,
  filter: TFilter,
  range: TRange,
): Promise<TBillingCount> {
  const usage = usageFilterOf(auth, filter);
  const sums = await sumsPerDay(deps.readDb, usage, range);
  const today = dayOf(deps.clock.now());
  const yesterday = addDays(today, -1);
  const nearby = await sumsOfDays(deps.readDb, usage, [today, yesterday]);
  const sumsOf = (day: string): TSums => {
    const r = nearby.find((n) => n.day === day);
    return r ? { a: r.a, d: r.d, v: r.v, c: r.c, o: r.o } : zero();
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
    point[r.category] += r.d;
  }
  return {
    ...amounts,
    discountPercent: ratio(totals.d, totals.a, 0),
    voucherAmount: fenToYuan(totals.v),
    cashAmount: fenToYuan(totals.c),
    outstandingAmount: fenToYuan(totals.o),
    startDate: range.start,
    endDate: range.end,
    currency: currencyOf(deps.config.edition),
    // Today's figures are what it consumed so far: the chart draws it as a day under way.
    trend: [...trend.entries()].map(([date, p]) => ({
      date,
      isPartial: date === today,
      total: fenToYuan(p.total),
      compute: fenToYuan(p.compute),
      storage: fenToYuan(p.storage),
      network: fenToYuan(p.network),
      ai: fenToYuan(p.ai),
    })),
  } as TBillingCount;
}

/** What a line shows, read from a rollup row or a sum of them. */
export type TLineFields = Omit<TDetailRow, 'day' | 'workspace'>;

/** A line of one instance and SKU: names in the language, amounts in yuan. */
export function lineOf(lang: TLanguage, r: TLineFields): Omit<TBillingDetailRow, 'date' | 'workspace'> {
  return {
    instanceId: r.instanceId,
    instanceName: r.instanceName,
    serviceName: nameIn(lang, r.service),
    regionName: `${nameIn(lang, r.csp)} ${nameIn(lang, r.region)}`,
    category: r.category,
    skuCode: r.skuCode,
    skuName: nameIn(lang, r.sku),
    unit: unitIn(lang, r.unit),
    usage: trimDecimal(r.quantity),
    unitPrice: trimDecimal(r.unitPriceFen),
    originalAmount: fenToYuan(r.a),
    discountedAmount: fenToYuan(r.d),
    payableAmount: fenToYuan(r.d),
    voucherDeduction: fenToYuan(r.v),
    outstandingAmount: fenToYuan(r.o),
    cashPayment: fenToYuan(r.c),
    discountRate: ratio(r.d, r.a, 1),
  };
}

function detailRowOf(lang: TLanguage, r: TDetailRow): TBillingDetailRow {
  const { instanceId, instanceName, serviceName, regionName, ...rest } = lineOf(lang, r);
  return { date: r.day, instanceId, instanceName, serviceName, regionName, workspace: r.workspace, ...rest };
}

/** The opaque cursor of a detail row: its key, as base64url JSON. */
function detailCursorOf(r: TDetailKey): string {
  return Buffer.from(JSON.stringify([r.day, r.instanceId, r.workspace, r.skuCode])).toString('base64url');
}

/** The key a cursor names; a cursor that names none is refused (400). */
function parseDetailCursor(cursor: string, lang: TLanguage): TDetailKey {
  try {
    const [day, instanceId, workspace, skuCode] = JSON.parse(
      Buffer.from(cursor, 'base64url').toString('utf8'),
    ) as unknown[];
    if (
      typeof day === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(day) &&
      Number.isSafeInteger(instanceId) &&
      typeof workspace === 'string' &&
      typeof skuCode === 'string'
    ) {
      return { day, instanceId: instanceId as number, workspace, skuCode };
    }
  } catch {
    // refused below
  }
  throw new AppError(ErrorCode.badRequest, {
    data: { fieldErrors: { cursor: translateValidation(lang, 'invalidValue') } },
  });
}

/**
 * A page of the daily details: after the cursor when one is given (keyset), else by position; the
 * total is counted up to `BillingLimits.detailCountMax` ("more than 10,000" beyond).
 */
export async function billingDetails(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  filter: TFilter & { pageNo: number; pageSize: number; cursor?: string | undefined },
): Promise<TBillingDetailPage> {
  await requireOwnInstance(deps, auth, filter.instanceId);
  const range = resolveRange(filter, deps.clock.now(), lang);
  const usage = usageFilterOf(auth, filter);
  const after = filter.cursor ? parseDetailCursor(filter.cursor, lang) : null;
  const cap = BillingLimits.detailCountMax;
  // The details come from the usage store: a failed read answers 4073.
  // The count and the page are read side by side; one row more than the page tells whether a
  // page follows.
  const [counted, rows] = await readBillDetail(() =>
    Promise.all([
      countDetailsUpTo(deps.readDb, usage, range, cap),
      detailPage(deps.readDb, usage, range, {
        after,
        offset: after ? 0 : (filter.pageNo - 1) * filter.pageSize,
        limit: filter.pageSize + 1,
      }),
    ]),
  );
  const list = rows.slice(0, filter.pageSize);
  const last = list.at(-1);
  return {
    list: list.map((r) => detailRowOf(lang, r)),
    total: Math.min(counted, cap),
    isTotalCapped: counted > cap,
    nextCursor: rows.length > filter.pageSize && last ? detailCursorOf(last) : null,
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
  const usage = usageFilterOf(auth, filter);
  // Keyset over the rollup's key: the thousandth batch costs what the first does.
  let after: TDetailKey | null = null;
  for (;;) {
    const rows: TDetailRow[] = await detailBatch(deps.readDb, usage, range, after, batch);
    const last = rows.at(-1);
    if (!last) return;
    yield rows.map((r) => detailRowOf(lang, r));
    after = { day: last.day, instanceId: last.instanceId, workspace: last.workspace, skuCode: last.skuCode };
    if (rows.length < batch) return;
  }
}

// ---------------------------------------------------------------------------------------------
// the filters

export async function cspRegionList(deps: TDeps, auth: TAuth, lang: TLanguage) {
  const rows = await instanceRows(deps.db, auth.accountId);
  return rows.map((r) => ({
    instanceId: r.id,
    instanceName: r.instanceName,
    serviceName: nameIn(lang, r.service),
    csp: r.csp,
    cspName: nameIn(lang, r.cspNames),
    regionId: r.regionId,
    regionName: nameIn(lang, r.region),
    workspaces: r.workspaces.sort(),
  }));
}

export async function skuList(deps: TDeps, auth: TAuth, lang: TLanguage) {
  const rows = await skuRows(deps.db, auth.accountId);
  return rows.map((r) => ({
    code: r.code,
    category: r.category,
    name: nameIn(lang, r),
    unit: unitIn(lang, r.unit),
    unitPrice: trimDecimal(r.unitPriceFen),
    discountRate: r.rate === null ? 1 : Number(r.rate),
  }));
}
