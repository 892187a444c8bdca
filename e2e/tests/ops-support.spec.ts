/**
 * The back office's support (issue 40, item 3), end to end, on a console of its own: the
 * international edition (login protection by an authenticator app, passkeys beside it) with the
 * back office on OPS_PORT, on a database it owns (the demo data), so that its demo account can
 * require login protection of every user without touching the other specs' servers.
 *
 * The story: the demo account requires login protection; analyst_01 set up an authenticator app at
 * sign-in and a passkey (Chromium's virtual authenticator), then lost both (a new browser, no
 * authenticator) and cannot sign in. A support operator (made by `operator-create`, first sign-in
 * through the back office's API) finds the user, looks at the reset in Chinese at a phone's width,
 * and resets the login protection with a reason in English at 1440 px. The user is told (development
 * outbox), signs in, is asked to set up protection again and enrols; the account's audit log shows
 * "Platform operator (support)" with the reason.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  demoDatabase,
  portsFrom,
  startReady,
  type TDemoDatabase,
  type TProductionServer,
} from '../production-servers';
import { findings, report, settle } from './a11y-checks';
import { expect, test } from './fixtures';
import {
  authenticator,
  demo,
  fillLogin,
  readOutbox,
  sendCodeTo,
  type TLang,
  testCaptchaText,
  virtualAuthenticator,
} from './helpers';
import { saveScreenshot } from './screenshots';

// Ports of its own (beside the production specs' +8…+9, +20…+22, +30…+32).
const devPort = portsFrom(44);
const consolePort = devPort + 1;
const opsPort = devPort + 2;
const consoleUrl = `http://localhost:${consolePort}`;
// The back office listens on OPS_HOST, 127.0.0.1 by default.
const opsUrl = `http://127.0.0.1:${opsPort}`;
const memberEmail = 'analyst@demo.example';
const reason =
  'Lost the laptop with the passkey and the phone with the app; identity checked by a video call';

let database: TDemoDatabase | undefined;
let server: TProductionServer | undefined;
let operator = { username: 'support.e2e', oneTimePassword: '' };

test.describe.configure({ mode: 'serial', timeout: 420_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  database = await demoDatabase('ops-support', devPort);
  // The operator, made by the operator command on the stopped console's database.
  const printed = execFileSync(
    process.execPath,
    [
      resolve(import.meta.dirname, '../../node_modules/tsx/dist/cli.mjs'),
      'apps/server/src/cli.ts',
      'operator-create',
      operator.username,
      '--role',
      'support',
    ],
    {
      cwd: resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
      env: { ...process.env, ...database.env, LOG_LEVEL: 'warn' },
    },
  );
  const oneTimePassword = /password[^:]*:\s*(\S+)/i.exec(printed)?.[1];
  if (!oneTimePassword) throw new Error(`operator-create printed no password:\n${printed}`);
  operator = { ...operator, oneTimePassword };
  server = await startReady(
    {
      ...database.env,
      EDITION: 'international',
      OPS_PORT: String(opsPort),
      PUBLIC_URL: consoleUrl,
      NODE_ENV: 'test',
      DEMO: '0',
      JOBS: '0',
      TEST_CAPTCHA_TEXT: testCaptchaText,
      CODE_SENDS_PER_IP_PER_HOUR: '1000',
      ADDRESS_CAPTCHA_AFTER_FAILURES: '10000',
      ADDRESS_BLOCK_AFTER_FAILURES: '100000',
    },
    consolePort,
  );
});

test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** A browser context on this spec's console (or back office) in `lang`. */
async function contextIn(browser: Browser, lang: TLang, url: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'cz-lang', value: lang, url }]);
  return context;
}

async function openLoginHere(page: Page): Promise<void> {
  await page.goto('/login');
  await page.locator('#root[data-hydrated], #root:not([data-prerender])').waitFor({ state: 'attached' });
  await expect(page.getByTestId('login-submit')).toBeVisible();
}

/** The key of an authenticator binding screen (the QR code's manual key). */
async function bindingKey(page: Page): Promise<string> {
  await expect(page.getByTestId('mfa-qr')).toBeVisible();
  return ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
}

/** The demo administrator binds an authenticator app and requires login protection of every user. */
async function requireProtection(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await contextIn(browser, 'en-US', consoleUrl);
  const page = await context.newPage();
  await openLoginHere(page);
  await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/workbench');
  const card = page.getByTestId('mfa-card');
  await card.getByTestId('mfa-enable').click();
  await page.getByTestId('mfa-next').click();
  const app = authenticator(await bindingKey(page));
  await page.getByTestId('mfa-next').click();
  await page.getByTestId('mfa-dialog-code').fill(app.codeAt(Date.now()));
  await page.getByTestId('mfa-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Login protection is on' })).toBeVisible();
  const policy = page.getByTestId('mfa-policy-switch');
  await expect(policy).toBeEnabled();
  await policy.click();
  await page.getByTestId('mfa-policy-code').fill(app.codeAt(Date.now() + 30_000));
  await page.getByTestId('mfa-policy-confirm-ok').click();
  await expect(policy).toHaveAttribute('aria-checked', 'true');
  return { context, page };
}

