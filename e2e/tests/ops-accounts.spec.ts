/**
 * The back office's accounts (issue 40, item 2), end to end: a support operator finds a freshly
 * registered account by a user's phone and by its company, opens its page, suspends it (the act
 * asks for the authenticator code again when the last proof is older than 15 minutes), the
 * customer's session ends and signing in is refused, then resumes it and the customer signs in
 * again; en-US at 1440 px and zh-CN at 390 px, axe on each page; an auditor reads the same page
 * without any act.
 */

import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { findings, report, settle, type TFinding } from './a11y-checks';
import { baseURL, registerAccount, type TRegisteredAccount } from './helpers';
import {
  enrolledOperator,
  freshCode,
  freshOperatorName,
  opsContext,
  signedInOps,
  type TOperator,
} from './ops-helpers';
import { saveScreenshot } from './screenshots';

test.describe.configure({ mode: 'serial' });

let support: TOperator;
let customer: TRegisteredAccount;
let company: string;

const customerHeaders = (lang = 'en-US') => ({ 'x-cz-client': 'web', 'cz-lang': lang });

/** The customer's sign-in by the call the login form makes: its code (0 when signed in). */
async function customerSignIn(request: APIRequestContext): Promise<number> {
  const res = await request.post(`${baseURL()}/api/login`, {
    headers: customerHeaders(),
    data: { accountDisplayName: customer.account, username: customer.username, password: customer.password },
  });
  return ((await res.json()) as { code: number }).code;
}

/** A call of the signed-in customer's console: its code. */
async function customerCall(request: APIRequestContext): Promise<number> {
  const res = await request.post(`${baseURL()}/api/portal/audit/list`, {
    headers: customerHeaders(),
    data: { pageSize: 5 },
  });
  return ((await res.json()) as { code: number }).code;
}

/** Makes the operator's last proof of the second factor 20 minutes old (as a long session would). */
async function ageSecondFactor(operator: TOperator): Promise<void> {
  const port = new URL(test.info().project.use.baseURL ?? 'http://localhost:8480').port;
  const { databaseUrl } = JSON.parse(readFileSync(join(tmpdir(), `console-e2e-${port}.json`), 'utf8')) as {
    databaseUrl: string | null;
  };
  test.skip(!databaseUrl, 'needs the server on PostgreSQL');
  const db = new pg.Client({ connectionString: databaseUrl ?? '' });
  await db.connect();
  try {
    await db.query(
      `update ops_sessions set second_factor_at = now() - interval '20 minutes'
        where operator_id = (select id from operators where username = $1) and revoked_at is null`,
      [operator.username],
    );
  } finally {
    await db.end();
  }
}

async function axe(page: Page, name: string, found: TFinding[]): Promise<void> {
  await settle(page);
  found.push(...(await findings(page, name)));
}

async function findBy(page: Page, text: string): Promise<void> {
  await page.getByTestId('ops-account-search').locator('input').fill(text);
  await page.getByTestId('ops-account-search').locator('input').press('Enter');
  await expect(page.getByTestId('ops-account-results').getByText(customer.account).first()).toBeVisible();
}

async function act(page: Page, which: 'suspend' | 'resume', reason: string): Promise<void> {
  await page.getByTestId(`ops-act-${which}`).click();
  await page.getByTestId('ops-act-reason').fill(reason);
  await page.getByTestId('ops-act-confirm').click();
}

