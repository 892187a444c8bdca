/**
 * The console shell as a customer meets it: every page highlights its menu item (sub-pages
 * included), the shell fits a phone (the menu is a drawer below 992 px, the header wraps, no page
 * scrolls sideways, the sidebar comes back on widening), and a session that the server ended says
 * so once, on the login page with the account name filled in. Screenshots of the main pages at
 * 1440 px and 390 px in both languages are kept in .reports/screenshots.
 *
 * The walks through every page at each width and in each language also check the lists they meet
 * (list-checks.ts: no name, date or amount wraps, amounts right-aligned in tabular figures, tables
 * scroll inside their box on a phone), the layout of every page they open, the login page's and
 * the audit details' and roles drawers' included (list-checks.ts `checkLayout`: nothing cut
 * without its whole text at hand, nothing under a pinned column, no word broken, labels on one
 * line), and at 1440 px that each page's document carries the Content-Security-Policy (the fixture
 * fails a test on any violation a page reports).
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { baseURL, demo, fillLogin, openLogin, type TLang } from './helpers';
import { checkLayout, checkList, type lists } from './list-checks';
import { saveScreenshot } from './screenshots';

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

type TConsolePage = {
  name: string;
  path: string;
  /** The test id the page draws. */
  testId: string;
  /** The menu item the page highlights. */
  menu: string;
  /** The list the page shows, checked by list-checks.ts. */
  list?: keyof typeof lists;
  /** Layout findings (list-checks.ts `checkLayout`) this page is not held to yet. */
  layoutExcept?: RegExp;
};

/** The console's main pages. */
const consolePages: readonly TConsolePage[] = [
  { name: 'workbench', path: '/workbench', testId: 'workbench', menu: 'workbench' },
  {
    name: 'account-center',
    path: '/accountManage/accountInfo',
    testId: 'account-center',
    menu: 'accountInfo',
  },
  {
    name: 'verification',
    path: '/accountManage/accountInfo/authentication',
    testId: 'certification-page',
    menu: 'accountInfo',
  },
  {
    name: 'users',
    path: '/accountManage/userManage',
    testId: 'user-manage',
    menu: 'userManage',
    list: 'users',
  },
  { name: 'sso', path: '/accountManage/sso', testId: 'sso-page', menu: 'sso' },
  {
    name: 'services',
    path: '/serviceManage',
    testId: 'service-manage',
    menu: 'serviceManage',
    list: 'services',
  },
  {
    name: 'insight-users',
    path: '/serviceManage/insightUserManage',
    testId: 'insight-user-manage',
    menu: 'serviceManage',
    list: 'insight-users',
  },
  {
    name: 'consumption',
    path: '/billing',
    testId: 'billing-overview',
    menu: 'consumption',
    list: 'consumption',
  },
  { name: 'statements', path: '/billing/cost', testId: 'billing-cost', menu: 'cost', list: 'statements' },
  { name: 'funds', path: '/billing/balance', testId: 'billing-balance', menu: 'balance' },
  { name: 'top-up', path: '/billing/balance/topUp', testId: 'billing-top-up', menu: 'balance' },
  { name: 'audit', path: '/auditManage', testId: 'audit-page', menu: 'auditManage' },
];

/**
 * Signs the administrator in at the page's current size and waits for the workbench; with
 * `isChecked`, checks the login page's layout first (list-checks.ts).
 */
async function signInAdmin(page: Page, lang: TLang, isChecked = false): Promise<void> {
  await openLogin(page, lang);
  if (isChecked) await checkLayout(page, `/login (${lang}, ${page.viewportSize()?.width} px)`);
  await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/workbench');
  await expect(page.getByTestId('workbench')).toBeVisible();
}

/** How far the page scrolls sideways (0 when it fits the window). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Waits for a page's data to settle (spinners gone) so that a screenshot shows it. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
}

/**
 * Checks the layout and the list of a page the walk has drawn and settled; on Account funds, the
 * list of the transactions tab, photographed as `funds-transactions`; on Audit, the details of an
 * entry opened by a tap on its row; on User management, the roles drawer.
 */