/** analyst_01 signs in, binds an authenticator app at the second step (the account requires it). */
async function signInBinding(page: Page): Promise<void> {
  await openLoginHere(page);
  await fillLogin(page, demo.account, demo.member.username, demo.member.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('mfa-step')).toHaveAttribute('data-mode', 'bind');
  const app = authenticator(await bindingKey(page));
  await page.getByTestId('mfa-code').fill(app.codeAt(Date.now()));
  await page.getByTestId('mfa-submit').click();
  await page.waitForURL('**/workbench');
  await expect(page.getByTestId('mfa-card').getByTestId('mfa-status')).toHaveAttribute(
    'data-enabled',
    'true',
  );
}

/** The operator's first sign-in through the back office's API: new password, authenticator, session. */
async function operatorSession(context: BrowserContext): Promise<void> {
  const post = async (path: string, data?: object) => {
    const res = await context.request.post(`${opsUrl}${path}`, {
      headers: { 'X-CZ-Client': 'web', 'cz-lang': 'en-US' },
      ...(data ? { data } : {}),
    });
    const body = (await res.json()) as { code: number; data: Record<string, unknown> };
    expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(0);
    return body.data;
  };
  await post('/api/ops/sign-in', { username: operator.username, password: operator.oneTimePassword });
  await post('/api/ops/setup/password', { password: 'SupportDesk2026Strong' });
  const enrolment = await post('/api/ops/setup/totp');
  const app = authenticator(String(enrolment.secret));
  await post('/api/ops/setup/totp/confirm', { code: app.codeAt(Date.now()) });
}

/**
 * The Users page: searches the user (the results pictured and checked under `shot`) and opens the
 * User page.
 */
async function openUser(page: Page, username: string, shot: string): Promise<void> {
  await page.goto('/users');
  await expect(page.getByTestId('support-users')).toBeVisible();
  await page.getByTestId('support-search').locator('input').fill(username);
  await page.getByTestId('support-search').locator('input').press('Enter');
  const result = page.getByTestId('support-result').filter({ hasText: username });
  await expect(result).toHaveCount(1);
  await expect(result.getByTestId('support-user-factors')).toBeVisible();
  const width = page.viewportSize()?.width ?? 1440;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await settle(page, 'support-results');
  await saveScreenshot(page, test.info(), shot);
  const found = await findings(page, shot);
  expect(found, report(found)).toEqual([]);
  await result.getByTestId('support-user-link').click();
  await expect(page.getByTestId('support-username')).toHaveText(username);
}

