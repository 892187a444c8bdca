import type { TInstance, TServiceRegion } from '@console/contract';
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
import { prefetchServiceManage } from '../api/prefetch-service-manage';
import ServiceManagePage from './service-manage';

const admin = testAdmin;

const services = [
  { id: 1, kind: 1, code: 'studio', name: 'Lakehouse', description: 'The lakehouse' },
  { id: 3, kind: 3, code: 'hengshi', name: 'Insight BI', description: 'Dashboards' },
];

const instance = (over: Partial<TInstance>): TInstance => ({
  id: 10,
  serviceId: 1,
  serviceKind: 1,
  serviceName: 'Lakehouse',
  versionId: 1,
  versionCode: 'formal',
  versionName: 'Formal',
  regionId: 1,
  csp: 'aliyun',
  cspName: 'Alibaba Cloud',
  region: 'cn-shanghai',
  regionName: 'Shanghai',
  instanceName: 'ab12cd34',
  status: 1,
  url: 'https://ab12cd34.example.com',
  failReason: null,
  createTime: '2026-03-01T08:00:00.000Z',
  openTime: '2026-03-01T08:01:00.000Z',
  closeTime: null,
  ...over,
});

const regions: TServiceRegion[] = [
  { id: 1, csp: 'aliyun', cspName: 'Alibaba Cloud', code: 'cn-shanghai', name: 'Shanghai', isTaken: true },
  { id: 2, csp: 'aliyun', cspName: 'Alibaba Cloud', code: 'cn-beijing', name: 'Beijing', isTaken: false },
  { id: 3, csp: 'aws', cspName: 'AWS', code: 'us-east-1', name: 'N. Virginia', isTaken: false },
];

let en: i18n;
let calls: TApiCall[];
let toasts: TToast[];
let lakehouse: TInstance[];
let answer: (call: TApiCall) => unknown;

const posted = (path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);
const section = (code: string) => screen.getByTestId(`service-section-${code}`);

