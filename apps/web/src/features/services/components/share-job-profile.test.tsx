import type { TInstance } from '@console/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier, type TToast } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { JobProfileShares } from './job-profile-shares';
import { ShareJobProfileAction } from './share-job-profile-action';

const instance: TInstance = {
  id: 10,
  serviceId: 1,
  serviceKind: 1,
  serviceName: 'Lakehouse',
  versionId: 1,
  versionCode: 'trial',
  versionName: 'Trial',
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
};
const jobs = [
  {
    jobId: 'job_20261120093000_aaaa1111',
    status: 'SUCCEEDED',
    submitTime: '2026-11-20T09:30:00.000Z',
    durationMs: 4000,
    sqlHead: 'SELECT region, count(*) AS n',
  },
  {
    jobId: 'job_20261120091000_bbbb2222',
    status: 'FAILED',
    submitTime: '2026-11-20T09:10:00.000Z',
    durationMs: 90_000,
    sqlHead: 'INSERT INTO dw.orders_daily',
  },
];
const share = (over: Record<string, unknown> = {}) => ({
  id: 7,
  instanceId: 10,
  instanceName: 'ab12cd34',
  jobId: jobs[1]?.jobId,
  createdBy: 'analyst_01',
  createTime: '2026-11-20T10:00:00.000Z',
  expireTime: '2026-11-27T10:00:00.000Z',
  revokeTime: null,
  lastOpenTime: null,
  openCount: 0,
  status: 'active',
  canRevoke: true,
  ...over,
});

let en: i18n;
let calls: TApiCall[];
let toasts: TToast[];
let shares: ReturnType<typeof share>[];
/** The validity's input (the test id may sit on the input or on its wrapper). */
function daysInput(dialog: HTMLElement): HTMLInputElement {
  const field = within(dialog).getByTestId('share-expire-days');
  return (field.tagName === 'INPUT' ? field : field.querySelector('input')) as HTMLInputElement;
}
const posted = (path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);

