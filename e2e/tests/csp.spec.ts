/**
 * The console under its Content-Security-Policy: the public pages and the API reference render
 * with no violation (the fixture fails every browser test on any, so every console page a test
 * opens is covered too; the walks of shell-responsive.spec.ts open each one in both languages and
 * check that its document carries the policy), and the policy does block what it is for (an
 * injected inline handler, framing).
 */

import { expect, test } from './fixtures';
import { baseURL, gotoLogin, setLanguage } from './helpers';

const publicPages = [
  ['/login', 'login-submit'],
  ['/register', 'register-form'],
  ['/findAccount', 'find-account-page'],
  ['/findUsername', 'find-username-page'],
  ['/dev/outbox', 'outbox-page'],
] as const;

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
