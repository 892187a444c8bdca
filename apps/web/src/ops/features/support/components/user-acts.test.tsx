/**
 * The support acts of the User page: an auditor reads only (no act offered); support sees each act,
 * disabled where there is nothing to do; the reset's dialog lists what it removes, refuses an empty
 * reason without a call, and shows the server's refusal beside the reason.
 */
import type { TOpsRole, TOpsUserDetail } from '@console/contract/ops';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOpsI18n } from '@/ops/lib/ops-i18n';
import { UserActs } from './user-acts';

type TCall = { method: string; path: string; body: unknown };
let calls: TCall[];
let role: TOpsRole;

const ok = (data: unknown) => ({ code: 0, message: 'ok', data });
const me = () => ({
  operator: {
    id: 1,
    username: 'desk',
    role,
    status: 'active',
    hasAuthenticator: true,
    mustChangePassword: false,
    createdAt: '2026-12-01T10:00:00.000Z',
    lastSignInAt: null,
  },
  secondFactorAt: '2026-12-02T10:00:00.000Z',
  expiresAt: '2026-12-02T18:00:00.000Z',
});

const user: TOpsUserDetail = {
  id: 42,
  username: 'lost_keys',
  displayName: 'Lost Keys',
  kind: 'regular',
  account: { id: 3, name: 'demo', displayName: 'demo', isMfaRequired: true },
  status: 'active',
  email: 'lo***@example.org',
  phone: null,
  phoneCode: '86',
  lastSignInAt: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  roles: [],
  isAdmin: false,
  lockedUntil: null,
  failedSignIns: 0,
  secondFactors: {
    isEnabled: true,
    method: 'GA',
    hasAuthenticator: true,
    passkeys: [
      { name: 'Laptop', createdAt: '2026-12-01T10:00:00.000Z', lastUsedAt: null },
      { name: 'Phone', createdAt: '2026-12-01T11:00:00.000Z', lastUsedAt: null },
    ],
  },
  lastSignInIp: null,
  activeSessions: 0,
  invitation: null,
};

beforeEach(() => {
  calls = [];
  role = 'support';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method: init.method ?? 'GET', path, body });
      const answer =
        path === '/api/ops/me'
          ? ok(me())
          : { code: 4351, message: 'This user has no authenticator app and no passkey.', data: null };
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderActs() {
  const i18n = await createOpsI18n('en-US');
  await i18n.loadNamespaces(['opsSupport']);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <Suspense fallback={null}>
            <UserActs user={user} />
          </Suspense>
        </App>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the support acts of a user', () => {
  it('offers no act to an auditor', async () => {
    role = 'auditor';
    await renderActs();
    expect(await screen.findByTestId('support-read-only')).toBeTruthy();
    expect(screen.queryByTestId('support-reset-protection')).toBeNull();
  });

  it('offers support each act, disabled where there is nothing to do', async () => {
    await renderActs();
    const reset = await screen.findByTestId('support-reset-protection');
    expect((reset as HTMLButtonElement).disabled).toBe(false);
    for (const id of ['support-unlock', 'support-end-sessions', 'support-resend-invitation']) {
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('asks a reason before the reset, and shows the refusal beside it', async () => {
    await renderActs();
    fireEvent.click(await screen.findByTestId('support-reset-protection'));
    const steps = await screen.findByTestId('support-reset-steps');
    expect([...steps.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'removes the authenticator app',
      'removes all 2 passkeys',
      'ends every session of the user at once',
      'tells the user by e-mail or text message',
      'asks the user to set up login protection again at the next sign-in, where the account requires it',
    ]);
    fireEvent.click(screen.getByTestId('support-act-ok'));
    expect(await screen.findByText('Please enter the reason')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByTestId('support-act-reason'), { target: { value: '  Lost both  ' } });
    fireEvent.click(screen.getByTestId('support-act-ok'));
    await waitFor(() => expect(screen.getByTestId('support-act-error').textContent).toContain('no passkey'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/ops/support/users/reset-login-protection',
        body: { userId: 42, reason: 'Lost both' },
      },
    ]);
  });
});