async function checkListsOf(
  page: Page,
  item: TConsolePage,
  width: number,
  lang: TLang,
  testInfo: TestInfo,
): Promise<void> {
  const where = (what: string) => `${what} (${lang}, ${width} px)`;
  await checkLayout(page, where(item.path), item.layoutExcept);
  if (item.list) await checkList(page, item.list, width);
  if (item.name === 'funds') {
    await page.getByTestId('funds-tab-transactions').click();
    await expect(page).toHaveURL(/[?&]tab=transactions/);
    await settle(page);
    await checkLayout(page, where('funds transactions'));
    await checkList(page, 'funds-transactions', width);
    await saveScreenshot(page, testInfo, `${lang}/${width}/funds-transactions`);
  }
  if (item.name === 'audit') {
    // A tap on the row (on its user's cell, not its time button) opens the entry's details.
    await page.getByTestId('audit-row').first().getByTestId('audit-row-user').click();
    await expect(page.getByTestId('audit-details-code')).toBeVisible();
    await checkLayout(page, where('audit details'));
    await saveScreenshot(page, testInfo, `${lang}/${width}/audit-details`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('audit-details-code')).toBeHidden();
  }
  if (item.name === 'users') {
    await page.getByTestId('roles-open').click();
    await expect(page.getByTestId('role-holder').first()).toBeVisible();
    await settle(page);
    await checkLayout(page, where('roles drawer'));
    await saveScreenshot(page, testInfo, `${lang}/${width}/roles`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('roles-drawer')).toBeHidden();
  }
}

/** Opens the first monthly bill from Statements and checks its list. */
async function openMonthBill(page: Page, width: number): Promise<void> {
  await page.goto('/billing/cost');
  await page.getByTestId('statement-month').first().click();
  await page.waitForURL(/\/billing\/cost\/month\/\d+$/);
  await settle(page);
  await checkLayout(page, `month bill (${width} px)`);
  await checkList(page, 'month-bill', width);
}

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`every page highlights its menu item, sub-pages included, at 1440 px (${lang})`, async ({
    page,
  }, testInfo) => {
    // Thirteen full page loads and their screenshots: on a loaded 2-core machine, minutes.
    test.setTimeout(360_000);
    await page.setViewportSize(desktop);
    await signInAdmin(page, lang, true);
    const selected = page.locator('[data-testid="main-menu"] [aria-current="page"]');
    for (const item of consolePages) {
      const answer = await page.goto(item.path);
      expect(answer?.headers()['content-security-policy'], item.path).toMatch(/script-src 'self' 'sha256-/);
      await expect(page.getByTestId(item.testId), item.path).toBeVisible();
      await expect(selected, item.path).toHaveCount(1);
      await expect(selected.getByTestId(`menu-${item.menu}`), item.path).toBeVisible();
      await settle(page);
      expect(await sidewaysScroll(page), item.path).toBeLessThanOrEqual(0);
      await saveScreenshot(page, testInfo, `${lang}/1440/${item.name}`);
      await checkListsOf(page, item, desktop.width, lang, testInfo);
    }
    // Billing holds Consumption, Statements and Account funds, in that order.
    await page.goto('/billing');
    await expect(
      page.locator(
        '[data-testid="main-menu"] [data-menu-key="billing"][data-open] ul [data-testid^="menu-"]',
      ),
    ).toHaveText(
      lang === 'en-US' ? ['Consumption', 'Statements', 'Account funds'] : ['消费概览', '账单', '账户资金'],
    );
    // The monthly bill highlights Statements.
    await openMonthBill(page, desktop.width);
    await expect(selected.getByTestId('menu-cost')).toBeVisible();
    await saveScreenshot(page, testInfo, `${lang}/1440/month-bill`);
  });

  test(`every page fits a 390 px phone with the menu in a drawer (${lang})`, async ({ page }, testInfo) => {
    test.setTimeout(360_000);
    await page.setViewportSize(phone);
    await signInAdmin(page, lang, true);
    for (const item of consolePages) {
      await page.goto(item.path);
      await expect(page.getByTestId(item.testId), item.path).toBeVisible();
      // No sidebar: the header's menu button opens the menu, and the header keeps a title.
      await expect(page.locator('.cz-sider'), item.path).toHaveCount(0);
      await expect(page.getByTestId('open-menu'), item.path).toBeVisible();
      await settle(page);
      expect(await sidewaysScroll(page), item.path).toBeLessThanOrEqual(0);
      const header = await page.locator('.cz-header').boundingBox();
      expect(header?.width, item.path).toBeLessThanOrEqual(phone.width);
      const title = page.getByTestId('page-title');
      if (await title.count()) {
        // The title is drawn whole: not squeezed out, not cut with an ellipsis.
        const fit = await title.evaluate((el) => ({ width: el.clientWidth, needed: el.scrollWidth }));
        expect(fit.width, `${item.path}: the title keeps its room`).toBeGreaterThan(0);
        expect(fit.needed, `${item.path}: the title is not cut`).toBeLessThanOrEqual(fit.width);
      }
      await saveScreenshot(page, testInfo, `${lang}/390/${item.name}`);
      await checkListsOf(page, item, phone.width, lang, testInfo);
    }
    await openMonthBill(page, phone.width);
    expect(await sidewaysScroll(page), 'month bill').toBeLessThanOrEqual(0);
    await saveScreenshot(page, testInfo, `${lang}/390/month-bill`);
  });
}

