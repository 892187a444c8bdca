// test-isolated: the client keeps the ended session in its module; no call left over from another
// file may end a session in the middle of these tests.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginPath } from '@/config/console-paths';
import {
  ApiError,
  callApi,
  configureApiClient,
  endpoint,
  firstFieldError,
  isSessionEnded,
  quietCall,
  request,
  resetSessionEnd,
  uploadFile,
} from './api-client';
import { CurrentUserInfoKey } from './current-user-info';
import { navigate, syncLocation } from './history';
import { describeApiEvent, setNotifier, type TApiEvent } from './notifier';
import { takeSessionNotice } from './session-notice';

const checkAuthCodeEndpoint = endpoint('checkAuthCode', 'POST', '/api/portal/common/checkAuthCode');
const getPwdErrorTimesEndpoint = endpoint('getPwdErrorTimes', 'GET', '/api/portal/user/getPwdErrorTimes');
const uploadEndpoint = endpoint('certificationUpload', 'POST', '/api/portal/billing/certification/upload');

type TCall = { url: string; init: RequestInit };

const texts = {
  sessionExpired: 'Session expired, please login again',
  networkError: 'Network error',
  timeout: 'Timed out',
  requestFailed: 'Request failed',
  requestRejected: 'Rejected',
};

let calls: TCall[];
let events: TApiEvent[];
let restoreNotifier: () => void;

