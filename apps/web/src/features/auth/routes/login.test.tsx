import { webcrypto } from 'node:crypto';
import type { TMeta, TSsoSuite } from '@console/contract';
import enCommon from '@console/phrases/en-us/common';
import enLogin from '@console/phrases/en-us/login';
import enValidation from '@console/phrases/en-us/validation';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie } from '@/lib/cookies';
import { initLanguage } from '@/lib/language';
import { setMeta } from '@/lib/meta';
import { providePhrases } from '@/lib/phrases';
import { testMeta } from '@/testing/meta';
import { forgetSsoSuites } from '../lib/sso';
import LoginPage from './login';

// The login page's single sign-on start (`?ssoRedirect=true`, spec section 4 "Login") and the
// hand-off of a password login to an allowed `?fallbackUrl=` with the token.

const baseMeta = testMeta({
  defaultLanguage: 'en-US',
  features: { ...testMeta().features, register: false },
  fallbackHosts: ['*.partner.test'],
});

const ssoStart = '/api/portal/sso/suite/authentication?accountName=demo';
const suitable: TSsoSuite = {
  ssoSuitable: true,
  supportAdminLogin: 1,
  redirectUrl: ssoStart,
  thirdParty: [],
};
const notSuitable: TSsoSuite = {
  ssoSuitable: false,
  supportAdminLogin: 1,
  redirectUrl: null,
  thirdParty: [],
};

const user = {
  id: 7,
  name: 'admin_demo',
  displayName: 'admin_demo',
  accountId: 3,
  accountName: 'demo',
  accountDisplayName: 'demo',
  email: null,
  phone: null,
  phoneCode: '86',
  isAccountAdmin: true,
  lastLoginTime: null,
  lastLoginIp: null,
};

function loginResult(token: string | null, over: Record<string, unknown> = {}) {
  return {
    token,
    mfaStatus: { enable: false, phone: null, email: null, gaAlreadyBinding: false },
    userVo: token ? { accountId: 3, accountDisplayName: 'demo', id: 7, name: 'admin_demo' } : null,
    authVos: [],
    publicKey: null,
    uniqueId: null,
    initialCode: null,
    ...over,
  };
}

type TServer = {
  session?: boolean;
  suite?: TSsoSuite;
  login?: (call: number) => unknown;
};

/** Answers by path: the session check, the suite lookup and the login. */
function serve({ session = false, suite = notSuitable, login }: TServer) {
  const seen: string[] = [];
  let logins = 0;
  const envelope = (data: unknown) => ({ code: 0, message: 'ok', data });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://console.test');
      seen.push(url.pathname);
      let status = 200;
      let body: unknown = { code: 404, message: 'Not found', data: null };
      if (url.pathname === '/api/portal/user/findCurrentUser') {
        // The login page's check: no session is an empty answer, never a 401.
        body = envelope({ user: session ? user : null });
      } else if (url.pathname === '/api/portal/user/getCurrentUser') {
        body = session ? envelope(user) : { code: 401, message: 'Not signed in', data: null };
        status = session ? 200 : 401;
      } else if (url.pathname === '/api/portal/sso/account/suite') {
        body = envelope(suite);
      } else if (url.pathname === '/api/login' && login) {
        logins += 1;
        body = envelope(login(logins));
      } else {
        status = 404;
      }
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return seen;
}

function open(path: string, meta: TMeta = baseMeta) {
  window.history.replaceState(null, '', path);
  setMeta(meta);
  render(<LoginPage />);
}

async function signIn(account = 'demo') {
  const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
  fireEvent.change(input('login-account'), { target: { value: account } });
  fireEvent.change(input('login-username'), { target: { value: 'admin_demo' } });
  fireEvent.change(input('login-password'), { target: { value: 'Demo@2026pass' } });
  await act(async () => {
    fireEvent.submit(screen.getByTestId('login-form'));
  });
}

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
let replace: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeAll(() => {
  initLanguage('en-US');
  providePhrases('en-US', 'common', enCommon);
  providePhrases('en-US', 'login', enLogin);
  providePhrases('en-US', 'validation', enValidation);
});
beforeEach(() => {
  deleteCookie('cz-recent-accounts');
  forgetSsoSuites();
  assign = vi.fn<(url: string | URL) => void>();
  replace = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  vi.spyOn(window.location, 'replace').mockImplementation(replace);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setMeta(null);
  window.history.replaceState(null, '', '/');
});

