/**
 * The back office's shell (decision 0049), end to end on the cloud server's ops listener: an
 * operator created by the real command signs in, replaces the one-time password, enrols an
 * authenticator app and lands on the console; a session that ends leads back to sign-in with its
 * notice; signing out and in again with the code; both languages, 1440 and 390 px (the drawer),
 * axe on every step; and the public listener knows nothing of /api/ops/.
 */
import { expect, type Page, test } from '@playwright/test';
import { findings, report, settle, type TFinding } from './a11y-checks';
import { baseURL } from './helpers';
import {
  createOperatorByCli,
  firstSignInOps,
  freshOperatorName,
  opsContext,
  opsURL,
  signedInOps,
  signInOps,
  type TOperator,
} from './ops-helpers';
import { saveScreenshot } from './screenshots';

test.describe.configure({ mode: 'serial' });

let owner: TOperator;

async function axe(page: Page, name: string, found: TFinding[]): Promise<void> {
  await settle(page);
  found.push(...(await findings(page, name)));
}

test('the public listener answers 404 under /api/ops/; the ops listener serves its OpenAPI document', async ({
  request,
}) => {
  for (const path of ['/api/ops/me', '/api/ops/openapi.json', '/api/ops/sign-in']) {
    const res = await request.get(`${baseURL()}${path}`);
    expect(res.status(), path).toBe(404);
  }
  const doc = await request.get(`${opsURL}/api/ops/openapi.json`);
  expect(doc.status()).toBe(200);
  const body = (await doc.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(body.openapi).toMatch(/^3\./);
  expect(Object.keys(body.paths)).toContain('/api/ops/me');
  // The ops listener's pages are its own: its address answers the back office's page.
  const page = await request.get(`${opsURL}/operators`);
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
});

test('an operator created by the command sets up, lands on the console, and signs in again with the code (en-US, 1440)', async ({
  browser,
}, testInfo) => {
  const created = await createOperatorByCli(freshOperatorName('owner'), 'owner');
  const context = await opsContext(browser, 'en-US');
  const page = await context.newPage();
  const found: TFinding[] = [];

  // Nobody signed in: the sign-in page, without a notice (a first visit).
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByTestId('ops-username')).toBeVisible();
  await expect(page.getByTestId('ops-notice')).toHaveCount(0);
  await axe(page, 'sign-in', found);

  // A wrong password: the one answer, in the page's language.
  await page.getByTestId('ops-username').fill(created.username);
  await page.getByTestId('ops-password').fill('not-the-password');
  await page.getByTestId('ops-sign-in-submit').click();
  await expect(page.getByTestId('ops-sign-in-error')).toContainText('Wrong username or password');

  owner = await firstSignInOps(page, created, undefined, async (step) => {
    await axe(page, step, found);
    await saveScreenshot(page, testInfo, `ops-shell/${step}-en-US-1440`);
  });
  await expect(page.getByTestId('ops-operator-role')).toHaveText('Owner');
  await expect(page.getByTestId('ops-nav-my-account')).toBeVisible();
  // The landing route opens the first page the role sees (the dashboard).
  await expect(page).not.toHaveURL(/\/sign-in/);
  await expect(page.getByTestId('ops-dashboard')).toBeVisible();
  await page.getByTestId('ops-nav-my-account').click();
  await expect(page.getByTestId('ops-my-account')).toBeVisible();
  await expect(page.getByTestId('ops-my-second-factor')).toContainText('Set up');
  await axe(page, 'console', found);
  await saveScreenshot(page, testInfo, 'ops-shell/console-en-US-1440');

  // The session ends elsewhere (here: its sign-out by the API): the next call leads to sign-in with the notice.
  const ended = await page.request.post(`${opsURL}/api/ops/sign-out`, { headers: { 'x-cz-client': 'web' } });
  expect(ended.ok()).toBe(true);
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in\?notice=ended/);
  await expect(page.getByTestId('ops-notice')).toContainText('Your session has ended');

  // Signed in again with the authenticator code (from the sign-in page itself: the landing page).
  await signInOps(page, owner);
  await expect(page).toHaveURL(/\/dashboard/);

  // Signing out: the sign-in page says so; the console is closed.
  await page.getByTestId('ops-sign-out').click();
  await expect(page).toHaveURL(/\/sign-in\?notice=signedOut/);
  await expect(page.getByTestId('ops-notice')).toContainText('You have signed out');
  const me = await page.request.get(`${opsURL}/api/ops/me`);
  expect(me.status()).toBe(401);

  expect(found, report(found)).toEqual([]);
  await context.close();
});

test('zh-CN at 390 px: the menu is a drawer; the language switch; axe', async ({ browser }, testInfo) => {
  test.skip(!owner, 'needs the operator of the test before');
  const context = await opsContext(browser, 'zh-CN', { width: 390, height: 844 });
  const page = await context.newPage();
  const found: TFinding[] = [];

  await page.goto('/sign-in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { name: '登录运营后台' })).toBeVisible();
  await axe(page, 'sign-in zh-CN 390', found);
  await saveScreenshot(page, testInfo, 'ops-shell/sign-in-zh-CN-390');

  await signedInOps(page, owner, '/my-account');
  await expect(page.getByTestId('ops-operator-role')).toHaveText('所有者');
  // No side navigation at 390 px: the menu opens as a drawer.
  await expect(page.getByTestId('ops-nav-my-account')).toBeHidden();
  await expect(page.getByRole('heading', { name: '我的账号', level: 1 })).toBeVisible();
  await axe(page, 'console zh-CN 390', found);
  await saveScreenshot(page, testInfo, 'ops-shell/console-zh-CN-390');
  // Nothing is wider than the window.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByTestId('ops-menu-open').click();
  const drawer = page.locator('.cz-ops-drawer');
  await expect(drawer.getByTestId('ops-nav-my-account')).toBeVisible();
  await expect(drawer.getByTestId('ops-nav-my-account')).toHaveText('我的账号');
  await axe(page, 'drawer zh-CN 390', found);
  await saveScreenshot(page, testInfo, 'ops-shell/drawer-zh-CN-390', { fullPage: false });
  await drawer.getByTestId('ops-nav-my-account').click();
  await expect(drawer.getByTestId('ops-nav-my-account')).toBeHidden();

  // The language switch: the same cookie as the customers' console, then the page again in English.
  await page.getByTestId('ops-lang-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
  await expect(page.getByTestId('ops-operator-role')).toHaveText('Owner');
  await axe(page, 'console en-US 390', found);
  await saveScreenshot(page, testInfo, 'ops-shell/console-en-US-390');

  expect(found, report(found)).toEqual([]);
  await context.close();
});

test('zh-CN at 1440 px: the console and its texts', async ({ browser }, testInfo) => {
  test.skip(!owner, 'needs the operator of the test before');
  const context = await opsContext(browser, 'zh-CN');
  const page = await context.newPage();
  const found: TFinding[] = [];
  await signedInOps(page, owner);
  await expect(page.getByTestId('ops-nav-my-account')).toHaveText('我的账号');
  await expect(page.getByTestId('ops-sign-out')).toHaveText(/退出登录/);
  await axe(page, 'console zh-CN 1440', found);
  await saveScreenshot(page, testInfo, 'ops-shell/console-zh-CN-1440');
  // An address no page has: the 404 of the back office, with the way to the first page.
  await page.goto('/no-such-page');
  await expect(page.getByText('页面不存在，或您的角色无权访问。')).toBeVisible();
  await axe(page, 'not found zh-CN 1440', found);
  expect(found, report(found)).toEqual([]);
  await context.close();
});
