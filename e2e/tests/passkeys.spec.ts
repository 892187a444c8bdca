import type { Browser, Page } from '@playwright/test';
import { findings, report, settle } from './a11y-checks';
import { expect, test } from './fixtures';
import {
  demo,
  fillLogin,
  firstSignIn,
  freshUser,
  openLogin,
  sendCodeTo,
  setLanguage,
  signInByCall,
  signOut,
  virtualAuthenticator,
} from './helpers';
import { saveScreenshot } from './screenshots';

/**
 * Passkeys (issue 22), driven by Chromium's virtual authenticator (the DevTools protocol's WebAuthn
 * domain): a user registers a passkey from login protection (proven by a code), signs in with it as
 * the second step, then with it alone once the administrator allows that, and removes it. The test
 * works on a user of its own; the account's policy is set back at the end.
 */
test.describe.configure({ timeout: 300_000 });

/**
 * The identity check by a code in the verification dialog: to the user's phone, or to their e-mail
 * (the dialog's other channel). A second code for the same purpose to one address within a minute
 * waits out the server's resend limit: adding and removing the passkey use one address each.
 */
async function verifyByCode(page: Page, to: { phone: string } | { email: string }): Promise<void> {
  let target: string;
  if ('email' in to) {
    await page.getByTestId('verify-toggle').click();
    await expect(page.getByTestId('verify-target')).toHaveAttribute('data-channel', 'EMAIL');
    target = to.email;
  } else {
    await expect(page.getByTestId('verify-target')).toHaveAttribute('data-channel', 'SMS');
    target = `+86 ${to.phone}`;
  }
  const code = await sendCodeTo(page, page.context().request, 'verify-send-code', target);
  await page.getByTestId('verify-code').fill(code);
  await page.getByTestId('verify-confirm').click();
}

async function sessionMethod(page: Page): Promise<string | null> {
  const res = await page.request.get('/api/portal/user/sessions', { headers: { 'X-CZ-Client': 'web' } });
  const list = (await res.json()).data.list as { isCurrent: boolean; method: string | null }[];
  return list.find((s) => s.isCurrent)?.method ?? null;
}

type TWebAuthnLog = { calls: number; aborted: number };

/**
 * A device that holds none of the user's passkeys: its WebAuthn requests stay open until their
 * signal aborts them (a page script stands in for the browser's prompt, counting requests and
 * aborts). Answers a reader of the count.
 */
async function withoutPasskeys(device: Page): Promise<() => Promise<TWebAuthnLog>> {
  await device.addInitScript(() => {
    const log: TWebAuthnLog = { calls: 0, aborted: 0 };
    (window as unknown as { webauthnLog: TWebAuthnLog }).webauthnLog = log;
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      log.calls += 1;
      return new Promise((_resolve, reject) => {
        options?.signal?.addEventListener('abort', () => {
          log.aborted += 1;
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
      });
    };
  });
  return () => device.evaluate(() => (window as unknown as { webauthnLog: TWebAuthnLog }).webauthnLog);
}

/**
 * The second step on another device, which holds none of the user's passkeys: its WebAuthn
 * request stays open until its signal aborts it (a page script stands in for the browser's prompt,
 * counting requests and aborts). Switching to a code cancels the request at once, the code path
 * signs in, and the passkey can be asked again meanwhile. In Chinese, at a phone's width.
 */
async function signInWithoutThePasskey(
  browser: Browser,
  user: { username: string; phone: string },
  password: string,
): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const device = await context.newPage();
    const webauthn = await withoutPasskeys(device);
    await openLogin(device, 'zh-CN');
    await fillLogin(device, demo.account, user.username, password);
    await device.getByTestId('login-submit').click();
    const step = device.getByTestId('mfa-step');
    await expect(step).toHaveAttribute('data-mode', 'passkey');
    await device.getByTestId('passkey-use').click();
    await expect(device.getByTestId('passkey-use')).toHaveText('正在等待通行密钥…');
    await expect.poll(webauthn).toEqual({ calls: 1, aborted: 0 });

    // The switch: the request is cancelled by the click itself, and the code step is there.
    await device.getByTestId('passkey-other-method').click();
    expect(await webauthn()).toEqual({ calls: 1, aborted: 1 });
    await expect(step).toHaveAttribute('data-mode', 'code');
    await expect(device.getByTestId('mfa-code')).toBeVisible();
    await expect(device.getByTestId('passkey-error')).toHaveCount(0);
    await saveScreenshot(device, test.info(), 'passkey-switched-to-code-zh-390', { fullPage: false });

    // The passkey can be asked again (nothing left waiting), and left again.
    await device.getByTestId('passkey-switch').click();
    await expect(device.getByTestId('passkey-use')).toHaveText('使用通行密钥');
    await device.getByTestId('passkey-use').click();
    await expect.poll(webauthn).toEqual({ calls: 2, aborted: 1 });
    await device.getByTestId('passkey-other-method').click();
    expect(await webauthn()).toEqual({ calls: 2, aborted: 2 });

    // The code path: a code to the phone signs in.
    const code = await sendCodeTo(device, context.request, 'mfa-send-code', `+86 ${user.phone}`);
    await device.getByTestId('mfa-code').fill(code);
    await device.getByTestId('mfa-submit').click();
    await device.waitForURL('**/workbench');
    await expect(device.getByTestId('passkey-error')).toHaveCount(0);
  } finally {
    await context.close();
  }
}

