/**
 * The console under its Content-Security-Policy: the public pages and the API reference render
 * with no violation (the fixture fails every browser test on any, so every console page a test
 * opens is covered too; the walks of shell-responsive.spec.ts open each one in both languages and
 * check that its document carries the policy), and the policy does block what it is for (an
 * injected inline handler, framing).
 */

import { expect, test } from './fixtures';
import { baseURL, demo, gotoLogin, setLanguage, signInByCall } from './helpers';

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

test('names in its Permissions-Policy only features the browser knows, and no page logs a word about it', async ({
  page,
  permissionsPolicyMessages,
}) => {
  // The capture works: a header naming a feature Chromium does not know is reported.
  await page.route('**/__policy-probe', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'permissions-policy': 'bluetooth=(), camera=()' },
      body: '<!doctype html><title>probe</title>',
    }),
  );
  await page.goto('/__policy-probe');
  await expect.poll(() => permissionsPolicyMessages.join('\n')).toMatch(/bluetooth/);
  permissionsPolicyMessages.length = 0;
  await page.unroute('**/__policy-probe');

  // The console's own header: every feature it names is one of the browser's, and each one it
  // turns off is off in the page. Nothing is logged about it (the fixture fails the test otherwise).
  for (const lang of ['zh-CN', 'en-US'] as const) {
    await setLanguage(page, lang);
    const answer = await page.goto('/login');
    await expect(page.getByTestId('login-submit')).toBeVisible();
    const entries = (answer?.headers()['permissions-policy'] ?? '').split(',').map((e) => e.trim());
    expect(entries.length).toBeGreaterThan(5);
    const policy = await page.evaluate(() => {
      const fp = (
        document as unknown as { featurePolicy?: { features(): string[]; allowedFeatures(): string[] } }
      ).featurePolicy;
      return fp ? { known: fp.features(), allowed: fp.allowedFeatures() } : null;
    });
    expect(policy, 'document.featurePolicy').not.toBeNull();
    for (const entry of entries) {
      const [feature, allowlist] = entry.split('=') as [string, string];
      expect(policy?.known, `${feature} is a feature Chromium knows`).toContain(feature);
      if (allowlist === '()') expect(policy?.allowed, `${feature} is off`).not.toContain(feature);
    }
  }
  await signInByCall(page, demo.admin, 'en-US');
  await page.goto('/workbench');
  await expect(page.getByTestId('workbench')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(permissionsPolicyMessages).toEqual([]);
});
