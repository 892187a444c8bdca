import type { TUserRow } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { phoneQuery } from '@/components/ui/table-cells';
import { setMeta } from '@/lib/meta';
import { setNotifier, type TApiEvent } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import { RolesButton } from './roles-button';
import RolesDrawer from './roles-drawer';

const adminRole = { id: 12, code: 'account_admin', name: 'Account administrator', isAdminRole: true };
const memberRole = { id: 11, code: 'account_member', name: 'Account member', isAdminRole: false };

const holder = (id: number, username: string) => ({
  id,
  username,
  displayName: username.toUpperCase(),
  grantTime: '2026-03-01T06:00:00.000Z',
});

const userRow = (over: Partial<TUserRow>): TUserRow =>
  ({
    id: 1,
    accountId: 1,
    username: 'someone',
    displayName: '',
    phone: null,
    phoneCode: null,
    email: null,
    title: null,
    remark: null,
    kind: 'regular',
    serviceKind: null,
    isAdmin: false,
    roles: [],
    status: 'enabled',
    lastLoginTime: null,
    createTime: '2026-01-01T00:00:00.000Z',
    pendingChange: null,
    deleteTime: null,
    purgeTime: null,
    isSelf: false,
    invitation: null,
    secondFactors: { hasAuthenticator: false, passkeys: 0 },
    ...over,
  }) as TUserRow;

let en: i18n;
let zh: i18n;
let admins: ReturnType<typeof holder>[];
let roleListAnswer: () => unknown;
let calls: TApiCall[];
let events: TApiEvent[];
let toasts: string[];