test('the menu drawer opens over the page without squeezing it, and the sidebar returns on widening', async ({
  page,
}) => {
  await page.setViewportSize(desktop);
  await signInAdmin(page, 'en-US');
  const sider = page.locator('.cz-sider');
  await expect(sider).toBeVisible();
  expect((await sider.boundingBox())?.width).toBe(240);

  await page.setViewportSize(phone);
  await expect(sider).toHaveCount(0);
  await page.getByTestId('open-menu').click();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer).toBeVisible();
  // The page under the drawer keeps the phone's width.
  expect((await page.locator('#main-content').boundingBox())?.width).toBeGreaterThan(phone.width - 10);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await drawer.getByTestId('menu-billing').click();
  await drawer.getByTestId('menu-consumption').click();
  await page.waitForURL(/\/billing$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('page-title')).toHaveText('Consumption');

  await page.setViewportSize(desktop);
  await expect(sider).toBeVisible();
  expect((await sider.boundingBox())?.width).toBe(240);
  await expect(page.getByTestId('open-menu')).toHaveCount(0);
  await expect(page.locator('[aria-current="page"]').getByTestId('menu-consumption')).toBeVisible();

  // A sidebar the user collapsed stays collapsed through a narrow window and back.
  await page.getByTestId('sider-collapse').click();
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(64);
  await page.setViewportSize(phone);
  await expect(sider).toHaveCount(0);
  await page.setViewportSize(desktop);
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(64);
  await page.getByTestId('sider-collapse').click();
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(240);
});

for (const [lang, size, message] of [
  ['en-US', desktop, 'Session expired, please login again'],
  ['zh-CN', phone, '登录已过期，请重新登录'],
] as const) {
  test(`a session the server ended says so once, then opens /login with the account filled in (${lang}, ${size.width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    await signInAdmin(page, lang);
    // The workbench's own calls answered first: on a busy machine its overview could otherwise
    // leave after the session ended, and take the page to /login before the click.
    await page.waitForLoadState('networkidle');
    const token = (await page.context().cookies()).find((c) => c.name === 'cz_token')?.value;
    expect(token).toBeTruthy();
    const ended = await request.post(`${baseURL()}/api/logout`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(ended.ok()).toBe(true);

    // The next click in the console meets the ended session.
    if (size.width < 992) {
      await page.getByTestId('open-menu').click();
      await page.locator('.cz-menu-drawer').getByTestId('menu-serviceManage').click();
    } else {
      await page.getByTestId('menu-serviceManage').click();
    }
    await page.waitForURL(/\/login\?/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('redirect')).toBe('/serviceManage');
    expect(query.get('account')).toBe(demo.account);
    await expect(page.getByTestId('login-account')).toHaveValue(demo.account);
    const toast = page.getByTestId('toast').filter({ hasText: message });
    await expect(toast).toHaveCount(1);
    await expect(page.getByTestId('toast')).toHaveCount(1);

    // Signing in again returns to the page the click was for; a reload says nothing more.
    await page.getByTestId('login-username').fill(demo.admin.username);
    await page.getByTestId('login-password').fill(demo.admin.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/serviceManage');
    await expect(page.getByTestId('service-manage')).toBeVisible();
  });
}

test('a console page opened after the session expired says so on the login page; a first visit does not', async ({
  page,
  request,
}) => {
  await signInAdmin(page, 'en-US');
  // The console is left first (what it keeps in the browser stays), so that no call of the
  // workbench still on its way meets the ended session and leads to the login page before the
  // page below is opened.
  await page.goto('about:blank');
  const token = (await page.context().cookies()).find((c) => c.name === 'cz_token')?.value;
  await request.post(`${baseURL()}/api/logout`, { headers: { authorization: `Bearer ${token}` }, data: {} });
  await page.goto('/auditManage');
  await page.waitForURL(/\/login\?/);
  await expect(page.getByTestId('login-account')).toHaveValue(demo.account);
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Session expired, please login again' }),
  ).toHaveCount(1);

  // A browser with no session behind it just signs in.
  const fresh = await page.context().browser()?.newPage();
  if (!fresh) throw new Error('no browser');
  await fresh.context().addCookies([{ name: 'cz-lang', value: 'en-US', url: baseURL() }]);
  await fresh.goto(`${baseURL()}/auditManage`);
  await fresh.waitForURL(/\/login\?redirect=/);
  await expect(fresh.getByTestId('login-submit')).toBeVisible();
  await expect(fresh.getByTestId('toast')).toHaveCount(0);
  await fresh.close();
});