test('a support operator resets the login protection of an international user who lost their passkey', async ({
  browser,
}) => {
  const admin = await requireProtection(browser);

  // analyst_01: an authenticator app bound at sign-in, then a passkey on the laptop.
  const before = await contextIn(browser, 'en-US', consoleUrl);
  const laptop = await before.newPage();
  await signInBinding(laptop);
  await virtualAuthenticator(laptop);
  await laptop.getByTestId('mfa-card').getByTestId('mfa-passkeys-manage').click();
  await laptop.getByTestId('passkeys-add').click();
  const code = await sendCodeTo(laptop, before.request, 'verify-send-code', memberEmail);
  await laptop.getByTestId('verify-code').fill(code);
  await laptop.getByTestId('verify-confirm').click();
  await laptop.getByTestId('passkey-name-input').fill('Lost laptop');
  await laptop.getByTestId('passkey-name-confirm').click();
  await expect(laptop.getByTestId('passkey-name')).toContainText('Lost laptop');
  await before.close();

  // Both lost: on another browser the password leads to a second step the user cannot complete.
  const lost = await contextIn(browser, 'en-US', consoleUrl);
  const stranded = await lost.newPage();
  await openLoginHere(stranded);
  await fillLogin(stranded, demo.account, demo.member.username, demo.member.password);
  await stranded.getByTestId('login-submit').click();
  await expect(stranded.getByTestId('mfa-step')).toHaveAttribute('data-mode', /passkey|ga/);
  await expect(stranded).not.toHaveURL(/\/workbench/);
  await lost.close();

  // The support operator, in Chinese at a phone's width: finds the user, reads what a reset does.
  const desk = await contextIn(browser, 'zh-CN', opsUrl);
  await operatorSession(desk);
  const ops = await desk.newPage();
  await ops.setViewportSize({ width: 390, height: 844 });
  await openUser(ops, demo.member.username, 'ops-support-users-zh-390');
  await expect(ops.getByTestId('support-identity').getByTestId('support-user-status')).toHaveAttribute(
    'data-status',
    'active',
  );
  await expect(ops.getByTestId('support-authenticator')).toHaveAttribute('data-bound', 'true');
  await expect(ops.getByTestId('support-passkeys').locator('li')).toHaveCount(1);
  await expect(ops.getByTestId('support-passkeys')).toContainText('Lost laptop');
  expect(await ops.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await settle(ops, 'support-user');
  await saveScreenshot(ops, test.info(), 'ops-support-user-zh-390');
  const narrowPage = await findings(ops, 'support user (zh-CN, 390 px)');
  expect(narrowPage, report(narrowPage)).toEqual([]);
  await ops.getByTestId('support-reset-protection').click();
  const dialog = ops.getByTestId('support-act-dialog');
  await expect(dialog.getByTestId('support-reset-steps').locator('li')).toHaveText([
    '删除其身份验证器',
    '删除其通行密钥（1 个）',
    '立即结束其所有登录会话',
    '通过邮件或短信通知该用户',
    '用户下次登录时，如账户要求登录保护，将重新设置登录保护',
  ]);
  const box = await ops.getByRole('dialog').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await ops.getByTestId('support-act-ok').click();
  await expect(ops.getByText('请输入原因')).toBeVisible();
  // The pointer leaves the button it clicked: the check reads the dialog at rest, not hovered.
  await ops.mouse.move(0, 0);
  await settle(ops, 'support-act-dialog');
  await saveScreenshot(ops, test.info(), 'ops-support-reset-zh-390', { fullPage: false });
  const narrowDialog = await findings(ops, 'support reset dialog (zh-CN, 390 px)');
  expect(narrowDialog, report(narrowDialog)).toEqual([]);
  await ops.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toHaveCount(0);

  // In English at 1440 px: the results as a table, then the reset with a reason.
  await desk.addCookies([{ name: 'cz-lang', value: 'en-US', url: opsUrl }]);
  await ops.setViewportSize({ width: 1440, height: 900 });
  await openUser(ops, demo.member.username, 'ops-support-users-en-1440');
  await settle(ops, 'support-user');
  await saveScreenshot(ops, test.info(), 'ops-support-user-en-1440');
  const widePage = await findings(ops, 'support user (en-US, 1440 px)');
  expect(widePage, report(widePage)).toEqual([]);
  await ops.getByTestId('support-reset-protection').click();
  await ops.getByTestId('support-act-reason').fill(reason);
  await ops.mouse.move(0, 0);
  await settle(ops, 'support-act-dialog');
  await saveScreenshot(ops, test.info(), 'ops-support-reset-en-1440', { fullPage: false });
  const wideDialog = await findings(ops, 'support reset dialog (en-US, 1440 px)');
  expect(wideDialog, report(wideDialog)).toEqual([]);
  await ops.getByTestId('support-act-ok').click();
  await expect(ops.getByTestId('toast')).toContainText(
    `The login protection of ${demo.member.username} was reset. The user was told by e-mail`,
  );
  await expect(ops.getByTestId('support-passkeys-none')).toBeVisible();
  await expect(ops.getByTestId('support-authenticator')).toHaveAttribute('data-bound', 'false');
  await expect(ops.getByTestId('support-reset-protection')).toBeDisabled();
  await desk.close();

  // The user was told by e-mail, as the platform's support, with no code in it.
  const [notice] = await readOutbox(admin.context.request, memberEmail);
  expect(notice?.code).toBeNull();
  expect(notice?.subject).toContain('platform support');
  expect(notice?.text).toContain(demo.member.username);

  // The next sign-in asks to set up login protection again; the user enrols a new app.
  const after = await contextIn(browser, 'en-US', consoleUrl);
  await signInBinding(await after.newPage());
  await after.close();

  // The account's audit log: "Platform operator (support)" and the reason.
  const page = admin.page;
  await page.goto('/auditManage');
  await expect(page.getByTestId('audit-page')).toBeVisible();
  const entry = page.locator('[data-testid="audit-row"][data-action="user.resetMfa"]').first();
  await expect(entry.getByTestId('audit-row-user')).toHaveText('Platform operator (support)');
  await expect(entry.getByTestId('audit-row-object')).toHaveText(demo.member.username);
  await entry.getByTestId('audit-row-details').click();
  await expect(page.getByTestId('audit-details-info')).toContainText(reason);
  await expect(page.getByTestId('audit-details-info')).not.toContainText(operator.username);
  await admin.context.close();
});
