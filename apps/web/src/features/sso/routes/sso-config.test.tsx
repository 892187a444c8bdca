import type { TSsoConfig } from '@console/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier, type TToast } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testAdmin } from '@/testing/user';
import SsoConfigPage from './sso-config';

const admin = testAdmin;

const origin = 'http://console.test';
const stored: TSsoConfig = {
  isConfigured: true,
  protocol: 'OIDC',
  enabled: false,
  supportAdminLogin: 1,
  jitProvisioning: false,
  oidc: {
    issuer: 'https://idp.example.com/realms/demo',
    clientId: 'console',
    hasClientSecret: true,
    scopes: 'openid profile email',
    usernameClaim: 'preferred_username',
  },
  saml: null,
  sp: {
    redirectUri: `${origin}/api/portal/sso/oidc/callback`,
    entityId: `${origin}/api/portal/sso/saml/metadata?accountName=demo`,
    acsUrl: `${origin}/api/portal/sso/saml/acs`,
    metadataUrl: `${origin}/api/portal/sso/saml/metadata?accountName=demo`,
  },
  updateTime: '2026-03-01T08:00:00.000Z',
  updatedBy: null,
};

let en: i18n;
let calls: TApiCall[];
let toasts: TToast[];
let answer: (call: TApiCall) => unknown;

const posted = (path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);
const input = (id: string) => {
  const el = screen.getByTestId(id);
  return (
    el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el : el.querySelector('input')
  ) as HTMLInputElement;
};
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

beforeAll(async () => {
  en = await consoleI18n('en-US', ['ssoConfig', 'validation', 'common']);
});
beforeEach(() => {
  toasts = [];
  setNotifier({
    show: (toast) => toasts.push(toast),
    notifyApiEvent: (event) => toasts.push({ level: 'warning', title: event.type }),
  });
  answer = (call) => {
    if (call.path === '/api/portal/user/getCurrentUser') return admin;
    if (call.path === '/api/portal/sso/config' && call.method === 'GET') return stored;
    if (call.path === '/api/portal/sso/config') return { ...stored, enabled: true };
    if (call.path === '/api/portal/sso/scim/tokens') return { baseUrl: `${origin}/scim/v2/demo`, list: [] };
    if (call.path === '/api/portal/sso/config/test')
      return { redirectUrl: 'https://idp.example.com/auth?x=1' };
    return { code: 404, message: 'not found' };
  };
  calls = fakeApi((call) => answer(call));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  queryClient.clear();
});

async function renderPage() {
  renderConsole(<SsoConfigPage />, en);
  await screen.findByTestId('sso-form');
}

