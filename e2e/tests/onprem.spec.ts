import { expect, test } from './fixtures';
import { demo, fillLogin, gotoLogin, openLogin } from './helpers';

// This project's server runs with DEPLOY_MODE=onprem and EDITION=international.
test.describe('on-premise, international edition', () => {
  test('defaults to English, prefixes console paths with the account id, and refuses another id', async ({
    page,
  }) => {
    await gotoLogin(page);
    await expect(page.getByRole('heading', { name: 'Account login' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    // The international help widget offers e-mail only (no phone, no QR code).
    await page.getByTestId('help-button').click();
    await expect(page.getByTestId('help-email').first()).toBeVisible();
    await expect(page.getByTestId('help-phone')).toHaveCount(0);
    await expect(page.getByTestId('help-qr')).toHaveCount(0);
    await page.keyboard.press('Escape');

    const login = page.waitForRequest((r) => r.url().endsWith('/api/login'));
    await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
    await page.getByTestId('login-submit').click();
    // The international edition asks for the authenticator method at sign-in.
    expect((await login).postDataJSON()).toMatchObject({ mfaMethodType: 'GA' });
    await page.waitForURL(/\/accounts\/\d+\/workbench$/);
    const accountId = /\/accounts\/(\d+)\//.exec(page.url())?.[1];
    await expect(page.getByTestId('page-title')).toHaveText('Workbench');

    // A console path without the prefix gets the session's account in front.
    await page.goto('/serviceManage');
    await page.waitForURL(new RegExp(`/accounts/${accountId}/serviceManage$`));
    // Another account's id is refused.
    await page.goto(`/accounts/${Number(accountId) + 1}/workbench`);
    await page.waitForURL('**/noAuth');
  });

  test('a path may carry the account display name instead of its id; another account’s name is refused', async ({
    page,
  }) => {
    await openLogin(page, 'en-US');
    await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/accounts\/\d+\/workbench$/);

    await page.goto(`/accounts/${demo.account}/serviceManage`);
    await expect(page.getByTestId('page-title')).toHaveText('Service management');
    expect(new URL(page.url()).pathname).toBe(`/accounts/${demo.account}/serviceManage`);
    // The console's own links keep the name form.
    await page.getByTestId('menu-auditManage').click();
    await page.waitForURL(`**/accounts/${demo.account}/auditManage`);
    await expect(page.getByTestId('page-title')).toHaveText('Audit');
    // The account alone goes home under the same form.
    await page.goto(`/accounts/${demo.account}`);
    await page.waitForURL(`**/accounts/${demo.account}/workbench`);
    // Another account's display name is refused as another id is.
    await page.goto('/accounts/acme/workbench');
    await page.waitForURL('**/noAuth');
  });

  test('an anonymous visit to a prefixed path lands on /login', async ({ page }) => {
    await openLogin(page, 'en-US', '/accounts/1/billing');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
});
