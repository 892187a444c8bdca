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
import { LoginForm, type TLoginFormTexts } from './login-form';

const meta = testMeta();

const en: TLoginFormTexts = { login: enLogin, validation: enValidation, common: enCommon };
const zh: TLoginFormTexts = { login: zhLogin, validation: zhValidation, common: zhCommon };

function setup(texts: TLoginFormTexts, extra: Partial<Parameters<typeof LoginForm>[0]> = {}) {
  const onLoggedIn = vi.fn();
  render(<LoginForm meta={meta} texts={texts} onLoggedIn={onLoggedIn} {...extra} />);
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  return { onLoggedIn, field };
}

function type(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

function answerLogin(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => deleteCookie('cz-recent-accounts'));
afterEach(() => vi.unstubAllGlobals());

describe('login form validation (spec section 5)', () => {
  it('shows the English messages on submit and focuses the first invalid field', () => {
    const { field } = setup(en);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Please enter your account name')).toBeTruthy();
    expect(screen.getByText('Please enter username')).toBeTruthy();
    expect(screen.getByText('Please enter password')).toBeTruthy();
    const account = field('Account name');
    expect(account.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(account.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter your account name',
    );
    expect(document.activeElement).toBe(account);
  });

  it('shows the Chinese messages on submit', () => {
    setup(zh);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入账户名')).toBeTruthy();
    expect(screen.getByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
  });

  it('checks the account name on blur: letters only, in both languages', () => {
    const { field } = setup(en);
    const account = field('Account name');
    type(account, 'demo1');
    fireEvent.blur(account);
    expect(screen.getByText('Only letters are supported for account names')).toBeTruthy();
    type(account, 'demo');
    expect(screen.queryByText('Only letters are supported for account names')).toBeNull();
    expect(account.getAttribute('aria-invalid')).toBeNull();
  });

  it('says it in Chinese too', () => {
    const { field } = setup(zh);
    const account = field('账户名');
    type(account, 'de mo');
    fireEvent.blur(account);
    expect(screen.getByText('账户名仅支持字母')).toBeTruthy();
  });

  it('focuses the password when only the password is missing, and sends nothing', () => {
    const fetchMock = answerLogin({ code: 0, message: 'ok', data: null });
    const { field } = setup(en);
    type(field('Account name'), 'demo');
    type(field('Username'), 'admin_demo');
    fireEvent.submit(screen.getByTestId('login-form'));
    expect(document.activeElement).toBe(field('Password'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('toggles the password visibility', () => {
    const { field } = setup(en);
    expect(field('Password').type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password').type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('login outcomes', () => {
  async function submitFilled(
    texts: TLoginFormTexts,
    labels = { a: 'Account name', u: 'Username', p: 'Password' },
    extra: Partial<Parameters<typeof LoginForm>[0]> = {},
  ) {
    const ctx = setup(texts, extra);
    type(ctx.field(labels.a), 'demo');
    type(ctx.field(labels.u), 'admin_demo');
    type(ctx.field(labels.p), 'wrong-password');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('login-form'));
    });
    return ctx;
  }

  it('4019: shows the attempts out of the total', async () => {
    answerLogin({
      code: 4019,
      message: 'Wrong',
      data: { current: 2, total: 5, exceed: false, lockRemainingSeconds: 0 },
    });
    await submitFilled(en);
    const message = await screen.findByTestId('login-message');
    expect(message.dataset.kind).toBe('attempts');
    expect(message.textContent).toContain('attempt 2 of 5');
  });

  it('4019 with the lock: shows the locked text with the seconds left', async () => {
    answerLogin({
      code: 4019,
      message: '错误',
      data: { current: 5, total: 5, exceed: true, lockRemainingSeconds: 42 },
    });
    await submitFilled(zh, { a: '账户名', u: '用户名', p: '密码' });
    const message = await screen.findByTestId('login-message');
    expect(message.dataset.kind).toBe('locked');
    expect(message.textContent).toContain('42');
    expect(message.textContent).toContain('锁定 1 分钟');
  });

  it('429 of a blocked address: shows the wait in the language, counts it down, and asks for the captcha', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('generateImageCaptcha')) {
          return new Response(
            JSON.stringify({ code: 0, message: 'ok', data: { id: 'cap-1', imageBase64: 'data:,' } }),
          );
        }
        return new Response(
          JSON.stringify({ code: 429, message: 'Too many', data: { retryAfterSeconds: 2 } }),
          { status: 429, headers: { 'retry-after': '2' } },
        );
      }),
    );
    await submitFilled(zh, { a: '账户名', u: '用户名', p: '密码' });
    const message = await screen.findByTestId('login-message');
    expect(message.dataset.kind).toBe('blocked');
    expect(message.textContent).toBe('您所在网络地址的登录失败次数过多，为保障安全，请 2 秒后再试。');
    // After the block the address is in its captcha phase: the field is there already.
    expect(await screen.findByTestId('captcha-input')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('login-message').textContent).toContain('请 1 秒后'));
    await waitFor(() => expect(screen.queryByTestId('login-message')).toBeNull());
  });

  it('after repeated failures asks for the image captcha and sends its answer with the next sign-in', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.includes('generateImageCaptcha')) {
          return new Response(
            JSON.stringify({ code: 0, message: 'ok', data: { id: 'cap-1', imageBase64: 'data:,' } }),
          );
        }
        bodies.push(JSON.parse(String(init.body)));
        return new Response(
          JSON.stringify({
            code: 4019,
            message: 'Wrong',
            data: { current: 3, total: 5, exceed: false, lockRemainingSeconds: 0, captchaRequired: true },
          }),
        );
      }),
    );
    await submitFilled(en);
    expect((await screen.findByTestId('login-message')).textContent).toContain('attempt 3 of 5');
    const captcha = (await screen.findByTestId('captcha-input')) as HTMLInputElement;
    await waitFor(() => expect(screen.getByTestId('captcha-image').dataset.captchaId).toBe('cap-1'));
    // Without the characters nothing is sent.
    await act(async () => {
      fireEvent.submit(screen.getByTestId('login-form'));
    });
    expect(screen.getByText('Please enter the characters in the picture')).toBeTruthy();
    expect(bodies).toHaveLength(1);
    type(captcha, 'ab7k');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('login-form'));
    });
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ captchaId: 'cap-1', captchaCode: 'ab7k' });
  });

  it('4020: shows the server message in the form', async () => {
    answerLogin({ code: 4020, message: 'This user has been disabled.', data: null });
    await submitFilled(en);
    expect((await screen.findByTestId('login-message')).textContent).toContain(
      'This user has been disabled.',
    );
  });

  it('sends the payload with hints off and reports the success', async () => {
    const fetchMock = answerLogin({
      code: 0,
      message: 'ok',
      data: {
        token: 't',
        mfaStatus: { enable: false, phone: null, email: null, gaAlreadyBinding: false },
        userVo: { accountId: 1, accountDisplayName: 'demo', id: 1, name: 'admin_demo' },
        authVos: [],
        publicKey: null,
        uniqueId: null,
        initialCode: null,
      },
    });
    const { onLoggedIn } = await submitFilled(en);
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(JSON.parse(String(init.body))).toEqual({
      accountDisplayName: 'demo',
      username: 'admin_demo',
      password: 'wrong-password',
    });
    expect(document.cookie).toContain('cz-recent-accounts');
  });

  it('asks for the authenticator method in the international edition and sends the looked-up IP', async () => {
    const fetchMock = answerLogin({ code: 4020, message: 'disabled', data: null });
    await submitFilled(en, undefined, {
      meta: { ...meta, edition: 'international' },
      ipLookup: async () => '203.0.113.9',
    });
    await screen.findByTestId('login-message');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ mfaMethodType: 'GA', ip: '203.0.113.9' });
  });

  it('hands a second-step requirement (no token) to the page with the payload to repeat', async () => {
    const challenge = {
      token: null,
      mfaStatus: { enable: true, phone: '138****0000', email: null, gaAlreadyBinding: false },
      userVo: null,
      authVos: [],
      publicKey: 'k',
      uniqueId: 'u',
      initialCode: null,
    };
    answerLogin({ code: 0, message: 'ok', data: challenge });
    const onSecondStep = vi.fn();
    const { onLoggedIn } = await submitFilled(en, undefined, { onSecondStep });
    await waitFor(() => expect(onSecondStep).toHaveBeenCalledOnce());
    expect(onSecondStep).toHaveBeenCalledWith(challenge, {
      accountDisplayName: 'demo',
      username: 'admin_demo',
      password: 'wrong-password',
    });
    expect(screen.queryByTestId('login-message')).toBeNull();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });
});
