import { describe, expect, it } from 'vitest';
import { formatUnitPrice } from './unit-price';

describe('formatUnitPrice', () => {
  it('shows fen per unit as money with at least 2 decimals and every place the price has', () => {
    expect(formatUnitPrice('40', 'CNY', 'en-US')).toBe('CN¥0.40');
    expect(formatUnitPrice('42.5', 'CNY', 'en-US')).toBe('CN¥0.425');
    expect(formatUnitPrice('0.015', 'USD', 'en-US')).toBe('$0.00015');
    expect(formatUnitPrice('1200', 'CNY', 'zh-CN')).toBe('¥12.00');
    expect(formatUnitPrice('12.500000', 'CNY', 'zh-CN')).toBe('¥0.125');
  });
});
