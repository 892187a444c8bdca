import { describe, expect, it } from 'vitest';
import {
  currencyOf,
  formatAmount,
  formatDiscountRate,
  formatMoney,
  formatRate,
  formatUsage,
  isNegative,
  isPositive,
} from './money';

describe('money formatting', () => {
  it('shows two decimals and thousands separators from the yuan text, without floating point', () => {
    expect(formatAmount('1234.50')).toBe('1,234.50');
    expect(formatAmount('0.00')).toBe('0.00');
    expect(formatAmount('12')).toBe('12.00');
    expect(formatAmount('1234567890123.4')).toBe('1,234,567,890,123.40');
    // Beyond what a double holds exactly: the digits are kept as they are.
    expect(formatAmount('90071992547409931.99')).toBe('90,071,992,547,409,931.99');
    expect(formatAmount('-12.30')).toBe('-12.30');
    expect(formatAmount('007.10')).toBe('7.10');
  });

  it('rounds further decimals half away from zero on the digits', () => {
    expect(formatAmount('0.005')).toBe('0.01');
    expect(formatAmount('0.004')).toBe('0.00');
    expect(formatAmount('9.995')).toBe('10.00');
    expect(formatAmount('999.999')).toBe('1,000.00');
    expect(formatAmount('-0.004')).toBe('0.00');
    expect(formatAmount('-1.005')).toBe('-1.01');
  });

  it('answers null for what is not an amount', () => {
    expect(formatAmount(null)).toBeNull();
    expect(formatAmount(undefined)).toBeNull();
    expect(formatAmount('')).toBeNull();
    expect(formatAmount('12,00')).toBeNull();
    expect(formatAmount('abc')).toBeNull();
  });

  it("shows the account's currency: CNY/¥ in the domestic edition, USD/$ in the international", () => {
    expect(currencyOf('domestic')).toBe('CNY');
    expect(currencyOf('international')).toBe('USD');
    expect(formatMoney('1234.5', 'CNY')).toBe('¥1,234.50');
    expect(formatMoney('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatMoney('-12.3', 'CNY')).toBe('-¥12.30');
    expect(formatMoney(null, 'USD')).toBe('-');
  });

  it('tells the sign of an amount', () => {
    expect(isNegative('-0.01')).toBe(true);
    expect(isNegative('0.00')).toBe(false);
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('0.00')).toBe(false);
    expect(isPositive('-5.00')).toBe(false);
    expect(isPositive(undefined)).toBe(false);
  });

  it('shows rates as percentages and usage with its unit', () => {
    expect(formatRate(0.85)).toBe('85%');
    expect(formatRate(0.8765)).toBe('87.65%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(Number.NaN)).toBe('-');
    expect(formatUsage('1234.500000', 'CRU-hour')).toBe('1,234.5 CRU-hour');
    expect(formatUsage('3', 'GiB-day')).toBe('3 GiB-day');
    expect(formatUsage('37590.949', 'GiB·天')).toBe('37,590.949 GiB·天');
  });

  it('reads no discount rate where nothing was consumed', () => {
    // The spec's discountPercent is 0 when the total is 0: that is no rate, not "0%".
    expect(formatDiscountRate(0, '0.00')).toBe('-');
    // A row's rate is 1 when nothing was consumed: no rate either.
    expect(formatDiscountRate(1, '0.00')).toBe('-');
    expect(formatDiscountRate(1, undefined)).toBe('-');
    expect(formatDiscountRate(1, '1111.72')).toBe('100%');
    expect(formatDiscountRate(0.85, '0.01')).toBe('85%');
  });
});
