/**
 * The account center and login protection share one status query: a change made elsewhere (the
 * workbench card's requirement switch, the login protection dialog's modifyMfaStatus) shows in the
 * account center at once, with its counts fetched again. The app composes both features here.
 * (Turning the requirement on, with its confirmation, is login-protection-card.test.tsx.)
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import AccountInfoPage from '@/features/account/routes/account-info';
import { modifyMfaStatus } from '@/features/mfa/api/modify-mfa-status';
import { LoginProtectionCard } from '@/features/mfa/components/login-protection-card';
import { setMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';

let en: i18n;
let calls: TApiCall[];
/** The fake server's state: the user's protection and the account's requirement. */
let server: { enable: boolean; required: boolean };

const status = () => ({
  enable: server.enable,
  mfaMethodType: server.enable ? 'PHONE' : null,
  gaAlreadyBinding: false,
  phone: '138****0000',
  email: null,
  accountRequired: server.required,
  passkeys: 0,
});

beforeAll(async () => {
  en = await consoleI18n('en-US', ['account', 'mfa', 'errors', 'shell']);
});

beforeEach(() => {
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  server = { enable: false, required: false };
  calls = fakeApi((call) => {
    switch (call.path) {
      case '/api/portal/user/getCurrentUser':
        return testAdmin;
      case '/api/portal/account/getAccountDetail':
        return {
          accountVo: {
            id: 1,
            name: 'demo',
            displayName: 'demo',
            type: 1,
            status: 1,
            companyName: null,
            createTime: '2026-01-01T00:00:00.000Z',
          },
          loginAddress: 'demo.accounts.console.test',
          formalApplicationSubmitted: false,
          remainingTrialDays: null,
          trialEndTime: null,
        };
      case '/api/portal/account/center':
        return {
          companyName: 'Demo Ltd',
          registrationPhone: null,
          registrationEmail: null,
          isMfaRequired: server.required,
          mfaEnabledUsers: server.enable ? 2 : 1,
          totalUsers: 3,
          trialExtensionDays: 0,
          formalApplicationSubmitted: false,
          isMarketplace: false,
        };
      case '/api/portal/mfa/status':
        return status();
      case '/api/portal/mfa/modifyMfaStatus':
        server.enable = (call.body as { enable: boolean }).enable;
        return status();
      case '/api/portal/mfa/policy':
        if (call.method === 'POST') server.required = (call.body as { required: boolean }).required;
        return { required: server.required, passkeySignIn: false, enforcement: null };
      case '/api/portal/password/policy/get':
        return { requiredCharTypes: ['DIGIT'], minLength: 8, expireDays: 0 };
      case '/api/portal/user/pendingChanges':
        return [];
      default:
        return null;
    }
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

const protection = () => screen.getByTestId('account-info-protection');
const statusCalls = () => calls.filter((c) => c.path === '/api/portal/mfa/status').length;

describe('the account center and login protection', () => {
  it('read the status through one query', async () => {
    renderConsole(
      <>
        <AccountInfoPage />
        <LoginProtectionCard />
      </>,
      en,
    );
    await waitFor(() => expect(protection().textContent).toBe('Off · 1 of 3 users protected'));
    await screen.findByTestId('mfa-status');
    expect(statusCalls()).toBe(1);
  });

  it('shows the new value after login protection is turned on', async () => {
    renderConsole(<AccountInfoPage />, en);
    await waitFor(() => expect(protection().textContent).toBe('Off · 1 of 3 users protected'));
    await modifyMfaStatus(
      { enable: true, mfaMethodType: 'PHONE' },
      { checkToken: 'token', checkCodeType: 'SMS' },
    );
    await waitFor(() => expect(protection().textContent).toBe('On · 2 of 3 users protected'));
  });

  it('shows the account requirement gone after the workbench card turns it off', async () => {
    server.required = true;
    renderConsole(
      <>
        <AccountInfoPage />
        <LoginProtectionCard />
      </>,
      en,
    );
    await waitFor(() =>
      expect(protection().textContent).toBe(
        'Off · Required for every user of the account · 1 of 3 users protected',
      ),
    );
    const card = screen.getByTestId('mfa-card');
    const toggle = within(card).getByTestId('mfa-policy-switch');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    await waitFor(() => expect(protection().textContent).toBe('Off · 1 of 3 users protected'));
  });
});
