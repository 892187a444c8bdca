import type { TBillingCount, TBillingDetailRow, TWebhook } from '@console/contract';
import { AlertMessagePlaceholder as P } from '@console/contract/billing-enums';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '@/api/query-keys';
import { setMeta } from '@/lib/meta';
import { setNotifier, type TToast } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import { prefetchBillingOverview } from '../api/prefetch-overview';
import BillingOverviewPage from './billing-overview';

vi.mock('../lib/charts', () => ({
  createChart: () => ({ data: {}, options: {}, update: vi.fn(), destroy: vi.fn() }),
}));

const admin = testAdmin;

const amounts = (over: Record<string, string>) => {
  const fields = [
    'totalAmount',
    'computeAmount',
    'networkAmount',
    'storageAmount',
    'aiAmount',
    'todayAmount',
    'yesterdayAmount',
    'bulkIngestionAmount',
    'decisionVclusterApAmount',
    'decisionVclusterGpAmount',
    'externalNetworkAmount',
    'serverlessJobAmount',
    'storageOssAmount',
    'streamIngestionAmount',
    'taskScheduleAmount',
    'vcApEventAmount',
    'vcGpEventAmount',
  ];
  const out: Record<string, string> = {};
  for (const f of fields) {
    out[f] = '0.00';
    out[`discount${f[0]?.toUpperCase()}${f.slice(1)}`] = '0.00';
  }
  return { ...out, ...over };
};

const count = (): TBillingCount =>
  ({
    ...amounts({
      totalAmount: '1452.36',
      discountTotalAmount: '1234.50',
      discountComputeAmount: '1000.00',
      discountStorageAmount: '200.50',
      discountNetworkAmount: '30.00',
      discountAiAmount: '4.00',
    }),
    discountPercent: 0.85,
    voucherAmount: '200.00',
    cashAmount: '1034.50',
    outstandingAmount: '0.00',
    startDate: '2026-02-01',
    endDate: '2026-03-02',
    currency: 'USD',
    trend: [
      { date: '2026-03-01', total: '40.00', compute: '30.00', storage: '10.00', network: '0.00', ai: '0.00' },
    ],
  }) as TBillingCount;

const row: TBillingDetailRow = {
  date: '2026-03-01',
  instanceId: 10,
  instanceName: 'ab12cd34',
  serviceName: 'Lakehouse',
  regionName: 'Shanghai',
  workspace: 'etl',
  category: 'compute',
  skuCode: 'vc_gp',
  skuName: 'GP virtual cluster',
  unit: 'CRU-hour',
  usage: '12.500000',
  unitPrice: '2.000000',
  originalAmount: '25.00',
  discountedAmount: '20.00',
  payableAmount: '20.00',
  voucherDeduction: '5.00',
  outstandingAmount: '0.00',
  cashPayment: '15.00',
  discountRate: 0.8,
};

const webhook = (over: Partial<TWebhook> = {}): TWebhook => ({
  id: 3,
  name: 'ops_robot',
  description: '',
  url: 'https://hooks.example.com/a',
  channel: 'custom',
  paramsTemplate: `{"text":"${P}"}`,
  successKey: 'code',
  successValue: '0',
  isEnabled: true,
  signingMode: 'none',
  hasSigningSecret: false,
  secretUpdateTime: null,
  createTime: '2026-03-01T00:00:00.000Z',
  updateTime: '2026-03-01T00:00:00.000Z',
  lastDelivery: null,
  ...over,
});

let en: i18n;
let calls: TApiCall[];
let toasts: TToast[];
let answer: (call: TApiCall) => unknown;

const posted = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