beforeAll(async () => {
  en = await consoleI18n('en-US', ['users', 'common', 'shell']);
  zh = await consoleI18n('zh-CN', ['users', 'common', 'shell']);
});
beforeEach(() => {
  admins = [holder(1, 'admin_demo'), holder(5, 'ops_lead')];
  events = [];
  toasts = [];
  roleListAnswer = () => [
    { ...memberRole, userCount: 3 },
    { ...adminRole, userCount: admins.length },
  ];
  setMeta(testMeta());
  setNotifier({ show: (t) => toasts.push(t.title), notifyApiEvent: (e) => events.push(e) });
  calls = fakeApi((call) => {
    if (call.path === '/api/portal/user/getCurrentUser') return testAdmin;
    if (call.path.endsWith('/role/roleList')) return roleListAnswer();
    if (call.path.endsWith('/role/roleDetail')) {
      const { roleId } = call.body as { roleId: number };
      // An envelope: the role's own `code` would be read as the envelope's.
      const data =
        roleId === adminRole.id
          ? {
              ...adminRole,
              userCount: admins.length,
              resources: [
                { resourceName: 'billing', resourceType: 0 },
                { resourceName: 'userManage', resourceType: 0 },
                { resourceName: 'passwordPolicyEdit', resourceType: 1 },
              ],
            }
          : { ...memberRole, userCount: 3, resources: [{ resourceName: 'workbench', resourceType: 0 }] };
      return { code: 0, data };
    }
    if (call.path.endsWith('/role/roleUserList')) {
      const { roleId } = call.body as { roleId: number };
      const list = roleId === adminRole.id ? admins : [holder(1, 'admin_demo'), holder(2, 'analyst_01')];
      return { list, total: list.length, pageNo: 1, pageSize: 10 };
    }
    if (call.path.endsWith('/user/userList')) {
      const list = [
        userRow({ id: 1, username: 'admin_demo', isAdmin: true }),
        userRow({ id: 2, username: 'analyst_01' }),
        userRow({ id: 3, username: 'etl_robot', kind: 'service', serviceKind: 'custom' }),
        userRow({ id: 4, username: 'gone_user', status: 'deleted' }),
      ];
      return { list, total: list.length, pageNo: 1, pageSize: 20, retentionDays: 7 };
    }
    if (call.path.endsWith('/role/grantRoleForUser')) {
      const { userId } = call.body as { userId: number };
      admins = [...admins, holder(userId, 'analyst_01')];
      return null;
    }
    if (call.path.endsWith('/role/deleteRoleForUser')) {
      const { userId } = call.body as { userId: number };
      admins = admins.filter((a) => a.id !== userId);
      return null;
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

const open = (lang: i18n) => renderConsole(<RolesDrawer onClose={() => {}} />, lang);
const panel = async (code: string) =>
  (await screen.findAllByTestId('role-panel')).find((p) => p.dataset.role === code) as HTMLElement;

describe('the roles drawer', () => {
  it('shows each role with its name, description, menus and operations, administrators first', async () => {
    open(en);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Account administrator (2)', 'Account member (3)']);
    const admin = await panel('account_admin');
    expect(within(admin).getByText(/Manages the account/)).toBeTruthy();
    await waitFor(() =>
      expect(within(admin).getByTestId('role-menus').textContent).toBe('BillingUser management'),
    );
    expect(within(admin).getByTestId('role-operations').textContent).toBe('Edit the password policy');
    const holders = await within(admin).findAllByTestId('role-holder');
    expect(holders.map((h) => h.dataset.user)).toEqual(['admin_demo', 'ops_lead']);
    // On a wide screen the grant time has a column of its own.
    expect(
      within(admin)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['User', 'Granted', 'Actions']);
    // Oneself is marked and cannot be removed here; another administrator can.
    expect(within(holders[0] as HTMLElement).getByText('You')).toBeTruthy();
    expect(within(holders[0] as HTMLElement).queryByTestId('role-remove')).toBeNull();
    expect(within(holders[1] as HTMLElement).getByTestId('role-remove')).toBeTruthy();

    fireEvent.click(tabs[1] as HTMLElement);
    const member = await panel('account_member');
    await waitFor(() => expect(within(member).getByTestId('role-menus').textContent).toBe('Workbench'));
    expect(within(member).getByText(/a user who loses the administrator role keeps it/)).toBeTruthy();
    // Only the administrator role is granted and removed here.
    expect(within(member).queryByTestId('roles-grant-select')).toBeNull();
    expect(within(member).queryByTestId('role-remove')).toBeNull();
  });

  it('keeps the holders to a phone’s width: the grant time under the name, no column of its own', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === phoneQuery,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
    open(en);
    const admin = await panel('account_admin');
    const [first] = await within(admin).findAllByTestId('role-holder');
    expect(
      within(admin)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['User', 'Actions']);
    const granted = within(first as HTMLElement).getByTestId('role-holder-granted');
    expect(granted.textContent).toMatch(/^Granted .*2026/);
    // In the holder's cell, under the name.
    expect(granted.closest('td')).toBe(
      within(first as HTMLElement)
        .getByTestId('role-holder-name')
        .closest('td'),
    );
  });

  it('grants the administrator role to a regular user who does not hold it', async () => {
    open(en);
    const admin = await panel('account_admin');
    await within(admin).findAllByTestId('role-holder');
    const select = within(admin).getByRole('combobox');
    fireEvent.mouseDown(select);
    // Only analyst_01 may be granted it: admin_demo holds it, the service user and the deleted user may not.
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent),
      ).toEqual(['analyst_01']),
    );
    fireEvent.click(await screen.findByTitle('analyst_01'));
    fireEvent.click(within(admin).getByTestId('roles-grant'));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/grantRoleForUser'))?.body).toEqual({
        userId: 2,
        roleId: 12,
      }),
    );
    await waitFor(() => expect(toasts).toContain('The role was granted to analyst_01'));
    await waitFor(async () =>
      expect((await within(admin).findAllByTestId('role-holder')).map((h) => h.dataset.user)).toContain(
        'analyst_01',
      ),
    );
  });

  it('removes the role after a confirmation, and keeps it on the last administrator', async () => {
    open(en);
    const admin = await panel('account_admin');
    const [, other] = await within(admin).findAllByTestId('role-holder');
    fireEvent.click(within(other as HTMLElement).getByTestId('role-remove'));
    expect(await screen.findByText('Remove the administrator role from ops_lead?')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('role-remove-ok'));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/deleteRoleForUser'))?.body).toEqual({
        userId: 5,
        roleId: 12,
      }),
    );
    await waitFor(() => expect(toasts).toContain('The role was removed'));
    await waitFor(() => expect(screen.getAllByRole('tab')[0]?.textContent).toBe('Account administrator (1)'));
  });

  it('disables removal when the role has one holder left', async () => {
    admins = [holder(5, 'ops_lead')];
    open(en);
    const admin = await panel('account_admin');
    const [only] = await within(admin).findAllByTestId('role-holder');
    const remove = within(only as HTMLElement).getByRole('button', { name: 'Remove' });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    expect(within(only as HTMLElement).queryByTestId('role-remove')).toBeNull();
  });

  it('ignores only 4037 silently; other failures are shown', async () => {
    roleListAnswer = () => ({ code: ErrorCode.notAccountAdmin, message: 'Only administrators' });
    open(en);
    expect(await screen.findByTestId('roles-empty')).toBeTruthy();
    expect(events).toEqual([]);
    cleanup();
    queryClient.clear();
    roleListAnswer = () => ({ code: ErrorCode.forbidden, message: 'Refused' });
    open(en);
    expect(await screen.findByTestId('roles-load-failed')).toBeTruthy();
    expect(screen.getByText('Failed to retrieve the roles')).toBeTruthy();
    expect(events).toEqual([{ type: 'rejected', code: ErrorCode.forbidden, message: 'Refused' }]);
  });

  it('speaks Chinese', async () => {
    open(zh);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['账户管理员 (2)', '账户成员 (3)']);
    const admin = await panel('account_admin');
    await waitFor(() =>
      expect(within(admin).getByTestId('role-operations').textContent).toBe('编辑密码策略'),
    );
    expect(within(admin).getByText('拥有该角色的用户（2）')).toBeTruthy();
  });

  it('loads the drawer from the toolbar button', async () => {
    renderConsole(<RolesButton />, en);
    fireEvent.click(screen.getByTestId('roles-open'));
    expect(await screen.findByTestId('roles-drawer')).toBeTruthy();
  });
});
