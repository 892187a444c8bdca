import { SkuUnits } from '@console/contract/billing-enums';
import { describe, expect, it } from 'vitest';
import { unitIn } from './units';

describe('the units of the bill', () => {
  it('are written in the request’s language', () => {
    expect(SkuUnits.map((u) => unitIn('zh-CN', u))).toEqual(['CRU·小时', 'GiB·天', 'GB', '千 Token']);
    expect(SkuUnits.map((u) => unitIn('en-US', u))).toEqual(['CRU-hour', 'GiB-day', 'GB', '1K tokens']);
  });

  it('keep a unit the phrases do not know as stored, and never read an inherited key', () => {
    expect(unitIn('zh-CN', 'TiB-month')).toBe('TiB-month');
    expect(unitIn('en-US', 'constructor')).toBe('constructor');
  });
});