function answer(status: number, body: unknown, statusText = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        statusText,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

function goTo(path: string) {
  window.history.replaceState(null, '', path);
  syncLocation();
}

beforeEach(() => {
  calls = [];
  events = [];
  restoreNotifier = setNotifier({ show: () => {}, notifyApiEvent: (e) => events.push(e) });
  configureApiClient({
    getLanguage: () => 'en-US',
    onSessionEnd: () => {},
    goToLogin: (redirect, account) => navigate(loginPath(redirect, account), { replace: true }),
  });
  resetSessionEnd();
  sessionStorage.clear();
  localStorage.clear();
  goTo('/workbench?tab=1');
});

afterEach(() => {
  restoreNotifier();
  vi.unstubAllGlobals();
});

describe('the envelope', () => {
  it('answers data of code 0 and sends the language, client and JSON headers with same-origin credentials', async () => {
    answer(200, { code: 0, message: 'ok', data: { id: 7 } });
    const data = await request<{ id: number }>('POST', '/api/portal/user/getCurrentUser', { body: { a: 1 } });
    expect(data).toEqual({ id: 7 });
    const { init } = calls[0] as TCall;
    const headers = init.headers as Record<string, string>;
    expect(headers['cz-lang']).toBe('en-US');
    expect(headers['x-cz-client']).toBe('web');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(events).toEqual([]);
  });

  it('accepts code 200 as success', async () => {
    answer(200, { code: 200, message: 'ok', data: [1, 2] });
    await expect(request('GET', '/api/x')).resolves.toEqual([1, 2]);
  });

  it('calls a contract route by id with its method, path and query (skipping empty values)', async () => {
    answer(200, {
      code: 0,
      message: 'ok',
      data: { current: 1, total: 5, exceed: false, lockRemainingSeconds: 0 },
    });
    await callApi(getPwdErrorTimesEndpoint, { query: { accountDisplayName: 'demo', username: 'a b' } });
    expect(calls[0]?.url).toBe('/api/portal/user/getPwdErrorTimes?accountDisplayName=demo&username=a+b');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('sends the headers of a call (auth method and code of the verification flows)', async () => {
    answer(200, { code: 0, message: 'ok', data: { checkToken: 't', checkCodeType: 'SMS' } });
    await callApi(checkAuthCodeEndpoint, {
      query: { authCodeType: 'SMS' },
      headers: { authmethod: 'MFA_STATUS', authcode: '123456' },
    });
    expect(calls[0]?.url).toBe('/api/portal/common/checkAuthCode?authCodeType=SMS');
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.authmethod).toBe('MFA_STATUS');
    expect(headers.authcode).toBe('123456');
    expect(headers['x-cz-client']).toBe('web');
    await request('POST', '/api/x', { headers: { authCodeToken: 'tok', authCodeType: undefined } });
    const second = calls[1]?.init.headers as Record<string, string>;
    expect(second.authCodeToken).toBe('tok');
    expect('authCodeType' in second).toBe(false);
  });
});

/** A browser that signed in here: its currentUserInfo is kept (spec section 3). */
function signedInBefore(accountName = 'demo') {
  localStorage.setItem(CurrentUserInfoKey, JSON.stringify({ id: 8, name: 'admin_demo', accountName }));
}

const unauthenticated = { code: 401, message: 'Unauthenticated', data: null };

describe('session expiry (401)', () => {
  it('keeps "session expired" for the login page and goes to /login with the redirect (HTTP 401)', async () => {
    signedInBefore();
    answer(401, unauthenticated);
    const error = await request('GET', '/api/portal/user/getUserAuth').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(401);
    // The console's toast would leave with the console: the login page shows it, once.
    expect(events).toEqual([]);
    expect(takeSessionNotice()).toEqual({ type: 'sessionExpired' });
    expect(takeSessionNotice()).toBeNull();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/workbench?tab=1');
  });

  it('fills the account name in from the stored currentUserInfo, then clears it', async () => {
    configureApiClient({ onSessionEnd: () => localStorage.removeItem(CurrentUserInfoKey) });
    signedInBefore();
    answer(401, unauthenticated);
    await expect(request('GET', '/api/x')).rejects.toMatchObject({ code: 401 });
    const query = new URLSearchParams(window.location.search);
    expect(query.get('account')).toBe('demo');
    expect(query.get('redirect')).toBe('/workbench?tab=1');
    expect(localStorage.getItem(CurrentUserInfoKey)).toBeNull();
  });

  it('a first visit (no session known to this browser) just goes to /login, without a notice', async () => {
    answer(401, unauthenticated);
    await expect(request('POST', '/api/portal/user/getCurrentUser', { hints: false })).rejects.toMatchObject({
      code: 401,
    });
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('account')).toBeNull();
    expect(takeSessionNotice()).toBeNull();
    expect(events).toEqual([]);
  });

  it('warns and navigates once when several calls fail together, and again from a console page later', async () => {
    const goToLogin = vi.fn((redirect: string, account: string | null) =>
      navigate(loginPath(redirect, account), { replace: true }),
    );
    configureApiClient({ goToLogin, onSessionEnd: () => localStorage.removeItem(CurrentUserInfoKey) });
    signedInBefore();
    // Three calls leave together; their answers come after one another (as the browser's do).
    const answers: Array<() => void> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answers.push(() => resolve(new Response(JSON.stringify(unauthenticated), { status: 401 })));
          }),
      ),
    );
    const together = Promise.allSettled([
      request('GET', '/api/a'),
      request('GET', '/api/b', { hints: false }),
    ]);
    const third = request('GET', '/api/c');
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    for (const release of answers) release();
    await together;
    await expect(third).rejects.toMatchObject({ code: 401 });
    expect(goToLogin).toHaveBeenCalledOnce();
    expect(goToLogin).toHaveBeenCalledWith('/workbench?tab=1', 'demo');
    expect(takeSessionNotice()).toEqual({ type: 'sessionExpired' });
    expect(takeSessionNotice()).toBeNull();
    // The calls that answered on the login page said nothing there.
    expect(events).toEqual([]);

    // Back on a console page (the browser's Back button), the next call that finds no session
    // leads out again, still knowing the account of the session that ended.
    goTo('/auditManage');
    answer(401, unauthenticated);
    await expect(request('GET', '/api/d')).rejects.toMatchObject({ code: 401 });
    expect(goToLogin).toHaveBeenCalledTimes(2);
    expect(goToLogin).toHaveBeenLastCalledWith('/auditManage', 'demo');
    expect(takeSessionNotice()).toEqual({ type: 'sessionExpired' });
  });

  it('treats code 401 in an HTTP 200 answer alike and clears the session', async () => {
    const onSessionEnd = vi.fn();
    configureApiClient({ onSessionEnd });
    signedInBefore();
    answer(200, { code: 401, message: 'expired', data: null });
    await expect(request('GET', '/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(takeSessionNotice()).toEqual({ type: 'sessionExpired' });
    expect(onSessionEnd).toHaveBeenCalledOnce();
    expect(window.location.pathname).toBe('/login');
  });

  it('leads a quiet call (a prefetch, the session gate) out too: quiet means no hints, nothing more', async () => {
    signedInBefore();
    answer(401, unauthenticated);
    await expect(request('GET', '/api/x', quietCall)).rejects.toMatchObject({ code: 401 });
    expect(events).toEqual([]);
    expect(takeSessionNotice()).toEqual({ type: 'sessionExpired' });
    expect(window.location.pathname).toBe('/login');
  });

  it('does not redirect from a public page (the login page itself), and warns there only when hinted', async () => {
    signedInBefore();
    goTo('/login');
    answer(401, unauthenticated);
    await expect(request('POST', '/api/portal/user/getCurrentUser', { hints: false })).rejects.toMatchObject({
      code: 401,
    });
    expect(window.location.search).toBe('');
    expect(events).toEqual([]);
    await expect(request('POST', '/api/portal/user/getCurrentUser')).rejects.toMatchObject({ code: 401 });
    expect(events).toEqual([{ type: 'sessionExpired' }]);
    expect(takeSessionNotice()).toBeNull();
  });

  it('a new sign-in forgets the session that ended: a first visit after it says nothing', async () => {
    signedInBefore();
    answer(401, unauthenticated);
    await expect(request('GET', '/api/x')).rejects.toMatchObject({ code: 401 });
    expect(takeSessionNotice()).toEqual({ type: 'sessionExpired' });
    localStorage.clear();
    resetSessionEnd();
    goTo('/workbench');
    await expect(request('GET', '/api/y')).rejects.toMatchObject({ code: 401 });
    expect(takeSessionNotice()).toBeNull();
  });
});

