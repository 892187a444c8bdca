import type { TScimToken } from '@console/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier, type TToast } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { ScimProvisioning } from './scim-provisioning';

const baseUrl = 'http://console.test/scim/v2/demo';
const live: TScimToken = {
  id: 1,
  name: 'Entra ID',
  prefix: 'scim_AbCdEf',
  createdAt: '2026-03-01T08:00:00.000Z',
  createdBy: 'admin_demo',
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
  revokedBy: null,
};

let en: i18n;
let calls: TApiCall[];
let toasts: TToast[];
let tokens: TScimToken[];

beforeAll(async () => {
  en = await consoleI18n('en-US', ['ssoConfig', 'common']);
});
beforeEach(() => {
  toasts = [];
  tokens = [live];
  setNotifier({
    show: (toast) => toasts.push(toast),
    notifyApiEvent: (event) => toasts.push({ level: 'warning', title: event.type }),
  });
  calls = fakeApi((call) => {
    if (call.path === '/api/portal/sso/scim/tokens' && call.method === 'GET')
      return { baseUrl, list: tokens };
    if (call.path === '/api/portal/sso/scim/tokens') {
      const item = { ...live, id: 2, name: (call.body as { name: string }).name, prefix: 'scim_XyZ123' };
      tokens = [item, ...tokens];
      return { id: 2, token: 'scim_XyZ123-the-whole-secret', item };
    }
    if (call.path === '/api/portal/sso/scim/tokens/revoke') {
      tokens = tokens.map((t) => ({ ...t, revokedAt: '2026-03-02T08:00:00.000Z', revokedBy: 'admin_demo' }));
      return { baseUrl, list: tokens };
    }
    return { code: 404, message: 'not found' };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('SCIM provisioning on the SSO page', () => {
  it('shows the base URL and the tokens, never a whole token', async () => {
    renderConsole(<ScimProvisioning />, en);
    expect((await screen.findByTestId('scim-base-url')).textContent).toBe(baseUrl);
    const row = await screen.findByTestId('scim-token-row');
    expect(within(row).getByTestId('scim-token-name').textContent).toBe('Entra ID');
    expect(within(row).getByTestId('scim-token-prefix').textContent).toBe('scim_AbCdEf…');
    expect(within(row).getByText('Never used')).toBeTruthy();
  });

  it('creates a token and shows it once, with the warning', async () => {
    renderConsole(<ScimProvisioning />, en);
    await screen.findByTestId('scim-token-row');
    fireEvent.click(screen.getByTestId('scim-token-create'));
    fireEvent.change(await screen.findByTestId('scim-token-name-input'), { target: { value: ' Okta ' } });
    await act(async () => fireEvent.click(screen.getByTestId('scim-token-create-ok')));
    expect((await screen.findByTestId('scim-token-value')).textContent).toBe('scim_XyZ123-the-whole-secret');
    expect(screen.getByText('Copy the token now. It will not be shown again.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ name: 'Okta' }]);
    fireEvent.click(screen.getByTestId('scim-token-done'));
    await waitFor(() => expect(screen.queryByTestId('scim-token-value')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('scim-token-row')).toHaveLength(2));
  });

  it('revokes a token after a confirmation', async () => {
    renderConsole(<ScimProvisioning />, en);
    await screen.findByTestId('scim-token-row');
    fireEvent.click(screen.getByTestId('scim-token-revoke'));
    await act(async () => fireEvent.click(await screen.findByTestId('scim-token-revoke-ok')));
    await waitFor(() => expect(screen.getByTestId('scim-token-status').textContent).toBe('Revoked'));
    expect(calls.filter((c) => c.path.endsWith('/revoke')).map((c) => c.body)).toEqual([{ id: 1 }]);
    expect(toasts).toEqual([{ level: 'success', title: 'Token revoked' }]);
  });
});
