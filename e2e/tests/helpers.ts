import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type CDPSession,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The address of the server of the running project. */
export function baseURL(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('the project has no baseURL');
  return url;
}

export const demo = {
  account: 'demo',
  admin: { username: 'admin_demo', password: 'Demo@2026pass' },
  member: { username: 'analyst_01', password: 'Analyst@2026' },
  service: { username: 'svc_loader', password: 'Loader@2026pass' },
};

export type TLang = 'zh-CN' | 'en-US';

/** The answer of every image captcha on the test servers (TEST_CAPTCHA_TEXT in serve.mjs). */
export const testCaptchaText = 'ab7k';

export async function setLanguage(page: Page, lang: TLang): Promise<void> {
  await page.context().addCookies([{ name: 'cz-lang', value: lang, url: baseURL() }]);
}

/**
 * Opens a login page and waits until its script runs it: the prerendered form hydrated
 * (`data-hydrated`), or the page drawn by the browser. (The prerendered form shows, and takes
 * typing and a submit, before its scripts are even asked for; its other buttons need them.)
 */
export async function gotoLogin(page: Page, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.locator('#root[data-hydrated], #root:not([data-prerender])').waitFor({ state: 'attached' });
}

/** Opens /login in the given language (the `cz-lang` cookie) and waits for the form. */
export async function openLogin(page: Page, lang: TLang = 'en-US', path = '/login'): Promise<void> {
  await setLanguage(page, lang);
  await gotoLogin(page, path);
  await expect(page.getByTestId('login-submit')).toBeVisible();
}

export async function fillLogin(
  page: Page,
  account: string,
  username: string,
  password: string,
): Promise<void> {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
}

/** Signs in through the login page and waits for the workbench. */
export async function signIn(
  page: Page,
  user: { username: string; password: string },
  lang: TLang = 'en-US',
) {
  await openLogin(page, lang);
  await fillLogin(page, demo.account, user.username, user.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/workbench');
  await expect(page.getByTestId('workbench')).toBeVisible();
}

/**
 * The login call the login form makes, on a browser context's request context: the session cookie
 * lands in that context. Fails the test unless the sign-in succeeds without a second step.
 */
export async function loginCall(
  request: APIRequestContext,
  lang: TLang,
  account: string,
  user: { username: string; password: string },
): Promise<void> {
  const res = await request.post('/api/login', {
    headers: { 'x-cz-client': 'web', 'cz-lang': lang },
    data: { accountDisplayName: account, username: user.username, password: user.password },
  });
  expect(res.ok()).toBe(true);
  expect(((await res.json()) as { code: number }).code).toBe(0);
}

/**
 * Signs in with the call the login form makes, without opening the form: the session cookie and
 * the language land in the page's context, and no page opens. For tests of what lies behind the
 * sign-in that open a page of their own next; the form itself signs in in the login specs, the
 * walks of shell-responsive.spec.ts and the tests that start at the workbench.
 */
export async function signInByCall(
  page: Page,
  user: { username: string; password: string },
  lang: TLang = 'en-US',
  account = demo.account,
): Promise<void> {
  await setLanguage(page, lang);
  await loginCall(page.request, lang, account, user);
}

/**
 * Answers an image captcha field (`testId`: the field's prefix) once its picture has come: a form
 * sends no answer without a picture (it marks the field instead), and after each attempt it
 * fetches a new one, whose id the answer must carry.
 */
export async function answerCaptcha(page: Page, testId = 'captcha'): Promise<void> {
  const image = page.getByTestId(`${testId}-image`);
  await expect(image).toHaveAttribute('data-captcha-id', /.+/);
  await expect(image).not.toHaveAttribute('aria-busy', 'true');
  await page.getByTestId(`${testId}-input`).fill(testCaptchaText);
}

// ---- login protection (mfa.spec.ts, mfa-international.spec.ts) -------------------------------

/** The second demo account: its administrator is used by no other browser test. */
export const acme = {
  account: 'acme',
  admin: {
    username: 'admin_acme',
    password: 'Acme@2026pass',
    phone: '13700000000',
    email: 'admin@acme.example',
  },
};

/** Signs in to `account` through the login page (no second step) and waits for the workbench. */
export async function signInTo(
  page: Page,
  account: string,
  user: { username: string; password: string },
  lang: TLang = 'en-US',
): Promise<void> {
  await openLogin(page, lang);
  await fillLogin(page, account, user.username, user.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/workbench');
  await expect(page.getByTestId('workbench')).toBeVisible();
}

/** Signs out from the user popover and waits for the login page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL(/\/login/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
}

export type TOutboxMessage = {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  code: string | null;
  createdAt: string;
};

/** The development outbox for one recipient (`+86 13800000000` or an e-mail address), newest first. */
export async function readOutbox(request: APIRequestContext, to: string): Promise<TOutboxMessage[]> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { code: number; data: { list: TOutboxMessage[] } };
  expect(body.code).toBe(0);
  return body.data.list;
}

/**
 * Clicks a send-code button until a new message reaches `to`, and answers its code. On the way it
 * answers the captcha popover (a resend for the same purpose within the hour needs one) and waits
 * out the server's 60-second resend limit per recipient (the button counts it down), so that the
 * tests do not depend on which of them sent to that recipient last.
 */
export async function sendCodeTo(
  page: Page,
  request: APIRequestContext,
  buttonTestId: string,
  to: string,
): Promise<string> {
  const before = (await readOutbox(request, to)).length;
  const button = page.getByTestId(buttonTestId);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await expect(button).toBeEnabled({ timeout: 75_000 });
    await button.click();
    const popover = page.getByTestId('captcha-popover');
    const counting = button.and(page.locator('[data-state="counting"]'));
    await expect(popover.or(counting)).toBeVisible();
    if (await popover.isVisible()) {
      await answerCaptcha(page);
      await page.getByTestId('captcha-confirm').click();
      await expect(counting).toBeVisible();
    }
    // Sent, or refused (4098: sent to this recipient less than a minute ago; the button then
    // counts the server's wait down).
    const isSent = await expect
      .poll(async () => (await readOutbox(request, to)).length, { timeout: 3000 })
      .toBeGreaterThan(before)
      .then(
        () => true,
        () => false,
      );
    const code = isSent ? (await readOutbox(request, to))[0]?.code : null;
    if (code) return code;
  }
  throw new Error(`no code reached ${to}`);
}