describe('business codes', () => {
  it('4004: warning with code, path and message, then /login', async () => {
    signedInBefore();
    answer(200, { code: 4004, message: 'Signed out by the server', data: null });
    await expect(request('GET', '/api/portal/account/getAccountDetail')).rejects.toMatchObject({
      code: 4004,
    });
    expect(takeSessionNotice()).toEqual({
      type: 'sessionRevoked',
      code: 4004,
      path: '/api/portal/account/getAccountDetail',
      message: 'Signed out by the server',
    });
    expect(window.location.pathname).toBe('/login');
  });

  it('4019: warning with code and message, the counts in the error, no redirect', async () => {
    const data = { current: 2, total: 5, exceed: false, lockRemainingSeconds: 0 };
    answer(200, { code: 4019, message: 'Wrong password', data });
    const error = (await request('POST', '/api/login').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe(4019);
    expect(error.kind).toBe('business');
    expect(error.data).toEqual(data);
    expect(events).toEqual([{ type: 'wrongPassword', code: 4019, message: 'Wrong password' }]);
    expect(window.location.pathname).toBe('/workbench');
  });

  it('other codes: warning titled with the code and the message as description', async () => {
    answer(200, { code: 4037, message: 'Only administrators', data: null });
    await expect(request('POST', '/api/x')).rejects.toMatchObject({
      code: 4037,
      message: 'Only administrators',
    });
    expect(events).toEqual([{ type: 'rejected', code: 4037, message: 'Only administrators' }]);
    expect(describeApiEvent(events[0] as TApiEvent, texts)).toEqual({
      level: 'warning',
      title: '4037',
      description: 'Only administrators',
    });
  });

  it('keeps quiet about the codes a call handles itself, and still shows the others', async () => {
    answer(200, { code: 4037, message: 'Only administrators', data: null });
    await expect(request('POST', '/api/x', { quietCodes: [4037] })).rejects.toMatchObject({ code: 4037 });
    expect(events).toEqual([]);
    answer(200, { code: 4150, message: 'Something else', data: null });
    await expect(request('POST', '/api/x', { quietCodes: [4037] })).rejects.toMatchObject({ code: 4150 });
    expect(events).toEqual([{ type: 'rejected', code: 4150, message: 'Something else' }]);
  });

  it('HTTP 4xx answers carry their code (403)', async () => {
    answer(403, { code: 403, message: 'Forbidden here', data: null }, 'Forbidden');
    await expect(request('POST', '/api/x')).rejects.toMatchObject({ code: 403, status: 403, kind: 'http' });
    expect(events).toEqual([{ type: 'rejected', code: 403, message: 'Forbidden here' }]);
  });
});

describe('server and network failures', () => {
  it('HTTP >= 500: error notification with status and status text', async () => {
    answer(503, { code: 503, message: 'Database unavailable', data: null }, 'Service Unavailable');
    await expect(request('GET', '/api/x')).rejects.toMatchObject({ status: 503 });
    expect(events).toEqual([
      {
        type: 'serverError',
        status: 503,
        statusText: 'Service Unavailable',
        message: 'Database unavailable',
      },
    ]);
    expect(describeApiEvent(events[0] as TApiEvent, texts)).toMatchObject({
      level: 'error',
      title: '503 Service Unavailable',
    });
  });

  it('HTTP 502 without an envelope is a server error too', async () => {
    answer(502, '<html>bad gateway</html>', 'Bad Gateway');
    await expect(request('GET', '/api/x')).rejects.toMatchObject({ status: 502 });
    expect(events[0]).toMatchObject({ type: 'serverError', status: 502, statusText: 'Bad Gateway' });
  });

  it('network failure: error notification', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request('GET', '/api/x')).rejects.toMatchObject({ kind: 'network' });
    expect(events).toEqual([{ type: 'networkError' }]);
    expect(describeApiEvent({ type: 'networkError' }, texts).level).toBe('error');
  });

  it('timeout: aborts the request and reports it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    await expect(request('GET', '/api/slow', { timeoutMs: 20 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(events).toEqual([{ type: 'timeout' }]);
  });

  it('hints off: no notification for a server error', async () => {
    answer(500, { code: 500, message: 'boom', data: null }, 'Internal Server Error');
    await expect(request('GET', '/api/x', { hints: false })).rejects.toMatchObject({ status: 500 });
    expect(events).toEqual([]);
  });
});