beforeAll(async () => {
  en = await consoleI18n('en-US', ['services', 'share', 'common', 'validation']);
});
beforeEach(() => {
  toasts = [];
  setNotifier({ show: (toast) => toasts.push(toast), notifyApiEvent: () => undefined });
  shares = [share({ id: 3, jobId: 'job_old', status: 'expired', canRevoke: false, openCount: 4 })];
  calls = fakeApi((call) => {
    if (call.path === '/api/portal/share/jobProfile/jobs') return { list: jobs };
    if (call.path === '/api/portal/share/jobProfile/list')
      return { list: shares, total: shares.length, pageNo: 1, pageSize: 200 };
    if (call.path === '/api/portal/share/jobProfile') {
      const created = share({ expireTime: '2026-11-30T10:00:00.000Z' });
      shares = [created, ...shares];
      return { ...created, link: 'http://console.test/share/jobProfile?token=abcDEF123' };
    }
    if (call.path === '/api/portal/share/jobProfile/revoke') {
      shares = shares.map((s) => (s.id === 7 ? { ...s, status: 'revoked', canRevoke: false } : s));
      return null;
    }
    return { code: 404, message: 'not found' };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('sharing a job profile from the service page', () => {
  it('picks a recent job, proposes 7 days, and shows the link once with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderConsole(
      <>
        <ShareJobProfileAction instance={instance} />
        <JobProfileShares />
      </>,
      en,
    );
    await act(async () => fireEvent.click(await screen.findByTestId('instance-share-job')));
    const dialog = await screen.findByTestId('share-dialog');
    const days = daysInput(dialog);
    expect(days.value).toBe('7');
    // Nothing is shared before a job is chosen.
    await act(async () => fireEvent.click(screen.getByTestId('share-create-ok')));
    expect(await screen.findByText('Choose the job to share')).toBeTruthy();
    expect(posted('/api/portal/share/jobProfile')).toEqual([]);

    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle(/INSERT INTO dw\.orders_daily/));
    fireEvent.change(days, { target: { value: '10' } });
    await act(async () => fireEvent.click(screen.getByTestId('share-create-ok')));
    await waitFor(() =>
      expect(posted('/api/portal/share/jobProfile')).toEqual([
        { instanceId: 10, jobId: 'job_20261120091000_bbbb2222', expireDays: 10 },
      ]),
    );
    const created = await screen.findByTestId('share-created');
    const link = within(created).getByTestId('share-link') as HTMLInputElement;
    expect(link.value).toBe('http://console.test/share/jobProfile?token=abcDEF123');
    expect(created.textContent).toContain('job_20261120091000_bbbb2222');
    await act(async () => fireEvent.click(within(created).getByTestId('share-link-copy')));
    expect(writeText).toHaveBeenCalledWith('http://console.test/share/jobProfile?token=abcDEF123');
    expect(within(created).getByTestId('share-link-copy').textContent).toBe('Link copied');
    // The list shows the new link without its token.
    await waitFor(() => expect(screen.getAllByTestId('share-row')).toHaveLength(2));
    expect(screen.getByTestId('job-profile-shares').textContent).not.toContain('abcDEF123');
  }, 20_000);

  it('refuses a validity outside 1 to 30 days', async () => {
    renderConsole(<ShareJobProfileAction instance={instance} />, en);
    await act(async () => fireEvent.click(await screen.findByTestId('instance-share-job')));
    const dialog = await screen.findByTestId('share-dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle(/SELECT region/));
    const days = daysInput(dialog);
    fireEvent.change(days, { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByTestId('share-create-ok')));
    expect(await screen.findByText('Choose a validity of 1 to 30 days')).toBeTruthy();
    expect(posted('/api/portal/share/jobProfile')).toEqual([]);
  }, 20_000);

  it('says in the open list that an instance opened just now has run no job yet, and shares nothing', async () => {
    const answer = fakeApi((call) =>
      call.path === '/api/portal/share/jobProfile/jobs' ? { list: [] } : { code: 404, message: 'not found' },
    );
    renderConsole(<ShareJobProfileAction instance={instance} />, en);
    await act(async () => fireEvent.click(await screen.findByTestId('instance-share-job')));
    const dialog = await screen.findByTestId('share-dialog');
    await waitFor(() =>
      expect(answer.some((c) => c.path === '/api/portal/share/jobProfile/jobs')).toBe(true),
    );
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    // In the open list itself, where a reader looks (the help under the field is covered by it).
    await waitFor(() =>
      expect(document.querySelector('.ant-select-dropdown')?.textContent).toContain(
        'This instance has no recent jobs.',
      ),
    );
    expect((screen.getByTestId('share-create-ok') as HTMLButtonElement).disabled).toBe(true);
  }, 20_000);

  it('lists the links with their status, and revokes a live one after confirming', async () => {
    shares = [share(), ...shares];
    renderConsole(<JobProfileShares />, en);
    await waitFor(() => expect(screen.getAllByTestId('share-row')).toHaveLength(2));
    expect(screen.getAllByTestId('share-row-status').map((s) => s.textContent)).toEqual([
      'Active',
      'Expired',
    ]);
    expect(screen.getAllByTestId('share-revoke')).toHaveLength(1);
    await act(async () => fireEvent.click(screen.getByTestId('share-revoke')));
    expect(posted('/api/portal/share/jobProfile/revoke')).toEqual([]);
    await act(async () => fireEvent.click(await screen.findByTestId('share-revoke-ok')));
    await waitFor(() => expect(posted('/api/portal/share/jobProfile/revoke')).toEqual([{ id: 7 }]));
    await waitFor(() =>
      expect(screen.getAllByTestId('share-row-status').map((s) => s.textContent)).toEqual([
        'Revoked',
        'Expired',
      ]),
    );
    expect(toasts).toEqual([{ level: 'success', title: 'Share link revoked' }]);
    expect(screen.queryByTestId('share-revoke')).toBeNull();
  });
});
