import type { TInsightServiceInfo, TInsightUser } from '@console/contract';
import { maskEmail } from '@console/contract/contact-rules';
import { InsightUserStatus as S } from '@console/contract/service-enums';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier, type TToast } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import InsightUserManagePage from './insight-user-manage';

const admin = testAdmin;

const info: TInsightServiceInfo = {
  isOpened: true,
  instance: {
    id: 7,
    serviceId: 3,
    serviceKind: 3,
    serviceName: 'Insight BI',
    versionId: 5,
    versionCode: 'trial',
    versionName: 'Trial',
    regionId: 1,
    csp: 'aliyun',
    cspName: 'Alibaba Cloud',
    region: 'cn-shanghai',
    regionName: 'China East 2 (Shanghai)',
    instanceName: 'hs7q2k9x',
    status: 1,
    url: 'https://hs7q2k9x.example.com',
    failReason: null,
    createTime: '2026-03-01T08:00:00.000Z',
    openTime: '2026-03-01T08:01:00.000Z',
    closeTime: null,
  },
  userLimit: 5,
  enabledCount: 1,
};

/** The address the server keeps; the list answers it masked. */
const storedEmail = (username: string) => `${username}.reader@demo.example`;

const row = (
  userId: number,
  username: string,
  status: number,
  failReason: string | null = null,
): TInsightUser => ({
  userId,
  username,
  displayName: username,
  email: maskEmail(storedEmail(username)),
  isAdmin: false,
  isSelf: false,
  status,
  role: status === S.closed ? null : 'viewer',
  roleName: status === S.closed ? null : 'Viewer',
  failReason,
  updateTime: null,
});

let en: i18n;
let calls: TApiCall[];
let toasts: TToast[];
let users: TInsightUser[];
let answer: (call: TApiCall) => unknown;

const posted = (path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);
const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;
const rowOf = (username: string) => {
  const el = screen
    .getAllByTestId('insight-user-row')
    .find((r) => r.getAttribute('data-username') === username);
  if (!el) throw new Error(`no row ${username}`);
  return el;
};
const select = (username: string) => {
  const box = within(rowOf(username)).getByRole('checkbox') as HTMLInputElement;
  fireEvent.click(box);
};