describe('uploads', () => {
  const file = () => new File(['%PDF-1.4'], 'proof 1.pdf', { type: 'application/pdf' });
  const upload = (options: Parameters<typeof uploadFile<'certificationUpload'>>[2] = {}) =>
    uploadFile(uploadEndpoint, file(), {
      query: { fileName: 'proof 1.pdf', purpose: 'remittance' },
      ...options,
    });

  it('sends the file as multipart `file` with the query and the same headers, and answers data', async () => {
    answer(200, { code: 0, message: 'ok', data: { fileId: 'f_12345678', fileName: 'proof 1.pdf', size: 8 } });
    await expect(upload()).resolves.toEqual({ fileId: 'f_12345678', fileName: 'proof 1.pdf', size: 8 });
    const { url, init } = calls[0] as TCall;
    expect(url).toBe('/api/portal/billing/certification/upload?fileName=proof+1.pdf&purpose=remittance');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    const headers = init.headers as Record<string, string>;
    expect(headers['cz-lang']).toBe('en-US');
    expect(headers['x-cz-client']).toBe('web');
    // The browser sets the multipart boundary: no JSON content type.
    expect(headers['Content-Type']).toBeUndefined();
    expect(init.body).toBeInstanceOf(FormData);
    const sent = (init.body as FormData).get('file') as File;
    expect(sent.name).toBe('proof 1.pdf');
    expect(await sent.text()).toBe('%PDF-1.4');
    expect(events).toEqual([]);
  });

  it('turns a refusal into a toast, or into nothing with hints off; the field error is readable', async () => {
    const refusal = {
      code: 400,
      message: 'Invalid request',
      data: { fieldErrors: { file: 'Only JPG, JPEG, PNG or PDF files' } },
    };
    answer(400, refusal, 'Bad Request');
    const error = await upload().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 400, status: 400, message: 'Invalid request' });
    expect(events).toEqual([{ type: 'rejected', code: 400, message: 'Invalid request' }]);
    expect(firstFieldError(error)).toBe('Only JPG, JPEG, PNG or PDF files');

    events = [];
    answer(400, refusal, 'Bad Request');
    await expect(upload({ hints: false })).rejects.toMatchObject({ code: 400 });
    expect(events).toEqual([]);
  });

  it('goes to /login when the session is gone, as every call does', async () => {
    signedInBefore();
    answer(401, unauthenticated);
    await expect(upload({ hints: false })).rejects.toMatchObject({ code: 401 });
    expect(takeSessionNotice()).toEqual({ type: 'sessionExpired' });
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/workbench?tab=1');
  });

  it('times out, and stops when the caller aborts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    await expect(upload({ timeoutMs: 20 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(events).toEqual([{ type: 'timeout' }]);
    const controller = new AbortController();
    const pending = upload({ signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(events).toEqual([{ type: 'timeout' }]);
  });
});