describe('?ssoRedirect=true', () => {
  it('goes straight to the SSO start when there is no session and the account uses SSO', async () => {
    const seen = serve({ suite: suitable });
    open('/login?account=demo&ssoRedirect=true&redirect=%2Fbilling');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${ssoStart}&redirect=%2Fbilling`));
    expect(assign).toHaveBeenCalledOnce();
    // The session was checked first, by the check that answers an empty success without one.
    expect(seen.indexOf('/api/portal/user/findCurrentUser')).toBeGreaterThanOrEqual(0);
    expect(seen).not.toContain('/api/portal/user/getCurrentUser');
  });

  it('stays on the password form when the account does not use SSO', async () => {
    const seen = serve({ suite: notSuitable });
    open('/login?account=demo&ssoRedirect=true');
    await waitFor(() => expect(seen).toContain('/api/portal/sso/account/suite'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(assign).not.toHaveBeenCalled();
    expect((screen.getByTestId('login-password') as HTMLInputElement).disabled).toBe(false);
  });

  it('a live session goes to the console instead', async () => {
    serve({ session: true, suite: suitable });
    open('/login?account=demo&ssoRedirect=true');
    await waitFor(() => expect(window.location.pathname).toBe('/workbench'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('without the parameter, the page shows the SSO button and waits for the click', async () => {
    serve({ suite: suitable });
    open('/login?account=demo');
    fireEvent.click(await screen.findByTestId('login-sso-button'));
    expect(assign).toHaveBeenCalledWith(ssoStart);
    expect(assign).toHaveBeenCalledOnce();
  });
});

describe('?fallbackUrl= after a password login', () => {
  it('an allowed host receives the token', async () => {
    serve({ login: () => loginResult('tok/1') });
    open(`/login?fallbackUrl=${encodeURIComponent('https://app.partner.test/home?a=1#top')}`);
    await signIn();
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith('https://app.partner.test/home?a=1&token=tok%2F1#top'),
    );
    expect(window.location.pathname).toBe('/login');
  });

  it('a host not on the allow-list is ignored: on to the console as usual', async () => {
    serve({ login: () => loginResult('tok-2') });
    open(`/login?fallbackUrl=${encodeURIComponent('https://evil.test/steal')}`);
    await signIn();
    await waitFor(() => expect(window.location.pathname).toBe('/workbench'));
    expect(replace).not.toHaveBeenCalled();
  });

  it('no allow-list at all: ignored too', async () => {
    serve({ login: () => loginResult('tok-3') });
    open(`/login?fallbackUrl=${encodeURIComponent('https://app.partner.test/')}`, {
      ...baseMeta,
      fallbackHosts: [],
    });
    await signIn();
    await waitFor(() => expect(window.location.pathname).toBe('/workbench'));
    expect(replace).not.toHaveBeenCalled();
  });

  it('after the second step as well', async () => {
    const pair = await webcrypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const publicKey = Buffer.from(await webcrypto.subtle.exportKey('spki', pair.publicKey)).toString(
      'base64',
    );
    vi.stubGlobal('crypto', webcrypto);
    serve({
      login: (call) =>
        call === 1
          ? loginResult(null, {
              mfaStatus: { enable: true, phone: null, email: null, gaAlreadyBinding: true },
              publicKey,
              uniqueId: 'sign-in-1',
            })
          : loginResult('tok-mfa'),
    });
    open(`/login?fallbackUrl=${encodeURIComponent('https://bi.partner.test/')}`, {
      ...baseMeta,
      edition: 'international',
    });
    await signIn();
    fireEvent.change(await screen.findByTestId('mfa-code'), { target: { value: '042917' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('mfa-submit'));
    });
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://bi.partner.test/?token=tok-mfa'));
  });
});
