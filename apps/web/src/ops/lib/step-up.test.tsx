// test-isolated: the dialog registers itself as the API client's step-up; no other file's call may use it.

import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { callOps, configureOpsClient } from './ops-api';
import { createOpsI18n } from './ops-i18n';
import { StepUpDialog } from './step-up';

let instance: i18n;
let calls: { url: string; body: unknown }[];
let answers: unknown[];

beforeAll(async () => {
  instance = await createOpsI18n('en-US');
});
beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      // What the dialog asks first (which second factors the operator has): the authenticator only.
      if (url === '/api/ops/me/second-factors') {
        const factors = { hasAuthenticator: true, passkeys: [], passkeyLimit: 10 };
        return new Response(JSON.stringify({ code: 0, message: 'ok', data: factors }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify(answers.shift()), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  configureOpsClient({ onStepUp: null });
});

const operator = {
  id: 2,
  username: 'sup.one',
  role: 'support',
  status: 'active',
  hasAuthenticator: false,
  mustChangePassword: false,
  createdAt: '2026-12-01T00:00:00.000Z',
  lastSignInAt: null,
};

function renderDialog() {
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={instance}>
        <StepUpDialog />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('the step-up dialog', () => {
  it('asks for the code on 4302, proves it, and the act is sent once more', async () => {
    renderDialog();
    answers.push({ code: 4302, message: 'Again', data: null });
    answers.push({ code: 4303, message: 'The authenticator code is wrong.', data: null });
    answers.push({ code: 0, message: 'ok', data: { secondFactorAt: '2026-12-02T10:00:00.000Z' } });
    answers.push({ code: 0, message: 'ok', data: operator });
    const act = callOps('opsResetOperatorSecondFactor', { body: { operatorId: 2, reason: 'lost phone' } });

    const code = await screen.findByTestId('ops-step-up-code');
    expect(screen.getByText('Confirm it is you')).toBeTruthy();
    // A wrong code: the server's words under the field, the dialog stays.
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: /Confirm/ }));
    expect(await screen.findByText('The authenticator code is wrong.')).toBeTruthy();
    fireEvent.change(code, { target: { value: '222222' } });
    fireEvent.click(screen.getByRole('button', { name: /Confirm/ }));

    await expect(act).resolves.toMatchObject({ username: 'sup.one' });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/ops/operators/reset-second-factor',
      '/api/ops/step-up',
      '/api/ops/step-up',
      '/api/ops/operators/reset-second-factor',
    ]);
    expect(calls[2]?.body).toEqual({ code: '222222' });
  });

  it('cancelled: the act is not sent again and rejects with 4302', async () => {
    renderDialog();
    answers.push({ code: 4302, message: 'Again', data: null });
    const act = callOps('opsResetOperatorSecondFactor', { body: { operatorId: 2, reason: 'r' } }).catch(
      (e) => e,
    );
    await screen.findByTestId('ops-step-up-code');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await act).toMatchObject({ code: 4302 });
    expect(calls).toHaveLength(1);
  });
});
