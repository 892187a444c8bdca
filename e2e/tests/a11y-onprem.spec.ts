/**
 * Accessibility of the on-premise, international edition (project `onprem-international`: English by
 * default, console paths under `/accounts/{id}`, the Huawei-cloud license screen): axe-core (WCAG
 * 2.0/2.1 A and AA) in both languages, on the login page with its help panel and license screen and
 * on the main console pages as the demo administrator. No serious or critical violation may remain.
 * The cloud edition's pages are a11y.spec.ts.
 */

import { newContext, report, type TCheck, type TFinding, visit } from './a11y-checks';
import { expect, test } from './fixtures';
import { demo, fillLogin, type TLang } from './helpers';

const languages: readonly TLang[] = ['en-US', 'zh-CN'];

const pages: readonly TCheck[] = [
  { name: 'login', path: '/login', ready: 'login-submit' },
  {
    name: 'login: help panel',
    open: async (page) => {
      await page.getByTestId('help-button').click();
      await expect(page.getByTestId('help-panel')).toBeVisible();
    },
  },
  {
    name: 'login: license screen',
    path: '/login',
    ready: 'login-license',
    open: async (page) => {
      await page.getByTestId('login-license').click();
      await expect(page.getByTestId('license-screen')).toBeVisible();
    },
  },
];

/** Console paths without the account prefix: the console puts the session's account in front. */
const consolePages: readonly TCheck[] = [
  { name: 'workbench', path: '/workbench', ready: 'workbench' },
  { name: 'account center', path: '/accountManage/accountInfo', ready: 'account-center' },
  { name: 'users', path: '/accountManage/userManage', ready: 'user-manage' },
  { name: 'services', path: '/serviceManage', ready: 'service-manage' },
  { name: 'billing overview', path: '/billing', ready: 'billing-overview' },
  { name: 'funds', path: '/billing/balance' },
  { name: 'audit', path: '/auditManage', ready: 'audit-page' },
];

for (const lang of languages) {
  test(`on-premise pages in ${lang} have no serious or critical accessibility violation`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await newContext(browser, lang);
    const page = await context.newPage();
    const found: TFinding[] = [];
    for (const check of pages) found.push(...(await visit(page, check, lang)));
    await page.goto('/login');
    await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/accounts\/\d+\/workbench$/);
    for (const check of consolePages) found.push(...(await visit(page, check, lang)));
    await context.close();
    expect(found.length, report(found)).toBe(0);
  });
}
