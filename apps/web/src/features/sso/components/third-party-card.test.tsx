import type { TUserBindingConfig } from '@console/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCurrentUser } from '@/api/get-current-user';
import { syncLocation } from '@/lib/history';
import { setNotifier, type TToast } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { ThirdPartyCard } from './third-party-card';

const member: TCurrentUser = {
  id: 2,
  name: 'analyst_01',
  displayName: 'Analyst',
  accountId: 1,
  accountName: 'demo',
  accountDisplayName: 'demo',
  email: null,
  phone: null,
  phoneCode: '86',
  isAccountAdmin: false,
  lastLoginTime: null,
  lastLoginIp: null,
};
const admin: TCurrentUser = { ...member, id: 1, name: 'admin_demo', isAccountAdmin: true };

const bindings: TUserBindingConfig = {
  loginEnabled: false,
  providers: [
    {
      provider: 'wecom',
      name: 'WeCom',
      isBound: true,
      externalName: 'Zhang San',
      bindTime: '2026-03-01T08:00:00.000Z',
    },
    { provider: 'lark', name: 'Lark', isBound: false, externalName: null, bindTime: null },
  ],
};

let en: i18n;
let calls: TApiCall[];
let toasts: TToast[];
let user: TCurrentUser;
let config: TUserBindingConfig;

const posted = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

function goTo(url: string) {
  window.history.replaceState(null, '', url);
  syncLocation();
}

beforeAll(async () => {
  en = await consoleI18n('en-US', ['ssoConfig', 'common']);
});
beforeEach(() => {
  toasts = [];
  user = member;
  config = bindings;
  setNotifier({
    show: (toast) => toasts.push(toast),
    notifyApiEvent: (event) => toasts.push({ level: 'warning', title: event.type }),
  });
  calls = fakeApi((call) => {
    if (call.path === '/api/portal/user/getCurrentUser') return user;
    if (call.path === '/api/portal/thirdparty/getUserBindingConfig') return config;
    if (call.path === '/api/portal/thirdparty/userUnBinding') {
      const provider = (call.body as { provider: string }).provider;
      return {
        ...config,
        providers: config.providers.map((p) =>
          p.provider === provider ? { ...p, isBound: false, externalName: null, bindTime: null } : p,
        ),
      };
    }
    if (call.path === '/api/portal/thirdparty/modifyThirdPartyLoginStatus') return call.body;
    return { code: 404, message: 'not found' };
  });
  goTo('/accountManage/accountInfo');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  goTo('/');
});

describe('the third-party accounts card', () => {
  it('lists the providers: the bound identity with Unbind, else Bind', async () => {
    renderConsole(<ThirdPartyCard />, en);
    expect(await screen.findByTestId('third-party-row-wecom')).toBeTruthy();
    expect(screen.getByTestId('third-party-state-wecom').textContent).toMatch(/^Zhang San · bound /);
    expect(screen.getByTestId('third-party-unbind-wecom')).toBeTruthy();
    expect(screen.getByTestId('third-party-state-lark').textContent).toBe('Not bound');
    expect(screen.getByTestId('third-party-bind-lark').getAttribute('href')).toBe(
      '/api/portal/thirdparty/bind?provider=lark',
    );
    // Members have no switch.
    expect(screen.queryByTestId('third-party-login-switch')).toBeNull();
  });

  it('unbinds after the confirmation', async () => {
    renderConsole(<ThirdPartyCard />, en);
    fireEvent.click(await screen.findByTestId('third-party-unbind-wecom'));
    expect(await screen.findByText('Unbind WeCom?')).toBeTruthy();
    expect(posted('/api/portal/thirdparty/userUnBinding')).toEqual([]);
    await act(async () => fireEvent.click(screen.getByTestId('third-party-unbind-confirm')));
    await waitFor(() =>
      expect(posted('/api/portal/thirdparty/userUnBinding')).toEqual([{ provider: 'wecom' }]),
    );
    expect(await screen.findByTestId('third-party-bind-wecom')).toBeTruthy();
    expect(toasts).toEqual([{ level: 'success', title: 'Unbound from WeCom' }]);
  });

  it('lets administrators turn third-party sign-in on', async () => {
    user = admin;
    renderConsole(<ThirdPartyCard />, en);
    const toggle = await screen.findByTestId('third-party-login-switch');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await act(async () => fireEvent.click(toggle));
    await waitFor(() =>
      expect(posted('/api/portal/thirdparty/modifyThirdPartyLoginStatus')).toEqual([{ enabled: true }]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('third-party-login-switch').getAttribute('aria-checked')).toBe('true'),
    );
    expect(toasts).toEqual([{ level: 'success', title: 'Third-party sign-in turned on' }]);
  });

  it('says success on arrival with ?thirdPartyBound= and drops the flag', async () => {
    goTo('/accountManage/accountInfo?thirdPartyBound=wecom&tab=1');
    renderConsole(<ThirdPartyCard />, en);
    await waitFor(() => expect(toasts).toEqual([{ level: 'success', title: 'Bound to WeCom' }]));
    expect(window.location.search).toBe('?tab=1');
    expect(window.location.pathname).toBe('/accountManage/accountInfo');
  });

  it('shows the error of ?thirdPartyError= and drops the flag', async () => {
    goTo(
      '/accountManage/accountInfo?thirdPartyError=This%20identity%20is%20already%20bound%20to%20another%20user.',
    );
    renderConsole(<ThirdPartyCard />, en);
    const alert = await screen.findByTestId('third-party-error');
    expect(alert.textContent).toContain('This identity is already bound to another user.');
    expect(window.location.search).toBe('');
    expect(toasts).toEqual([]);
  });

  it('is hidden from members without providers, and says so to administrators', async () => {
    config = { loginEnabled: false, providers: [] };
    const { unmount } = renderConsole(<ThirdPartyCard />, en);
    await waitFor(() => expect(posted('/api/portal/thirdparty/getUserBindingConfig')).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryData(['sso', 'bindings'])).toBeTruthy());
    expect(screen.queryByTestId('third-party-card')).toBeNull();
    unmount();
    queryClient.clear();
    user = admin;
    renderConsole(<ThirdPartyCard />, en);
    expect(await screen.findByTestId('third-party-empty')).toBeTruthy();
    expect(screen.queryByTestId('third-party-login-switch')).toBeNull();
  });
});
