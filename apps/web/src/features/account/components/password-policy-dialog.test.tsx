import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier, type TToast } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { accountKeys } from '../api/query-keys';
import PasswordPolicyDialog from './password-policy-dialog';

let en: i18n;
let calls: TApiCall[];
let toasts: TToast[];

beforeAll(async () => {
  en = await consoleI18n('en-US', ['account', 'errors']);
});

beforeEach(() => {
  toasts = [];
  setNotifier({
    show: (toast) => toasts.push(toast),
    notifyApiEvent: (event) => toasts.push({ level: 'warning', title: event.type }),
  });
  // The server answers the policy it stored.
  calls = fakeApi((call) => call.body);
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
const saved = () => calls.filter((c) => c.path === '/api/portal/password/policy/save').map((c) => c.body);

const stored = { requiredCharTypes: ['DIGIT', 'UPPERCASE'] as const, minLength: 12, expireDays: 90 };

describe('the password policy dialog', () => {
  it('starts from the stored policy', async () => {
    renderConsole(<PasswordPolicyDialog policy={stored} onClose={() => {}} />, en);
    await screen.findByTestId('policy-dialog');
    expect(input('policy-type-DIGIT').checked).toBe(true);
    expect(input('policy-type-LOWERCASE').checked).toBe(false);
    expect(input('policy-type-UPPERCASE').checked).toBe(true);
    expect(input('policy-type-SPECIAL').checked).toBe(false);
    expect(input('policy-min-length').value).toBe('12');
    expect(input('policy-max-length').value).toBe('32');
    expect(input('policy-max-length').disabled).toBe(true);
    expect(input('policy-validity-custom').checked).toBe(true);
    expect(input('policy-days').value).toBe('90');
    expect(screen.getByTestId('policy-custom-hint')).toBeTruthy();
  });

  it('restores the defaults without saving, then saves them (permanent as 0)', async () => {
    const onClose = vi.fn();
    renderConsole(<PasswordPolicyDialog policy={stored} onClose={onClose} />, en);
    await screen.findByTestId('policy-dialog');
    fireEvent.click(screen.getByTestId('policy-restore'));
    expect(calls).toEqual([]);
    expect(input('policy-type-DIGIT').checked).toBe(false);
    expect(input('policy-type-LOWERCASE').checked).toBe(true);
    expect(input('policy-type-UPPERCASE').checked).toBe(true);
    expect(input('policy-min-length').value).toBe('8');
    expect(input('policy-validity-permanent').checked).toBe(true);
    expect(input('policy-days').disabled).toBe(true);
    expect(screen.queryByTestId('policy-custom-hint')).toBeNull();

    await act(async () => fireEvent.submit(screen.getByTestId('policy-dialog')));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved()).toEqual([{ requiredCharTypes: ['LOWERCASE', 'UPPERCASE'], minLength: 8, expireDays: 0 }]);
    expect(toasts).toEqual([{ level: 'success', title: 'Save successful' }]);
    expect(queryClient.getQueryData(accountKeys.passwordPolicy)).toEqual(saved()[0]);
  });

  it('refuses fewer than 2 character types, and sends nothing', async () => {
    const onClose = vi.fn();
    renderConsole(<PasswordPolicyDialog policy={stored} onClose={onClose} />, en);
    await screen.findByTestId('policy-dialog');
    fireEvent.click(input('policy-type-DIGIT'));
    expect(screen.getByTestId('policy-requiredCharTypes-error').textContent).toBe(
      'Choose at least 2 character types',
    );
    await act(async () => fireEvent.submit(screen.getByTestId('policy-dialog')));
    expect(calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(input('policy-type-SPECIAL'));
    await waitFor(() => expect(screen.queryByTestId('policy-requiredCharTypes-error')).toBeNull());
  });

  it('fills in 180 days when switching to custom', async () => {
    renderConsole(<PasswordPolicyDialog policy={{ ...stored, expireDays: 0 }} onClose={() => {}} />, en);
    await screen.findByTestId('policy-dialog');
    expect(input('policy-days').value).toBe('');
    fireEvent.click(input('policy-validity-custom'));
    expect(input('policy-days').value).toBe('180');
    await act(async () => fireEvent.submit(screen.getByTestId('policy-dialog')));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toEqual({ requiredCharTypes: ['DIGIT', 'UPPERCASE'], minLength: 12, expireDays: 180 });
  });

  it('keeps the dialog open when the server refuses, whose message the API client shows', async () => {
    calls = fakeApi(() => ({
      code: 4037,
      message: 'Only account administrators can perform this operation.',
    }));
    const onClose = vi.fn();
    renderConsole(<PasswordPolicyDialog policy={stored} onClose={onClose} />, en);
    await screen.findByTestId('policy-dialog');
    await act(async () => fireEvent.submit(screen.getByTestId('policy-dialog')));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts).toEqual([{ level: 'warning', title: 'rejected' }]);
    expect(screen.getByTestId('policy-dialog')).toBeTruthy();
  });
});
