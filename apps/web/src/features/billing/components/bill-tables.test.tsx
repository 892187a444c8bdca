import type { TBillingDetailRow, TTransaction, TVoucher } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { DetailsTable } from './details-table';
import { TransactionsTable } from './transactions-table';
import { VouchersTable } from './vouchers-table';

const detail: TBillingDetailRow = {
  date: '2026-03-01',
  instanceId: 10,
  instanceName: 'ab12cd34',
  serviceName: 'Lakehouse',
  regionName: 'China East 2 (Shanghai)',
  workspace: 'etl',
  category: 'compute',
  skuCode: 'vc_gp',
  skuName: 'GP virtual cluster',
  unit: 'CRU-hour',
  usage: '12.500000',
  unitPrice: '2.000000',
  originalAmount: '25.00',
  discountedAmount: '20.00',
  payableAmount: '1234.50',
  voucherDeduction: '5.00',
  outstandingAmount: '0.00',
  cashPayment: '15.00',
  discountRate: 0.8,
};

const remark = 'A remark long enough to be cut with an ellipsis rather than wrapped in its cell';

const transaction: TTransaction = {
  id: 1,
  type: 'recharge',
  channel: 'wechat',
  amount: '100.00',
  balanceAfter: '1100.00',
  serialNo: 'R20260301000001',
  accountName: 'demo',
  remark,
  time: '2026-03-01T03:00:00.000Z',
  cursor: 'c1',
};

const voucher = (over: Partial<TVoucher>): TVoucher => ({
  id: 1,
  code: 'WELCOME-DEMO',
  name: 'Welcome voucher',
  faceValue: '500.00',
  availableAmount: '0.00',
  usedAmount: '500.00',
  effectiveTime: '2026-10-23T02:00:00.000Z',
  expireTime: '2027-01-21T02:00:00.000Z',
  productScope: [],
  regionScope: [],
  state: 'usedUp',
  ...over,
});

let en: i18n;
let zh: i18n;
let details: TBillingDetailRow[];
let calls: { path: string; body: unknown }[];
let detailTotal: number;
let transactions: TTransaction[];
let vouchers: TVoucher[];

