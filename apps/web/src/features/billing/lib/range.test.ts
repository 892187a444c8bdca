import { describe, expect, it } from 'vitest';
import {
  billingToday,
  checkCustomRange,
  defaultOverviewFilters,
  isCustomRangeIncomplete,
  toBillingFilter,
  withCategory,
  withInstance,
  withRange,
  withSku,
} from './range';

describe('range and filters to the request', () => {
  it('sends a preset range alone, last 30 days by default', () => {
    expect(toBillingFilter(defaultOverviewFilters)).toEqual({ ok: true, filter: { range: 'last30Days' } });
    expect(toBillingFilter({ ...defaultOverviewFilters, range: 'today' })).toEqual({
      ok: true,
      filter: { range: 'today' },
    });
    // Days left from a custom range are not sent with a preset one.
    expect(
      toBillingFilter({
        ...defaultOverviewFilters,
        range: 'last7Days',
        startDate: '2026-01-01',
        endDate: '2026-01-02',
      }),
    ).toEqual({ ok: true, filter: { range: 'last7Days' } });
  });

  it('sends a custom range with its first and last day', () => {
    expect(
      toBillingFilter({
        ...defaultOverviewFilters,
        range: 'custom',
        startDate: '2026-02-01',
        endDate: '2026-02-28',
      }),
    ).toEqual({ ok: true, filter: { range: 'custom', startDate: '2026-02-01', endDate: '2026-02-28' } });
  });

  it('refuses a custom range that is incomplete, reversed, longer than a year or not real days', () => {
    expect(checkCustomRange(null, '2026-01-01')).toBe('missingDates');
    expect(checkCustomRange('2026-01-01', null)).toBe('missingDates');
    expect(checkCustomRange('2026-03-02', '2026-03-01')).toBe('dateRange');
    expect(checkCustomRange('2026-02-30', '2026-03-01')).toBe('dateFormat');
    expect(checkCustomRange('2026/01/01', '2026-03-01')).toBe('dateFormat');
    // 366 days inclusive is the most.
    expect(checkCustomRange('2025-01-01', '2026-01-01')).toBeNull();
    expect(checkCustomRange('2024-01-01', '2024-12-31')).toBeNull();
    expect(checkCustomRange('2024-01-01', '2025-01-01')).toBe('dateRange');
    expect(checkCustomRange('2026-05-05', '2026-05-05')).toBeNull();
    expect(toBillingFilter({ ...defaultOverviewFilters, range: 'custom' })).toEqual({
      ok: false,
      error: 'missingDates',
    });
  });

  it('sends the instance, its workspace and the category when chosen', () => {
    expect(
      toBillingFilter({ ...defaultOverviewFilters, instanceId: 7, workspace: ' etl ', category: 'storage' }),
    ).toEqual({
      ok: true,
      filter: { range: 'last30Days', instanceId: 7, workspace: 'etl', category: 'storage' },
    });
    // A workspace without its instance is not sent.
    expect(toBillingFilter({ ...defaultOverviewFilters, workspace: 'etl' })).toEqual({
      ok: true,
      filter: { range: 'last30Days' },
    });
  });

  it('starts the workspace over with another instance and drops custom days with a preset range', () => {
    const chosen = { ...defaultOverviewFilters, instanceId: 7, workspace: 'etl' };
    expect(withInstance(chosen, 8)).toMatchObject({ instanceId: 8, workspace: null });
    const custom = {
      ...defaultOverviewFilters,
      range: 'custom' as const,
      startDate: '2026-01-01',
      endDate: '2026-01-02',
    };
    expect(withRange(custom, 'today')).toMatchObject({ range: 'today', startDate: null, endDate: null });
    expect(withRange(defaultOverviewFilters, 'custom')).toMatchObject({ range: 'custom' });
  });

  it('cannot apply a custom range before both days are chosen', () => {
    const custom = withRange(defaultOverviewFilters, 'custom');
    expect(isCustomRangeIncomplete(custom)).toBe(true);
    expect(toBillingFilter(custom)).toEqual({ ok: false, error: 'missingDates' });
    expect(isCustomRangeIncomplete({ ...custom, startDate: '2026-02-01' })).toBe(true);
    const chosen = { ...custom, startDate: '2026-02-01', endDate: '2026-02-03' };
    expect(isCustomRangeIncomplete(chosen)).toBe(false);
    expect(toBillingFilter(chosen)).toMatchObject({ ok: true });
    // A preset range is complete whatever days are left over.
    expect(isCustomRangeIncomplete(defaultOverviewFilters)).toBe(false);
  });

  it('takes today as the billing day of UTC+8', () => {
    expect(billingToday(new Date('2026-11-25T15:59:59Z'))).toBe('2026-11-25');
    expect(billingToday(new Date('2026-11-25T16:00:00Z'))).toBe('2026-11-26');
  });
});

describe('the product (SKU) filter', () => {
  const skus = [
    { code: 'vc_gp', category: 'compute' as const },
    { code: 'managed_storage', category: 'storage' as const },
  ];

  it('is sent when chosen', () => {
    expect(toBillingFilter({ ...defaultOverviewFilters, skuCode: 'vc_gp' })).toEqual({
      ok: true,
      filter: { range: 'last30Days', skuCode: 'vc_gp' },
    });
  });

  it('chooses its category with a product, and drops a product of another category', () => {
    const chosen = withSku(defaultOverviewFilters, 'managed_storage', skus);
    expect(chosen).toMatchObject({ skuCode: 'managed_storage', category: 'storage' });
    expect(withCategory(chosen, 'storage', skus).skuCode).toBe('managed_storage');
    expect(withCategory(chosen, null, skus).skuCode).toBe('managed_storage');
    expect(withCategory(chosen, 'compute', skus)).toMatchObject({ skuCode: null, category: 'compute' });
    expect(withSku(chosen, null, skus)).toMatchObject({ skuCode: null, category: 'storage' });
  });
});
