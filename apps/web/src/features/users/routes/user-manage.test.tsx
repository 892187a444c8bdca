import type { TUserRow } from '@console/contract';
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
  secondFactors: { hasAuthenticator: false, passkeys: 0 },
  deleteTime: null,
  purgeTime: null,
  isSelf: false,
  ...over,
});

let en: i18n;
let zh: i18n;
let users: TUserRow[];
let calls: TApiCall[];
beforeAll(async () => {
  en = await consoleI18n('en-US', ['users', 'common', 'validation']);
  zh = await consoleI18n('zh-CN', ['users', 'common', 'validation']);
});
beforeEach(() => {
  users = [];
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  calls = fakeApi((call) => {
    if (call.path === '/api/portal/user/getCurrentUser') return testAdmin;
    if (call.path.includes('userList')) {
      const keyword = (call.body as { keyword?: string }).keyword;
      const list = users.filter((u) => !keyword || u.username.includes(keyword));
      return {
        list,
        total: list.length,
        isTotalCapped: false,
        pageNo: 1,
        pageSize: 20,
        nextCursor: null,
        prevCursor: null,
        retentionDays: 7,
      };
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
    // The date over the time: the column is as narrow as a date.
    expect(cellOf(first, 'Last login').querySelector('time')?.children).toHaveLength(2);
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

  /** Pages of a search whose count stopped at 1,000 users: one row each, always a next page. */
  function serveCappedPages() {
    const calls = fakeApi((call) => {
      if (call.path === '/api/portal/user/getCurrentUser') return testAdmin;
      if (call.path.includes('roleList')) return [];
      if (!call.path.includes('userList')) return { list: [], total: 0 };
      const pageNo = (call.body as { pageNo?: number }).pageNo ?? 1;
      return {
        list: [row({ id: pageNo, username: `user_p${pageNo}` })],
        total: 1000,
        isTotalCapped: true,
        pageNo,
        pageSize: 20,
        nextCursor: `next-${pageNo}`,
        prevCursor: pageNo > 1 ? `prev-${pageNo}` : null,
        retentionDays: 7,
      };
    });
    return () => calls.filter((c) => c.path.includes('userList')).map((c) => c.body);
  }
  const slow = { timeout: 15_000 };
  const pageItem = (n: number) => document.querySelector(`.ant-pagination-item-${n}`);
  const click = (selector: string) => fireEvent.click(document.querySelector(selector) as HTMLElement);

  it('says "more than" a capped total in both languages and offers only the pages counted', async () => {
    serveCappedPages();
    renderPage(en);
    expect(await screen.findByText('More than 1,000 users', {}, slow)).toBeTruthy();
    // The 1,000 counted users make 50 pages: offered, and no page beyond them yet.
    expect(pageItem(50)).toBeTruthy();
    expect(pageItem(51)).toBeNull();
    cleanup();
    queryClient.clear();
    renderPage(zh);
    expect(await screen.findByText('超过 1,000 个用户', {}, slow)).toBeTruthy();
  }, 60_000);

  it('moves to the page beside by cursor, to others by number, and past the counted pages by next', async () => {
    const lists = serveCappedPages();
    renderPage(en);
    await screen.findByText('user_p1', {}, slow);
    click('.ant-pagination-next');
    await screen.findByText('user_p2', {}, slow);
    expect(lists().at(-1)).toMatchObject({ pageNo: 2, cursor: 'next-1' });
    click('.ant-pagination-prev');
    await screen.findByText('user_p1', {}, slow);
    expect(lists().at(-1)).toMatchObject({ pageNo: 1, cursor: 'prev-2' });
    click('.ant-pagination-item-50');
    await screen.findByText('user_p50', {}, slow);
    expect(lists().at(-1)).toMatchObject({ pageNo: 50 });
    expect(lists().at(-1)).not.toHaveProperty('cursor');
    // The list goes on past the 1,000 counted users: one more page, and no further.
    await waitFor(() => expect(pageItem(51)).toBeTruthy(), slow);
    expect(pageItem(52)).toBeNull();
    click('.ant-pagination-next');
    await screen.findByText('user_p51', {}, slow);
    expect(lists().at(-1)).toMatchObject({ pageNo: 51, cursor: 'next-50' });
  }, 90_000);

  it('counts the users and says there is none in Chinese', async () => {
    renderPage(zh);
    expect(await screen.findByText('还没有用户')).toBeTruthy();
    cleanup();
    users = [row({})];
    queryClient.clear();
    renderPage(zh);
    await waitFor(() => expect(screen.getByText('共 1 个用户')).toBeTruthy());
  });

  it('shows an invitation’s state in Status and puts its actions in the row’s More menu', async () => {
    users = [
      row({
        id: 7,
        username: 'inv_fresh',
        isAdmin: false,
        lastLoginTime: null,
        invitation: {
          state: 'pending',
          channel: 'SMS',
          createTime: '2026-03-01T06:00:00.000Z',
          expireTime: '2026-03-04T06:00:00.000Z',
        },
      }),
    ];
    renderPage(en);
    const [name] = await screen.findAllByTestId('user-row-name');
    const first = name?.closest('tr') as HTMLElement;
    // Status holds the tags only: as narrow as they are.
    const status = cellOf(first, 'Status');
    expect(within(status).getByTestId('user-row-invitation').textContent).toBe('Invited, pending');
    // Its only control is the tag itself: a tap (a phone has no hover) says where it went and until when.
    const tag = within(status).getByRole('button');
    expect(tag.textContent).toBe('Invited, pending');
    fireEvent.click(tag);
    expect((await screen.findByRole('tooltip')).textContent).toMatch(
      /^Sent by text message; the link expires at /i,
    );

    fireEvent.mouseEnter(within(first).getByTestId('user-more'));
    expect((await screen.findByTestId('user-invitation-resend')).textContent).toBe('Resend invitation');
    fireEvent.click(screen.getByTestId('user-invitation-revoke'));
    // Revoked only after a confirmation.
    const ok = await screen.findByTestId('user-invitation-revoke-ok');
    expect(calls.some((c) => c.path.endsWith('/revokeInvitation'))).toBe(false);
    fireEvent.click(ok);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/revokeInvitation'))?.body).toEqual({ id: 7 }),
    );
  });

  it('offers "Reset login protection" in the More menu only for a user with an authenticator or a passkey', async () => {
    users = [
      row({
        id: 7,
        username: 'lost_keys',
        isAdmin: false,
        secondFactors: { hasAuthenticator: false, passkeys: 1 },
      }),
      row({ id: 8, username: 'no_factor', isAdmin: false }),
    ];
    renderPage(en);
    const names = await screen.findAllByTestId('user-row-name');
    const [withKey, without] = names.map((n) => n.closest('tr') as HTMLElement);
    fireEvent.mouseEnter(within(without as HTMLElement).getByTestId('user-more'));
    expect(await screen.findByTestId('user-delete')).toBeTruthy();
    expect(screen.queryByTestId('user-reset-mfa')).toBeNull();
    fireEvent.mouseEnter(within(withKey as HTMLElement).getByTestId('user-more'));
    fireEvent.click(await screen.findByTestId('user-reset-mfa'));
    expect((await screen.findByTestId('reset-mfa-steps')).textContent).toContain('removes its 1 passkey');
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
