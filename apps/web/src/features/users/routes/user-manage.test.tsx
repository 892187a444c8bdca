import type { TUserRow } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import UserManagePage from './user-manage';

const longName = 'A display name of sixty characters that must not widen a row';

const row = (over: Partial<TUserRow>): TUserRow => ({
  id: 1,
  accountId: 1,
  username: 'admin_demo',
  displayName: 'Demo Admin',
  phone: '138****0000',
  phoneCode: '86',
  email: 'ad***@demo.example',
  title: 'Product Manager',
  remark: null,
  kind: 'regular',
  serviceKind: null,
  isAdmin: true,
  roles: [],
  status: 'enabled',
  lastLoginTime: '2026-03-01T06:00:00.000Z',
  createTime: '2026-01-01T00:00:00.000Z',
  pendingChange: null,
  invitation: null,
  deleteTime: null,
  purgeTime: null,
  isSelf: false,
  ...over,
});

let en: i18n;
let zh: i18n;
let users: TUserRow[];
beforeAll(async () => {
  en = await consoleI18n('en-US', ['users', 'common', 'validation']);
  zh = await consoleI18n('zh-CN', ['users', 'common', 'validation']);
});
beforeEach(() => {
  users = [];
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  fakeApi((call) => {
    if (call.path === '/api/portal/user/getCurrentUser') return testAdmin;
    if (call.path.includes('userList')) {
      const keyword = (call.body as { keyword?: string }).keyword;
      const list = users.filter((u) => !keyword || u.username.includes(keyword));
      return { list, total: list.length, pageNo: 1, pageSize: 20, retentionDays: 7 };
    }
    if (call.path.includes('roleList')) return [];
    return { list: [], total: 0 };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

function renderPage(lang: i18n) {
  return renderConsole(
    <MemoryRouter initialEntries={['/accountManage/userManage']}>
      <UserManagePage />
    </MemoryRouter>,
    lang,
  );
}

/** The cell of a row under the column whose header reads `title`. */
function cellOf(rowEl: HTMLElement, title: string): HTMLElement {
  const headers = [...document.querySelectorAll('thead th')];
  const index = headers.findIndex((th) => th.textContent?.trim() === title);
  expect(index, title).toBeGreaterThanOrEqual(0);
  return rowEl.querySelectorAll('td')[index] as HTMLElement;
}

describe('the user list', () => {
  it('keeps names, phones and dates on one line, fixes the username and actions, and counts the users', async () => {
    users = [
      row({ id: 1, username: 'admin_demo' }),
      row({ id: 2, username: 'analyst_01', displayName: longName, isAdmin: false, title: null }),
    ];
    renderPage(en);
    const names = await screen.findAllByTestId('user-row-name');
    expect(names.map((n) => n.textContent)).toEqual(['admin_demo', 'analyst_01']);
    for (const name of names) expect(name.className).toBe('cz-cell-ellipsis');
    // The 60-character display name is cut with an ellipsis, not wrapped.
    const long = screen.getByText(longName);
    expect(long.className).toBe('cz-cell-ellipsis cz-cell-secondary');

    const first = names[0]?.closest('tr') as HTMLElement;
    const username = cellOf(first, 'Username');
    expect(username.className).toContain('ant-table-cell-fix-start');
    expect(cellOf(first, 'Actions').className).toContain('ant-table-cell-fix-end');
    expect(cellOf(first, 'Phone').className).toContain('cz-cell-nowrap');
    expect(cellOf(first, 'Phone').textContent).toBe('+86 138****0000');
    expect(cellOf(first, 'Last login').className).toContain('cz-cell-nowrap');
    expect(within(first).getAllByText(/ad\*\*\*@demo\.example/)[0]?.className).toBe('cz-cell-ellipsis');
    expect(screen.getByText('2 users')).toBeTruthy();
  });

  it('says so when there is no user yet, or none matches the search', async () => {
    renderPage(en);
    expect(await screen.findByText('No users yet')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search username, display name, phone or e-mail'), {
      target: { value: 'nobody' },
    });
    fireEvent.keyDown(screen.getByPlaceholderText('Search username, display name, phone or e-mail'), {
      key: 'Enter',
      code: 'Enter',
      keyCode: 13,
    });
    expect(await screen.findByText('No user matches the search')).toBeTruthy();
  });

  it('counts the users and says there is none in Chinese', async () => {
    renderPage(zh);
    expect(await screen.findByText('还没有用户')).toBeTruthy();
    cleanup();
    users = [row({})];
    queryClient.clear();
    renderPage(zh);
    await waitFor(() => expect(screen.getByText('共 1 个用户')).toBeTruthy());
  });

  it('keeps one label on the switch that shows phone numbers and e-mail addresses', async () => {
    renderConsole(
      <MemoryRouter initialEntries={['/accountManage/userManage']}>
        <UserManagePage />
      </MemoryRouter>,
      en,
    );
    const toggle = await screen.findByTestId('user-reveal');
    expect(screen.getByLabelText('Show phone and e-mail', { selector: 'button' })).toBe(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Show phone and e-mail')).toBeTruthy();
    expect(screen.queryByText('Hide phone and e-mail')).toBeNull();
  });
});