beforeAll(async () => {
  en = await consoleI18n('en-US', ['billing', 'common', 'validation', 'errors']);
  // The page's own chunks (details, alert and webhook tabs, the date picker), loaded once here.
  await Promise.all([
    import('../components/details-table'),
    import('../components/alert-settings'),
    import('../components/webhooks-panel'),
    import('../components/custom-range-picker'),
  ]);
});
beforeEach(() => {
  setMeta(testMeta());
  toasts = [];
  setNotifier({
    show: (toast) => toasts.push(toast),
    notifyApiEvent: (event) => toasts.push({ level: 'warning', title: event.type }),
  });
  answer = (call) => {
    switch (call.path) {
      case '/api/portal/user/getCurrentUser':
        return admin;
      case '/api/portal/billing/cspRegionList':
        return [
          {
            instanceId: 10,
            instanceName: 'ab12cd34',
            serviceName: 'Lakehouse',
            csp: 'aliyun',
            cspName: 'Alibaba Cloud',
            regionId: 1,
            regionName: 'Shanghai',
            workspaces: ['etl', 'bi'],
          },
        ];
      case '/api/portal/billing/skuList':
        return [
          {
            code: 'vc_gp',
            category: 'compute',
            name: 'General-purpose compute',
            unit: 'CRU-hour',
            unitPrice: '0.50',
            discountRate: 1,
          },
          {
            code: 'managed_storage',
            category: 'storage',
            name: 'Managed storage',
            unit: 'GiB-day',
            unitPrice: '0.01',
            discountRate: 1,
          },
        ];
      case '/api/portal/billing/count':
        return count();
      case '/api/portal/billing/detail/list':
        return { list: [row], total: 1, pageNo: 1, pageSize: 20 };
      case '/api/portal/billing/webhook/list':
        return [webhook()];
      case '/api/portal/billing/webhook/save':
        return webhook({ id: 4, name: (call.body as { name: string }).name });
      case '/api/portal/billing/webhook/test':
        return {
          code: 4072,
          message: 'Webhook send failed. Check the address and the success key and value.',
        };
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

async function renderPage(entry = '/billing') {
  renderConsole(
    <MemoryRouter initialEntries={[entry]}>
      <BillingOverviewPage />
    </MemoryRouter>,
    en,
  );
  await screen.findByTestId('billing-overview');
}

describe("the billing overview's first calls, made with its chunks", () => {
  beforeEach(() => {
    // The session the console knows before it makes them.
    queryClient.setQueryData(sessionKeys.currentUser, admin);
  });

  it('are the calls the page would make: drawn after them, the page asks for nothing more', async () => {
    await prefetchBillingOverview('');
    const made = calls.map((c) => c.path).sort();
    expect(made).toEqual([
      '/api/portal/billing/count',
      '/api/portal/billing/cspRegionList',
      '/api/portal/billing/detail/list',
      '/api/portal/billing/skuList',
    ]);
    expect(posted('/api/portal/billing/count')).toEqual([{ range: 'last30Days' }]);
    expect(posted('/api/portal/billing/detail/list')).toEqual([
      { range: 'last30Days', pageNo: 1, pageSize: 20 },
    ]);
    calls.length = 0;
    await renderPage();
    await screen.findByTestId('billing-detail-row');
    await waitFor(() => expect(screen.getByTestId('billing-total').textContent).toBe('¥1,234.50'));
    expect(calls.filter((c) => c.path.startsWith('/api/portal/billing/'))).toEqual([]);
  });

  it('are quiet when they fail: the page asks again and shows the failure itself', async () => {
    const usual = answer;
    answer = (call) =>
      call.path === '/api/portal/billing/count'
        ? { code: 5000, message: 'Billing is unavailable.' }
        : usual(call);
    await prefetchBillingOverview('');
    expect(toasts).toEqual([]);
    await renderPage();
    expect((await screen.findByTestId('billing-load-failed')).textContent).toContain(
      'Billing is unavailable.',
    );
    expect(posted('/api/portal/billing/count')).toHaveLength(2);
  });

  it('are left out for the alert and webhook tabs, and for a member', async () => {
    await prefetchBillingOverview('?tab=alerts');
    expect(calls).toEqual([]);
    queryClient.setQueryData(sessionKeys.currentUser, { ...admin, isAccountAdmin: false });
    await prefetchBillingOverview('');
    expect(calls).toEqual([]);
  });
});

describe('the billing overview', () => {
  it("shows the summary of the last 30 days in the account's currency (USD in the international edition), the trend and the daily details", async () => {
    setMeta(testMeta({ edition: 'international' }));
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('billing-total').textContent).toBe('$1,234.50'));
    expect(screen.getByTestId('billing-currency').getAttribute('data-currency')).toBe('USD');
    expect(screen.getByTestId('billing-total-original').textContent).toBe('Original price $1,452.36');
    expect(screen.getByTestId('billing-discount-percent').textContent).toBe('Discount rate 85%');
    expect(screen.getByTestId('billing-category-storage').textContent).toBe('$200.50');
    expect(screen.getByTestId('billing-voucher').textContent).toBe('$200.00');
    expect(screen.getByTestId('billing-cash').textContent).toBe('$1,034.50');
    expect(posted('/api/portal/billing/count')[0]).toEqual({ range: 'last30Days' });
    // Every day of the range has its column (2026-02-01 to 2026-03-02), the answer's day among them.
    await waitFor(() =>
      expect(screen.getByTestId('billing-trend-chart').getAttribute('data-points')).toBe('30'),
    );

    const detail = await screen.findByTestId('billing-detail-row');
    expect(detail.textContent).toContain('2026-03-01');
    expect(detail.textContent).toContain('12.5 CRU-hour');
    expect(within(detail).getByTestId('bill-original').textContent).toBe('$25.00');
    expect(within(detail).getByTestId('bill-discounted').textContent).toBe('$20.00');
    expect(within(detail).getByTestId('bill-voucher').textContent).toBe('$5.00');
    expect(within(detail).getByTestId('bill-cash').textContent).toBe('$15.00');
    expect(detail.textContent).toContain('80%');
  });

  it('asks again with the chosen range and category', async () => {
    await renderPage();
    await screen.findByTestId('billing-detail-row');
    fireEvent.click(screen.getByTestId('billing-range-today'));
    await waitFor(() => expect(posted('/api/portal/billing/count')).toContainEqual({ range: 'today' }));
    await waitFor(() =>
      expect(posted('/api/portal/billing/detail/list')).toContainEqual({
        range: 'today',
        pageNo: 1,
        pageSize: 20,
      }),
    );
    fireEvent.mouseDown(within(screen.getByTestId('billing-filter-category')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Storage'));
    await waitFor(() =>
      expect(posted('/api/portal/billing/count')).toContainEqual({ range: 'today', category: 'storage' }),
    );
  });

  it('asks for one product of skuList, choosing its category with it', async () => {
    await renderPage();
    await screen.findByTestId('billing-detail-row');
    fireEvent.mouseDown(within(screen.getByTestId('billing-filter-sku')).getByRole('combobox'));
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent),
      ).toEqual(['All products', 'General-purpose compute (CRU-hour)', 'Managed storage (GiB-day)']),
    );
    fireEvent.click(screen.getByTitle('Managed storage (GiB-day)'));
    await waitFor(() =>
      expect(posted('/api/portal/billing/count')).toContainEqual({
        range: 'last30Days',
        category: 'storage',
        skuCode: 'managed_storage',
      }),
    );
    await waitFor(() =>
      expect(posted('/api/portal/billing/detail/list')).toContainEqual({
        range: 'last30Days',
        category: 'storage',
        skuCode: 'managed_storage',
        pageNo: 1,
        pageSize: 20,
      }),
    );
    // Another category drops the product.
    fireEvent.mouseDown(within(screen.getByTestId('billing-filter-category')).getByRole('combobox'));
    // (The product list's group of the same name is no option.)
    await screen.findAllByTitle('Compute');
    fireEvent.click(
      screen
        .getAllByTitle('Compute')
        .find((el) => el.classList.contains('ant-select-item-option')) as HTMLElement,
    );
    await waitFor(() =>
      expect(posted('/api/portal/billing/count')).toContainEqual({
        range: 'last30Days',
        category: 'compute',
      }),
    );
  });

  it('exports the details of the filters, and shows the server’s message when it fails (4073)', async () => {
    await renderPage();
    await screen.findByTestId('billing-detail-row');
    const fake = vi.mocked(fetch).getMockImplementation();
    const downloads: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/portal/billing/detail/download/list') {
          downloads.push(JSON.parse(String(init.body)));
          return new Response(
            JSON.stringify({
              code: 4073,
              message: 'Failed to fetch bill details. Try again later.',
              data: null,
            }),
            { status: 500, headers: { 'Content-Type': 'application/json' } },
          );
        }
        return (fake as typeof fetch)(url, init);
      }),
    );
    await act(async () => fireEvent.click(screen.getByTestId('billing-export-csv')));
    await waitFor(() => expect(downloads).toEqual([{ range: 'last30Days', format: 'csv' }]));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        level: 'warning',
        title: '4073',
        description: 'Failed to fetch bill details. Try again later.',
      }),
    );
  });

  it('applies no custom range without both days: no figures of another range, and the export says why', async () => {
    await renderPage();
    await screen.findByTestId('billing-detail-row');
    const before = posted('/api/portal/billing/count').length;
    fireEvent.click(screen.getByTestId('billing-range-custom'));
    const help = await screen.findByTestId('billing-custom-range-help');
    expect(help.textContent).toBe('Choose the start date and the end date of the custom range');
    expect(screen.getByTestId('billing-range-incomplete').textContent).toContain(
      'Choose the start date and the end date of the custom range',
    );
    // The last 30 days' figures are gone, and nothing was asked for the incomplete range.
    expect(screen.queryByTestId('billing-summary')).toBeNull();
    expect(screen.queryByTestId('billing-detail-row')).toBeNull();
    expect(posted('/api/portal/billing/count')).toHaveLength(before);
    const xlsx = screen.getByTestId('billing-export-xlsx') as HTMLButtonElement;
    expect(xlsx.disabled).toBe(true);
    expect((screen.getByTestId('billing-export-csv') as HTMLButtonElement).disabled).toBe(true);
    const reason = document.getElementById(xlsx.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      'Choose the start date and the end date of the custom range to export its bill details',
    );
    // A preset range applies again at once.
    fireEvent.click(screen.getByTestId('billing-range-last7Days'));
    await screen.findByTestId('billing-summary');
    expect(screen.queryByTestId('billing-custom-range-help')).toBeNull();
    await waitFor(() => expect(posted('/api/portal/billing/count')).toContainEqual({ range: 'last7Days' }));
  });

  it('adds a webhook after checking its fields on the client, and shows a failed test with the spec’s message', async () => {
    await renderPage('/billing?tab=webhooks');
    const rowEl = await screen.findByTestId('webhook-row');
    expect(rowEl.getAttribute('data-name')).toBe('ops_robot');

    fireEvent.click(screen.getByTestId('webhook-add'));
    await screen.findByTestId('webhook-name');
    fireEvent.change(screen.getByTestId('webhook-name'), { target: { value: 'ops_robot' } });
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'ftp://nope' } });
    fireEvent.change(screen.getByTestId('webhook-params'), { target: { value: '{"text":"hi"}' } });
    await act(async () => fireEvent.click(screen.getByTestId('webhook-save')));
    const dialog = screen.getByTestId('webhook-name').closest('.ant-modal') as HTMLElement;
    await waitFor(() => {
      expect(dialog.textContent).toContain('A webhook with this name exists already');
      expect(dialog.textContent).toContain('Enter an address that starts with http:// or https://');
      expect(dialog.textContent).toContain(`The request parameters must contain ${P}`);
      expect(dialog.textContent).toContain('Enter the success key');
    });
    expect(posted('/api/portal/billing/webhook/save')).toEqual([]);

    fireEvent.change(screen.getByTestId('webhook-name'), { target: { value: '值班机器人' } });
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'http://127.0.0.1:9000/hook' } });
    fireEvent.change(screen.getByTestId('webhook-params'), { target: { value: '{"text":""}' } });
    const area = screen.getByTestId('webhook-params') as HTMLTextAreaElement;
    area.setSelectionRange(9, 9);
    fireEvent.click(screen.getByTestId('webhook-insert-placeholder'));
    fireEvent.change(screen.getByTestId('webhook-success-key'), { target: { value: '$.code' } });
    fireEvent.change(screen.getByTestId('webhook-success-value'), { target: { value: '0' } });
    await act(async () => fireEvent.click(screen.getByTestId('webhook-save')));
    await waitFor(() =>
      expect(posted('/api/portal/billing/webhook/save')).toEqual([
        {
          name: '值班机器人',
          description: '',
          url: 'http://127.0.0.1:9000/hook',
          channel: 'custom',
          paramsTemplate: `{"text":"${P}"}`,
          successKey: '$.code',
          successValue: '0',
          isEnabled: true,
          signingMode: 'none',
        },
      ]),
    );

    await act(async () => fireEvent.click(screen.getAllByTestId('webhook-test')[0] as HTMLElement));
    const result = await screen.findByTestId('webhook-test-result');
    expect(result.getAttribute('data-status')).toBe('failed');
    expect(result.textContent).toContain(
      'Webhook send failed. Check the address and the success key and value.',
    );
  });

  it('shows no permission to a member', async () => {
    answer = (call) =>
      call.path === '/api/portal/user/getCurrentUser' ? { ...admin, isAccountAdmin: false } : { code: 4037 };
    renderConsole(
      <MemoryRouter>
        <BillingOverviewPage />
      </MemoryRouter>,
      en,
    );
    expect(await screen.findByTestId('billing-no-permission')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/portal/user/getCurrentUser']);
  });
});

describe('the currency of the domestic edition', () => {
  it('stays CNY/¥ on an English page: the language formats the numbers only', async () => {
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('billing-total').textContent).toBe('¥1,234.50'));
    expect(screen.getByTestId('billing-currency').getAttribute('data-currency')).toBe('CNY');
    expect(screen.getByTestId('billing-currency').textContent).toBe('Amounts in CNY');
  });
});