/** An authenticator app of the test: TOTP (SHA-1, 6 digits, 30 s) over the secret shown in the dialog. */
export function authenticator(secret: string): { codeAt: (timestamp: number) => string } {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30 });
  return { codeAt: (timestamp) => totp.generate({ timestamp }) };
}

/** Runs an operator command of the server (`npm run cli -- …`) and answers what it printed. */
export function operatorCommand(args: readonly string[]): string {
  const root = resolve(import.meta.dirname, '../..');
  return execFileSync(
    process.execPath,
    [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/cli.ts', ...args],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'warn' },
    },
  ).trim();
}

// ---- fresh accounts (account-center.spec.ts) -----------------------------------------------

/** A phone number no other test registered (139 + 8 digits of time and chance). */
export function freshPhone(): string {
  const tail = `${Date.now() % 1e6}`.padStart(6, '0') + `${Math.floor(Math.random() * 100)}`.padStart(2, '0');
  return `139${tail}`;
}

export type TRegisteredAccount = { account: string; username: string; password: string; phone: string };

/**
 * Registers a fresh trial account through /register (or `path`, e.g. the marketplace page) and
 * answers its names (not signed in). With `checkRules` it also sees the form refuse a missing
 * agreement and an empty questionnaire, and checks the done page's facts.
 */
export async function registerAccount(
  page: Page,
  request: APIRequestContext,
  options: { path?: string; checkRules?: boolean } = {},
): Promise<TRegisteredAccount> {
  const phone = freshPhone();
  const created: TRegisteredAccount = {
    account: '',
    username: 'owner_e2e',
    password: 'Owner@2026pass',
    phone,
  };
  await page.goto(options.path ?? '/register');
  await expect(page.getByTestId('register-form')).toBeVisible();
  await page.getByTestId('register-username').fill(created.username);
  await page.getByTestId('register-password').fill(created.password);
  await page.getByTestId('register-confirm').fill(created.password);
  await page.getByTestId('register-phone-number').fill(phone);
  const code = await sendCodeTo(page, request, 'register-send-code', `+86 ${phone}`);
  await page.getByTestId('register-code').fill(code);
  await answerCaptcha(page, 'register-captcha');
  await page.getByTestId('register-company').fill('Browser Test Ltd');
  if (options.checkRules) {
    // The agreement is required: submitting without it says so and creates nothing.
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-agreement-error')).toBeVisible();
    await answerCaptcha(page, 'register-captcha');
  }
  await page.getByTestId('register-agreement').check();
  await page.getByTestId('register-submit').click();
  // Step 2: the reason questionnaire (at least one answer).
  await expect(page.getByTestId('register-reason-form')).toBeVisible();
  if (options.checkRules) {
    await page.getByTestId('register-reason-submit').click();
    await expect(page.getByTestId('register-reason-error')).toBeVisible();
  }
  await page.getByTestId('register-reason-backend_engineer').check();
  await page.getByTestId('register-reason-submit').click();
  // Step 3: the new account's name (8 lowercase letters) and its facts.
  await expect(page.getByTestId('register-done')).toBeVisible();
  created.account = (await page.getByTestId('register-account-name').innerText()).trim();
  if (options.checkRules) {
    expect(created.account).toMatch(/^[a-z]{8}$/);
    await expect(page.getByTestId('register-login-address')).toContainText(created.account);
    await expect(page.getByTestId('register-account-name-copy')).toBeVisible();
    await expect(page.getByTestId('register-username-value')).toHaveText(created.username);
  }
  return created;
}

