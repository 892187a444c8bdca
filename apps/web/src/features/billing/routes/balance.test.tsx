import type { TFundsAccount, TTransaction, TVoucher } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import BalancePage from './balance';

const admin = testAdmin;

const funds = (over: Partial<TFundsAccount> = {}): TFundsAccount => ({
  cashAmount: '0.00',
  outstandingAmount: '12.30',
  voucherAmount: '150.00',
  availableAmount: '137.70',
  accountStatus: 3,
  arrearsSince: '2026-03-01T02:00:00.000Z',
  servicesPausedAt: null,
  invoiceTypes: ['ordinary'],
  currency: 'CNY',
  ...over,
});

const voucher: TVoucher = {
  id: 1,
  code: 'V-2026-0001',
  name: 'Welcome voucher',
  faceValue: '200.00',
  availableAmount: '150.00',
  usedAmount: '50.00',
  effectiveTime: '2026-01-01T00:00:00.000Z',
  expireTime: '2026-12-31T00:00:00.000Z',
  productScope: [],
  regionScope: ['Shanghai'],
  state: 'inEffect',
};

const transaction = (over: Partial<TTransaction>): TTransaction => ({
  id: 1,
  type: 'recharge',
  channel: 'wechat',
  amount: '100.00',
  balanceAfter: '100.00',
  serialNo: 'R20260301000001',
  accountName: 'demo',
  remark: null,
  time: '2026-03-01T03:00:00.000Z',
  cursor: 'c1',
  ...over,
});

let zh: i18n;
let en: i18n;
let calls: TApiCall[];
let answer: (call: TApiCall) => unknown;

const posted = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

beforeAll(async () => {
  zh = await consoleI18n('zh-CN', ['billing', 'common']);
  en = await consoleI18n('en-US', ['billing', 'common']);
});
beforeEach(() => {
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  answer = (call) => {
    switch (call.path) {
      case '/api/portal/user/getCurrentUser':
        return admin;
      case '/api/portal/billing/getAccount':
        return funds();
      case '/api/portal/billing/voucher/list':
        return { list: [voucher], total: 1, pageNo: 1, pageSize: 10 };
      case '/api/portal/billing/transaction/list': {
        const type = (call.body as { type?: string }).type;
        const list = [
          transaction({}),
          transaction({
            id: 2,
            type: 'consumption',
            channel: 'balance',
            amount: '-100.00',
            balanceAfter: '0.00',
          }),
        ].filter((t) => !type || t.type === type);
        return { list, total: list.length, pageNo: 1, pageSize: 10 };
      }
      default:
        return { code: 404, message: 'not found' };
    }
  };
  calls = fakeApi((call) => answer(call));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

function renderPage(instance: i18n, entry = '/billing/balance') {
  renderConsole(
    <MemoryRouter initialEntries={[entry]}>
      <BalancePage />
    </MemoryRouter>,
    instance,
  );
}

describe('the account funds page', () => {
  it('shows the balance in CNY with the arrears notice, the invoice note and the vouchers', async () => {
    renderPage(zh);
    expect((await screen.findByTestId('balance-title')).textContent).toBe('账户资金');
    await waitFor(() => expect(screen.getByTestId('funds-cash').textContent).toBe('¥0.00'));
    expect(screen.getByTestId('funds-outstanding').textContent).toBe('¥12.30');
    expect(screen.getByTestId('funds-vouchers').textContent).toBe('¥150.00');
    expect(screen.getByTestId('funds-arrears')).toBeTruthy();
    expect(screen.queryByTestId('funds-paused')).toBeNull();
    expect(screen.getByTestId('funds-invoice').getAttribute('data-invoice')).toBe('ordinary');
    expect(screen.getByTestId('funds-top-up')).toBeTruthy();

    const row = await screen.findByTestId('voucher-row');
    expect(within(row).getByTestId('voucher-name').textContent).toBe('Welcome voucher');
    expect(within(row).getByTestId('voucher-name').parentElement?.textContent).toBe(
      'Welcome voucherV-2026-0001',
    );
    expect(within(row).getByTestId('voucher-available').textContent).toBe('¥150.00');
    expect(within(row).getByTestId('voucher-state').getAttribute('data-state')).toBe('inEffect');
    expect(row.textContent).toContain('全部服务');
    expect(row.textContent).toContain('Shanghai');
  });

  it('shows the pause of services and the special VAT invoice of an enterprise-verified account', async () => {
    answer = (call) =>
      call.path === '/api/portal/billing/getAccount'
        ? funds({ servicesPausedAt: '2026-03-05T00:00:00.000Z', invoiceTypes: ['ordinary', 'specialVat'] })
        : call.path === '/api/portal/user/getCurrentUser'
          ? admin
          : { list: [], total: 0, pageNo: 1, pageSize: 10 };
    renderPage(en);
    expect(await screen.findByTestId('funds-paused')).toBeTruthy();
    expect(screen.queryByTestId('funds-arrears')).toBeNull();
    expect(screen.getByTestId('funds-invoice').getAttribute('data-invoice')).toBe('ordinary,specialVat');
    expect(screen.getByTestId('funds-outstanding').textContent).toBe('¥12.30');
  });

  it('lists the transactions with a type filter', async () => {
    renderPage(en, '/billing/balance?tab=transactions');
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(2));
    expect(screen.getAllByTestId('transaction-amount').map((n) => n.textContent)).toEqual([
      '¥100.00',
      '-¥100.00',
    ]);
    expect(screen.getAllByTestId('transaction-channel').map((n) => n.textContent)).toEqual([
      'WeChat Pay',
      'Balance',
    ]);
    fireEvent.mouseDown(within(screen.getByTestId('transaction-type-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Recharge'));
    await waitFor(() =>
      expect(posted('/api/portal/billing/transaction/list')).toContainEqual({
        type: 'recharge',
        pageNo: 1,
        pageSize: 10,
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(1));
  });

  it('does not fetch the balance on-premise', async () => {
    setMeta(testMeta({ deployMode: 'onprem' }));
    renderPage(en);
    expect(await screen.findByTestId('funds-onprem')).toBeTruthy();
    await screen.findByTestId('voucher-row');
    expect(calls.some((c) => c.path === '/api/portal/billing/getAccount')).toBe(false);
  });
});
