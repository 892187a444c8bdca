/**
 * The billing overview's range and filters (spec section 9: today, last 7 days, last 30 days, and
 * a custom range) and how they become the request of `/count`, `/detail/list` and the export.
 * A custom range needs both days, the first not after the last, at most a year apart
 * (`BillingLimits.customRangeMaxDays`, inclusive).
 */
import type { TBillingFilter } from '@console/contract';
import { BillingLimits, type TBillingRange, type TSkuCategory } from '@console/contract/billing-enums';

export type TOverviewFilters = {
  range: TBillingRange;
  /** The custom range's first and last day (YYYY-MM-DD), inclusive. */
  startDate: string | null;
  endDate: string | null;
  instanceId: number | null;
  workspace: string | null;
  category: TSkuCategory | null;
  /** One product (SKU) of `skuList`. */
  skuCode: string | null;
};

export const defaultOverviewFilters: TOverviewFilters = {
  range: 'last30Days',
  startDate: null,
  endDate: null,
  instanceId: null,
  workspace: null,
  category: null,
  skuCode: null,
};

/**
 * What is wrong with a custom range: a day missing (the range cannot be applied yet), or, keys of
 * the `validation` phrases, a day that is not one or days out of order or too far apart.
 */
export type TRangeError = 'missingDates' | 'dateFormat' | 'dateRange';

export type TFilterResult = { ok: true; filter: TBillingFilter } | { ok: false; error: TRangeError };

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 24 * 60 * 60 * 1000;

/** Milliseconds of a calendar day (UTC midnight), or null when it is no real day. */
export function dayValue(day: string): number | null {
  const m = dayPattern.exec(day);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const value = Date.UTC(year, month - 1, date);
  const back = new Date(value);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) {
    return null;
  }
  return value;
}

/** What is wrong with a custom range, or null. */
export function checkCustomRange(startDate: string | null, endDate: string | null): TRangeError | null {
  if (!startDate || !endDate) return 'missingDates';
  const start = dayValue(startDate);
  const end = dayValue(endDate);
  if (start === null || end === null) return 'dateFormat';
  if (start > end) return 'dateRange';
  const days = Math.round((end - start) / dayMs) + 1;
  return days > BillingLimits.customRangeMaxDays ? 'dateRange' : null;
}

/**
 * The request of the filters: the range (with its days when custom) and the filters that are set.
 * A workspace is sent only with its instance (the workspaces are those of the chosen instance).
 */
export function toBillingFilter(filters: TOverviewFilters): TFilterResult {
  const filter: TBillingFilter = { range: filters.range };
  if (filters.range === 'custom') {
    const error = checkCustomRange(filters.startDate, filters.endDate);
    if (error) return { ok: false, error };
    filter.startDate = filters.startDate as string;
    filter.endDate = filters.endDate as string;
  }
  if (filters.instanceId !== null) {
    filter.instanceId = filters.instanceId;
    const workspace = filters.workspace?.trim();
    if (workspace) filter.workspace = workspace;
  }
  if (filters.category) filter.category = filters.category;
  if (filters.skuCode) filter.skuCode = filters.skuCode;
  return { ok: true, filter };
}

/** Whether the filters ask for a custom range whose days are not both chosen yet. */
export function isCustomRangeIncomplete(filters: TOverviewFilters): boolean {
  return filters.range === 'custom' && (!filters.startDate || !filters.endDate);
}

const billingOffsetMs = 8 * 60 * 60 * 1000;

/**
 * Today as a billing day (YYYY-MM-DD): the calendar day of UTC+8, in which usage is rated and the
 * ranges end, wherever the browser is.
 */
export function billingToday(now: Date = new Date()): string {
  return new Date(now.getTime() + billingOffsetMs).toISOString().slice(0, 10);
}

/** The filters after choosing a range: a preset range drops the custom days. */
export function withRange(filters: TOverviewFilters, range: TBillingRange): TOverviewFilters {
  return range === 'custom' ? { ...filters, range } : { ...filters, range, startDate: null, endDate: null };
}

/** The filters after choosing an instance: its workspace choice starts over. */
export function withInstance(filters: TOverviewFilters, instanceId: number | null): TOverviewFilters {
  return { ...filters, instanceId, workspace: null };
}

/** The filters after choosing a category: a product of another category is dropped. */
export function withCategory(
  filters: TOverviewFilters,
  category: TSkuCategory | null,
  skus: readonly { code: string; category: TSkuCategory }[],
): TOverviewFilters {
  const sku = skus.find((s) => s.code === filters.skuCode);
  const keepsSku = category === null || sku === undefined || sku.category === category;
  return { ...filters, category, skuCode: keepsSku ? filters.skuCode : null };
}

/** The filters after choosing a product: its category is chosen with it (none: the category stays). */
export function withSku(
  filters: TOverviewFilters,
  skuCode: string | null,
  skus: readonly { code: string; category: TSkuCategory }[],
): TOverviewFilters {
  const sku = skus.find((s) => s.code === skuCode);
  return { ...filters, skuCode, category: sku ? sku.category : filters.category };
}
