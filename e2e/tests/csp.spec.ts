/**
 * The console under its Content-Security-Policy: every page a user reaches signs in and renders
 * with no violation (the fixture fails a test on any), the document of each carries the policy,
 * and the policy does block what it is for (an injected inline handler, framing).
 */

import { expect, test } from './fixtures';
import { baseURL, demo, gotoLogin, setLanguage, signIn } from './helpers';

const consolePages = [
  ['/workbench', 'workbench'],
  ['/accountManage/accountInfo', 'account-center'],
  ['/accountManage/accountInfo/authentication', 'certification-page'],
  ['/accountManage/userManage', 'user-manage'],
  ['/accountManage/sso', 'sso-page'],
  ['/serviceManage', 'service-manage'],
  ['/serviceManage/insightUserManage', 'insight-user-manage'],
  ['/billing', 'billing-overview'],
  ['/billing/cost', 'billing-cost'],
  ['/billing/balance', 'billing-balance'],
  ['/billing/balance/topUp', 'billing-top-up'],
  ['/auditManage', 'audit-page'],
] as const;

const publicPages = [
  ['/login', 'login-submit'],
  ['/register', 'register-form'],
  ['/findAccount', 'find-account-page'],
  ['/findUsername', 'find-username-page'],
  ['/dev/outbox', 'outbox-page'],
] as const;

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`signs in and walks the console pages with no policy violation (${lang})`, async ({ page }) => {
    // Twelve pages, each waited on until its network is idle: more than one test's default time.
    test.setTimeout(300_000);
    await signIn(page, demo.admin, lang);
    for (const [path, testId] of consolePages) {
      const answer = await page.goto(path);
      expect(answer?.headers()['content-security-policy'], path).toMatch(/script-src 'self' 'sha256-/);
      await expect(page.getByTestId(testId), path).toBeVisible();
      // Let lazy chunks, charts and styles settle before the next page.
      await page.waitForLoadState('networkidle');
    }
  });
}

test('renders the public pages and the API reference with no policy violation', async ({ page }) => {
  await setLanguage(page, 'en-US');
  for (const [path, testId] of publicPages) {
    await page.goto(path);
    await expect(page.getByTestId(testId), path).toBeVisible();
  }
  await page.goto('/api/docs/');
  await expect(page.locator('.swagger-ui .information-container')).toBeVisible();
  await page.waitForLoadState('networkidle');
});

test('blocks an injected inline handler and any framing of the console', async ({ page, cspViolations }) => {
  await setLanguage(page, 'en-US');
  await gotoLogin(page);
  await page.evaluate(() => {
    document.body.insertAdjacentHTML('beforeend', '<img src="/favicon.svg" onload="window.__injected = 1">');
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: number }).__injected),
  ).toBeUndefined();
  expect(cspViolations.join('\n')).toMatch(/script-src-attr/);
  cspViolations.length = 0;

  // Another site framing the login page gets nothing: frame-ancestors 'none'.
  const framed = await page.request.get('/login');
  expect(framed.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  expect(framed.headers()['x-frame-options']).toBe('DENY');
  await page.setContent(`<iframe id="framed" src="${baseURL()}/login"></iframe>`);
  await page.waitForTimeout(1500);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  expect(frame).toBeDefined();
  expect(await frame?.locator('[data-testid="login-submit"]').count()).toBe(0);
  // The refusal is the framing page's to report, not the console's.
  cspViolations.length = 0;
});