describe('firstFieldError', () => {
  it('is null without field errors and for other failures', () => {
    const error = new ApiError({ kind: 'business', code: 4037, status: 200, path: '/x', message: 'no' });
    expect(firstFieldError(error)).toBeNull();
    expect(firstFieldError(new Error('network'))).toBeNull();
  });
});

describe('isSessionEnded', () => {
  const error = (code: number, status = 200) =>
    new ApiError({
      kind: status === 200 ? 'business' : 'http',
      code,
      status,
      path: '/x',
      message: '',
      data: null,
    });

  it('is true for a missing or expired session and for one the server ended', () => {
    expect(isSessionEnded(error(401, 401))).toBe(true);
    expect(isSessionEnded(error(4004))).toBe(true);
  });

  it('is false for other refusals and for non-API errors', () => {
    expect(isSessionEnded(error(4037))).toBe(false);
    expect(isSessionEnded(error(403, 403))).toBe(false);
    expect(isSessionEnded(new Error('network'))).toBe(false);
  });
});

describe('describeApiEvent', () => {
  it('gives the spec texts of section 8', () => {
    expect(describeApiEvent({ type: 'sessionExpired' }, texts)).toEqual({
      level: 'warning',
      title: 'Session expired, please login again',
    });
    // 4004: the server's words first, the code and path under them.
    expect(
      describeApiEvent(
        {
          type: 'sessionRevoked',
          code: 4004,
          path: '/api/a',
          message: 'Your session was ended on another device or by an administrator. Please sign in again.',
        },
        texts,
      ),
    ).toEqual({
      level: 'warning',
      title: 'Your session was ended on another device or by an administrator. Please sign in again.',
      description: '4004 · /api/a',
    });
    expect(
      describeApiEvent({ type: 'sessionRevoked', code: 4004, path: '/api/a', message: '' }, texts),
    ).toEqual({
      level: 'warning',
      title: '4004',
      description: '/api/a',
    });
    expect(describeApiEvent({ type: 'wrongPassword', code: 4019, message: 'wrong' }, texts)).toEqual({
      level: 'warning',
      title: '4019',
      description: 'wrong',
    });
  });
});
