/** The summary's discount rate: a percentage where something was consumed, "-" where nothing was. */
import {
  BillingAmountFields,
  discountField,
  type TBillingAmountField,
  type TBillingCount,
  type TDiscountField,
} from '@console/contract';
import { cleanup, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setMeta } from '@/lib/meta';
import { consoleI18n, renderConsole } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { SummaryPanel } from './summary-panel';

function count(total: string, discounted: string, discountPercent: number): TBillingCount {
  const amounts = Object.fromEntries(
    BillingAmountFields.flatMap((f) => [
      [f, '0.00'],
      [discountField(f), '0.00'],
    ]),
  ) as Record<TBillingAmountField | TDiscountField<TBillingAmountField>, string>;
  return {
    ...amounts,
    totalAmount: total,
    discountTotalAmount: discounted,
    discountPercent,
    voucherAmount: '0.00',
    cashAmount: discounted,
    outstandingAmount: '0.00',
    startDate: '2026-12-02',
    endDate: '2026-12-02',
    currency: 'CNY',
    trend: [],
  };
}

let en: i18n;
let zh: i18n;
beforeAll(async () => {
  en = await consoleI18n('en-US', ['billing', 'common']);
  zh = await consoleI18n('zh-CN', ['billing', 'common']);
});
beforeEach(() => setMeta(testMeta()));
afterEach(() => {
  cleanup();
  setMeta(null);
});

describe('the summary’s discount rate', () => {
  it('reads "-" for a range with nothing consumed, though the answer says 0 (English)', () => {
    renderConsole(<SummaryPanel count={count('0.00', '0.00', 0)} />, en);
    expect(screen.getByTestId('billing-discount-percent').textContent).toBe('Discount rate -');
    expect(screen.getByTestId('billing-total').textContent).toBe('¥0.00');
  });

  it('reads the rate where something was consumed, and "-" in Chinese too', () => {
    renderConsole(<SummaryPanel count={count('1111.72', '1111.72', 1)} />, zh);
    expect(screen.getByTestId('billing-discount-percent').textContent).toBe('折扣率 100%');
    cleanup();
    renderConsole(<SummaryPanel count={count('0.00', '0.00', 0)} />, zh);
    expect(screen.getByTestId('billing-discount-percent').textContent).toBe('折扣率 -');
  });

  it('names the range’s arrears for what they are', () => {
    renderConsole(<SummaryPanel count={count('10.00', '10.00', 1)} />, en);
    expect(screen.getByText('Arrears incurred')).toBeTruthy();
  });
});
