import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier, type TToast } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import ChangePasswordDialog from './change-password-dialog';

let en: i18n;
let zh: i18n;
let toasts: TToast[];

const policy = { requiredCharTypes: ['DIGIT', 'UPPERCASE'], minLength: 10, expireDays: 0 };
const changePath = '/api/portal/user/changePassword';

/** The API: the policy above, and `onChange` answering the change. */
function serve(onChange: () => unknown = () => null): TApiCall[] {
  return fakeApi((call) => {
    if (call.path === '/api/portal/password/policy/get') return policy;
    if (call.path === '/api/portal/user/getCurrentUser') return { name: 'analyst_01' };
    if (call.path === changePath) return onChange();
    return { code: 404, message: 'not found' };
  });
}

beforeAll(async () => {
  en = await consoleI18n('en-US', ['account', 'password', 'errors', 'validation']);
  zh = await consoleI18n('zh-CN', ['account', 'password', 'errors', 'validation']);
});
beforeEach(() => {
  toasts = [];
  setNotifier({
    show: (toast) => toasts.push(toast),
    notifyApiEvent: (event) => toasts.push({ level: 'warning', title: event.type }),
  });
});
afterEach(() => {
  cleanup(); // unmount before the fake API goes, or a query refetches for real
  vi.unstubAllGlobals();
  queryClient.clear();
});

const input = (id: string) => {
  const el = screen.getByTestId(id);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};
function fill(current: string, next: string, confirm = next) {
  fireEvent.change(input('change-password-current'), { target: { value: current } });
  fireEvent.change(input('change-password-new'), { target: { value: next } });
  fireEvent.change(input('change-password-confirm'), { target: { value: confirm } });
}
const submit = () => act(async () => fireEvent.submit(screen.getByTestId('change-password-dialog')));

describe('the change-password dialog', () => {
  it('shows the account’s policy under the new password, in the page language', async () => {
    serve();
    renderConsole(<ChangePasswordDialog onClose={() => {}} />, zh);
    expect((await screen.findByTestId('change-password-rule')).textContent).toBe(
      '10-32 位，需包含数字、大写字母；可用字母、数字和符号，不含空格。',
    );
  });

  it('checks the new password against the policy before sending anything', async () => {
    const calls = serve();
    renderConsole(<ChangePasswordDialog onClose={() => {}} />, en);
    await screen.findByTestId('change-password-rule');
    fill('Old@2026pass', 'short1A');
    await submit();
    expect(screen.getByTestId('change-password-password-error').textContent).toContain(
      'at least 10 characters',
    );
    fill('Old@2026pass', 'ABCDEFGHI1', 'ABCDEFGHI2');
    await submit();
    expect(screen.getByTestId('change-password-confirm-error').textContent).toBe(
      'The two passwords are inconsistent',
    );
    expect(calls.filter((c) => c.path === changePath)).toEqual([]);
  });

  it('sends the current and the new password, then says so and closes', async () => {
    const calls = serve();
    const onClose = vi.fn();
    renderConsole(<ChangePasswordDialog onClose={onClose} />, en);
    await screen.findByTestId('change-password-rule');
    fill('Old@2026pass', 'ABCDEFGHI1');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.path === changePath).map((c) => c.body)).toEqual([
      { oldPassword: 'Old@2026pass', newPassword: 'ABCDEFGHI1' },
    ]);
    expect(toasts).toEqual([
      { level: 'success', title: 'Modified successfully. Your other sessions have been signed out.' },
    ]);
  });

  it('shows a wrong current password at its field, without a toast', async () => {
    serve(() => ({ code: 4033, message: 'The current password is wrong.' }));
    const onClose = vi.fn();
    renderConsole(<ChangePasswordDialog onClose={onClose} />, en);
    await screen.findByTestId('change-password-rule');
    fill('Wrong@2026pass', 'ABCDEFGHI1');
    await submit();
    expect((await screen.findByTestId('change-password-current-error')).textContent).toBe(
      'The current password is wrong.',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('shows the server’s policy refusal at the new password', async () => {
    const message =
      'The password does not meet the password policy: with digits, uppercase letters (10-32 characters).';
    serve(() => ({ code: 5061, message }));
    renderConsole(<ChangePasswordDialog onClose={() => {}} />, en);
    await screen.findByTestId('change-password-rule');
    fill('Old@2026pass', 'ABCDEFGHI1');
    await submit();
    expect((await screen.findByTestId('change-password-password-error')).textContent).toBe(message);
    expect(toasts).toEqual([]);
  });
});
