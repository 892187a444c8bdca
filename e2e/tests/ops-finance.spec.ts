/**
 * The back office's finance in the browser (issue 40 item 5): an adjustment above the approval
 * threshold (OPS_ADJUSTMENT_APPROVAL_FEN, ¥10,000.00 by default) waits for a second finance
 * operator: the first submits it and the customer's balance does not move; another approves it
 * from a phone, in Chinese; the customer's balance then shows it, once, as a platform adjustment.
 * An auditor reads every finance page, whose acts are disabled, and the server refuses them too.
 * Pages in both languages at 1440 and 390 px, axe-checked, screenshots kept.
 */
import type { Browser, Page } from '@playwright/test';
import { findings, report, settle } from './a11y-checks';
import { expect, test } from './fixtures';
import { registerAccount, signInTo, type TLang } from './helpers';
import {
  enrolledOperator,
  freshOperatorName,
  opsContext,
  opsURL,
  signedInOps,
  type TOperator,
} from './ops-helpers';
import { saveScreenshot } from './screenshots';

const writeHeaders = { 'x-cz-client': 'web', 'cz-lang': 'en-US' };
const narrow = { width: 390, height: 844 };

async function financePage(browser: Browser, operator: TOperator, lang: TLang, viewport?: typeof narrow) {
  const context = await opsContext(browser, lang, viewport);
  const page = await context.newPage();
  await signedInOps(page, operator, '/finance');
  await expect(page.getByTestId('ops-finance')).toBeVisible();
  return { context, page };
}

async function cashOf(page: Page): Promise<string | null> {
  await page.goto('/billing/balance');
  const cash = page.getByTestId('funds-cash');
  await expect(cash).toBeVisible();
  return cash.getAttribute('data-value');
}

async function noAxeFindings(page: Page, name: string, ready: string) {
  await settle(page, ready);
  const found = await findings(page, name);
  expect(found, report(found)).toEqual([]);
}

test('an adjustment above the threshold waits for a second finance operator, then credits the customer once', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  // A customer account of its own, whose balance no other test moves.
  const owner = await registerAccount(page, request);
  await signInTo(page, owner.account, owner);
  expect(await cashOf(page)).toBe('0.00');

  const first = await enrolledOperator(request, freshOperatorName('fin.a'), 'finance');
  const second = await enrolledOperator(request, freshOperatorName('fin.b'), 'finance');

  // The first finance operator submits ¥10,000.01, above the threshold: it waits.
  const a = await financePage(browser, first, 'en-US');
  await expect(a.page.getByTestId('ops-adjustment-form')).toContainText('¥10,000.00');
  await a.page.getByTestId('ops-adjustment-account').fill(owner.account);
  await a.page.getByTestId('ops-adjustment-amount').fill('10000.01');
  await a.page.getByTestId('ops-adjustment-reason').fill('Settlement of SLA claim 4711');
  await a.page.getByTestId('ops-adjustment-submit').click();
  await expect(a.page.getByTestId('ops-adjustment-outcome')).toContainText(
    'waits for another finance operator',
  );
  const mine = a.page.getByTestId('ops-pending-row').filter({ hasText: owner.account });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId('ops-pending-amount')).toHaveText('+¥10,000.01');
  // The requester sees theirs waiting, and cannot decide it.
  await expect(mine.getByTestId('ops-pending-yours')).toBeVisible();
  await expect(mine.getByTestId('ops-pending-approve')).toHaveCount(0);
  await noAxeFindings(a.page, 'ops finance (en-US, 1440)', 'ops-adjustments-pending');
  await saveScreenshot(a.page, testInfo, 'ops-finance-adjustments-en-1440');
  // Nor does the server let the requester approve it.
  const adjustmentId = Number(await mine.getAttribute('data-id'));
  const own = await a.page.request.post(`${opsURL}/api/ops/finance/adjustments/approve`, {
    headers: writeHeaders,
    data: { adjustmentId },
  });
  expect((await own.json()).code).toBe(4368);

  // The customer's balance has not moved.
  expect(await cashOf(page)).toBe('0.00');

  // A second finance operator approves it from a phone, in Chinese.
  const b = await financePage(browser, second, 'zh-CN', narrow);
  const waiting = b.page.getByTestId('ops-pending-row').filter({ hasText: owner.account });
  await expect(waiting.getByTestId('ops-pending-amount')).toHaveText(/^\+¥10,000\.01$/);
  await noAxeFindings(b.page, 'ops finance (zh-CN, 390)', 'ops-adjustments-pending');
  await saveScreenshot(b.page, testInfo, 'ops-finance-adjustments-zh-390');
  // Nothing of the page is wider than the phone: the tables scroll inside their cards.
  const overflow = await b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await waiting.getByTestId('ops-pending-approve').click();
  await b.page.getByTestId('ops-adjustment-note').fill('已核对工单');
  await b.page.getByTestId('ops-adjustment-decide-ok').click();
  await expect(b.page.getByTestId('toast')).toContainText('已批准');
  await expect(b.page.getByTestId('ops-pending-row').filter({ hasText: owner.account })).toHaveCount(0);

  // Approving again changes nothing.
  const again = await b.page.request.post(`${opsURL}/api/ops/finance/adjustments/approve`, {
    headers: writeHeaders,
    data: { adjustmentId },
  });
  expect((await again.json()).code).toBe(4367);

  // The customer's balance shows it once, as the platform's adjustment with its reason.
  expect(await cashOf(page)).toBe('10000.01');
  await page.goto('/billing/balance?tab=transactions');
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('transaction-channel')).toHaveText('Platform adjustment');
  await expect(rows.first().getByTestId('transaction-amount')).toHaveAttribute('data-value', '10000.01');
  await expect(rows.first()).toContainText('Settlement of SLA claim 4711');

  // The first operator's list shows it applied, decided by the second.
  await a.page.reload();
  const applied = a.page.getByTestId('ops-adjustment-row').filter({ hasText: owner.account });
  await expect(applied.getByTestId('ops-adjustment-status')).toHaveAttribute('data-status', 'applied');
  await expect(applied).toContainText(second.username);
  await a.context.close();
  await b.context.close();
});