test('register a passkey, sign in with it as the second step and alone, then remove it', async ({
  page,
  browser,
}) => {
  await signInByCall(page, demo.admin);
  const user = await freshUser(page, 'pk', { hasEmail: true });
  const password = 'Passkeys@2026';
  const { context, page: userPage } = await firstSignIn(browser, user, password);
  const authenticator = await virtualAuthenticator(userPage);

  // Registering: login protection's passkeys, a code, the device's prompt, a name.
  await expect(userPage.getByTestId('mfa-passkeys-count')).toHaveText('No passkeys yet.');
  await userPage.getByTestId('mfa-passkeys-manage').click();
  await expect(userPage.getByTestId('passkeys-empty')).toBeVisible();
  await userPage.getByTestId('passkeys-add').click();
  // By e-mail; the removal below proves the identity by phone.
  await verifyByCode(userPage, { email: user.email ?? '' });
  await userPage
    .getByTestId('passkey-name-input')
    .fill('Work laptop – fingerprint reader of the docking station');
  await userPage.getByTestId('passkey-name-confirm').click();
  await expect(userPage.getByTestId('toast').filter({ hasText: 'Passkey added' })).toBeVisible();
  await expect(userPage.getByTestId('passkey-name')).toContainText(
    'Work laptop – fingerprint reader of the docking station',
  );
  await expect(userPage.getByTestId('passkey-last-used')).toHaveText('Not used yet');
  const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.id,
  });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await saveScreenshot(userPage, test.info(), 'passkeys-en');
  await settle(userPage, 'passkeys');
  const wide = await findings(userPage, 'passkeys (en-US, 1440 px)');
  expect(wide, report(wide)).toEqual([]);
  await userPage.getByTestId('passkeys-close').click();

  // The second step: the password, then the passkey (offered first).
  await signOut(userPage);
  await fillLogin(userPage, demo.account, user.username, password);
  await userPage.getByTestId('login-submit').click();
  await expect(userPage.getByTestId('mfa-step')).toHaveAttribute('data-mode', 'passkey');
  await saveScreenshot(userPage, test.info(), 'passkey-second-step-en');
  const step = await findings(userPage, 'passkey second step (en-US, 1440 px)');
  expect(step, report(step)).toEqual([]);
  // On a phone's width: the page fits, and reads the same.
  await userPage.setViewportSize({ width: 390, height: 844 });
  await expect(userPage.getByTestId('passkey-use')).toBeVisible();
  expect(await userPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(userPage, test.info(), 'passkey-second-step-390', { fullPage: false });
  const phone = await findings(userPage, 'passkey second step (en-US, 390 px)');
  expect(phone, report(phone)).toEqual([]);
  await userPage.setViewportSize({ width: 1440, height: 900 });
  await userPage.getByTestId('passkey-use').click();
  await userPage.waitForURL('**/workbench');
  expect(await sessionMethod(userPage)).toBe('password_passkey');

  // The administrator allows sign-in by passkey alone.
  await page.goto('/workbench');
  const policy = page.getByTestId('mfa-passkey-policy-switch');
  await expect(policy).toHaveAttribute('aria-checked', 'false');
  await policy.click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Users can now sign in with a passkey alone' }),
  ).toBeVisible();
  try {
    // Alone: the login address, then the passkey (discoverable: no username, no password).
    await signOut(userPage);
    await setLanguage(userPage, 'zh-CN');
    await userPage.reload();
    await userPage.getByTestId('login-account').fill(demo.account);
    await expect(userPage.getByTestId('login-passkey')).toHaveText('使用通行密钥登录');
    await saveScreenshot(userPage, test.info(), 'passkey-login-zh');
    await userPage.getByTestId('login-passkey').click();
    await userPage.waitForURL('**/workbench');
    expect(await sessionMethod(userPage)).toBe('passkey');

    // On a device without the passkey, the waiting request can be cancelled from the page: the
    // button comes back at once, with nothing said against the user.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const device = await other.newPage();
      const webauthn = await withoutPasskeys(device);
      await openLogin(device, 'zh-CN');
      await device.getByTestId('login-account').fill(demo.account);
      await device.getByTestId('login-passkey').click();
      await expect.poll(webauthn).toEqual({ calls: 1, aborted: 0 });
      await expect(device.getByTestId('login-passkey-cancel')).toHaveText('取消通行密钥请求');
      await device.getByTestId('login-passkey-cancel').click();
      expect(await webauthn()).toEqual({ calls: 1, aborted: 1 });
      await expect(device.getByTestId('login-passkey-cancel')).toHaveCount(0);
      await expect(device.getByTestId('login-passkey')).toBeEnabled();
      await expect(device.getByTestId('login-message')).toHaveCount(0);
    } finally {
      await other.close();
    }

    // On a phone's width, in Chinese: the list fits and reads; then the passkey is removed.
    await userPage.setViewportSize({ width: 390, height: 844 });
    await userPage.getByTestId('mfa-passkeys-manage').click();
    await expect(userPage.getByTestId('passkey-item')).toHaveCount(1);
    await expect(userPage.getByTestId('passkey-last-used')).toContainText('最近使用');
    const box = await userPage.getByRole('dialog').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await saveScreenshot(userPage, test.info(), 'passkeys-zh-390', { fullPage: false });
    await settle(userPage, 'passkeys');
    const narrow = await findings(userPage, 'passkeys (zh-CN, 390 px)');
    expect(narrow, report(narrow)).toEqual([]);
    await userPage.getByTestId('passkey-remove').click();
    await verifyByCode(userPage, { phone: user.phone });
    await expect(userPage.getByTestId('toast').filter({ hasText: '已删除通行密钥' })).toBeVisible();
    await expect(userPage.getByTestId('passkeys-empty')).toBeVisible();
    await userPage.getByTestId('passkeys-close').click();
    await userPage.setViewportSize({ width: 1440, height: 900 });
  } finally {
    await page.goto('/workbench');
    await page.getByTestId('mfa-passkey-policy-switch').click();
    await expect(page.getByTestId('mfa-passkey-policy-switch')).toHaveAttribute('aria-checked', 'false');
  }

  // Removed: the password alone signs in again, and the login page offers no passkey.
  await signOut(userPage);
  await fillLogin(userPage, demo.account, user.username, password);
  await userPage.getByTestId('login-submit').click();
  await userPage.waitForURL('**/workbench');
  await context.close();
});

test('on a device without the passkey, "use a code instead" cancels the waiting request at once and the code signs in', async ({
  page,
  browser,
}) => {
  await signInByCall(page, demo.admin);
  const user = await freshUser(page, 'pkc', { hasEmail: true });
  const password = 'Passkeys@2026';
  const { context, page: userPage } = await firstSignIn(browser, user, password);
  try {
    // A passkey on the user's laptop (Chromium's virtual authenticator).
    await virtualAuthenticator(userPage);
    await userPage.getByTestId('mfa-passkeys-manage').click();
    await userPage.getByTestId('passkeys-add').click();
    await verifyByCode(userPage, { email: user.email ?? '' });
    await userPage.getByTestId('passkey-name-input').fill('Laptop');
    await userPage.getByTestId('passkey-name-confirm').click();
    await expect(userPage.getByTestId('passkey-name')).toContainText('Laptop');
  } finally {
    await context.close();
  }
  // Another device, which holds none of it.
  await signInWithoutThePasskey(browser, user, password);
});
