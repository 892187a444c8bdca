import { findings, report } from './a11y-checks';
import { type Browser, expect, type Page, test } from './fixtures';
import { baseURL, demo, readOutbox, signInByCall, type TLang } from './helpers';
import { checkLayout } from './list-checks';
import { saveScreenshot } from './screenshots';

/**
 * Invitations (/userManage/{userId}?token=…): the demo administrator adds a user with "Send an
 * invitation", the message in the development outbox carries the link, a fresh browser with no
 * session opens it, sets the password under the policy, lands on /login with the account and the
 * username filled in and signs in for the first time. Also the list's resend and revoke, and the
 * results of links that are unknown, revoked or already accepted.
 */
test.describe.configure({ mode: 'serial' });
// Two browsers, the outbox and a first sign-in per test: more than the default 90 seconds on a
// loaded machine.
test.setTimeout(180_000);

const stamp = Date.now().toString(36).slice(-5);
const password = 'Invited@2026ok';

async function openUsers(page: Page) {
  await page.goto('/accountManage/userManage');
  await expect(page.getByTestId('user-manage')).toBeVisible();
}

async function search(page: Page, keyword: string) {
  await page.getByTestId('user-search').locator('input').fill(keyword);
  await page.getByTestId('user-search').locator('input').press('Enter');
  await expect(page.getByTestId('user-row-name')).toHaveText([keyword]);
}

/** The path of the invitation link in a message (the link itself starts with the console's address). */
function linkPath(text: string): string {
  const match = /(https?:\/\/[^\s/]+)(\/userManage\/\d+\?token=[A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[2]) throw new Error(`no invitation link in: ${text}`);
  expect(match[1]).toBe(new URL(baseURL()).origin);
  return match[2];
}

async function freshPage(browser: Browser, lang: TLang, width = 1440): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width, height: width > 500 ? 900 : 844 },
  });
  await context.addCookies([{ name: 'cz-lang', value: lang, url: baseURL() }]);
  return context.newPage();
}

test('an invitation from add-user through the e-mail in the outbox to the first sign-in', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const username = `inv_${stamp}_a`;
  const email = `${username}@demo.example`;
  await signInByCall(page, demo.admin);
  await openUsers(page);
  await page.getByTestId('add-user').click();
  const dialog = page.getByTestId('user-dialog');
  await dialog.getByTestId('user-username').fill(username);
  // The invitation needs an address: offered once the e-mail is there.
  await expect(dialog.getByRole('radio', { name: 'Send an invitation' })).toBeDisabled();
  await dialog.getByTestId('user-email').fill(email);
  await dialog.getByRole('radio', { name: 'Send an invitation' }).check();
  await expect(dialog.getByTestId('user-password')).toHaveCount(0);
  await page.getByTestId('user-dialog-ok').click();
  await expect(page.getByText('The user was added and the invitation was sent')).toBeVisible();
  await search(page, username);
  await expect(page.getByTestId('user-row-invitation')).toHaveText('Invited, pending');
  // The freshly invited user's row fits the list at 1440 px: nothing under the pinned Actions.
  await checkLayout(page, 'user list with an invited user (en-US, 1440 px)');

  const [mail] = await readOutbox(request, email);
  expect(mail?.subject).toContain('invited you to account demo');
  const path = linkPath(mail?.text ?? '');

  const invited = await freshPage(browser, 'en-US');
  await invited.goto(path);
  await expect(invited.getByTestId('invitation-username')).toHaveText(username);
  await expect(invited.getByTestId('invitation-account')).toHaveText('demo');
  const found = await findings(invited, 'invitation form');
  expect(found, report(found)).toEqual([]);
  await saveScreenshot(invited, testInfo, 'invitation/accept-en-1440');
  // The policy is checked before anything is sent.
  await invited.getByTestId('invitation-password').fill('weak');
  await invited.getByTestId('invitation-confirm').fill('weak');
  await invited.getByTestId('invitation-submit').click();
  await expect(invited.getByTestId('invitation-password')).toHaveAttribute('aria-invalid', 'true');
  await expect(invited.locator('#invitation-password-error')).toContainText('password policy');
  await invited.getByTestId('invitation-password').fill(password);
  await invited.getByTestId('invitation-confirm').fill(password);
  await invited.getByTestId('invitation-submit').click();
  await expect(invited.getByTestId('invitation-done')).toBeVisible();
  await saveScreenshot(invited, testInfo, 'invitation/done-en-1440');
  await invited.getByTestId('invitation-go-login').click();
  await invited.waitForURL(/\/login\?/);
  await expect(invited.getByTestId('login-account')).toHaveValue('demo');
  await expect(invited.getByTestId('login-username')).toHaveValue(username);
  await invited.getByTestId('login-password').fill(password);
  await invited.getByTestId('login-submit').click();
  await invited.waitForURL('**/workbench');
  await expect(invited.getByTestId('workbench')).toBeVisible();

  // The link served once.
  const again = await freshPage(browser, 'en-US');
  await again.goto(path);
  await expect(again.getByTestId('invitation-refused')).toContainText('already accepted');
  await again.context().close();
  await invited.context().close();

  // The list no longer says pending.
  await openUsers(page);
  const row = page.locator('tr', {
    has: page.getByTestId('user-row-name').getByText(username, { exact: true }),
  });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('user-row-invitation')).toHaveCount(0);
});

