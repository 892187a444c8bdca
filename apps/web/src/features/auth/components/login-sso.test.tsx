import type { TSsoSuite } from '@console/contract';
import enCommon from '@console/phrases/en-us/common';
import enLogin from '@console/phrases/en-us/login';
import enValidation from '@console/phrases/en-us/validation';
import zhCommon from '@console/phrases/zh-cn/common';
import zhLogin from '@console/phrases/zh-cn/login';
import zhValidation from '@console/phrases/zh-cn/validation';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie } from '@/lib/cookies';
import { testMeta } from '@/testing/meta';
import { forgetSsoSuites } from '../lib/sso';
import { LoginForm, type TLoginFormTexts } from './login-form';

// Single sign-on on the login form (spec section 2 "Login"): the suite lookup, the SSO mode and
// the switch to the administrators' password login, the third-party sign-ins.

const meta = testMeta({ fallbackHosts: ['app.partner.test'] });

const en: TLoginFormTexts = { login: enLogin, validation: enValidation, common: enCommon };
const zh: TLoginFormTexts = { login: zhLogin, validation: zhValidation, common: zhCommon };

const ssoStart = (name: string) => `/api/portal/sso/suite/authentication?accountName=${name}`;

function suiteOf(name: string, over: Partial<TSsoSuite> = {}): TSsoSuite {
  return { ssoSuitable: true, supportAdminLogin: 1, redirectUrl: ssoStart(name), thirdParty: [], ...over };
}

const noSso: TSsoSuite = { ssoSuitable: false, supportAdminLogin: 1, redirectUrl: null, thirdParty: [] };

type TAnswer = { status?: number; body: unknown };