beforeAll(async () => {
  en = await consoleI18n('en-US', ['services', 'common', 'errors']);
  setMeta(testMeta());
});
beforeEach(() => {
  toasts = [];
  setNotifier({
    show: (toast) => toasts.push(toast),
    notifyApiEvent: (event) =>
      toasts.push({ level: 'warning', title: 'message' in event ? event.message : event.type }),
  });
  users = [
    row(2, 'ann', S.closed),
    row(3, 'bob', S.USER_START_SUCCESS),
    row(4, 'cid', S.USER_START_FAIL, 'INSIGHT_SEAT_UNAVAILABLE'),
    row(5, 'dan', S.USER_STOPING),
    row(6, 'eve', S.USER_STOP_FAIL, 'E_STRANGE'),
  ];
  answer = (call) => {
    if (call.path === '/api/portal/user/getCurrentUser') return admin;
    if (call.path === '/api/portal/insight/service/info') return info;
    if (call.path === '/api/portal/insight/user/list') {
      // The server's search: names, and the whole stored address behind the masked one.
      const keyword = call.query?.keyword?.toLowerCase();
      const list = keyword
        ? users.filter((u) =>
            [u.username, u.displayName, storedEmail(u.username)].some((v) =>
              v.toLowerCase().includes(keyword),
            ),
          )
        : users;
      return { list, total: list.length, pageNo: 1, pageSize: 9999, userLimit: 5, enabledCount: 3 };
    }
    if (call.path === '/api/portal/insight/user/roles')
      return [
        { code: 'admin', name: 'Administrator', isDefault: false },
        { code: 'viewer', name: 'Viewer', isDefault: true },
      ];
    if (call.path === '/api/portal/insight/user/getUserSyncStatus')
      return { status: 'syncing', pending: 1, failed: 2, updateTime: null };
    if (call.path.endsWith('/enableUsers') || call.path.endsWith('/disableUsers')) {
      return { count: (call.body as { userIds: number[] }).userIds.length };
    }
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
      <InsightUserManagePage />
    </MemoryRouter>,
    en,
  );
  await screen.findByTestId('insight-user-manage');
  await waitFor(() => expect(screen.getAllByTestId('insight-user-row')).toHaveLength(5));
}

describe('the Insight users page', () => {
  it('loads every user in one page and shows the instance, the count out of the limit and each status', async () => {
    await renderPage();
    const list = calls.find((c) => c.path === '/api/portal/insight/user/list');
    expect(list).toBeDefined();
    const url = vi
      .mocked(fetch)
      .mock.calls.map(([u]) => String(u))
      .find((u) => u.includes('/insight/user/list'));
    expect(url).toContain('pageNo=0');
    expect(url).toContain('pageSize=9999');
    expect(screen.getByTestId('insight-instance-name').textContent).toContain('hs7q2k9x');
    expect(screen.getByTestId('insight-enabled-count').textContent).toBe('Enabled 3 / 5');
    expect(screen.getAllByTestId('insight-user-status').map((t) => t.textContent)).toEqual([
      'Not enabled',
      'Enabled',
      'Enable failed',
      'Disabling',
      'Disable failed',
    ]);
    // A known reason reads as text, an unknown one as its code.
    expect(screen.getAllByTestId('insight-user-fail-reason').map((t) => t.textContent)).toEqual([
      'Insight has no seat available for the user',
      'E_STRANGE',
    ]);
  });

  it('fixes the username and the actions, cuts long names, counts the users and says when none matches', async () => {
    const longName = 'A display name of sixty characters that must not widen a row';
    users = [{ ...row(2, 'ann', S.closed), displayName: longName }, ...users.slice(1)];
    await renderPage();
    const ann = rowOf('ann');
    const cells = ann.querySelectorAll('td');
    const titles = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    const username = cells[titles.indexOf('Username')] as HTMLElement;
    expect(username.className).toContain('ant-table-cell-fix-start');
    expect(within(username).getByTestId('insight-user-name').className).toBe('cz-cell-ellipsis');
    expect((cells[titles.indexOf('Actions')] as HTMLElement).className).toContain('ant-table-cell-fix-end');
    expect(within(ann).getByText(longName).className).toBe('cz-cell-ellipsis');
    expect(screen.getByText('5 users')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('Search username, display name or e-mail'), {
      target: { value: 'nobody' },
    });
    expect(await screen.findByText('No user matches the search')).toBeTruthy();
  });

  it('shows e-mail addresses as the server masked them, and asks the server to search the whole address', async () => {
    await renderPage();
    expect(within(rowOf('bob')).getByText('bo***@demo.example')).toBeTruthy();
    expect(document.body.textContent).not.toContain('bob.reader@');
    const search = screen.getByPlaceholderText('Search username, display name or e-mail');
    fireEvent.change(search, { target: { value: ' cid.reader@demo ' } });
    await waitFor(() =>
      expect(screen.getAllByTestId('insight-user-row').map((r) => r.getAttribute('data-username'))).toEqual([
        'cid',
      ]),
    );
    expect(
      calls.some((c) => c.path === '/api/portal/insight/user/list' && c.query?.keyword === 'cid.reader@demo'),
    ).toBe(true);
    expect(within(rowOf('cid')).getByText('ci***@demo.example')).toBeTruthy();
    // A selection made before the search still counts: the whole list keeps it.
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByTestId('insight-user-row')).toHaveLength(5));
  });

  it('enables and disables only what the selection allows, with the default role', async () => {
    await renderPage();
    expect(button('insight-enable').disabled).toBe(true);
    expect(button('insight-disable').disabled).toBe(true);
    // A user being changed cannot be selected.
    expect((within(rowOf('dan')).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);

    select('bob');
    expect(button('insight-enable').disabled).toBe(true);
    expect(button('insight-disable').disabled).toBe(false);
    select('ann');
    expect(button('insight-enable').disabled).toBe(false);

    await act(async () => fireEvent.click(button('insight-enable')));
    await waitFor(() => expect(posted('/api/portal/insight/user/enableUsers')).toHaveLength(1));
    expect(posted('/api/portal/insight/user/enableUsers')[0]).toEqual({ userIds: [2], role: 'viewer' });
    await waitFor(() => expect(toasts).toContainEqual({ level: 'success', title: 'Enabling users: 1' }));
    // The selection is cleared after the change.
    await waitFor(() => expect(button('insight-disable').disabled).toBe(true));

    select('bob');
    await act(async () => fireEvent.click(button('insight-disable')));
    await waitFor(() => expect(posted('/api/portal/insight/user/disableUsers')).toEqual([{ userIds: [3] }]));
  });

  it('retries a failed enabling by enabling and a failed disabling by disabling', async () => {
    await renderPage();
    const retries = screen.getAllByTestId('insight-user-retry');
    expect(retries).toHaveLength(2);
    await act(async () => fireEvent.click(within(rowOf('cid')).getByTestId('insight-user-retry')));
    await waitFor(() =>
      expect(posted('/api/portal/insight/user/enableUsers')).toEqual([{ userIds: [4], role: 'viewer' }]),
    );
    await act(async () => fireEvent.click(within(rowOf('eve')).getByTestId('insight-user-retry')));
    await waitFor(() => expect(posted('/api/portal/insight/user/disableUsers')).toEqual([{ userIds: [6] }]));
  });

  it('warns before going over the limit and shows the server message of 4063', async () => {
    users = [
      row(2, 'ann', S.closed),
      row(3, 'bob', S.closed),
      row(4, 'cid', S.closed),
      row(5, 'dan', S.USER_START_SUCCESS),
      row(6, 'eve', S.USER_START_SUCCESS),
      row(7, 'fay', S.USER_START_SUCCESS),
    ];
    const base = answer;
    answer = (call) =>
      call.path.endsWith('/enableUsers')
        ? { code: 4063, message: 'Too many Insight users: at most 5 users can be enabled (3 enabled now).' }
        : base(call);
    renderConsole(
      <MemoryRouter>
        <InsightUserManagePage />
      </MemoryRouter>,
      en,
    );
    await screen.findByTestId('insight-user-manage');
    await waitFor(() => expect(screen.getAllByTestId('insight-user-row')).toHaveLength(6));
    select('ann');
    select('bob');
    expect(screen.queryByTestId('insight-over-limit')).toBeNull();
    select('cid');
    expect(screen.getByTestId('insight-over-limit').textContent).toBe(
      'At most 5 users can be enabled (3 enabled now).',
    );
    await act(async () => fireEvent.click(button('insight-enable')));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        level: 'warning',
        title: 'Too many Insight users: at most 5 users can be enabled (3 enabled now).',
      }),
    );
  });

  it('without an opened Insight service, says so and leads back to service management', async () => {
    answer = (call) =>
      call.path === '/api/portal/insight/service/info'
        ? { isOpened: false, instance: null, userLimit: null, enabledCount: 0 }
        : call.path === '/api/portal/user/getCurrentUser'
          ? admin
          : { code: 404, message: 'not found' };
    renderConsole(
      <MemoryRouter>
        <InsightUserManagePage />
      </MemoryRouter>,
      en,
    );
    expect((await screen.findByTestId('insight-not-opened')).textContent).toContain('Insight is not opened');
    expect(screen.getByTestId('insight-go-services')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/portal/insight/user/list')).toBe(false);
  });

  it('tells a member that only administrators manage Insight users', async () => {
    answer = (call) =>
      call.path === '/api/portal/user/getCurrentUser' ? { ...admin, isAccountAdmin: false } : info;
    renderConsole(
      <MemoryRouter>
        <InsightUserManagePage />
      </MemoryRouter>,
      en,
    );
    expect(await screen.findByTestId('insight-no-permission')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/portal/insight/user/list')).toBe(false);
  });

  it('enables and disables nobody where no provisioner is configured, saying why', async () => {
    setMeta(testMeta({ adapters: { ...testMeta().adapters, provisioner: 'unconfigured' } }));
    try {
      await renderPage();
      expect(screen.getByTestId('insight-not-configured').textContent).toBe(
        'Opening services is not configured on this installation; contact the platform operator.',
      );
      select('bob');
      select('ann');
      expect(button('insight-enable').disabled).toBe(true);
      expect(button('insight-disable').disabled).toBe(true);
      for (const retry of screen.queryAllByTestId('insight-user-retry')) {
        expect((retry as HTMLButtonElement).disabled).toBe(true);
      }
    } finally {
      setMeta(testMeta());
    }
  });
});
