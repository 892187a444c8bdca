import type { Page } from '@playwright/test';
import { findings, report, settle } from './a11y-checks';
import { expect, test } from './fixtures';
import { demo, setLanguage, signInByCall } from './helpers';
import { saveScreenshot } from './screenshots';

/**
 * SCIM provisioning (issue 22, decision 0031): an administrator creates a token on the SSO page
 * (shown once), an identity provider uses it to create a user that then appears in user
 * management, and the token, once revoked, is refused (401). Axe at 1440 and 390 px, screenshots
 * in both languages.
 */
test.describe.configure({ timeout: 240_000 });

const stamp = Date.now().toString(36).slice(-6);

async function openSsoPage(page: Page): Promise<void> {
  await page.goto('/accountManage/sso');
  await expect(page.getByTestId('scim-card')).toBeVisible();
  await expect(page.getByTestId('scim-base-url')).toContainText('/scim/v2/');
}

/** The SCIM base path of the account, from the URL the page shows. */
async function scimPath(page: Page): Promise<string> {
  const text = (await page.getByTestId('scim-base-url').textContent()) ?? '';
  return new URL(text).pathname;
}

test('an administrator creates a SCIM token, provisions a user with it, and revokes it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByCall(page, demo.admin, 'en-US');
  await openSsoPage(page);
  const base = await scimPath(page);

  // Create: the token is shown once, with a copy button and the warning.
  const name = `Entra ${stamp}`;
  await page.getByTestId('scim-token-create').click();
  await page.getByTestId('scim-token-name-input').fill(name);
  await page.getByTestId('scim-token-create-ok').click();
  const value = page.getByTestId('scim-token-value');
  await expect(value).toHaveText(/^scim_/);
  const token = (await value.textContent()) ?? '';
  await expect(page.getByTestId('scim-token-created')).toContainText('It will not be shown again');
  await expect(page.getByTestId('scim-token-copy')).toBeVisible();
  await saveScreenshot(page, test.info(), 'scim-token-created-en', { fullPage: false });
  await settle(page, 'scim-token-created');
  const dialog = await findings(page, 'SCIM token created (en-US, 1440 px)');
  expect(dialog, report(dialog)).toEqual([]);
  await page.getByTestId('scim-token-done').click();
  await expect(page.getByTestId('scim-token-value')).toHaveCount(0);
  const row = page.getByTestId('scim-token-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  // The list shows the first characters only.
  await expect(row.getByTestId('scim-token-prefix')).toHaveText(`${token.slice(0, 11)}…`);

  // The identity provider creates a user with it.
  const username = `scim_${stamp}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
  const lookup = await page.request.get(
    `${base}/Users?filter=${encodeURIComponent(`userName eq "${username}"`)}`,
    {
      headers,
    },
  );
  expect(lookup.status()).toBe(200);
  expect((await lookup.json()).totalResults).toBe(0);
  const created = await page.request.post(`${base}/Users`, {
    headers,
    data: JSON.stringify({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: username,
      displayName: 'Provisioned by SCIM',
      emails: [{ value: `${username}@idp.example`, type: 'work', primary: true }],
      active: true,
    }),
  });
  expect(created.status()).toBe(201);
  expect(created.headers().location).toMatch(/\/Users\/\d+$/);

  // It appears in user management.
  await page.goto('/accountManage/userManage');
  await page.getByTestId('user-search').locator('input').fill(username);
  await page.getByTestId('user-search').locator('input').press('Enter');
  await expect(page.getByTestId('user-row-name')).toHaveText([username]);

  // The token's use is recorded; the page at 1440 px passes axe.
  await openSsoPage(page);
  await expect(row).not.toContainText('Never used');
  await saveScreenshot(page, test.info(), 'scim-sso-page-en');
  await settle(page, 'scim-card');
  const wide = await findings(page, 'SSO page with SCIM (en-US, 1440 px)');
  expect(wide, report(wide)).toEqual([]);

  // Revoke, after a confirmation: the token is refused from then on.
  await row.getByTestId('scim-token-revoke').click();
  await page.getByTestId('scim-token-revoke-ok').click();
  await expect(row.getByTestId('scim-token-status')).toHaveText('Revoked');
  const refused = await page.request.get(`${base}/Users`, { headers });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
});

test('the SCIM section in Chinese, and on a phone', async ({ page }) => {
  await signInByCall(page, demo.admin, 'zh-CN');
  await openSsoPage(page);
  await expect(page.getByTestId('scim-card')).toContainText('SCIM 用户同步');
  await expect(page.getByTestId('scim-token-create')).toContainText('创建令牌');
  await saveScreenshot(page, test.info(), 'scim-sso-page-zh');
  await page.getByTestId('scim-token-create').click();
  await page.getByTestId('scim-token-name-input').fill(`Okta ${stamp}`);
  await page.getByTestId('scim-token-create-ok').click();
  await expect(page.getByTestId('scim-token-created')).toContainText('它不会再次显示');
  await saveScreenshot(page, test.info(), 'scim-token-created-zh', { fullPage: false });
  await page.getByTestId('scim-token-done').click();

  // A phone's width: one block per token, and nothing scrolls the page sideways.
  await setLanguage(page, 'en-US');
  await page.setViewportSize({ width: 390, height: 844 });
  await openSsoPage(page);
  await expect(page.getByTestId('scim-token-row').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const card = await page.getByTestId('scim-card').boundingBox();
  expect(card && card.x >= 0 && card.x + card.width <= 390).toBe(true);
  await saveScreenshot(page, test.info(), 'scim-sso-page-390');
  await settle(page, 'scim-card');
  const narrow = await findings(page, 'SSO page with SCIM (en-US, 390 px)');
  expect(narrow, report(narrow)).toEqual([]);
});
