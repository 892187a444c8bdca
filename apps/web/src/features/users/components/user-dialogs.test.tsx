import type { TPasswordRules } from '@console/contract/password-rules';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import type { TUserRow } from '../api/users-api';
import { ResetPasswordDialog, UserDialog } from './user-dialogs';

const namespaces = ['users', 'validation', 'password', 'errors', 'common'] as const;
let en: i18n;
let zh: i18n;
let policy: TPasswordRules;
let calls: TApiCall[];

beforeAll(async () => {
  en = await consoleI18n('en-US', namespaces);
  zh = await consoleI18n('zh-CN', namespaces);
});
beforeEach(() => {
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  policy = { requiredCharTypes: ['LOWERCASE', 'UPPERCASE', 'DIGIT'], minLength: 10, expireDays: 0 };
  calls = fakeApi((call) => {
    if (call.path === '/api/portal/password/policy/get') return policy;
    if (call.path === '/api/portal/user/addUser') return { id: 42 };
    return { code: 404, message: 'not found' };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

/** The form item of a label: whether antd marks it required (the asterisk). */
function isMarkedRequired(label: string): boolean {
  const element = within(screen.getByTestId('user-dialog')).getByText(label, { selector: 'label' });
  return element.classList.contains('ant-form-item-required');
}

describe('the add-user dialog', () => {
  it('marks the required fields and gives the whole password rule of the account’s policy', async () => {
    renderConsole(<UserDialog mode={{ kind: 'add' }} adminRoleId={null} onClose={() => {}} />, en);
    const hint = await screen.findByTestId('user-password-hint');
    expect(hint.textContent).toBe(
      'Under the password policy: 10-32 characters, with lowercase letters, uppercase letters, digits; letters, digits and symbols without spaces.',
    );
    expect(isMarkedRequired('Username')).toBe(true);
    expect(isMarkedRequired('Initial password')).toBe(true);
    for (const optional of ['Display name', 'Phone', 'E-mail', 'Job title', 'Remark'])
      expect(isMarkedRequired(optional)).toBe(false);
  });

  it('names the broken rule before sending anything', async () => {
    const onClose = vi.fn();
    renderConsole(<UserDialog mode={{ kind: 'add' }} adminRoleId={null} onClose={onClose} />, en);
    await screen.findByTestId('user-password-hint');
    fireEvent.change(screen.getByTestId('user-username'), { target: { value: 'new_member' } });
    fireEvent.change(screen.getByTestId('user-password'), { target: { value: 'lowerUPPERonly' } });
    await act(async () => fireEvent.click(screen.getByTestId('user-dialog-ok')));
    expect(
      await screen.findByText(
        'The password does not meet the password policy: it must contain lowercase letters, uppercase letters, digits (10-32 characters).',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/portal/user/addUser')).toBe(false);

    fireEvent.change(screen.getByTestId('user-password'), { target: { value: 'lowerUPPER2026' } });
    await act(async () => fireEvent.click(screen.getByTestId('user-dialog-ok')));
    expect(calls.find((c) => c.path === '/api/portal/user/addUser')?.body).toMatchObject({
      username: 'new_member',
      password: 'lowerUPPER2026',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('marks the custom job title required once Customization is chosen', async () => {
    renderConsole(<UserDialog mode={{ kind: 'add' }} adminRoleId={null} onClose={() => {}} />, en);
    await screen.findByTestId('user-password-hint');
    const select = within(screen.getByTestId('user-dialog')).getByRole('combobox');
    await act(async () => fireEvent.mouseDown(select));
    await act(async () => fireEvent.click(await screen.findByTitle('Customization')));
    expect(isMarkedRequired('Custom job title')).toBe(true);
  });

  it('offers no invitation by a channel this installation cannot send by, and says why', async () => {
    setMeta(testMeta({ adapters: { ...testMeta().adapters, email: 'unconfigured', sms: 'unconfigured' } }));
    renderConsole(<UserDialog mode={{ kind: 'add' }} adminRoleId={null} onClose={() => {}} />, en);
    // The dialog's first drawing can be slow on a loaded machine: a generous limit, no wait.
    await screen.findByTestId('user-password-hint', {}, { timeout: 10_000 });
    fireEvent.change(screen.getByTestId('user-email'), { target: { value: 'new@demo.example' } });
    const invite = await screen.findByRole('radio', { name: 'Send an invitation' });
    expect((invite as HTMLInputElement).disabled).toBe(true);
    expect((await screen.findByTestId('user-invite-unavailable')).textContent).toBe(
      'Invitations cannot be sent by e-mail: no e-mail server is configured on this installation. Set an initial password instead, or contact the platform operator.',
    );
    // The password stays asked for.
    expect(screen.getByTestId('user-password')).toBeTruthy();
  });

  it('sends the invitation by the channel there is, the other disabled with its reason (Chinese)', async () => {
    setMeta(testMeta({ adapters: { ...testMeta().adapters, email: 'unconfigured' } }));
    renderConsole(<UserDialog mode={{ kind: 'add' }} adminRoleId={null} onClose={() => {}} />, zh);
    // The dialog's first drawing can be slow on a loaded machine: a generous limit, no wait.
    await screen.findByTestId('user-password-hint', {}, { timeout: 10_000 });
    fireEvent.change(screen.getByTestId('user-username'), { target: { value: 'new_member' } });
    fireEvent.change(screen.getByTestId('user-email'), { target: { value: 'new@demo.example' } });
    fireEvent.change(screen.getByTestId('user-phone'), { target: { value: '13900000009' } });
    // Offered once the form has the addresses.
    const invite = (await screen.findByRole('radio', { name: '发送邀请' })) as HTMLInputElement;
    await waitFor(() => expect(invite.disabled).toBe(false));
    await act(async () => fireEvent.click(invite));
    const channel = await screen.findByTestId('user-invite-channel');
    expect((within(channel).getByRole('radio', { name: '邮箱' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(channel).getByRole('radio', { name: '短信' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('user-invite-unavailable').textContent).toBe(
      '无法通过邮件发送邀请：本安装未配置邮件服务。请改为设置初始密码，或联系平台运维人员。',
    );
    await act(async () => fireEvent.click(screen.getByTestId('user-dialog-ok')));
    expect(calls.find((c) => c.path === '/api/portal/user/addUser')?.body).toMatchObject({
      username: 'new_member',
      invite: true,
      inviteChannel: 'SMS',
    });
  }, 30_000); // antd's form on a loaded machine: a generous limit

  it('gives the rule in Chinese, and marks the fields of a service user', async () => {
    policy = { requiredCharTypes: ['LOWERCASE', 'UPPERCASE'], minLength: 8, expireDays: 0 };
    renderConsole(<UserDialog mode={{ kind: 'addService' }} adminRoleId={null} onClose={() => {}} />, zh);
    const hint = await screen.findByTestId('user-password-hint');
    expect(hint.textContent).toBe(
      '须符合密码策略：8-32 位，需包含小写字母、大写字母；可用字母、数字和符号，不含空格。',
    );
    expect(isMarkedRequired('用户名')).toBe(true);
    expect(isMarkedRequired('初始密码')).toBe(true);
  });
});

describe('the reset-password dialog', () => {
  const user = { id: 7, username: 'member_one' } as TUserRow;

  it('marks the new password required and gives the rule', async () => {
    renderConsole(<ResetPasswordDialog user={user} onClose={() => {}} />, en);
    const hint = await screen.findByTestId('reset-password-hint');
    expect(hint.textContent).toBe(
      'Under the password policy: 10-32 characters, with lowercase letters, uppercase letters, digits; letters, digits and symbols without spaces.',
    );
    const label = screen.getByText('New password', { selector: 'label' });
    expect(label.classList.contains('ant-form-item-required')).toBe(true);
    fireEvent.change(screen.getByTestId('reset-password-input'), { target: { value: 'short1A' } });
    await act(async () => fireEvent.click(screen.getByTestId('reset-password-ok')));
    expect(
      await screen.findByText(
        'The password does not meet the password policy: at least 10 characters, with lowercase letters, uppercase letters, digits.',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.path.includes('resetManagedUserPassword'))).toBe(false);
  });
});