test('an auditor reads the finance pages, whose acts are disabled, and the server refuses every change', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const auditor = await enrolledOperator(request, freshOperatorName('fin.audit'), 'auditor');
  for (const [lang, viewport, size] of [
    ['zh-CN', undefined, '1440'],
    ['en-US', narrow, '390'],
  ] as const) {
    const { context, page } = await financePage(browser, auditor, lang, viewport);
    await expect(page.getByTestId('ops-finance-read-only')).toBeVisible();
    await expect(page.getByTestId('ops-adjustment-submit')).toBeDisabled();
    await expect(page.getByTestId('ops-adjustment-amount')).toBeDisabled();
    for (const button of await page.getByTestId('ops-pending-approve').all())
      await expect(button).toBeDisabled();
    await noAxeFindings(page, `ops finance, auditor (${lang}, ${size})`, 'ops-adjustments-pending');
    await saveScreenshot(page, testInfo, `ops-finance-auditor-${lang === 'zh-CN' ? 'zh' : 'en'}-${size}`);

    await page.getByTestId('ops-finance-tab-vouchers').click();
    await expect(page.getByTestId('ops-vouchers')).toBeVisible();
    await expect(page.getByTestId('ops-voucher-issue')).toBeDisabled();
    for (const button of await page.getByTestId('ops-voucher-void').all())
      await expect(button).toBeDisabled();
    await noAxeFindings(page, `ops vouchers, auditor (${lang}, ${size})`, 'ops-vouchers');
    await saveScreenshot(page, testInfo, `ops-finance-vouchers-${lang === 'zh-CN' ? 'zh' : 'en'}-${size}`);

    await page.getByTestId('ops-finance-tab-discounts').click();
    await expect(page.getByTestId('ops-discount-set')).toBeDisabled();

    await page.getByTestId('ops-finance-tab-topUp').click();
    await page.getByTestId('ops-top-up-search').locator('input').fill('NoSuchOrder000000000001');
    await page.getByTestId('ops-top-up-search').locator('input').press('Enter');
    await expect(page.getByTestId('ops-top-up-error')).toBeVisible();
    await saveScreenshot(page, testInfo, `ops-finance-top-up-${lang === 'zh-CN' ? 'zh' : 'en'}-${size}`);

    // Whatever the page shows, the server refuses the auditor every change (4309).
    const refusals: [string, Record<string, unknown>][] = [
      ['/api/ops/finance/adjustments', { account: 'demo', direction: 'credit', amountFen: 100, reason: 'x' }],
      ['/api/ops/finance/adjustments/approve', { adjustmentId: 1 }],
      ['/api/ops/finance/adjustments/reject', { adjustmentId: 1, reason: 'x' }],
      ['/api/ops/finance/vouchers/issue', { account: 'demo', faceFen: 100, reason: 'x' }],
      ['/api/ops/finance/vouchers/void', { code: 'VXXXXXXXXXXXX', reason: 'x' }],
      ['/api/ops/finance/discounts/set', { account: 'demo', category: '*', rate: '0.9', reason: 'x' }],
      ['/api/ops/finance/discounts/remove', { account: 'demo', category: '*', reason: 'x' }],
    ];
    for (const [path, data] of refusals) {
      const res = await page.request.post(`${opsURL}${path}`, { headers: writeHeaders, data });
      expect((await res.json()).code, path).toBe(4309);
    }
    await context.close();
  }
});