beforeAll(async () => {
  en = await consoleI18n('en-US', ['billing', 'common']);
  zh = await consoleI18n('zh-CN', ['billing', 'common']);
});
beforeEach(() => {
  details = [detail];
  detailTotal = 45;
  transactions = [transaction];
  vouchers = [voucher({}), voucher({ id: 2, code: 'VSPARE', availableAmount: '20.00', state: 'inEffect' })];
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  calls = fakeApi((call) => {
    if (call.path === '/api/portal/billing/detail/list') {
      const pageNo = (call.body as { pageNo: number }).pageNo;
      return {
        list: details,
        total: Math.min(detailTotal, 10_000),
        isTotalCapped: detailTotal > 10_000,
        nextCursor: detailTotal > pageNo * 20 ? `after-page-${pageNo}` : null,
        pageNo,
        pageSize: 20,
      };
    }
    if (call.path === '/api/portal/billing/voucher/list') {
      const state = (call.body as { state?: string }).state;
      const list = vouchers.filter((v) => !state || v.state === state);
      return { list, total: list.length, pageNo: 1, pageSize: 10 };
    }
    if (call.path === '/api/portal/billing/transaction/list') {
      return { list: transactions, total: transactions.length, pageNo: 1, pageSize: 10 };
    }
    return null;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

/** The header cells' texts, and a row's cell under the header that reads `title`. */
const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
function cellOf(row: Element, title: string): HTMLElement {
  const index = headers().indexOf(title);
  expect(index, `${title} in ${headers().join(' | ')}`).toBeGreaterThanOrEqual(0);
  return row.querySelectorAll('td')[index] as HTMLElement;
}

describe('the bill details table', () => {
  it('names the currency in the amount titles, right-aligns amounts in tabular figures and keeps the instance with its region on one line', async () => {
    renderConsole(<DetailsTable filter={{ range: 'last30Days' }} />, en);
    const row = await screen.findByTestId('billing-detail-row');
    expect(headers()).toContain('Amount payable (CNY)');
    expect(headers()).toContain('Consumption at original price (CNY)');
    expect(headers()).toContain('Cash payment (CNY)');

    const payable = cellOf(row, 'Amount payable (CNY)');
    expect(payable.textContent).toBe('¥1,234.50');
    expect(payable.style.textAlign).toBe('right');
    expect(payable.className).toContain('cz-cell-amount');
    expect(cellOf(row, 'Usage').style.textAlign).toBe('right');

    const instance = cellOf(row, 'Instance');
    expect(instance.textContent).toBe('ab12cd34 · China East 2 (Shanghai)');
    expect(instance.querySelector('.cz-cell-nowrap')).toBeTruthy();
    expect(cellOf(row, 'Date').className).toContain('ant-table-cell-fix-start');
    expect(cellOf(row, 'Date').className).toContain('cz-cell-nowrap');
    expect(screen.getByText('45 in total')).toBeTruthy();
  });

  it('uses the account currency whatever the language, and counts in Chinese', async () => {
    setMeta(testMeta({ edition: 'international' }));
    renderConsole(<DetailsTable filter={{ range: 'last30Days' }} />, zh);
    await screen.findByTestId('billing-detail-row');
    expect(headers()).toContain('应付金额（USD）');
    expect(headers()).toContain('原价消费金额（USD）');
    expect(screen.getByText('共 45 条')).toBeTruthy();
  });

  it('says "more than 10,000" when the count stopped at its bound, in both languages', async () => {
    detailTotal = 140_000;
    renderConsole(<DetailsTable filter={{ range: 'last30Days' }} />, en);
    expect(await screen.findByText('More than 10,000 records')).toBeTruthy();
    cleanup();
    queryClient.clear();
    renderConsole(<DetailsTable filter={{ range: 'last30Days' }} />, zh);
    expect(await screen.findByText('超过 10,000 条')).toBeTruthy();
  });

  it('asks for the next page by the cursor of the page before, and for a page jumped to by its number', async () => {
    detailTotal = 140_000;
    renderConsole(<DetailsTable filter={{ range: 'last30Days' }} />, en);
    await screen.findByTestId('billing-detail-row');
    const listed = () =>
      calls
        .filter((c) => c.path === '/api/portal/billing/detail/list')
        .map((c) => c.body as { pageNo: number; cursor?: string });
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listed().at(-1)).toMatchObject({ pageNo: 2, cursor: 'after-page-1' }));
    fireEvent.click(screen.getByTitle('5'));
    await waitFor(() => expect(listed().at(-1)?.pageNo).toBe(5));
    expect(listed().at(-1)?.cursor).toBeUndefined();
    expect(listed()[0]?.cursor).toBeUndefined();
  });

  it('says when the range has no details', async () => {
    details = [];
    detailTotal = 0;
    renderConsole(<DetailsTable filter={{ range: 'last30Days' }} />, en);
    expect(await screen.findByText('No bill details in this range')).toBeTruthy();
  });
});

describe('the transactions table', () => {
  it('fixes the time, right-aligns the amounts under titles with the currency, and cuts a long remark', async () => {
    renderConsole(<TransactionsTable />, en);
    const row = await screen.findByTestId('transaction-row');
    const amount = cellOf(row, 'Amount (CNY)');
    expect(amount.style.textAlign).toBe('right');
    expect(amount.className).toContain('cz-cell-amount');
    expect(cellOf(row, 'Balance after (CNY)').textContent).toBe('¥1,100.00');
    expect(cellOf(row, 'Time').className).toContain('ant-table-cell-fix-start');
    const cut = screen.getByText(remark);
    expect(cut.className).toBe('cz-cell-ellipsis');
    expect(screen.getByText('1 in total')).toBeTruthy();
  });

  it('says when there is no transaction', async () => {
    transactions = [];
    renderConsole(<TransactionsTable />, zh);
    expect(await screen.findByText('没有交易记录')).toBeTruthy();
  });
});

describe('the vouchers table', () => {
  const firstDraw = { timeout: 10_000 };
  const states = () => screen.getAllByTestId('voucher-state').map((n) => n.textContent);

  it('says a voucher with nothing left is used up, and filters by that state (English)', async () => {
    renderConsole(<VouchersTable />, en);
    await screen.findAllByTestId('voucher-row', {}, firstDraw);
    expect(states()).toEqual(['Used up', 'In effect']);
    fireEvent.mouseDown(within(screen.getByTestId('voucher-state-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Used up'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/portal/billing/voucher/list').at(-1)?.body).toEqual({
        state: 'usedUp',
        pageNo: 1,
        pageSize: 10,
      }),
    );
    await waitFor(() => expect(states()).toEqual(['Used up']));
  });

  it('says it in Chinese', async () => {
    renderConsole(<VouchersTable />, zh);
    await screen.findAllByTestId('voucher-row', {}, firstDraw);
    expect(states()).toEqual(['已用完', '生效中']);
  });
});