/** Answers by path; the suite lookups are recorded by account name. */
function serve(answers: { suite?: (accountName: string) => TAnswer; login?: () => TAnswer }) {
  const lookups: string[] = [];
  const logins: unknown[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://console.test');
    let answer: TAnswer = { status: 404, body: { code: 404, message: 'Not found', data: null } };
    if (url.pathname === '/api/portal/sso/account/suite' && answers.suite) {
      const name = url.searchParams.get('accountName') ?? '';
      lookups.push(name);
      answer = answers.suite(name);
    } else if (url.pathname === '/api/login' && answers.login) {
      logins.push(JSON.parse(String(init?.body)));
      answer = answers.login();
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { lookups, logins };
}

const ok = (data: unknown): TAnswer => ({ body: { code: 0, message: 'ok', data } });

function setup(texts: TLoginFormTexts, extra: Partial<Parameters<typeof LoginForm>[0]> = {}) {
  const onLoggedIn = vi.fn();
  render(<LoginForm meta={meta} texts={texts} onLoggedIn={onLoggedIn} {...extra} />);
  const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
  return { onLoggedIn, input };
}

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  deleteCookie('cz-recent-accounts');
  forgetSsoSuites();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('single sign-on on the login form', () => {
  it('an SSO account: SSO button, username and password disabled, administrator login and back', async () => {
    const { lookups } = serve({ suite: (name) => ok(suiteOf(name)) });
    const { input } = setup(en, { presetAccount: 'demo' });

    const sso = await screen.findByTestId('login-sso-button');
    expect(sso.textContent).toBe('SSO login');
    expect(lookups).toEqual(['demo']);
    expect(input('login-username').disabled).toBe(true);
    expect(input('login-password').disabled).toBe(true);
    expect(screen.getByTestId('login-submit').hidden).toBe(true);
    expect(screen.getByTestId('login-sso-hint').textContent).toBe(
      'This account signs in with single sign-on (SSO).',
    );

    // Administrator login: the password form again, with the way back.
    fireEvent.click(screen.getByTestId('login-sso-admin'));
    await waitFor(() => expect(input('login-username').disabled).toBe(false));
    expect(input('login-password').disabled).toBe(false);
    expect(screen.queryByTestId('login-sso-button')).toBeNull();
    expect(screen.queryByTestId('login-sso-admin')).toBeNull();
    expect(screen.getByTestId('login-submit').hidden).toBe(false);
    const back = screen.getByTestId('login-sso-back');
    expect(back.textContent).toBe('Back to SSO login');
    await waitFor(() => expect(document.activeElement).toBe(input('login-username')));

    fireEvent.click(back);
    await waitFor(() => expect(input('login-username').disabled).toBe(true));
    expect(input('login-password').disabled).toBe(true);
    expect(screen.queryByTestId('login-sso-back')).toBeNull();

    // The SSO button goes to the server's SSO start (which redirects to the identity provider).
    fireEvent.click(screen.getByTestId('login-sso-button'));
    expect(assign).toHaveBeenCalledWith(ssoStart('demo'));
  });

  it('offers no administrator login when the account does not allow it (supportAdminLogin 0)', async () => {
    serve({ suite: (name) => ok(suiteOf(name, { supportAdminLogin: 0 })) });
    const { input } = setup(en, { presetAccount: 'demo' });
    await screen.findByTestId('login-sso-button');
    expect(screen.queryByTestId('login-sso-admin')).toBeNull();
    expect(input('login-password').disabled).toBe(true);
  });

  it('says it in Chinese too', async () => {
    serve({ suite: (name) => ok(suiteOf(name)) });
    setup(zh, { presetAccount: 'demo' });
    expect((await screen.findByTestId('login-sso-button')).textContent).toBe('SSO 登录');
    expect(screen.getByTestId('login-sso-admin').textContent).toBe('管理员登录');
    fireEvent.click(screen.getByTestId('login-sso-admin'));
    expect((await screen.findByTestId('login-sso-back')).textContent).toBe('返回 SSO 登录');
  });

  it('in SSO mode a submit (Enter) starts SSO: no validation of the disabled fields, no password login', async () => {
    const { logins } = serve({ suite: (name) => ok(suiteOf(name)), login: () => ok(null) });
    setup(en, { presetAccount: 'demo' });
    await screen.findByTestId('login-sso-button');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('login-form'));
    });
    expect(screen.queryByText('Please enter username')).toBeNull();
    expect(screen.queryByText('Please enter password')).toBeNull();
    expect(logins).toHaveLength(0);
    expect(assign).toHaveBeenCalledWith(ssoStart('demo'));
  });

  it('looks the account up when the typed name is left (blur), and again when it changes', async () => {
    const { lookups } = serve({
      suite: (name) => ok(name === 'acme' ? suiteOf(name) : noSso),
    });
    const { input } = setup(en);
    const account = input('login-account');
    fireEvent.change(account, { target: { value: 'acme' } });
    fireEvent.blur(account);
    await screen.findByTestId('login-sso-button');
    expect(lookups).toEqual(['acme']);
    expect(input('login-username').disabled).toBe(true);

    // Another name: the password form at once, then the lookup of the new name after a pause.
    fireEvent.change(account, { target: { value: 'globex' } });
    expect(screen.queryByTestId('login-sso-button')).toBeNull();
    expect(input('login-username').disabled).toBe(false);
    await waitFor(() => expect(lookups).toEqual(['acme', 'globex']));
    expect(screen.queryByTestId('login-sso-button')).toBeNull();
    expect(input('login-password').disabled).toBe(false);

    // Back to the first name (typed, then a pause): SSO again, from the suite already known.
    fireEvent.change(account, { target: { value: 'acme' } });
    await screen.findByTestId('login-sso-button');
    expect(lookups).toEqual(['acme', 'globex']);
  });

  it('does not look up names that are not account names', async () => {
    const { lookups } = serve({ suite: (name) => ok(suiteOf(name)) });
    const { input } = setup(en);
    fireEvent.change(input('login-account'), { target: { value: 'demo1' } });
    fireEvent.blur(input('login-account'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lookups).toEqual([]);
    expect(input('login-username').disabled).toBe(false);
  });

  it('a failed lookup leaves the password form, without a hint', async () => {
    const { lookups } = serve({
      suite: () => ({ status: 500, body: { code: 500, message: 'Internal error', data: null } }),
    });
    const { input } = setup(en, { presetAccount: 'demo' });
    await waitFor(() => expect(lookups).toEqual(['demo']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('login-sso')).toBeNull();
    expect(input('login-username').disabled).toBe(false);
    expect(screen.getByTestId('login-submit').hidden).toBe(false);
    expect(document.querySelector('.cz-toast')).toBeNull();
  });

  it('carries the safe redirect and an allowed fallback URL to the SSO start', async () => {
    window.history.replaceState(
      null,
      '',
      `/login?redirect=${encodeURIComponent('/billing?tab=1')}&fallbackUrl=${encodeURIComponent('https://app.partner.test/cb')}`,
    );
    serve({ suite: (name) => ok(suiteOf(name)) });
    setup(en, { presetAccount: 'demo' });
    fireEvent.click(await screen.findByTestId('login-sso-button'));
    expect(assign).toHaveBeenCalledWith(
      `${ssoStart('demo')}&redirect=%2Fbilling%3Ftab%3D1&fallbackUrl=https%3A%2F%2Fapp.partner.test%2Fcb`,
    );
  });

  it('leaves out an unsafe redirect and a fallback URL whose host is not allowed', async () => {
    window.history.replaceState(
      null,
      '',
      `/login?redirect=${encodeURIComponent('https://evil.test/')}&fallbackUrl=${encodeURIComponent('https://evil.test/cb')}`,
    );
    serve({ suite: (name) => ok(suiteOf(name)) });
    setup(en, { presetAccount: 'demo' });
    fireEvent.click(await screen.findByTestId('login-sso-button'));
    expect(assign).toHaveBeenCalledWith(ssoStart('demo'));
  });

  it('shows a link per third-party sign-in the account allows, beside the password form', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fbilling');
    serve({
      suite: () =>
        ok({
          ...noSso,
          thirdParty: [
            {
              provider: 'wecom',
              name: 'WeCom',
              loginUrl: '/api/portal/thirdparty/login?provider=wecom&accountName=demo',
            },
          ],
        }),
    });
    const { input } = setup(en, { presetAccount: 'demo' });
    const link = (await screen.findByTestId('login-third-party-wecom')) as HTMLAnchorElement;
    expect(link.textContent).toBe('Sign in with WeCom');
    expect(link.getAttribute('href')).toBe(
      '/api/portal/thirdparty/login?provider=wecom&accountName=demo&redirect=%2Fbilling',
    );
    expect(input('login-username').disabled).toBe(false);
    expect(screen.queryByTestId('login-sso-button')).toBeNull();
  });

  it('4040 and 4041: the password login is refused with the server message in the form', async () => {
    let code = 4040;
    serve({
      suite: () => ok(noSso),
      login: () => ({ body: { code, message: `Refused ${code}`, data: null } }),
    });
    const { input, onLoggedIn } = setup(en);
    fireEvent.change(input('login-account'), { target: { value: 'demo' } });
    fireEvent.change(input('login-username'), { target: { value: 'analyst_01' } });
    fireEvent.change(input('login-password'), { target: { value: 'Analyst@2026' } });
    await act(async () => {
      fireEvent.submit(screen.getByTestId('login-form'));
    });
    expect((await screen.findByTestId('login-message')).textContent).toBe('Refused 4040');
    code = 4041;
    await act(async () => {
      fireEvent.submit(screen.getByTestId('login-form'));
    });
    await waitFor(() => expect(screen.getByTestId('login-message').textContent).toBe('Refused 4041'));
    expect(onLoggedIn).not.toHaveBeenCalled();
  });
});
