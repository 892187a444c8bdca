/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) on every page of the console, in Chinese and
 * in English: the public pages signed out (desktop, and the mobile login on a phone), the console
 * pages as the demo administrator, and the main dialogs and popovers open. No violation of impact
 * serious or critical may remain; the failure message lists each with its rule, help and targets.
 * The pages are checked in groups, a test and a browser context each, that run in parallel; within
 * a group they are visited one after another.
 */

import {
  newContext,
  report,
  signedInContext,
  type TCheck,
  type TFinding,
  visit,
  visitAll,
} from './a11y-checks';
import { devices, expect, test } from './fixtures';
import { demo, fillLogin, gotoLogin, type TLang } from './helpers';

const { defaultBrowserType: _browser, ...iphone } = devices['iPhone 13'];
const languages: readonly TLang[] = ['zh-CN', 'en-US'];

/** Public pages, signed out (`/login` with its variants, recovery, registration, status pages). */
const publicPages: readonly TCheck[] = [
  { name: 'login', path: '/login', ready: 'login-submit' },
  {
    name: 'login: help panel',
    open: async (page) => {
      await page.getByTestId('help-button').click();
      await expect(page.getByTestId('help-panel')).toBeVisible();
    },
  },
  {
    name: 'login: single sign-on redirect',
    path: '/login?account=demo&ssoRedirect=true',
    ready: 'login-form',
  },
  { name: 'register', path: '/register', ready: 'register-form' },
  { name: 'aws-register (no token)', path: '/aws-register' },
  { name: 'findAccount', path: '/findAccount' },
  { name: 'findUsername', path: '/findUsername' },
  { name: 'findPassword', path: '/findPassword?username=someone' },
  { name: 'noAuth', path: '/noAuth', ready: 'status-403' },
  { name: 'noFound', path: '/noFound', ready: 'status-404' },
  {
    name: 'sso-error',
    path: `/sso-error?errMsg=${encodeURIComponent('The identity provider refused the sign-in')}`,
    ready: 'sso-error-message',
  },
  {
    name: 'confirm-change (invalid link)',
    path: '/confirm-change?t=not-a-real-token',
    ready: 'confirm-change-invalid',
  },
  {
    name: 'invitation (invalid link)',
    path: '/userManage/1?token=not-a-real-token',
    ready: 'invitation-refused',
  },
  { name: 'faceRecognition (no token)', path: '/faceRecognition' },
  { name: 'faceRecognitionSuccessful', path: '/faceRecognitionSuccessful', ready: 'face-success-page' },
  { name: 'dev outbox', path: '/dev/outbox', ready: 'outbox-page' },
];

/** Console pages as the demo administrator, with the main dialogs, drawers and popovers open. */
const consolePages: readonly TCheck[] = [
  { name: 'workbench', path: '/workbench', ready: 'workbench', inApp: true },
  {
    name: 'workbench: user popover',
    open: async (page) => {
      await page.getByTestId('user-menu').click();
      await expect(page.getByTestId('user-popover')).toBeVisible();
    },
  },
  { name: 'account center', path: '/accountManage/accountInfo', ready: 'account-center', inApp: true },
  {
    name: 'account center: password policy dialog',
    open: async (page) => {
      await page.getByTestId('policy-edit').click();
      await expect(page.getByTestId('policy-dialog')).toBeVisible();
    },
  },
  {
    name: 'account center: change password dialog',
    path: '/workbench?password_edit=1',
    ready: 'change-password-dialog',
  },
  { name: 'certification', path: '/accountManage/accountInfo/authentication', inApp: true },
  { name: 'users', path: '/accountManage/userManage', ready: 'user-manage', inApp: true },
  {
    name: 'users: new user dialog',
    open: async (page) => {
      await page.getByTestId('add-user').click();
      await expect(page.getByTestId('user-dialog')).toBeVisible();
    },
  },
  { name: 'single sign-on', path: '/accountManage/sso', ready: 'sso-page', inApp: true },
  { name: 'services', path: '/serviceManage', ready: 'service-manage', inApp: true },
  {
    name: 'Insight users',
    path: '/serviceManage',
    ready: 'service-manage',
    inApp: true,
    open: async (page) => {
      await page.getByTestId('service-section-hengshi').getByTestId('insight-manage-users').click();
      await page.waitForURL('**/serviceManage/insightUserManage');
      await expect(page.getByTestId('insight-user-manage')).toBeVisible();
    },
  },
];