describe('the SSO configuration page', () => {
  it('shows the stored OpenID settings, the stored-secret placeholder and the redirect URI', async () => {
    await renderPage();
    expect(input('sso-protocol-oidc').checked).toBe(true);
    expect(input('sso-issuer').value).toBe('https://idp.example.com/realms/demo');
    expect(input('sso-client-id').value).toBe('console');
    expect(input('sso-client-secret').value).toBe('');
    expect(input('sso-client-secret').placeholder).toBe('A secret is stored. Leave empty to keep it.');
    expect(input('sso-scopes').value).toBe('openid profile email');
    expect(screen.getByTestId('sso-sp-redirect-uri').textContent).toBe(stored.sp.redirectUri);
    expect(screen.queryByTestId('sso-sp-acs-url')).toBeNull();
    expect(screen.getByTestId('sso-admin-login').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('sso-jit').getAttribute('aria-checked')).toBe('false');
  });

  it('saves only the OpenID settings, keeping the stored secret when the field is empty', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('sso-enabled'));
    type('sso-scopes', 'openid  email');
    await act(async () => fireEvent.click(screen.getByTestId('sso-save')));
    await waitFor(() => expect(posted('/api/portal/sso/config')).toHaveLength(1));
    expect(posted('/api/portal/sso/config')[0]).toEqual({
      protocol: 'OIDC',
      enabled: true,
      supportAdminLogin: 1,
      jitProvisioning: false,
      oidc: {
        issuer: 'https://idp.example.com/realms/demo',
        clientId: 'console',
        scopes: 'openid email',
        usernameClaim: 'preferred_username',
      },
    });
    await waitFor(() =>
      expect(toasts).toEqual([{ level: 'success', title: 'Single sign-on configuration saved' }]),
    );
  });

  it('refuses an address without http:// or https:// and scopes without openid, and sends nothing', async () => {
    await renderPage();
    type('sso-issuer', 'idp.example.com');
    type('sso-scopes', 'profile');
    await act(async () => fireEvent.click(screen.getByTestId('sso-save')));
    expect(await screen.findByText('Enter an address that starts with http:// or https://')).toBeTruthy();
    expect(screen.getByText('The scopes must include openid')).toBeTruthy();
    expect(posted('/api/portal/sso/config')).toEqual([]);
  });

  it('switches to SAML: requires the metadata, sends only the SAML settings, and shows the SP details', async () => {
    await renderPage();
    fireEvent.click(input('sso-protocol-saml'));
    expect(await screen.findByTestId('sso-metadata-url')).toBeTruthy();
    expect(screen.queryByTestId('sso-issuer')).toBeNull();
    expect(input('sso-username-attribute').value).toBe('nameID');
    expect(screen.getByTestId('sso-sp-entity-id').textContent).toBe(stored.sp.entityId);
    expect(screen.getByTestId('sso-sp-acs-url').textContent).toBe(stored.sp.acsUrl);
    expect(screen.getByTestId('sso-sp-metadata').textContent).toBe(stored.sp.metadataUrl);
    const download = screen.getByTestId('sso-sp-metadata-download');
    expect(download.getAttribute('href')).toBe(stored.sp.metadataUrl);
    expect(download.getAttribute('download')).toBe('sp-metadata-demo.xml');

    await act(async () => fireEvent.click(screen.getByTestId('sso-save')));
    expect(await screen.findByText('Enter the metadata URL or paste the metadata XML')).toBeTruthy();
    expect(posted('/api/portal/sso/config')).toEqual([]);

    type('sso-metadata-xml', '<EntityDescriptor entityID="urn:idp"/>');
    fireEvent.click(screen.getByTestId('sso-jit'));
    await act(async () => fireEvent.click(screen.getByTestId('sso-save')));
    await waitFor(() => expect(posted('/api/portal/sso/config')).toHaveLength(1));
    expect(posted('/api/portal/sso/config')[0]).toEqual({
      protocol: 'SAML2',
      enabled: false,
      supportAdminLogin: 1,
      jitProvisioning: true,
      saml: {
        metadataXml: '<EntityDescriptor entityID="urn:idp"/>',
        usernameAttribute: 'nameID',
        acceptSignedResponse: false,
      },
    });
  });

  it('edits the signed-response setting and shows when the metadata URL was read, and why it failed', async () => {
    const saml = {
      metadataUrl: 'https://idp.example.com/metadata',
      metadataXml: null,
      idpEntityId: 'urn:idp',
      idpSsoUrl: 'https://idp.example.com/sso',
      idpCertificates: 1,
      usernameAttribute: 'nameID',
      acceptSignedResponse: false,
      metadataCheckedAt: '2026-03-02T08:00:00.000Z',
      metadataError: null,
    };
    let config: TSsoConfig = { ...stored, protocol: 'SAML2', saml };
    answer = (call) =>
      call.path === '/api/portal/sso/config' && call.method === 'POST'
        ? { ...config, saml: { ...saml, acceptSignedResponse: true } }
        : call.path === '/api/portal/sso/config'
          ? config
          : admin;
    await renderPage();
    expect((await screen.findByTestId('sso-metadata-checked')).textContent).toMatch(/^Metadata last read /);
    expect(screen.queryByTestId('sso-metadata-error')).toBeNull();
    const toggle = screen.getByTestId('sso-accept-signed-response');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await act(async () => fireEvent.click(screen.getByTestId('sso-save')));
    await waitFor(() => expect(posted('/api/portal/sso/config')).toHaveLength(1));
    expect(posted('/api/portal/sso/config')[0]).toMatchObject({
      protocol: 'SAML2',
      saml: { metadataUrl: 'https://idp.example.com/metadata', acceptSignedResponse: true },
    });
    cleanup();
    queryClient.clear();

    config = { ...config, saml: { ...saml, metadataError: 'the metadata URL answered HTTP 503' } };
    await renderPage();
    const warning = await screen.findByTestId('sso-metadata-error');
    expect(warning.textContent).toMatch(
      /failed: the metadata URL answered HTTP 503\. Sign-ins go on with the metadata read before\./,
    );
  });

  it('shows 4043 with its reason, and field errors on their fields', async () => {
    answer = (call) =>
      call.path === '/api/portal/sso/config' && call.method === 'POST'
        ? { code: 4043, message: 'The identity provider could not be reached: discovery failed' }
        : call.path === '/api/portal/sso/config'
          ? stored
          : admin;
    await renderPage();
    await act(async () => fireEvent.click(screen.getByTestId('sso-save')));
    const alert = await screen.findByTestId('sso-save-error');
    expect(alert.textContent).toContain('The identity provider could not be reached: discovery failed');
    expect(alert.getAttribute('data-code')).toBe('4043');
    expect(toasts).toEqual([]);

    answer = (call) =>
      call.path === '/api/portal/sso/config' && call.method === 'POST'
        ? {
            code: 400,
            message: 'Bad request',
            data: { fieldErrors: { 'oidc.clientId': 'Too long, really' } },
          }
        : stored;
    await act(async () => fireEvent.click(screen.getByTestId('sso-save')));
    expect(await screen.findByText('Too long, really')).toBeTruthy();
  });

  it('tests the unsaved values in a popup and shows the result posted back', async () => {
    const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    await renderPage();
    type('sso-client-id', 'changed');
    fireEvent.click(screen.getByTestId('sso-test'));
    expect(open).toHaveBeenCalledWith(
      'about:blank',
      'cz-sso-test',
      expect.stringContaining('width=520,height=640'),
    );
    await waitFor(() => expect(popup.location.href).toBe('https://idp.example.com/auth?x=1'));
    expect(posted('/api/portal/sso/config/test')[0]).toMatchObject({ oidc: { clientId: 'changed' } });
    expect(posted('/api/portal/sso/config')).toEqual([]);
    expect(screen.getByTestId('sso-test-result').getAttribute('data-state')).toBe('waiting');

    // A message from another origin is ignored; the console's own is read.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'http://evil.test',
          data: { type: 'cz-sso-test', ok: true, username: 'mallory', message: '' },
        }),
      );
    });
    expect(screen.getByTestId('sso-test-result').getAttribute('data-state')).toBe('waiting');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'cz-sso-test', ok: true, username: 'alice', message: '' },
        }),
      );
    });
    const result = await screen.findByTestId('sso-test-result');
    await waitFor(() => expect(result.getAttribute('data-state')).toBe('success'));
    expect(result.textContent).toContain('The identity provider signed in alice.');
    expect(popup.close).toHaveBeenCalled();
  });

  it('shows a failed test with its message', async () => {
    const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    await renderPage();
    fireEvent.click(screen.getByTestId('sso-test'));
    await waitFor(() => expect(popup.location.href).not.toBe('about:blank'));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: {
            type: 'cz-sso-test',
            ok: false,
            username: null,
            message: 'The ID token signature is invalid',
          },
        }),
      );
    });
    await waitFor(() =>
      expect(screen.getByTestId('sso-test-result').getAttribute('data-state')).toBe('failure'),
    );
    expect(screen.getByTestId('sso-test-result').textContent).toContain('The ID token signature is invalid');
  });

  it('says so when the browser blocks the popup, and sends nothing', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await renderPage();
    fireEvent.click(screen.getByTestId('sso-test'));
    const result = await screen.findByTestId('sso-test-result');
    expect(result.getAttribute('data-state')).toBe('blocked');
    expect(result.textContent).toContain('The browser blocked the popup window');
    expect(posted('/api/portal/sso/config/test')).toEqual([]);
  });

  it('closes the popup and shows why when the test cannot start', async () => {
    const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    answer = (call) =>
      call.path === '/api/portal/sso/config/test'
        ? { code: 4043, message: 'The metadata could not be read' }
        : call.path === '/api/portal/sso/config'
          ? stored
          : admin;
    await renderPage();
    fireEvent.click(screen.getByTestId('sso-test'));
    await waitFor(() =>
      expect(screen.getByTestId('sso-test-result').getAttribute('data-state')).toBe('startFailed'),
    );
    expect(screen.getByTestId('sso-test-result').textContent).toContain('The metadata could not be read');
    expect(popup.close).toHaveBeenCalled();
  });

  it('shows the no-permission state to a member (4037)', async () => {
    answer = (call) =>
      call.path === '/api/portal/sso/config'
        ? { code: 4037, message: 'Only account administrators can perform this operation.' }
        : { ...admin, isAccountAdmin: false };
    renderConsole(<SsoConfigPage />, en);
    expect(await screen.findByTestId('sso-no-permission')).toBeTruthy();
    expect(toasts).toEqual([]);
  });
});

describe('switching the protocol', () => {
  it('clears what was said of the other settings', async () => {
    answer = (call) =>
      call.path === '/api/portal/sso/config' && call.method === 'POST'
        ? { code: 4043, message: 'The identity provider could not be reached: discovery failed' }
        : call.path === '/api/portal/sso/config'
          ? stored
          : admin;
    await renderPage();
    await act(async () => fireEvent.click(screen.getByTestId('sso-save')));
    expect(await screen.findByTestId('sso-save-error')).toBeTruthy();
    fireEvent.click(input('sso-protocol-saml'));
    await waitFor(() => expect(screen.queryByTestId('sso-save-error')).toBeNull());
  });
});
