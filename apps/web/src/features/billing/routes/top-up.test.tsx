import type { TFundsAccount, TRecharge } from '@console/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import TopUpPage from './top-up';

const admin = testAdmin;

const recharge = (over: Partial<TRecharge> = {}): TRecharge => ({
  rechargeId: 'R8f3k2m9x1',
  channel: 'wechat',
  amount: '100.00',
  status: 'pending',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
  codeUrl: 'http://console.test/api/dev/pay/R8f3k2m9x1',
  createTime: new Date().toISOString(),
  expireTime: new Date(Date.now() + 10 * 60_000).toISOString(),
  paidTime: null,
  ...over,
});

const funds: TFundsAccount = {
  cashAmount: '100.00',
  outstandingAmount: '0.00',
  voucherAmount: '0.00',
  availableAmount: '100.00',
  accountStatus: 0,
  arrearsSince: null,
  servicesPausedAt: null,
  invoiceTypes: ['ordinary'],
  currency: 'USD',
};

let en: i18n;
let calls: TApiCall[];
let status: TRecharge['status'];
let answer: (call: TApiCall) => unknown;

const requestedUrls = () => vi.mocked(fetch).mock.calls.map((c) => String(c[0]));

beforeAll(async () => {
  en = await consoleI18n('en-US', ['billing', 'common', 'validation']);
});
beforeEach(() => {
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  status = 'pending';
  answer = (call) => {
    if (call.path === '/api/portal/user/getCurrentUser') return admin;
    if (call.path === '/api/portal/billing/getPayQrcode') return recharge();
    if (call.path === '/api/portal/billing/recharge/R8f3k2m9x1')
      return recharge({ status, paidTime: status === 'paid' ? new Date().toISOString() : null });
    if (call.path === '/api/portal/billing/getAccount') return funds;
    if (call.path === '/api/portal/billing/remittance/info')
      return {
        accountName: 'Data Platform Ltd',
        bankName: 'Bank of Test',
        bankAccount: '6222 0000 1111',
        remark: 'demo',
      };
    if (call.path === '/api/portal/billing/remittance/list')
      return { list: [], total: 0, pageNo: 1, pageSize: 10 };
    return { code: 404, message: 'not found' };
  };
  calls = fakeApi((call) => answer(call));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

async function renderPage() {
  renderConsole(
    <MemoryRouter initialEntries={['/billing/balance/topUp']}>
      <TopUpPage />
    </MemoryRouter>,
    en,
  );
  await screen.findByTestId('top-up-online');
}

describe('the top-up page', () => {
  it('checks the amount and the agreement before creating an order', async () => {
    await renderPage();
    fireEvent.change(screen.getByTestId('top-up-amount-input'), { target: { value: '50000.01' } });
    await act(async () => fireEvent.click(screen.getByTestId('top-up-pay')));
    const form = screen.getByTestId('top-up-online');
    expect(form.textContent).toContain('A WeChat Pay top-up is at most 50,000 yuan');
    expect(form.textContent).toContain('Please read and agree to the user agreement');
    fireEvent.change(screen.getByTestId('top-up-amount-input'), { target: { value: '1.234' } });
    expect(form.textContent).toContain('Enter an amount with at most two decimals');
    expect(calls.some((c) => c.path === '/api/portal/billing/getPayQrcode')).toBe(false);
  });

  it('pays 100 with WeChat Pay: QR code with the development gateway link, polled until paid', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('top-up-quick-100'));
    fireEvent.click(screen.getByTestId('top-up-agreement'));
    await act(async () => fireEvent.click(screen.getByTestId('top-up-pay')));
    await screen.findByTestId('top-up-waiting');
    expect(requestedUrls()).toContain(
      '/api/portal/billing/getPayQrcode?channel=wechat&amount=100&agreement=true',
    );
    expect((screen.getByTestId('top-up-qr') as HTMLImageElement).src).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getByTestId('top-up-amount').textContent).toBe('Amount: ¥100.00');
    expect(screen.getByTestId('top-up-dev-link').getAttribute('href')).toBe(
      'http://console.test/api/dev/pay/R8f3k2m9x1',
    );

    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === '/api/portal/billing/recharge/R8f3k2m9x1').length,
      ).toBeGreaterThan(0),
    );
    status = 'paid';
    await screen.findByTestId('top-up-paid');
    await waitFor(() =>
      expect(screen.getByTestId('top-up-new-balance').textContent).toBe('Cash balance: ¥100.00'),
    );
    const polls = calls.filter((c) => c.path === '/api/portal/billing/recharge/R8f3k2m9x1').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls.filter((c) => c.path === '/api/portal/billing/recharge/R8f3k2m9x1').length).toBe(polls);
  }, 15_000);

  it('shows a closed order with a retry back to the form', async () => {
    status = 'closed';
    await renderPage();
    fireEvent.click(screen.getByTestId('top-up-method-alipay'));
    fireEvent.change(screen.getByTestId('top-up-amount-input'), { target: { value: '60000' } });
    fireEvent.click(screen.getByTestId('top-up-agreement'));
    await act(async () => fireEvent.click(screen.getByTestId('top-up-pay')));
    expect(requestedUrls()).toContain(
      '/api/portal/billing/getPayQrcode?channel=alipay&amount=60000&agreement=true',
    );
    fireEvent.click(await screen.findByTestId('top-up-retry'));
    expect(await screen.findByTestId('top-up-online')).toBeTruthy();
  });

  it('shows the bank details of a remittance', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('top-up-method-remittance'));
    expect((await screen.findByTestId('remittance-bank-account')).textContent).toContain('6222 0000 1111');
    await act(async () => fireEvent.click(screen.getByTestId('remittance-submit')));
    const form = screen.getByTestId('top-up-remittance');
    expect(form.textContent).toContain('Upload the transfer certificate');
    expect(form.textContent).toContain('Enter the payer name');
    expect(calls.some((c) => c.path === '/api/portal/billing/remittance/submit')).toBe(false);
  });

  it('keeps the amount in yuan on an English page of the domestic edition', async () => {
    await renderPage();
    const input = screen.getByTestId('top-up-amount-input');
    expect(input.getAttribute('placeholder')).toBe('Amount in CNY');
    expect(screen.getByTestId('top-up-online').textContent).toContain('¥');
    expect(screen.queryByTestId('top-up-remittance-only')).toBeNull();
  });

  it('offers a USD account (international edition) the bank transfer only, and says why', async () => {
    setMeta(testMeta({ edition: 'international' }));
    renderConsole(
      <MemoryRouter initialEntries={['/billing/balance/topUp']}>
        <TopUpPage />
      </MemoryRouter>,
      en,
    );
    expect((await screen.findByTestId('top-up-remittance-only')).textContent).toBe(
      'Your account is billed in USD: top it up by bank transfer.',
    );
    expect(screen.queryByTestId('top-up-method-wechat')).toBeNull();
    expect(screen.queryByTestId('top-up-method-alipay')).toBeNull();
    expect(await screen.findByTestId('remittance-bank-account')).toBeTruthy();
    expect(
      screen
        .getByTestId('top-up-remittance')
        .querySelector('input[inputmode="decimal"]')
        ?.getAttribute('placeholder'),
    ).toBe('Amount in USD');
  });
});