test('a support operator finds an account by phone and company, suspends it with a step-up and resumes it (en-US, 1440)', async ({
  browser,
  request,
}, testInfo) => {
  support = await enrolledOperator(request, freshOperatorName('supp'), 'support');
  // The customer: a fresh account registered through the pages, with a company of its own.
  const customerContext = await browser.newContext({ baseURL: baseURL() });
  const customerPage = await customerContext.newPage();
  customer = await registerAccount(customerPage, customerContext.request);
  company = `Opsspec ${Date.now().toString(36)} Trading`;
  expect(await customerSignIn(customerContext.request)).toBe(0);
  const renamed = await customerContext.request.post(`${baseURL()}/api/portal/account/updateAccountInfo`, {
    headers: customerHeaders(),
    data: { companyName: company },
  });
  expect(((await renamed.json()) as { code: number }).code).toBe(0);
  expect(await customerCall(customerContext.request)).toBe(0);

  const context = await opsContext(browser, 'en-US');
  const page = await context.newPage();
  const found: TFinding[] = [];
  await signedInOps(page, support, '/accounts');
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  await axe(page, 'accounts search', found);

  // By a fragment of the user's phone, then by the company.
  await findBy(page, customer.phone.slice(2, 10));
  await expect(page.getByTestId('ops-account-results')).toContainText('Phone');
  await findBy(page, company.split(' ')[1] ?? company);
  await expect(page.getByTestId('ops-account-results')).toContainText(company);
  await axe(page, 'accounts results', found);
  await saveScreenshot(page, testInfo, 'ops-accounts/search-en-US-1440');

  await page.getByTestId('ops-account-results').getByTestId('ops-account-link').first().click();
  await expect(page.getByTestId('ops-account-title')).toHaveText(customer.account);
  await expect(page.getByTestId('ops-account-status')).toHaveText('Active');
  await expect(page.getByTestId('ops-account-users')).toContainText(customer.username);
  await expect(page.getByTestId('ops-account-funds')).toContainText('0.00');
  await axe(page, 'account page', found);
  await saveScreenshot(page, testInfo, 'ops-accounts/account-en-US-1440', { fullPage: true });

  // Suspend: the last proof is old, so the authenticator code is asked first; then the act runs.
  await ageSecondFactor(support);
  await act(page, 'suspend', 'Payment fraud reported by the bank');
  await expect(page.getByTestId('ops-step-up-code')).toBeVisible();
  await page.getByTestId('ops-step-up-code').fill(await freshCode(support.secret ?? ''));
  await page.getByTestId('ops-step-up-code').press('Enter');
  await expect(page.getByTestId('ops-account-status')).toHaveText('Suspended');
  await expect(page.getByTestId('ops-account-audit')).toContainText('Platform operator (Support)');
  await expect(page.getByTestId('ops-account-audit')).toContainText('Payment fraud reported by the bank');

  // The customer's session ended (4004: ended by the server), and signing in is refused.
  expect(await customerCall(customerContext.request)).toBe(4004);
  await customerPage.goto('/workbench');
  await customerPage.waitForURL(/\/login/);
  expect(await customerSignIn(customerContext.request)).toBe(4023);

  await act(page, 'resume', 'The bank withdrew the report');
  await expect(page.getByTestId('ops-account-status')).toHaveText('Active');
  expect(await customerSignIn(customerContext.request)).toBe(0);

  expect(found, report(found)).toEqual([]);
  await customerContext.close();
  await context.close();
});

test('zh-CN at 390 px: the search and the account page fit the phone; suspend and resume', async ({
  browser,
}, testInfo) => {
  test.skip(!customer || !support, 'needs the account and the operator of the test before');
  const context = await opsContext(browser, 'zh-CN', { width: 390, height: 844 });
  const page = await context.newPage();
  const found: TFinding[] = [];
  await signedInOps(page, support, '/accounts');
  await expect(page.getByRole('heading', { name: '账户', level: 1 })).toBeVisible();
  await findBy(page, customer.phone);
  await axe(page, 'accounts results zh-CN 390', found);
  await saveScreenshot(page, testInfo, 'ops-accounts/search-zh-CN-390', { fullPage: true });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.getByTestId('ops-account-results').getByTestId('ops-account-link').first().click();
  await expect(page.getByTestId('ops-account-status')).toHaveText('正常');
  await expect(page.getByTestId('ops-account-trial')).toContainText('剩余');
  expect(await overflow()).toBeLessThanOrEqual(0);
  await axe(page, 'account page zh-CN 390', found);
  await saveScreenshot(page, testInfo, 'ops-accounts/account-zh-CN-390', { fullPage: true });

  await act(page, 'suspend', '核实账户归属');
  await expect(page.getByTestId('ops-account-status')).toHaveText('已暂停');
  await expect(page.getByTestId('ops-account-audit')).toContainText('平台运营方（客服支持）');
  await act(page, 'resume', '核实完成');
  await expect(page.getByTestId('ops-account-status')).toHaveText('正常');

  expect(found, report(found)).toEqual([]);
  await context.close();
});

test('an auditor reads the account page and sees no act', async ({ browser, request }) => {
  test.skip(!customer, 'needs the account of the first test');
  const auditor = await enrolledOperator(request, freshOperatorName('aud'), 'auditor');
  const context = await opsContext(browser, 'en-US');
  const page = await context.newPage();
  await signedInOps(page, auditor, '/accounts');
  await findBy(page, customer.account);
  await expect(page.getByTestId('ops-create-account')).toHaveCount(0);
  await page.getByTestId('ops-account-results').getByTestId('ops-account-link').first().click();
  await expect(page.getByTestId('ops-account-status')).toHaveText('Active');
  await expect(page.getByTestId('ops-account-audit')).toContainText('The bank withdrew the report');
  await expect(page.getByTestId('ops-act-suspend')).toHaveCount(0);
  await expect(page.getByTestId('ops-act-extendTrial')).toHaveCount(0);
  await context.close();
});
