import { expect, test } from './fixtures';
import { baseURL, demo, fillLogin, setLanguage, signIn, signInByCall } from './helpers';
import { saveScreenshot } from './screenshots';

test.describe('console shell and access rule', () => {
  test('an anonymous visit to /billing lands on /login and returns there after sign-in', async ({ page }) => {
    await setLanguage(page, 'en-US');
    await page.goto('/billing');
    await page.waitForURL(/\/login\?redirect=%2Fbilling/);
    await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/billing$/);
    await expect(page.getByTestId('menu-billing')).toBeVisible();

    await page.context().clearCookies({ name: 'cz_token' });
    await page.goto('/');
    await page.waitForURL(/\/login/);
  });

  test('the ordinary demo user has no Billing menu, and other items disabled with the no-permission tooltip', async ({
    page,
  }) => {
    const checkBill = page.waitForResponse((r) => r.url().includes('/api/portal/account/checkBill'));
    await signIn(page, demo.member);
    await expect(page.getByTestId('user-role')).toHaveAttribute('data-role', 'member');
    // Billing applies to the demo account, but the member lacks its menu resource: hidden, not greyed.
    expect(
      ((await (await checkBill).json()) as { data: { billingEnabled: boolean } }).data.billingEnabled,
    ).toBe(true);
    await expect(page.getByTestId('menu-workbench')).toBeVisible();
    await expect(page.getByTestId('menu-billing')).toHaveCount(0);
    await expect(page.getByTestId('menu-balance')).toHaveCount(0);
    const audit = page.getByTestId('menu-auditManage');
    await expect(audit).toHaveAttribute('data-disabled', /.*/);
    await audit.hover();
    await expect(page.getByRole('tooltip').filter({ hasText: 'No permission' })).toBeVisible();
    await saveScreenshot(page, test.info(), 'shell/member-menu-en-US-1440', { fullPage: false });
    await expect(page.getByTestId('menu-serviceManage')).not.toHaveAttribute('data-disabled', /.*/);
    // Menus are not security: the route itself is refused.
    await page.goto('/billing');
    await page.waitForURL('**/noAuth');
    await expect(page.getByTestId('status-403')).toBeVisible();
  });

  test('the member’s menu drawer of a phone has no Billing either (Chinese, 390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, demo.member, 'zh-CN');
    await page.getByTestId('open-menu').click();
    const drawer = page.getByTestId('menu-drawer');
    await expect(drawer.getByTestId('menu-workbench')).toBeVisible();
    await expect(drawer.getByTestId('menu-billing')).toHaveCount(0);
    await expect(drawer.getByTestId('menu-auditManage')).toHaveAttribute('data-disabled', /.*/);
    await saveScreenshot(page, test.info(), 'shell/member-menu-zh-CN-390', { fullPage: false });
  });

  test('the administrator has every menu enabled, and the header shows the trial days', async ({ page }) => {
    await signIn(page, demo.admin, 'zh-CN');
    for (const key of ['workbench', 'accountManage', 'serviceManage', 'billing', 'auditManage']) {
      await expect(page.getByTestId(`menu-${key}`)).not.toHaveAttribute('data-disabled', /.*/);
    }
    await expect(page.getByTestId('trial-days')).toContainText(/试用剩余 1[78] 天/);
    await expect(page.getByTestId('trial-action')).toHaveAttribute('data-kind', 'upgrade');
  });

  test('unknown console paths show the not-found page after the session check', async ({ page }) => {
    await signInByCall(page, demo.admin);
    await page.goto('/no/such/page');
    await page.waitForURL('**/noFound');
    await expect(page.getByTestId('status-404')).toBeVisible();
    await page.getByTestId('go-home').click();
    await page.waitForURL('**/workbench');
  });

  test('signing out ends the session on the server', async ({ page, request }) => {
    await signIn(page, demo.admin);
    const token = (await page.context().cookies()).find((c) => c.name === 'cz_token')?.value;
    expect(token).toBeTruthy();
    // The workbench's cards drawn first: a card drawn while the menu is open moves the page under
    // it (a clean-clone run once clicked "Log out" into that move, and nothing happened).
    await expect(page.getByTestId('mfa-passkeys-count')).not.toHaveText('\u00a0');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-popover')).toBeVisible();
    await expect(page.getByTestId('user-name')).toContainText(demo.admin.username);
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await expect(page.getByTestId('login-submit')).toBeVisible();

    const res = await request.post(`${baseURL()}/api/portal/user/getCurrentUser`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(res.status()).toBe(401);
    await page.goto('/workbench');
    await page.waitForURL(/\/login/);
  });

  test('switching the language in the console survives a reload', async ({ page }) => {
    await signIn(page, demo.admin, 'zh-CN');
    await expect(page.getByTestId('page-title')).toHaveText('工作台');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-language').getByText('English').click();
    await expect(page.getByTestId('page-title')).toHaveText('Workbench');
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText('Workbench');
  });
});
