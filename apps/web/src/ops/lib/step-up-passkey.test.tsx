/**
 * The step-up dialog with a passkey (decision 0050): an act that needs a fresh second factor
 * answers 4302, the dialog opens and offers what the operator has; an operator with passkeys only
 * is offered the passkey alone (no code field), whose assertion proves it again, and the act is
 * sent once more by itself.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callOps } from './ops-api';
import { createOpsI18n } from './ops-i18n';
import { StepUpDialog } from './step-up';

const credential = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};

vi.mock('@/lib/passkey', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/passkey')>()),
  canUsePasskeys: () => true,
  answerWithPasskey: vi.fn(async () => credential),
}));

type TCall = { method: string; path: string; body: unknown };
let calls: TCall[];
let removeAnswers: unknown[];
let hasAuthenticator: boolean;

const ok = (data: unknown) => ({ code: 0, message: 'ok', data });
const factors = () => ({
  hasAuthenticator,
  passkeys: [
    { id: 7, name: 'Laptop', createdAt: '2026-12-02T10:00:00.000Z', lastUsedAt: null, isSynced: false },
  ],
  passkeyLimit: 10,
});

beforeEach(() => {
  calls = [];
  hasAuthenticator = false;
  removeAnswers = [{ code: 4302, message: 'again', data: null }, ok(factors())];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method: init.method ?? 'GET', path, body });
      const answer =
        path === '/api/ops/me/passkeys/remove'
          ? removeAnswers.shift()
          : path === '/api/ops/me/second-factors'
            ? ok(factors())
            : path === '/api/ops/step-up/passkey/options'
              ? ok({ challenge: 'abc', allowCredentials: [{ id: 'cred' }] })
              : path === '/api/ops/step-up/passkey'
                ? ok({ secondFactorAt: '2026-12-02T10:20:00.000Z' })
                : ok(null);
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

async function renderDialog() {
  const i18n = await createOpsI18n('en-US');
  await i18n.loadNamespaces(['opsPasskeys']);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Suspense fallback={null}>
          <StepUpDialog />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the step-up dialog with a passkey', () => {
  it('offers the passkey alone to an operator without an authenticator, and sends the act again', async () => {
    await renderDialog();
    const pending = callOps('opsMyPasskeyRemove', { body: { id: 7 }, hints: false });
    const usePasskey = await screen.findByTestId('ops-step-up-use-passkey');
    expect(usePasskey.textContent).toBe('Use passkey');
    expect(screen.queryByTestId('ops-step-up-code')).toBeNull();
    fireEvent.click(usePasskey);
    expect(await pending).toMatchObject({ passkeys: [{ name: 'Laptop' }] });
    // The dialog asked what the operator has, then the passkey proved it, then the act went again.
    expect(calls[1]?.path).toBe('/api/ops/me/second-factors');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual([
      '/api/ops/me/passkeys/remove',
      '/api/ops/step-up/passkey/options',
      '/api/ops/step-up/passkey',
      '/api/ops/me/passkeys/remove',
    ]);
    expect(posts[2]?.body).toEqual({ credential });
  });

  it('offers both to an operator with an authenticator too', async () => {
    hasAuthenticator = true;
    await renderDialog();
    const pending = callOps('opsMyPasskeyRemove', { body: { id: 7 }, hints: false });
    const usePasskey = await screen.findByTestId('ops-step-up-use-passkey');
    expect(usePasskey.textContent).toBe('Use a passkey instead');
    expect(screen.getByTestId('ops-step-up-code')).toBeTruthy();
    fireEvent.click(usePasskey);
    await pending;
    expect(calls.filter((c) => c.path === '/api/ops/me/passkeys/remove')).toHaveLength(2);
  });
});
