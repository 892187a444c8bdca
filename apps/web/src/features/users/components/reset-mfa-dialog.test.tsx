import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier, type TToast } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import type { TUserRow } from '../api/users-api';
import { canResetMfa, ResetMfaDialog } from './reset-mfa-dialog';

const namespaces = ['users', 'validation', 'errors', 'common', 'mfa'] as const;
let en: i18n;
let zh: i18n;
let calls: TApiCall[];
let toasts: TToast[];
let answer: unknown;

const lost = {
  id: 7,
  accountId: 1,
  username: 'lost_keys',
  kind: 'regular',
  status: 'enabled',
  isSelf: false,
  secondFactors: { hasAuthenticator: true, passkeys: 2 },
} as TUserRow;

beforeAll(async () => {
  en = await consoleI18n('en-US', namespaces);
  zh = await consoleI18n('zh-CN', namespaces);
});
beforeEach(() => {
  setMeta(testMeta());
  toasts = [];
  setNotifier({ show: (toast) => toasts.push(toast), notifyApiEvent: () => {} });
  answer = {
    removedAuthenticator: true,
    removedPasskeys: 2,
    endedSessions: 1,
    notice: { isSent: true, channel: 'EMAIL', target: 'lo***@demo.example' },
  };
  calls = fakeApi((call) => {
    switch (call.path) {
      case '/api/portal/user/getCurrentUser':
        return { ...testAdmin, phone: '13800000000' };
      case '/api/portal/common/sendAuthCode':
        return { maskedTarget: '+86 138****0000' };
      case '/api/portal/common/checkAuthCode':
        return { checkToken: 'proof-of-admin', checkCodeType: 'SMS' };
      case '/api/portal/user/resetMfa':
        return answer;
      case '/api/portal/user/userList':
        return { list: [], total: 0, isTotalCapped: false, pageNo: 1, pageSize: 20 };
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

/** Verifies the administrator in the verification dialog with a code. */
async function verifyIdentity() {
  const code = await screen.findByTestId('verify-code');
  fireEvent.change(code, { target: { value: '123456' } });
  await act(async () => fireEvent.click(screen.getByTestId('verify-confirm')));
}

const resetCall = () => calls.find((c) => c.path === '/api/portal/user/resetMfa');

describe('the reset-login-protection dialog', () => {
  it('says what will happen, asks for the reason, then the administrator’s own code, and resets', async () => {
    const onClose = vi.fn();
    renderConsole(<ResetMfaDialog user={lost} onClose={onClose} />, en);
    const steps = await screen.findByTestId('reset-mfa-steps');
    expect([...steps.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'removes the bound authenticator app',
      'removes all of its 2 passkeys',
      'ends all of its sessions at once',
      'tells the user by e-mail or text message',
      'at the next sign-in with the password, the user sets up login protection again where the account requires it',
    ]);
    const label = screen.getByText('Reason', { selector: 'label' });
    expect(label.classList.contains('ant-form-item-required')).toBe(true);

    // No reason: refused on the spot, no code asked for, nothing sent.
    await act(async () => fireEvent.click(screen.getByTestId('reset-mfa-ok')));
    expect(await screen.findByText('Please enter the reason')).toBeTruthy();
    expect(screen.queryByTestId('verify-code')).toBeNull();

    fireEvent.change(screen.getByTestId('reset-mfa-reason'), {
      target: { value: '  Lost the phone; confirmed by a call  ' },
    });
    await waitFor(() => expect(screen.queryByText('Please enter the reason')).toBeNull());
    await act(async () => fireEvent.click(screen.getByTestId('reset-mfa-ok')));
    await verifyIdentity();
    expect(calls.find((c) => c.path === '/api/portal/common/checkAuthCode')?.headers?.authmethod).toBe(
      'RESET_USER_MFA',
    );
    await waitFor(() => expect(resetCall()).toBeTruthy());
    expect(resetCall()?.body).toEqual({ userId: 7, reason: 'Lost the phone; confirmed by a call' });
    expect(resetCall()?.headers).toMatchObject({
      authmethod: 'RESET_USER_MFA',
      authcodetoken: 'proof-of-admin',
      authcodetype: 'SMS',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts).toContainEqual({
      level: 'success',
      title: 'The login protection of lost_keys was reset.',
      description: 'The user was told at lo***@demo.example.',
    });
  }, 30_000); // antd's modals on a loaded machine: a generous limit

  it('warns, in Chinese, when the user could not be told', async () => {
    answer = {
      removedAuthenticator: false,
      removedPasskeys: 1,
      endedSessions: 0,
      notice: { isSent: false, channel: null, target: null },
    };
    const onClose = vi.fn();
    const keyOnly = { ...lost, secondFactors: { hasAuthenticator: false, passkeys: 1 } };
    renderConsole(<ResetMfaDialog user={keyOnly} onClose={onClose} />, zh);
    const steps = await screen.findByTestId('reset-mfa-steps');
    expect(steps.querySelectorAll('li')[0]?.textContent).toBe('删除其全部通行密钥（1 个）');
    fireEvent.change(screen.getByTestId('reset-mfa-reason'), { target: { value: '安全密钥丢失' } });
    await act(async () => fireEvent.click(screen.getByTestId('reset-mfa-ok')));
    await verifyIdentity();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts).toContainEqual({
      level: 'warning',
      title: '已重置 lost_keys 的登录保护。',
      description: '未能通知该用户（没有可送达的邮箱或短信渠道），请自行告知。',
    });
  }, 30_000);

  it('shows a refusal in the dialog and stays open', async () => {
    answer = { code: 4351, message: 'This user has no authenticator app and no passkey.' };
    const onClose = vi.fn();
    renderConsole(<ResetMfaDialog user={lost} onClose={onClose} />, en);
    fireEvent.change(await screen.findByTestId('reset-mfa-reason'), { target: { value: 'Lost it' } });
    await act(async () => fireEvent.click(screen.getByTestId('reset-mfa-ok')));
    await verifyIdentity();
    expect((await screen.findByTestId('reset-mfa-error')).textContent).toContain(
      'This user has no authenticator app and no passkey.',
    );
    expect(onClose).not.toHaveBeenCalled();
  }, 30_000);
});

describe('who the More menu offers the reset for', () => {
  it('a regular user other than oneself, not deleted, with an authenticator or a passkey', () => {
    expect(canResetMfa(lost)).toBe(true);
    expect(canResetMfa({ ...lost, secondFactors: { hasAuthenticator: false, passkeys: 1 } })).toBe(true);
    expect(canResetMfa({ ...lost, secondFactors: { hasAuthenticator: false, passkeys: 0 } })).toBe(false);
    expect(canResetMfa({ ...lost, isSelf: true })).toBe(false);
    expect(canResetMfa({ ...lost, kind: 'service' })).toBe(false);
    expect(canResetMfa({ ...lost, status: 'deleted' })).toBe(false);
  });
});
