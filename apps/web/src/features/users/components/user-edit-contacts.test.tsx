import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import type { TToast } from '@/lib/notifier';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import type { TUserRow } from '../api/users-api';
import { SyncState } from './sync-state';
import { ResetPasswordDialog, UserDialog } from './user-dialogs';

const namespaces = ['users', 'validation', 'password', 'errors', 'common', 'mfa'] as const;
let en: i18n;
let zh: i18n;
let calls: TApiCall[];
let toasts: TToast[];

const member: TUserRow = {
  id: 7,
  accountId: 1,
  username: 'member_one',
  displayName: 'Member One',
  phone: '13900000001',
  phoneCode: '86',
  email: 'member@demo.example',
  title: null,
  remark: null,
  kind: 'regular',
  serviceKind: null,
  isAdmin: false,
  roles: [],
  status: 'enabled',
  lastLoginTime: null,
  createTime: '2026-11-01T00:00:00.000Z',
  pendingChange: null,
  deleteTime: null,
  purgeTime: null,
  isSelf: false,
  invitation: null,
  secondFactors: { hasAuthenticator: false, passkeys: 0 },
} as TUserRow;

beforeAll(async () => {
  en = await consoleI18n('en-US', namespaces);
  zh = await consoleI18n('zh-CN', namespaces);
});
beforeEach(() => {
  setMeta(testMeta());
  toasts = [];
  setNotifier({ show: (toast) => toasts.push(toast), notifyApiEvent: () => {} });
  calls = fakeApi((call) => {
    switch (call.path) {
      case '/api/portal/password/policy/get':
        return { requiredCharTypes: ['LOWERCASE', 'UPPERCASE'], minLength: 8, expireDays: 0 };
      case '/api/portal/user/fetchUser':
        return member;
      case '/api/portal/role/userRoleList':
        return [{ id: 9, code: 'account_admin', name: 'Account administrator', isAdminRole: true }];
      case '/api/portal/user/getCurrentUser':
        return { ...testAdmin, phone: '13800000000' };
      case '/api/portal/common/sendAuthCode':
        return { maskedTarget: '+86 138****0000' };
      case '/api/portal/common/checkAuthCode':
        return { checkToken: 'proof-of-admin', checkCodeType: 'SMS' };
      case '/api/portal/user/updateUser':
        return { pendingChange: null };
      case '/api/portal/user/updateUserWithConfirm':
        return {
          id: 3,
          userId: 7,
          userName: 'member_one',
          operator: 'admin_demo',
          email: 'moved@demo.example',
          phone: '+86 13900000002',
          createTime: '2026-11-01T00:00:00.000Z',
          expireTime: '2026-11-01T01:00:00.000Z',
        };
      case '/api/portal/user/resetPassword':
      case '/api/portal/user/resetManagedUserPassword':
      case '/api/portal/user/retryUserSync':
        return call.path.endsWith('retryUserSync') ? { count: 1 } : null;
      default:
        return { code: 404, message: 'not found' };
    }
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

/** Waits for the edited user's fields. */
async function loaded() {
  await waitFor(() => expect(screen.getByTestId('user-phone-label').textContent).toBe('+86 13900000001'));
}

/** Verifies the administrator in the verification dialog with a code. */
async function verifyIdentity() {
  const code = await screen.findByTestId('verify-code');
  fireEvent.change(code, { target: { value: '123456' } });
  await act(async () => fireEvent.click(screen.getByTestId('verify-confirm')));
}

describe('editing another user', () => {
  it('keeps phone and e-mail read-only until the identity check, then asks the user to agree', async () => {
    renderConsole(
      <UserDialog mode={{ kind: 'edit', user: member }} adminRoleId={9} onClose={() => {}} />,
      en,
    );
    await waitFor(() => expect(screen.getByTestId('user-phone-label').textContent).toBe('+86 13900000001'));
    expect(screen.getByTestId('user-email-label').textContent).toBe('member@demo.example');
    expect(screen.queryByTestId('user-phone')).toBeNull();
    expect(
      screen.getByText('To change the phone or e-mail, first verify your own identity with a code.'),
    ).toBeTruthy();
    // The administrator flag starts from the roles the user holds (userRoleList), not the list row.
    await waitFor(() => expect((screen.getByTestId('user-is-admin') as HTMLInputElement).checked).toBe(true));

    await act(async () => fireEvent.click(screen.getByTestId('user-contact-unlock')));
    await verifyIdentity();
    const check = calls.find((c) => c.path === '/api/portal/common/checkAuthCode');
    expect(check?.headers?.authmethod).toBe('UPDATE_USER_INFO');
    const phone = await screen.findByTestId('user-phone');
    fireEvent.change(phone, { target: { value: '13900000002' } });
    fireEvent.change(screen.getByTestId('user-email'), { target: { value: 'moved@demo.example' } });
    await act(async () => fireEvent.click(screen.getByTestId('user-dialog-ok')));

    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/portal/user/updateUserWithConfirm')).toBe(true),
    );
    const update = calls.find((c) => c.path === '/api/portal/user/updateUser');
    expect(update?.body).not.toHaveProperty('phone');
    expect(update?.body).not.toHaveProperty('email');
    const confirm = calls.find((c) => c.path === '/api/portal/user/updateUserWithConfirm');
    expect(confirm?.body).toEqual({
      id: 7,
      phone: '13900000002',
      phoneCode: '86',
      email: 'moved@demo.example',
    });
    expect(confirm?.headers).toMatchObject({
      authcodetoken: 'proof-of-admin',
      authcodetype: 'SMS',
      authmethod: 'UPDATE_USER_INFO',
    });
    expect(toasts.at(-1)?.title).toBe(
      'Saved. The new phone number and e-mail address take effect when the user agrees through the links sent to them.',
    );
  });

  it('saves the other fields without the check; once editing, an emptied phone is refused (domestic)', async () => {
    renderConsole(
      <UserDialog mode={{ kind: 'edit', user: member }} adminRoleId={9} onClose={() => {}} />,
      en,
    );
    await loaded();
    await waitFor(() => expect((screen.getByTestId('user-is-admin') as HTMLInputElement).checked).toBe(true));
    await act(async () => fireEvent.click(screen.getByTestId('user-dialog-ok')));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/portal/user/updateUser')).toBe(true));
    expect(calls.some((c) => c.path === '/api/portal/user/updateUserWithConfirm')).toBe(false);
    expect(toasts.at(-1)?.title).toBe('Saved');
    cleanup();
    calls.length = 0;
    renderConsole(
      <UserDialog mode={{ kind: 'edit', user: member }} adminRoleId={9} onClose={() => {}} />,
      en,
    );
    await loaded();
    await act(async () => fireEvent.click(screen.getByTestId('user-contact-unlock')));
    await verifyIdentity();
    fireEvent.change(await screen.findByTestId('user-phone'), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByTestId('user-dialog-ok')));
    expect(await screen.findByText('Please enter your phone number')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/portal/user/update'))).toBe(false);
  });

  it('marks the phone required in the domestic edition and the e-mail in the international one', async () => {
    renderConsole(
      <UserDialog mode={{ kind: 'edit', user: member }} adminRoleId={9} onClose={() => {}} />,
      en,
    );
    await loaded();
    await act(async () => fireEvent.click(screen.getByTestId('user-contact-unlock')));
    await verifyIdentity();
    await screen.findByTestId('user-phone');
    expect(
      screen.getByText('Phone', { selector: 'label' }).classList.contains('ant-form-item-required'),
    ).toBe(true);
    expect(
      screen.getByText('E-mail', { selector: 'label' }).classList.contains('ant-form-item-required'),
    ).toBe(false);
    cleanup();
    setMeta(testMeta({ edition: 'international', features: { ...testMeta().features, globalPhone: true } }));
    renderConsole(
      <UserDialog mode={{ kind: 'edit', user: member }} adminRoleId={9} onClose={() => {}} />,
      zh,
    );
    await loaded();
    await act(async () => fireEvent.click(screen.getByTestId('user-contact-unlock')));
    await verifyIdentity();
    await screen.findByTestId('user-phone');
    expect(screen.getByText('邮箱', { selector: 'label' }).classList.contains('ant-form-item-required')).toBe(
      true,
    );
    // The global-phone setting offers the country list in the console too.
    expect(screen.getByTestId('user-phone-code')).toBeTruthy();
  });

  it('offers the country list only with the global-phone setting', async () => {
    renderConsole(<UserDialog mode={{ kind: 'add' }} adminRoleId={null} onClose={() => {}} />, en);
    await screen.findByTestId('user-phone');
    expect(screen.queryByTestId('user-phone-code')).toBeNull();
    expect(screen.getByText('+86')).toBeTruthy();
  });
});

describe('resetting a password', () => {
  it('asks a regular user’s new password after the administrator’s own code (resetPassword, headers)', async () => {
    const onClose = vi.fn();
    renderConsole(<ResetPasswordDialog user={member} onClose={onClose} />, en);
    fireEvent.change(await screen.findByTestId('reset-password-input'), { target: { value: 'Reset2026ab' } });
    await act(async () => fireEvent.click(screen.getByTestId('reset-password-ok')));
    await verifyIdentity();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const reset = calls.find((c) => c.path === '/api/portal/user/resetPassword');
    expect(reset?.body).toEqual({ accountId: 1, userId: 7, password: 'Reset2026ab' });
    expect(reset?.headers).toMatchObject({
      authcodetoken: 'proof-of-admin',
      authmethod: 'RESET_USER_PASSWORD_MODAL',
    });
    expect(calls.find((c) => c.path === '/api/portal/common/checkAuthCode')?.headers?.authmethod).toBe(
      'RESET_USER_PASSWORD_MODAL',
    );
    expect(calls.some((c) => c.path.includes('resetManagedUserPassword'))).toBe(false);
  });

  it('sets a service user’s password through the managed call, without a code', async () => {
    const onClose = vi.fn();
    const service = { ...member, id: 8, kind: 'service', serviceKind: 'custom' } as TUserRow;
    renderConsole(<ResetPasswordDialog user={service} onClose={onClose} />, en);
    expect(await screen.findByText(/JDBC and API clients use the new password/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('reset-password-input'), { target: { value: 'Reset2026ab' } });
    await act(async () => fireEvent.click(screen.getByTestId('reset-password-ok')));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/portal/user/resetManagedUserPassword')?.body).toEqual({
      id: 8,
      password: 'Reset2026ab',
    });
    expect(screen.queryByTestId('verify-dialog')).toBeNull();
  });
});

describe('the sync state of a row', () => {
  it('shows a failure with a Retry that queues the sync again', async () => {
    renderConsole(<SyncState userId={7} state="failed" />, en);
    expect(screen.getByText('Sync failed')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('user-sync-retry')));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/portal/user/retryUserSync')?.body).toEqual({ ids: [7] }),
    );
    expect(toasts.at(-1)?.title).toBe('The synchronisation was queued again');
  });

  it('says syncing in Chinese, and nothing for no state', async () => {
    const { container } = renderConsole(<SyncState userId={7} state={null} />, zh);
    expect(container.textContent).toBe('');
    cleanup();
    renderConsole(<SyncState userId={7} state="syncing" />, zh);
    expect(screen.getByText('同步中')).toBeTruthy();
    expect(screen.queryByTestId('user-sync-retry')).toBeNull();
  });
});
