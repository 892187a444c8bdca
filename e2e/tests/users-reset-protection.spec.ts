import type { Page } from '@playwright/test';
import { findings, report, settle } from './a11y-checks';
import { expect, test } from './fixtures';
import {
  demo,
  fillLogin,
  firstSignIn,
  freshUser,
  readOutbox,
  sendCodeTo,
  setLanguage,
  signInByCall,
  virtualAuthenticator,
} from './helpers';
import { saveScreenshot } from './screenshots';

/**
 * An account administrator resets the login protection of a user who lost their passkey (decision
 * 0048): the user registers a passkey (Chromium's virtual authenticator), the administrator opens
 * "Reset login protection" from the row's More menu (in Chinese at a phone's width, then in English
 * at 1440 px), gives a reason and their own code; the user's session ends, a text message tells
 * them, and the password alone signs them in again (the demo account does not require login
 * protection). The test works on a user of its own.
 */
test.describe.configure({ timeout: 300_000 });

const adminPhone = '+86 13800000000';

async function openRow(page: Page, username: string): Promise<void> {
  await page.goto('/accountManage/userManage');
  await expect(page.getByTestId('user-manage')).toBeVisible();
  await page.getByTestId('user-search').locator('input').fill(username);
  await page.getByTestId('user-search').locator('input').press('Enter');
  await expect(page.getByTestId('user-row-name')).toHaveText([username]);
}

test('an administrator resets the login protection of a user who lost their passkey', async ({
  page,
  browser,
}) => {
  await signInByCall(page, demo.admin);
  const user = await freshUser(page, 'rst', { hasEmail: true });
  const password = 'Protected@2026';
  const { context, page: userPage } = await firstSignIn(browser, user, password);
  try {
    // The user's passkey, registered from login protection with a code to their e-mail.
    await virtualAuthenticator(userPage);
    await userPage.getByTestId('mfa-passkeys-manage').click();
    await userPage.getByTestId('passkeys-add').click();
    await userPage.getByTestId('verify-toggle').click();
    await expect(userPage.getByTestId('verify-target')).toHaveAttribute('data-channel', 'EMAIL');
    const code = await sendCodeTo(userPage, context.request, 'verify-send-code', user.email ?? '');
    await userPage.getByTestId('verify-code').fill(code);
    await userPage.getByTestId('verify-confirm').click();
    await userPage.getByTestId('passkey-name-input').fill('Lost laptop');
    await userPage.getByTestId('passkey-name-confirm').click();
    await expect(userPage.getByTestId('passkey-name')).toContainText('Lost laptop');
    await userPage.getByTestId('passkeys-close').click();

    // In Chinese, at a phone's width: the dialog says what happens, fits, and can be left.
    await setLanguage(page, 'zh-CN');
    await page.setViewportSize({ width: 390, height: 844 });
    await openRow(page, user.username);
    await page.getByTestId('user-more').click();
    await page.getByTestId('user-reset-mfa').click();
    const dialog = page.getByTestId('reset-mfa-dialog');
    await expect(dialog.getByTestId('reset-mfa-steps').locator('li')).toHaveText([
      '删除其全部通行密钥（1 个）',
      '立即结束其所有登录会话',
      '通过邮件或短信通知该用户',
      '用户下次使用密码登录时，如账户要求登录保护，将重新设置登录保护',
    ]);
    const box = await page.getByRole('dialog').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await settle(page, 'reset-mfa-dialog');
    await saveScreenshot(page, test.info(), 'users-reset-mfa-zh-390', { fullPage: false });
    const narrow = await findings(page, 'reset login protection (zh-CN, 390 px)');
    expect(narrow, report(narrow)).toEqual([]);
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog).toHaveCount(0);

    // In English at 1440 px: a reason, the administrator's own code, and the reset.
    await setLanguage(page, 'en-US');
    await page.setViewportSize({ width: 1440, height: 900 });
    await openRow(page, user.username);
    await page.getByTestId('user-more').click();
    await page.getByTestId('user-reset-mfa').click();
    await page.getByTestId('reset-mfa-ok').click();
    await expect(page.getByText('Please enter the reason')).toBeVisible();
    await page.getByTestId('reset-mfa-reason').fill('Lost the laptop with the passkey; confirmed by a call');
    await expect(page.getByText('Please enter the reason')).toHaveCount(0);
    // The pointer leaves the button it clicked: the check reads the dialog at rest, not hovered.
    await page.mouse.move(0, 0);
    await settle(page, 'reset-mfa-dialog');
    await saveScreenshot(page, test.info(), 'users-reset-mfa-en-1440');
    const wide = await findings(page, 'reset login protection (en-US, 1440 px)');
    expect(wide, report(wide)).toEqual([]);
    await page.getByTestId('reset-mfa-ok').click();
    await expect(page.getByTestId('verify-target')).toHaveAttribute('data-channel', 'SMS');
    const proof = await sendCodeTo(page, page.request, 'verify-send-code', adminPhone);
    await page.getByTestId('verify-code').fill(proof);
    await page.getByTestId('verify-confirm').click();
    await expect(
      page.getByTestId('toast').filter({ hasText: `The login protection of ${user.username} was reset.` }),
    ).toBeVisible();
    await expect(page.getByTestId('reset-mfa-dialog')).toHaveCount(0);
    // Nothing is left to reset: the menu no longer offers it.
    await page.getByTestId('user-more').click();
    await expect(page.getByTestId('user-delete')).toBeVisible();
    await expect(page.getByTestId('user-reset-mfa')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The user was told by text message (no code in it).
    const [notice] = await readOutbox(page.request, `+86 ${user.phone}`);
    expect(notice?.code).toBeNull();
    expect(notice?.text).toContain(user.username);

    // The user's session ended: the console leads to the login page.
    await userPage.goto('/workbench');
    await userPage.waitForURL(/\/login/);

    // The password alone signs in (no passkey left, and the account does not require protection).
    await fillLogin(userPage, demo.account, user.username, password);
    await userPage.getByTestId('login-submit').click();
    await userPage.waitForURL('**/workbench');
    await userPage.getByTestId('mfa-passkeys-manage').click();
    await expect(userPage.getByTestId('passkeys-empty')).toBeVisible();
  } finally {
    await context.close();
  }
});