test('a revoked invitation and a resent one, by text message, in Chinese on a phone', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const username = `inv_${stamp}_b`;
  const phone = `1391${String(Date.now()).slice(-7)}`;
  await signInByCall(page, demo.admin, 'zh-CN');
  await openUsers(page);
  await page.getByTestId('add-user').click();
  const dialog = page.getByTestId('user-dialog');
  await dialog.getByTestId('user-username').fill(username);
  await dialog.getByTestId('user-phone').fill(phone);
  await dialog.getByRole('radio', { name: '发送邀请' }).check();
  await page.getByTestId('user-dialog-ok').click();
  await expect(page.getByText('用户已添加，邀请已发送')).toBeVisible();
  await search(page, username);
  await expect(page.getByTestId('user-row-invitation')).toHaveText('已邀请，待接受');
  await checkLayout(page, 'user list with an invited user (zh-CN, 1440 px)');
  const first = linkPath((await readOutbox(request, `+86 ${phone}`))[0]?.text ?? '');

  // The invitation's actions are in the row's More menu.
  await page.getByTestId('user-more').click();
  await page.getByTestId('user-invitation-revoke').click();
  await page.getByTestId('user-invitation-revoke-ok').click();
  await expect(page.getByTestId('user-row-invitation')).toHaveText('邀请已撤销');

  const phoneView = await freshPage(browser, 'zh-CN', 390);
  await phoneView.goto(first);
  await expect(phoneView.getByTestId('invitation-refused')).toContainText('该邀请已失效');
  await saveScreenshot(phoneView, testInfo, 'invitation/revoked-zh-390');

  await page.getByTestId('user-more').click();
  await expect(page.getByTestId('user-invitation-revoke')).toHaveCount(0);
  await page.getByTestId('user-invitation-resend').click();
  await expect(page.getByTestId('user-row-invitation')).toHaveText('已邀请，待接受');
  const second = linkPath((await readOutbox(request, `+86 ${phone}`))[0]?.text ?? '');
  expect(second).not.toBe(first);
  await phoneView.goto(second);
  await expect(phoneView.getByTestId('invitation-username')).toHaveText(username);
  const found = await findings(phoneView, 'invitation form (zh-CN, 390 px)');
  expect(found, report(found)).toEqual([]);
  await saveScreenshot(phoneView, testInfo, 'invitation/accept-zh-390');
  await phoneView.context().close();
});

test('an unknown invitation link shows a clear result in both languages', async ({ browser }, testInfo) => {
  for (const [lang, title, width] of [
    ['en-US', 'This invitation link is not valid', 1440],
    ['zh-CN', '邀请链接无效', 390],
  ] as const) {
    const page = await freshPage(browser, lang, width);
    await page.goto('/userManage/1?token=not-a-real-token');
    await expect(page.getByTestId('invitation-refused')).toContainText(title);
    await saveScreenshot(page, testInfo, `invitation/invalid-${lang}-${width}`);
    await page.context().close();
  }
});
