import enCommon from '@console/phrases/en-us/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { setNotifier, type TToast } from '@/lib/notifier';
import { testMeta } from '@/testing/meta';
import { attemptLogin, interpretLoginFailure } from './submit-login';

const names = { accountDisplayName: ' demo ', username: 'analyst_01', password: 'whatever' };

function business(code: number, message: string) {
  return new ApiError({ kind: 'business', code, status: 200, path: '/api/login', message, data: null });
}

afterEach(() => {
  window.history.replaceState(null, '', '/login');
  vi.unstubAllGlobals();
});

describe('interpretLoginFailure', () => {
  it('warns and goes to the reset page with both names when the password must be reset (5066)', async () => {
    const shown: TToast[] = [];
    setNotifier({ show: (t) => shown.push(t), notifyApiEvent: () => {} });
    const result = await interpretLoginFailure(
      business(5066, 'Your password must be reset before you can log in'),
      names,
      enCommon,
    );
    expect(result).toEqual({});
    expect(shown).toEqual([{ level: 'warning', title: 'Your password must be reset before you can log in' }]);
    expect(window.location.pathname).toBe('/findPassword');
    const params = new URLSearchParams(window.location.search);
    expect(params.get('account')).toBe('demo');
    expect(params.get('username')).toBe('analyst_01');
  });

  it('reads the block of the address (429 with its wait) and the captcha of the address (4024, 4019)', async () => {
    const blocked = new ApiError({
      kind: 'http',
      code: 429,
      status: 429,
      path: '/api/login',
      message: 'Too many failed attempts',
      data: { retryAfterSeconds: 287 },
    });
    expect(await interpretLoginFailure(blocked, names, enCommon)).toEqual({
      message: { kind: 'blocked', seconds: 287 },
      needsCaptcha: true,
    });
    // The hashing queue's 429 names no wait: its message is shown as it is.
    const busy = new ApiError({ kind: 'http', code: 429, status: 429, path: '/api/login', message: 'Busy' });
    expect(await interpretLoginFailure(busy, names, enCommon)).toEqual({
      message: { kind: 'error', text: 'Busy' },
      needsCaptcha: false,
    });
    expect(await interpretLoginFailure(business(4024, 'Enter the characters'), names, enCommon)).toEqual({
      message: { kind: 'error', text: 'Enter the characters' },
      needsCaptcha: true,
    });
    const wrong = new ApiError({
      kind: 'business',
      code: 4019,
      status: 200,
      path: '/api/login',
      message: 'Incorrect',
      data: { current: 1, total: 5, exceed: false, lockRemainingSeconds: 0, captchaRequired: true },
    });
    expect(await interpretLoginFailure(wrong, names, enCommon)).toEqual({
      message: { kind: 'attempts', current: 1, total: 5 },
      needsCaptcha: true,
    });
  });

  it('shows other refusals as a message and stays on the login page', async () => {
    const result = await interpretLoginFailure(business(4020, 'The user is disabled'), names, enCommon);
    expect(result.message).toEqual({ kind: 'error', text: 'The user is disabled' });
    expect(window.location.pathname).toBe('/login');
  });
});

describe('attemptLogin', () => {
  const values = { accountDisplayName: 'demo', username: 'admin_demo', password: 'Demo@2026pass' };
  const answer = (body: unknown) => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };
  const result = (token: string | null) => ({
    token,
    mfaStatus: { enable: token === null, phone: '138****0000', email: null, gaAlreadyBinding: false },
    userVo: null,
    authVos: [],
    publicKey: null,
    uniqueId: token === null ? 'u1' : null,
    initialCode: null,
  });

  it('sends the names, the public IP and the captcha, and answers the token', async () => {
    const fetchMock = answer({ code: 0, message: 'ok', data: result('t') });
    const outcome = await attemptLogin(
      values,
      testMeta({ edition: 'international' }),
      { ipLookup: async () => '203.0.113.9', captcha: { captchaId: 'c1', captchaCode: 'ab7k' } },
      enCommon,
    );
    expect(outcome).toMatchObject({ kind: 'signedIn', result: { token: 't' } });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({
      ...values,
      ip: '203.0.113.9',
      mfaMethodType: 'GA',
      captchaId: 'c1',
      captchaCode: 'ab7k',
    });
  });

  it('answers the second step with the body to repeat, and failures read for the form', async () => {
    answer({ code: 0, message: 'ok', data: result(null) });
    const second = await attemptLogin(values, testMeta(), {}, enCommon);
    expect(second).toMatchObject({ kind: 'secondStep', body: values, challenge: { uniqueId: 'u1' } });
    answer({ code: 4020, message: 'The user is disabled', data: null });
    const failed = await attemptLogin(values, testMeta(), {}, enCommon);
    expect(failed).toEqual({
      kind: 'failed',
      failure: { message: { kind: 'error', text: 'The user is disabled' }, needsCaptcha: false },
    });
  });
});
