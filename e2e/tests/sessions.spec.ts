import type { Browser, Page } from '@playwright/test';
import { findings, report, settle } from './a11y-checks';
import { expect, test } from './fixtures';
import { demo, firstSignIn, freshUser, signInByCall, signInTo } from './helpers';
import { saveScreenshot } from './screenshots';

/**
 * Active sessions (issue 22): a user sees where they are signed in and ends a session, whose
 * browser is signed out at its next request; an administrator ends all sessions of a user. The
 * test works on a user of its own, so no other test's session ends.
 */
test.describe.configure({ timeout: 300_000 });

async function newSignedIn(browser: Browser, username: string, password: string, lang: 'en-US' | 'zh-CN') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInTo(page, demo.account, { username, password }, lang);
  return { context, page };
}

const rows = (page: Page) => page.getByTestId('session-row');

test('a user ends one of their sessions; an administrator ends all sessions of a user', async ({
  page,
  browser,
}) => {
  await signInByCall(page, demo.admin, 'zh-CN');
  const user = await freshUser(page, 'sess');
  const password = 'Sessions@2026';
  const first = await firstSignIn(browser, user, password);
  const second = await newSignedIn(browser, user.username, password, 'zh-CN');

  // The account center lists both, marks this one, and names how each was signed in.
  await first.page.goto('/accountManage/accountInfo');
  await first.page.getByTestId('account-sessions').click();
  const dialog = first.page.getByTestId('sessions-dialog');
  await expect(dialog).toBeVisible();
  await expect(rows(first.page)).toHaveCount(2);
  await expect(first.page.locator('[data-testid="session-row"][data-current="true"]')).toHaveCount(1);
  await expect(first.page.getByTestId('session-current')).toHaveText('This session');
  await expect(first.page.getByTestId('session-method').first()).toHaveText('Password');
  await expect(first.page.getByTestId('session-device').first()).toContainText('Chrome');
  await expect(first.page.getByTestId('session-ip').first()).toHaveText(/\d+\.\d+\.\d+\.\d+|::1|::ffff:/);
  await saveScreenshot(first.page, test.info(), 'sessions-dialog-en');
  await settle(first.page, 'sessions-dialog');
  const wide = await findings(first.page, 'sessions dialog (en-US, 1440 px)');
  expect(wide, report(wide)).toEqual([]);

  // Ending the other session: the list keeps this one; that browser is signed out at once.
  await first.page
    .locator('[data-testid="session-row"][data-current="false"]')
    .getByTestId('session-end')
    .click();
  await first.page.getByTestId('session-end-ok').click();
  await expect(first.page.getByTestId('toast').filter({ hasText: 'Session ended' })).toBeVisible();
  await expect(rows(first.page)).toHaveCount(1);
  await expect(first.page.getByTestId('sessions-end-rest')).toBeDisabled();
  await second.page.reload();
  await second.page.waitForURL(/\/login/);
  await second.context.close();

  // The administrator (zh-CN) opens the user's sessions from the user list and ends them all.
  const third = await newSignedIn(browser, user.username, password, 'en-US');
  await page.goto('/accountManage/userManage');
  await page.getByTestId('user-search').locator('input').fill(user.username);
  await page.getByTestId('user-search').locator('input').press('Enter');
  await expect(page.getByTestId('user-row-name')).toHaveText([user.username]);
  await page.getByTestId('user-more').click();
  await page.getByTestId('user-sessions').click();
  await expect(page.getByTestId('sessions-dialog')).toBeVisible();
  await expect(page.locator('.ant-modal-title')).toHaveText(`${user.username} 的登录会话`);
  await expect(rows(page)).toHaveCount(2);
  // None of them is the administrator's own.
  await expect(page.getByTestId('session-current')).toHaveCount(0);
  await expect(page.getByTestId('session-method').first()).toHaveText('密码');
  await saveScreenshot(page, test.info(), 'sessions-dialog-admin-zh');
  await page.getByTestId('sessions-end-rest').click();
  await page.getByTestId('sessions-end-rest-ok').click();
  await expect(page.getByTestId('toast').filter({ hasText: '已结束 2 个会话' })).toBeVisible();
  await expect(page.getByTestId('sessions-empty')).toBeVisible();
  for (const signedOut of [first, third]) {
    await signedOut.page.reload();
    await signedOut.page.waitForURL(/\/login/);
    await signedOut.context.close();
  }
});

test('ending the current session signs out here', async ({ page }) => {
  await signInByCall(page, demo.admin);
  await page.goto('/accountManage/accountInfo');
  // On a phone's width the dialog fits the screen and its table scrolls sideways inside it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('account-sessions').click();
  await expect(rows(page).first()).toBeVisible();
  const box = await page.getByRole('dialog').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await saveScreenshot(page, test.info(), 'sessions-dialog-390', { fullPage: false });
  await settle(page, 'sessions-dialog');
  const narrow = await findings(page, 'sessions dialog (en-US, 390 px)');
  expect(narrow, report(narrow)).toEqual([]);
  await page.locator('[data-testid="session-row"][data-current="true"]').getByTestId('session-end').click();
  await expect(page.locator('.ant-popconfirm')).toContainText('You will be signed out here');
  await page.getByTestId('session-end-ok').click();
  await page.waitForURL(/\/login/);
  await page.goto('/workbench');
  await page.waitForURL(/\/login/);
});
