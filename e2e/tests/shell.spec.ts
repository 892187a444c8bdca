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

  for (const [lang, width] of [
    ['en-US', 1440],
    ['zh-CN', 1440],
    ['en-US', 390],
    ['zh-CN', 390],
  ] as const) {
    test(`the ordinary demo user's menu holds only what a member can open, with no greyed item (${lang}, ${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      const checkBill = page.waitForResponse((r) => r.url().includes('/api/portal/account/checkBill'));
      await signIn(page, demo.member, lang);
      await expect(page.getByTestId('user-role')).toHaveAttribute('data-role', 'member');
      // Billing applies to the demo account, but the member lacks its menu resource.
      expect(
        ((await (await checkBill).json()) as { data: { billingEnabled: boolean } }).data.billingEnabled,
      ).toBe(true);
      // The sidebar, or on a phone the menu drawer: a hover-only "No permission" could not show there.
      let menu = page.getByTestId('main-menu');
      if (width < 992) {
        await page.getByTestId('open-menu').click();
        menu = page.getByTestId('menu-drawer').getByTestId('main-menu');
      }
      await menu.getByTestId('menu-accountManage').click();
      await expect(menu.getByTestId('menu-accountInfo')).toBeVisible();
      await expect(menu.locator('[data-menu-key]')).toHaveCount(4);
      expect(
        await menu
          .locator('[data-menu-key]')
          .evaluateAll((items) => items.map((i) => i.getAttribute('data-menu-key'))),
      ).toEqual(['workbench', 'accountManage', 'accountInfo', 'serviceManage']);
      await expect(page.locator('[aria-disabled="true"]')).toHaveCount(0);
      await saveScreenshot(page, test.info(), `shell/member-menu-${lang}-${width}`, { fullPage: false });
      // What the menu leaves out stays refused by its route: menus are not security.
      for (const path of ['/billing', '/auditManage', '/accountManage/userManage', '/accountManage/sso']) {
        await page.goto(path);
        await page.waitForURL('**/noAuth');
        await expect(page.getByTestId('status-403'), path).toBeVisible();
      }
    });
  }

  test('the administrator has every menu, and the header shows the trial days', async ({ page }) => {
    await signIn(page, demo.admin, 'zh-CN');
    const menu = page.getByTestId('main-menu');
    await menu.getByTestId('menu-billing').click();
    expect(
      await menu
        .locator('[data-menu-key]')
        .evaluateAll((items) => items.map((i) => i.getAttribute('data-menu-key'))),
    ).toEqual([
      'workbench',
      'accountManage',
      'serviceManage',
      'billing',
      'consumption',
      'cost',
      'balance',
      'auditManage',
    ]);
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
