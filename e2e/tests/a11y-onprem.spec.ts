/**
 * Accessibility of the on-premise, international edition (project `onprem-international`: English by
 * default, console paths under `/accounts/{id}`, the Huawei-cloud license screen): axe-core (WCAG
 * 2.0/2.1 A and AA) in both languages, on the login page with its help panel and license screen and
 * on the main console pages as the demo administrator. No serious or critical violation may remain.
 * The cloud edition's pages are a11y.spec.ts. The groups of pages run in parallel.
 */

import { newContext, report, signedInContext, type TCheck, visitAll } from './a11y-checks';
import { expect, test } from './fixtures';
import { demo, fillLogin, gotoLogin, type TLang } from './helpers';

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
  { name: 'workbench', path: '/workbench', ready: 'workbench', inApp: true },
  { name: 'account center', path: '/accountManage/accountInfo', ready: 'account-center', inApp: true },
  { name: 'users', path: '/accountManage/userManage', ready: 'user-manage', inApp: true },
  { name: 'services', path: '/serviceManage', ready: 'service-manage', inApp: true },
];

const billingPages: readonly TCheck[] = [
  { name: 'billing overview', path: '/billing', ready: 'billing-overview', inApp: true },
  { name: 'funds', path: '/billing/balance', inApp: true },
  { name: 'audit', path: '/auditManage', ready: 'audit-page', inApp: true },
];

test.describe.configure({ mode: 'parallel' });

for (const lang of languages) {
  test(`on-premise login pages in ${lang} have no serious or critical accessibility violation`, async ({
    browser,
  }) => {
    const context = await newContext(browser, lang);
    const page = await context.newPage();
    const found = await visitAll(page, pages, lang);
    await context.close();
    expect(found.length, report(found)).toBe(0);
  });

  test(`on-premise console pages in ${lang} have no serious or critical accessibility violation`, async ({
    browser,
  }) => {
    const context = await newContext(browser, lang);
    const page = await context.newPage();
    await gotoLogin(page);
    await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/accounts\/\d+\/workbench$/);
    const found = await visitAll(page, consolePages, lang);
    await context.close();
    expect(found.length, report(found)).toBe(0);
  });

  test(`on-premise billing and audit pages in ${lang} have no serious or critical accessibility violation`, async ({
    browser,
  }) => {
    const context = await signedInContext(browser, lang, demo.account, demo.admin);
    const page = await context.newPage();
    const found = await visitAll(page, billingPages, lang);
    await context.close();
    expect(found.length, report(found)).toBe(0);
  });
}
