import { cleanup, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { SecurityCard } from './security-card';

const policy = { requiredCharTypes: ['LOWERCASE', 'UPPERCASE'], minLength: 8, expireDays: 0 };

let en: i18n;
let zh: i18n;
let calls: TApiCall[];
let isTenantAdmin: boolean;

beforeAll(async () => {
  en = await consoleI18n('en-US', ['account', 'errors']);
  zh = await consoleI18n('zh-CN', ['account', 'errors']);
});
beforeEach(() => {
  isTenantAdmin = false;
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  calls = fakeApi((call) => {
    if (call.path === '/api/portal/password/policy/get') return policy;
    if (call.path === '/api/portal/user/checkTenantAdmin') return { isTenantAdmin };
    return null;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the security card', () => {
  it('shows the password policy’s Edit button to administrators, from the user-role lookup', async () => {
    isTenantAdmin = true;
    renderConsole(<SecurityCard />, en);
    expect((await screen.findByTestId('policy-edit')).textContent).toContain('Edit');
    expect(calls.filter((c) => c.path === '/api/portal/user/checkTenantAdmin')).toHaveLength(1);
  });

  it('shows the policy without the Edit button to other users', async () => {
    renderConsole(<SecurityCard />, zh);
    await screen.findByTestId('policy-line');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/portal/user/checkTenantAdmin')).toBe(true));
    expect(screen.queryByTestId('policy-edit')).toBeNull();
    expect(screen.getByTestId('account-change-password')).toBeTruthy();
  });
});
