/**
 * The statements and a month's bill say one thing about a month's arrears: what it incurred
 * ("Arrears incurred" / "产生欠费") and whether they are paid ("Settled", or what is still owed),
 * in both languages; a month with nothing consumed reads no discount rate.
 */
import {
  BillingAmountFields,
  discountField,
  type TBillingAmountField,
  type TBillingCount,
  type TDiscountField,
  type TStatement,
  type TStatementDetail,
} from '@console/contract';
import { cleanup, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import CostPage from './cost';
import MonthBillPage from './month-bill';

const statement = (over: Partial<TStatement>): TStatement => ({
  id: 1,
  month: '2026-09',
  originalAmount: '1017.30',
  discountedAmount: '1017.30',
  voucherDeduction: '0.00',
  cashPayment: '1000.00',
  outstandingAmount: '17.30',
  owedAmount: '0.00',
  discountRate: 1,
  isSettled: true,
  generateTime: '2026-10-01T00:30:00.000Z',
  ...over,
});

/** September incurred 17.30 of arrears, paid since; October's 20.00 are owed still, 12.30 of them. */
const september = statement({});
const october = statement({
  id: 2,
  month: '2026-10',
  cashPayment: '980.00',
  outstandingAmount: '20.00',
  owedAmount: '12.30',
  isSettled: false,
});
/** A month with nothing consumed (its rate is 1 in the answer). */
const empty = statement({
  id: 3,
  month: '2026-08',
  originalAmount: '0.00',
  discountedAmount: '0.00',
  cashPayment: '0.00',
  outstandingAmount: '0.00',
});

function count(): TBillingCount {
  const amounts = Object.fromEntries(
    BillingAmountFields.flatMap((f) => [
      [f, '0.00'],
      [discountField(f), '0.00'],
    ]),
  ) as Record<TBillingAmountField | TDiscountField<TBillingAmountField>, string>;
  return {
    ...amounts,
    discountPercent: 0,
    voucherAmount: '0.00',
    cashAmount: '0.00',
    outstandingAmount: '0.00',
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    currency: 'CNY',
    trend: [],
  };
}

const line: TStatementDetail['lines'][number] = {
  instanceId: 10,
  instanceName: 'lqfuh2sj',
  serviceName: 'Lakehouse',
  regionName: '阿里云 华东2（上海）',
  category: 'storage',
  skuCode: 'managed_storage',
  skuName: '托管存储',
  unit: 'GiB·天',
  usage: '37590.949',
  unitPrice: '0.42',
  originalAmount: '157.89',
  discountedAmount: '157.89',
  payableAmount: '157.89',
  voucherDeduction: '0.00',
  outstandingAmount: '0.00',
  cashPayment: '157.89',
  discountRate: 1,
};

let en: i18n;
let zh: i18n;

beforeAll(async () => {
  en = await consoleI18n('en-US', ['billing', 'common']);
  zh = await consoleI18n('zh-CN', ['billing', 'common']);
});
beforeEach(() => {
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  fakeApi((call) => {
    if (call.path === '/api/portal/user/getCurrentUser') return testAdmin;
    if (call.path === '/api/portal/billing/history/years') return [2026];
    if (call.path === '/api/portal/billing/history/list') {
      return { list: [october, september, empty], total: 3, nextCursor: null, pageNo: 1, pageSize: 12 };
    }
    if (call.path === '/api/portal/billing/history/detail') {
      const id = (call.body as { id: number }).id;
      const detail: TStatementDetail = {
        statement: [october, september, empty].find((s) => s.id === id) as TStatement,
        count: count(),
        lines: id === 3 ? [] : [line],
      };
      return detail;
    }
    return { code: 404, message: 'not found' };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

/** A page's first draw loads antd's table: on a busy machine that takes longer than a later change. */
const firstDraw = { timeout: 10_000 };

const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');

function renderAt(path: string, instance: i18n) {
  renderConsole(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/billing/cost" element={<CostPage />} />
        <Route path="/billing/cost/month/:id" element={<MonthBillPage />} />
      </Routes>
    </MemoryRouter>,
    instance,
  );
}

async function rowOf(month: string): Promise<HTMLElement> {
  const rows = await screen.findAllByTestId('statement-row', {}, firstDraw);
  return rows.find((r) => r.getAttribute('data-month') === month) as HTMLElement;
}

describe('the statements', () => {
  it('name the arrears each month incurred, and say settled or what is still owed (English)', async () => {
    renderAt('/billing/cost', en);
    const settled = await rowOf('2026-09');
    expect(within(settled).getByTestId('statement-outstanding').textContent).toBe('¥17.30');
    expect(within(settled).getByTestId('statement-settled').textContent).toBe('Settled');
    const owing = await rowOf('2026-10');
    expect(within(owing).getByTestId('statement-settled').textContent).toBe('¥12.30 owed');
    expect(within(owing).getByTestId('statement-settled').getAttribute('data-settled')).toBe('false');
    // The amount titles read with their currency; the arrears column says what it holds.
    expect(headers()).toContain('Arrears incurred (CNY)');
    expect(headers()).not.toContain('Outstanding amount (CNY)');
    expect(headers()).toContain('Settlement');
    expect(screen.getByTestId('statement-arrears-note').textContent).toContain('oldest first');
  });

  it('say it in Chinese', async () => {
    renderAt('/billing/cost', zh);
    const owing = await rowOf('2026-10');
    expect(within(owing).getByTestId('statement-settled').textContent).toBe('尚欠 ¥12.30');
    expect(within(await rowOf('2026-09')).getByTestId('statement-settled').textContent).toBe('已结清');
    expect(headers()).toContain('产生欠费（CNY）');
    expect(headers()).toContain('结清状态');
  });

  it('put the currency of an amount title on a line of its own', async () => {
    renderAt('/billing/cost', en);
    await rowOf('2026-09');
    const title = [...document.querySelectorAll('thead th')].find((th) =>
      th.textContent?.startsWith('Arrears incurred'),
    ) as HTMLElement;
    expect(title.querySelector('.cz-amount-title__currency')?.textContent?.trim()).toBe('(CNY)');
  });
});

describe("a month's bill", () => {
  it('says what the statements say: the arrears incurred and what of them is still owed', async () => {
    renderAt('/billing/cost/month/2', en);
    expect((await screen.findByTestId('month-settled', {}, firstDraw)).textContent).toBe('¥12.30 owed');
    expect(screen.getByTestId('month-outstanding').textContent).toBe('¥20.00');
    expect(screen.getByTestId('month-owed').textContent).toBe('¥12.30');
    const amounts = screen.getByTestId('month-bill').querySelector('.ant-descriptions') as HTMLElement;
    expect(within(amounts).getByText('Arrears incurred')).toBeTruthy();
    expect(within(amounts).getByText('Still owed')).toBeTruthy();
  });

  it('says settled in Chinese, with the units of the page’s language in its lines', async () => {
    renderAt('/billing/cost/month/1', zh);
    expect((await screen.findByTestId('month-settled', {}, firstDraw)).textContent).toBe('已结清');
    expect(screen.getByTestId('month-owed').textContent).toBe('¥0.00');
    expect(screen.getByText('尚欠金额')).toBeTruthy();
    expect((await screen.findByTestId('month-line')).textContent).toContain('37,590.949 GiB·天');
    // The line's rate is read where something was consumed.
    expect((await screen.findByTestId('month-line')).textContent).toContain('100%');
  });

  it('reads no discount rate for a month with nothing consumed', async () => {
    renderAt('/billing/cost/month/3', en);
    await screen.findByTestId('month-settled', {}, firstDraw);
    const amounts = screen.getByTestId('month-bill').querySelector('.ant-descriptions') as HTMLElement;
    const label = within(amounts).getByText('Comprehensive discount rate');
    const value = label.closest('tr')?.textContent ?? '';
    expect(value).toContain('Comprehensive discount rate-');
    expect(value).not.toContain('100%');
  });
});