/** Where the users and services part of the console pages starts (its checks open from there). */
const usersPagesFrom = consolePages.findIndex((c) => c.name === 'users');

/** Billing and audit, as the demo administrator. */
const billingPages: readonly TCheck[] = [
  { name: 'billing overview', path: '/billing', ready: 'billing-overview', inApp: true },
  { name: 'billing webhooks', path: '/billing?tab=webhooks', ready: 'webhooks-panel', inApp: true },
  {
    name: 'billing webhooks: new webhook dialog',
    open: async (page) => {
      await page.getByTestId('webhook-add').click();
      await expect(page.getByTestId('webhook-dialog')).toBeVisible();
    },
  },
  { name: 'billing statements', path: '/billing/cost', ready: 'billing-cost', inApp: true },
  {
    name: 'month statement',
    open: async (page) => {
      await page.getByTestId('statement-month').first().click();
      await page.waitForURL(/\/billing\/cost\/month\/\d+$/);
      await expect(page.getByTestId('month-bill')).toBeVisible();
    },
  },
  { name: 'funds', path: '/billing/balance', inApp: true },
  { name: 'top-up', path: '/billing/balance/topUp', ready: 'billing-top-up', inApp: true },
  { name: 'audit', path: '/auditManage', ready: 'audit-page', inApp: true },
  {
    name: 'audit: details drawer',
    open: async (page) => {
      await page.getByTestId('audit-row-details').first().click();
      await expect(page.getByTestId('audit-details')).toBeVisible();
    },
  },
];

/** Where the funds and audit part of billing and audit starts (a test of its own). */
const fundsPagesFrom = billingPages.findIndex((c) => c.name === 'funds');
/** Where the second part of the public pages starts. */
const statusPagesFrom = publicPages.findIndex((c) => c.name === 'noAuth');

test.describe.configure({ mode: 'parallel' });

for (const lang of languages) {
  test.describe(`accessibility in ${lang}`, () => {
    for (const [title, checks] of [
      ['login, registration and recovery pages', publicPages.slice(0, statusPagesFrom)],
      ['status and link pages', publicPages.slice(statusPagesFrom)],
    ] as const) {
      test(`public ${title} have no serious or critical violation`, async ({ browser }) => {
        const context = await newContext(browser, lang);
        const page = await context.newPage();
        const found = await visitAll(page, checks, lang);
        await context.close();
        expect(found.length, report(found)).toBe(0);
      });
    }

    test('the mobile login has no serious or critical violation', async ({ browser }) => {
      // The mobile login of a phone (the welcome page, then the form).
      const phone = await newContext(browser, lang, { ...iphone, viewport: { width: 375, height: 667 } });
      const mobile = await phone.newPage();
      const found: TFinding[] = [];
      found.push(
        ...(await visit(mobile, {
          name: 'mobile login: welcome',
          path: '/login',
          ready: 'mobile-login-welcome',
        })),
      );
      found.push(
        ...(await visit(mobile, {
          name: 'mobile login: form',
          open: async (p) => {
            await p.getByTestId('mobile-login-start').click();
            await expect(p.getByTestId('mobile-login')).toBeVisible();
          },
        })),
      );
      await phone.close();
      expect(found.length, report(found)).toBe(0);
    });

    // The workbench and account center, from the login form's sign-in.
    test('workbench and account center pages have no serious or critical violation', async ({ browser }) => {
      const context = await newContext(browser, lang);
      const page = await context.newPage();
      await gotoLogin(page);
      await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/workbench');
      const found = await visitAll(page, consolePages.slice(0, usersPagesFrom), lang);
      await context.close();
      expect(found.length, report(found)).toBe(0);
    });

    // The other console pages, signed in by the login call the form makes.
    for (const [title, checks] of [
      ['users and services pages', consolePages.slice(usersPagesFrom)],
      ['billing pages', billingPages.slice(0, fundsPagesFrom)],
      ['funds and audit pages', billingPages.slice(fundsPagesFrom)],
    ] as const) {
      test(`${title} have no serious or critical violation`, async ({ browser }) => {
        const context = await signedInContext(browser, lang, demo.account, demo.admin);
        const page = await context.newPage();
        const found = await visitAll(page, checks, lang);
        await context.close();
        expect(found.length, report(found)).toBe(0);
      });
    }
  });
}