/**
 * A proof of the signed-in user's identity for `authMethod` (checkAuthCode's `checkToken` and
 * `checkCodeType`), by a code sent to the user's own phone or e-mail (`to`) through the session of
 * `page`: what the verification dialog does, for tests that call the API directly. Answers the
 * captcha of a resend and waits out the 60-second resend limit of the recipient.
 */
export async function identityProof(
  page: Page,
  request: APIRequestContext,
  authMethod: string,
  type: 'SMS' | 'EMAIL',
  to: string,
): Promise<{ checkToken: string; checkCodeType: string }> {
  const headers = { 'X-CZ-Client': 'web', authmethod: authMethod };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const captcha = await page.request.post('/api/portal/common/generateImageCaptcha', {
      headers: { 'X-CZ-Client': 'web' },
    });
    const captchaId = ((await captcha.json()) as { data: { id: string } }).data.id;
    const before = (await readOutbox(request, to)).length;
    const sent = await page.request.post(
      `/api/portal/common/sendAuthCode?authCodeType=${type}&captchaId=${captchaId}&captchaCode=${testCaptchaText}`,
      { headers },
    );
    const body = (await sent.json()) as { code: number; data: { retryAfterSeconds?: number } | null };
    if (body.code === 4098 && body.data?.retryAfterSeconds) {
      await page.waitForTimeout((body.data.retryAfterSeconds + 1) * 1000);
      continue;
    }
    expect(body.code).toBe(0);
    await expect.poll(async () => (await readOutbox(request, to)).length).toBeGreaterThan(before);
    const code = (await readOutbox(request, to))[0]?.code ?? '';
    const checked = await page.request.post(`/api/portal/common/checkAuthCode?authCodeType=${type}`, {
      headers: { ...headers, authcode: code },
    });
    const proof = (await checked.json()) as {
      code: number;
      data: { checkToken: string; checkCodeType: string };
    };
    expect(proof.code).toBe(0);
    return proof.data;
  }
  throw new Error(`no code reached ${to}`);
}

// ---- users of a test's own (sessions.spec.ts, passkeys.spec.ts) -----------------------------

/**
 * Adds a regular user of the demo account with a phone through the API, as the signed-in
 * administrator: `<prefix>_<stamp>`, a phone no other test uses, the initial password `Initial@2026`;
 * with `hasEmail`, also the e-mail `<username>@e2e.example`.
 */
export async function freshUser(
  page: Page,
  prefix: string,
  options: { hasEmail?: boolean } = {},
): Promise<{ username: string; phone: string; email: string | null }> {
  const username = `${prefix}_${Date.now().toString(36).slice(-5)}`;
  const phone = freshPhone();
  const email = options.hasEmail ? `${username}@e2e.example` : null;
  const res = await page.request.post('/api/portal/user/addUser', {
    headers: { 'X-CZ-Client': 'web' },
    data: { username, password: 'Initial@2026', phone, ...(email ? { email } : {}) },
  });
  expect((await res.json()).code).toBe(0);
  return { username, phone, email };
}

/**
 * The user's first sign-in, in a browser context of its own: the initial password is changed
 * (5066 → the reset page, a code to the phone), then used. Ends on the workbench.
 */
export async function firstSignIn(
  browser: Browser,
  user: { username: string; phone: string },
  password: string,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openLogin(page);
  await fillLogin(page, demo.account, user.username, 'Initial@2026');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/findPassword\?/);
  const code = await sendCodeTo(page, context.request, 'reset-send-code', `+86 ${user.phone}`);
  await page.getByTestId('reset-code').fill(code);
  await page.getByTestId('reset-next').click();
  await page.getByTestId('reset-password').fill(password);
  await page.getByTestId('reset-confirm').fill(password);
  await page.getByTestId('reset-submit').click();
  await page.waitForURL(/\/login/);
  await fillLogin(page, demo.account, user.username, password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/workbench');
  return { context, page };
}

/**
 * Chromium's virtual authenticator on the page (the DevTools protocol's WebAuthn domain): a
 * platform authenticator with user verification and discoverable credentials, as a laptop's
 * fingerprint reader is; it answers every prompt at once.
 */
export async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}