beforeAll(async () => {
  en = await consoleI18n('en-US', ['services', 'common', 'errors']);
  setMeta(testMeta());
});
beforeEach(() => {
  toasts = [];
  setNotifier({
    show: (toast) => toasts.push(toast),
    notifyApiEvent: (event) => toasts.push({ level: 'warning', title: event.type }),
  });
  lakehouse = [
    instance({}),
    instance({
      id: 11,
      instanceName: 'zz99yy88',
      region: 'cn-hangzhou',
      regionName: 'Hangzhou',
      status: 2,
      failReason: 'QUOTA_EXCEEDED',
      openTime: null,
      url: null,
    }),
  ];
  answer = (call) => {
    const url = new URL(call.path, 'http://console.test');
    if (call.path === '/api/portal/user/getCurrentUser') return admin;
    if (call.path === '/api/portal/service/serviceList') return services;
    if (url.pathname === '/api/portal/service/serviceInstanceList') {
      const serviceId = Number(
        new URL(String(vi.mocked(fetch).mock.calls.at(-1)?.[0]), 'http://x').searchParams.get('serviceId'),
      );
      const list = serviceId === 1 ? lakehouse : [];
      return { list, total: list.length, pageNo: 1, pageSize: 200 };
    }
    if (call.path === '/api/portal/service/serviceVersionList')
      return [
        { id: 1, serviceId: 1, code: 'trial', name: 'Trial', trialDays: 30, userLimit: null },
        { id: 2, serviceId: 1, code: 'formal', name: 'Formal', trialDays: null, userLimit: null },
      ];
    if (call.path === '/api/portal/service/serviceCspList')
      return [
        { code: 'aliyun', name: 'Alibaba Cloud' },
        { code: 'aws', name: 'AWS' },
      ];
    if (call.path === '/api/portal/service/getRegionListByServiceId') return regions;
    if (call.path === '/api/portal/service/serviceRegionList') return regions.map(({ isTaken, ...r }) => r);
    if (call.path === '/api/portal/tag/getAccountTags') return [];
    if (call.path === '/api/portal/service/createInstance') {
      const created = instance({
        id: 12,
        instanceName: 'new12345',
        regionId: 2,
        regionName: 'Beijing',
        status: 0,
      });
      lakehouse = [created, ...lakehouse];
      return created;
    }
    if (call.path === '/api/portal/service/getInstanceUrl')
      return { instanceId: 10, instanceName: 'ab12cd34', url: 'https://ab12cd34.example.com' };
    if (call.path === '/api/portal/service/closeInstance') return instance({ status: -1 });
    return { code: 404, message: 'not found' };
  };
  calls = fakeApi((call) => answer(call));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

async function renderPage() {
  renderConsole(
    <MemoryRouter>
      <ServiceManagePage />
    </MemoryRouter>,
    en,
  );
  // The first render of the page (its filters, sections and tables) may take more than a second.
  await waitFor(() => expect(within(section('studio')).getAllByTestId('instance-row')).toHaveLength(2));
}

describe("the service page's first calls, made with its chunks", () => {
  it('are the calls the page would make: drawn after them, the page asks for none of them again', async () => {
    await prefetchServiceManage();
    const instanceCalls = vi
      .mocked(fetch)
      .mock.calls.map(([url]) => new URL(String(url), 'http://x'))
      .filter((url) => url.pathname === '/api/portal/service/serviceInstanceList')
      .map((url) => url.searchParams.get('serviceId'));
    expect(instanceCalls.sort()).toEqual(['1', '3']);
    const first = new Set(calls.map((c) => c.path));
    for (const path of [
      '/api/portal/service/serviceList',
      '/api/portal/service/serviceRegionList',
      '/api/portal/tag/getAccountTags',
      // The lakehouse (a studio service) has share links.
      '/api/portal/share/jobProfile/list',
    ]) {
      expect(first.has(path)).toBe(true);
    }
    expect(toasts).toEqual([]);
    queryClient.setQueryData(sessionKeys.currentUser, admin);
    calls.length = 0;
    await renderPage();
    const again = calls
      .map((c) => c.path)
      .filter((path) =>
        [
          '/api/portal/service/serviceList',
          '/api/portal/service/serviceInstanceList',
          '/api/portal/service/serviceRegionList',
          '/api/portal/tag/getAccountTags',
        ].includes(path),
      );
    expect(again).toEqual([]);
  });
});

describe('the service management page', () => {
  it('shows one section per service with its subscription, its instances and their statuses', async () => {
    await renderPage();
    const studio = section('studio');
    expect(
      within(studio)
        .getAllByTestId('instance-name')
        .map((n) => n.textContent),
    ).toEqual(['ab12cd34', 'zz99yy88']);
    expect(
      within(studio)
        .getAllByTestId('instance-status')
        .map((n) => n.textContent),
    ).toEqual(['Opened', 'Open failed']);
    expect(within(studio).getByTestId('instance-fail-reason').textContent).toBe(
      'Reason: The cloud quota of the region is used up',
    );
    expect(within(studio).getAllByTestId('instance-open')).toHaveLength(1);
    expect(within(studio).getAllByTestId('instance-retry')).toHaveLength(1);
    expect(within(studio).getByTestId('service-create').textContent).toBe('Add region');
    // Insight: nothing opened yet, and its users are managed on their own page.
    const insight = section('hengshi');
    expect(within(insight).getByTestId('service-empty')).toBeTruthy();
    expect(within(insight).getByTestId('insight-manage-users')).toBeTruthy();
  });

  it('lists only the instances of the region chosen in the filter', async () => {
    lakehouse = [lakehouse[0] as TInstance, instance({ id: 13, instanceName: 'bj000001', regionId: 2 })];
    await renderPage();
    fireEvent.mouseDown(within(screen.getByTestId('service-filters')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Alibaba Cloud / Beijing'));
    await waitFor(() =>
      expect(
        within(section('studio'))
          .getAllByTestId('instance-name')
          .map((n) => n.textContent),
      ).toEqual(['bj000001']),
    );
  });

  it('opens an opened instance in a new tab from its address', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    await renderPage();
    await act(async () => fireEvent.click(within(section('studio')).getByTestId('instance-open')));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://ab12cd34.example.com', '_blank', 'noopener,noreferrer'),
    );
  });

  it('closes an instance only after confirming', async () => {
    await renderPage();
    fireEvent.click(within(section('studio')).getAllByTestId('instance-close')[0] as HTMLElement);
    expect(await screen.findByTestId('instance-close-confirm')).toBeTruthy();
    expect(posted('/api/portal/service/closeInstance')).toEqual([]);
    await act(async () => fireEvent.click(screen.getByTestId('instance-close-ok')));
    await waitFor(() => expect(posted('/api/portal/service/closeInstance')).toEqual([{ instanceId: 10 }]));
  });

  it('opens a service in a free region: taken regions are disabled, then the new instance goes from opening to opened', async () => {
    await renderPage();
    fireEvent.click(within(section('studio')).getByTestId('service-create'));
    await screen.findByTestId('create-csp-aliyun');
    // Alibaba Cloud is preselected with its free region; Shanghai is taken.
    const ok = screen.getByTestId('create-instance-ok') as HTMLButtonElement;
    expect(ok.disabled).toBe(false);
    const combo = within(screen.getByTestId('create-instance-region')).getByRole('combobox');
    fireEvent.mouseDown(combo);
    const taken = await screen.findByTestId('create-region-cn-shanghai');
    expect(taken.closest('.ant-select-item-option')?.className).toContain('ant-select-item-option-disabled');
    expect(taken.textContent).toContain('Already opened');
    // AWS has only its own region.
    fireEvent.click(screen.getByTestId('create-csp-aws'));
    fireEvent.mouseDown(combo);
    await waitFor(() => expect(screen.queryByTestId('create-region-cn-beijing')).toBeNull());
    fireEvent.click(screen.getByTestId('create-csp-aliyun'));

    await act(async () => fireEvent.click(ok));
    await waitFor(() =>
      expect(posted('/api/portal/service/createInstance')).toEqual([
        { serviceId: 1, versionId: 1, regionId: 2 },
      ]),
    );
    const row = await waitFor(() => {
      const found = within(section('studio'))
        .getAllByTestId('instance-row')
        .find((r) => r.getAttribute('data-instance') === 'new12345');
      expect(found).toBeDefined();
      return found as HTMLElement;
    });
    expect(within(row).getByTestId('instance-status').textContent).toBe('Opening');

    // The list refetches by itself while the instance is opening.
    lakehouse = lakehouse.map((i) =>
      i.id === 12 ? { ...i, status: 1, openTime: '2026-03-02T00:00:00.000Z' } : i,
    );
    await waitFor(() => expect(within(row).getByTestId('instance-status').textContent).toBe('Opened'));
  });

  it('disables opening services, and opening, retrying and closing instances where no provisioner is configured, saying why', async () => {
    setMeta(testMeta({ adapters: { ...testMeta().adapters, provisioner: 'unconfigured' } }));
    try {
      await renderPage();
      const reason =
        'Opening services is not configured on this installation; contact the platform operator.';
      expect(screen.getByTestId('services-not-configured').textContent).toBe(reason);
      for (const button of screen.getAllByTestId('service-create'))
        expect(button).toHaveProperty('disabled', true);
      // A service without instances offers no way around it either.
      expect(within(section('hengshi')).getByTestId('service-empty-create')).toHaveProperty('disabled', true);
      const rows = within(section('studio')).getAllByTestId('instance-row');
      // No provisioner, no instance to open: "Open" follows the rule of the other actions.
      for (const id of ['instance-open', 'instance-retry', 'instance-close']) {
        const buttons = rows.flatMap((r) => within(r).queryAllByTestId(id));
        expect(buttons.length, id).toBeGreaterThan(0);
        for (const button of buttons) {
          expect(button).toHaveProperty('disabled', true);
          expect(button.getAttribute('title')).toBe(reason);
        }
      }
      await act(async () => fireEvent.click(within(section('studio')).getByTestId('instance-open')));
      expect(calls.filter((c) => c.path === '/api/portal/service/getInstanceUrl')).toEqual([]);
      expect(posted('/api/portal/service/createInstance')).toEqual([]);
    } finally {
      setMeta(testMeta());
    }
  });
});
