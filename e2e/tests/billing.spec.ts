import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from './fixtures';
import { demo, signIn, signInByCall, type TLang } from './helpers';
import { checkList } from './list-checks';

/**
 * Billing as the demo administrator (the demo seed has 90 days of usage, top-ups, a voucher and
 * the statements of the closed months): a WeChat Pay top-up through the development payment
 * gateway, last month's statement and its export, and a webhook with a test message to a local
 * receiver; a webhook signed with Standard Webhooks (its secret shown once, a signature the
 * receiver verifies, a new secret on request) and the page's explanation of how to verify. What
 * the bill reads, in both languages (decision 0037): the statements' columns all in view at
 * 1440 px, the arrears each month incurred and whether they are settled, the month's bill saying
 * the same with units in the page's language, no discount rate for a day without consumption,
 * today drawn as the day under way, and the used-up welcome voucher named in the page's language.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-5);

/** The previous month (YYYY-MM) in billing time (UTC+8). */
function lastMonth(): string {
  const now = new Date(Date.now() + 8 * 3_600_000);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function openBalance(page: Page) {
  await page.goto('/billing/balance');
  await expect(page.getByTestId('billing-balance')).toBeVisible();
  await expect(page.getByTestId('funds-cash')).toBeVisible();
}

test('tops up 100 yuan with WeChat Pay through the development gateway and sees the balance and the transaction', async ({
  page,
}) => {
  await signIn(page, demo.admin, 'zh-CN');
  // The workbench's billing cards lead to the top-up.
  await expect(page.getByTestId('workbench-consumption')).toBeVisible();
  await expect(page.getByTestId('workbench-cash')).toBeVisible();

  await openBalance(page);
  const before = await page.getByTestId('funds-cash').getAttribute('data-value');
  await page.getByTestId('funds-top-up').click();
  await page.waitForURL('**/billing/balance/topUp');
  await expect(page.getByTestId('page-title')).toHaveText('充值');

  await page.getByTestId('top-up-method-wechat').click();
  await page.getByTestId('top-up-quick-100').click();
  await page.getByTestId('top-up-agreement').check();
  await page.getByTestId('top-up-pay').click();
  await expect(page.getByTestId('top-up-qr')).toBeVisible();
  await expect(page.getByTestId('top-up-amount')).toContainText('¥100.00');

  // "Scan": the QR code's content is the development gateway's page; pay there.
  const href = await page.getByTestId('top-up-dev-link').getAttribute('href');
  expect(href).toMatch(/\/api\/dev\/pay\//);
  const gateway = await page.context().newPage();
  await gateway.goto(href as string);
  await expect(gateway.getByTestId('amount')).toContainText('100.00');
  await gateway.locator('#pay').click();
  await expect(gateway.getByTestId('outcome')).toBeVisible();
  await gateway.close();

  // The page was polling: it shows the success state with the new balance.
  await expect(page.getByTestId('top-up-paid')).toBeVisible({ timeout: 30_000 });
  const balance = page.getByTestId('top-up-new-balance');
  await expect(balance).toBeVisible();
  const after = await balance.getAttribute('data-value');
  expect(after).not.toBe(before);

  // The recharge is the newest transaction.
  await page.getByTestId('top-up-to-transactions').click();
  await page.waitForURL('**/billing/balance?tab=transactions');
  await expect(page.getByTestId('funds-cash')).toHaveAttribute('data-value', after as string);
  const newest = page.getByTestId('transaction-row').first();
  await expect(newest).toHaveAttribute('data-type', 'recharge');
  await expect(newest.getByTestId('transaction-channel')).toHaveAttribute('data-channel', 'wechat');
  await expect(newest.getByTestId('transaction-amount')).toHaveAttribute('data-value', '100.00');
});

test('an English page of the domestic edition shows one currency for a top-up: the field, the payment page and the result', async ({
  page,
}) => {
  await signIn(page, demo.admin, 'en-US');
  await expect(page.getByTestId('workbench-cash')).toHaveText(/^¥[\d,]+\.\d{2}$/);
  await page.goto('/billing/balance/topUp');
  await expect(page.getByTestId('page-title')).toHaveText('Top up');
  await page.getByTestId('top-up-method-wechat').click();
  const field = page.getByTestId('top-up-amount-input');
  await expect(field).toHaveAttribute('placeholder', 'Amount in CNY');
  await expect(page.getByTestId('top-up-online').locator('.ant-input-prefix')).toHaveText('¥');
  await field.fill('100');
  await page.getByTestId('top-up-agreement').check();
  await page.getByTestId('top-up-pay').click();
  await expect(page.getByTestId('top-up-amount')).toHaveText('Amount: ¥100.00');

  const href = await page.getByTestId('top-up-dev-link').getAttribute('href');
  const gateway = await page.context().newPage();
  await gateway.goto(href as string);
  await expect(gateway.getByTestId('amount')).toHaveText('¥ 100.00');
  await gateway.locator('#pay').click();
  await expect(gateway.getByTestId('outcome')).toBeVisible();
  await gateway.close();

  const paid = page.getByTestId('top-up-paid');
  await expect(paid).toBeVisible({ timeout: 30_000 });
  await expect(paid).toContainText('¥100.00 was added to your cash account.');
  await expect(page.getByTestId('top-up-new-balance')).toHaveText(/^Cash balance: ¥[\d,]+\.\d{2}$/);
});

test("opens last month's statement from the statements and exports it", async ({ page }) => {
  await signInByCall(page, demo.admin, 'en-US');
  await page.goto('/billing/cost');
  await expect(page.getByTestId('page-title')).toHaveText('Statements');
  const row = page.locator(`[data-testid="statement-row"][data-month="${lastMonth()}"]`);
  await expect(row).toBeVisible();
  await row.getByTestId('statement-month').click();
  await page.waitForURL(/\/billing\/cost\/month\/\d+$/);
  await expect(page.getByTestId('month-title')).toContainText(lastMonth());
  await expect(page.getByTestId('month-line').first()).toBeVisible();
  // The domestic edition bills in CNY: an English page keeps the yuan sign (decision 0016).
  await expect(page.getByTestId('month-discounted')).toHaveText(/^¥[\d,]+\.\d{2}$/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('month-export-xlsx').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = await download.path();
  expect(path).toBeTruthy();

  // Back goes to the statements.
  await page.getByTestId('header-back').click();
  await page.waitForURL(/\/billing\/cost$/);
});

/** The billing day (UTC+8) `days` days from today, YYYY-MM-DD. */
function billingDay(days: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

test('a custom range applies only with both days: until then no figures, and the export says why, in both languages', async ({
  page,
}) => {
  await signInByCall(page, demo.admin, 'en-US');
  await page.goto('/billing');
  await expect(page.getByTestId('billing-summary')).toBeVisible();
  await expect(page.getByTestId('billing-detail-row').first()).toBeVisible();

  await page.getByTestId('billing-range-custom').click();
  const help = page.getByTestId('billing-custom-range-help');
  await expect(help).toHaveText('Choose the start date and the end date of the custom range');
  await expect(page.getByTestId('billing-range-incomplete')).toBeVisible();
  // No figures of the last 30 days under "Custom".
  await expect(page.getByTestId('billing-summary')).toHaveCount(0);
  await expect(page.getByTestId('billing-detail-row')).toHaveCount(0);
  await expect(page.getByTestId('billing-export-xlsx')).toBeDisabled();
  await expect(page.getByTestId('billing-export-csv')).toBeDisabled();
  await page.getByTestId('billing-export-blocked').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Choose the start date and the end date of the custom range to export its bill details',
  );

  // Both days: the range applies, with a column for each of its days.
  const start = billingDay(-7);
  const end = billingDay(-1);
  const first = page.getByRole('textbox', { name: 'Start date' });
  const last = page.getByRole('textbox', { name: 'End date' });
  await first.click();
  await first.fill(start);
  await first.press('Enter');
  await last.fill(end);
  await last.press('Enter');
  await expect(page.getByTestId('billing-summary')).toContainText(`${start} to ${end}`);
  await expect(help).toHaveCount(0);
  await expect(page.getByTestId('billing-trend-chart')).toHaveAttribute('data-points', '7');
  await expect(page.getByTestId('billing-export-xlsx')).toBeEnabled();

  // The same in Chinese.
  await page.context().addCookies([{ name: 'cz-lang', value: 'zh-CN', url: page.url() }]);
  await page.reload();
  await expect(page.getByTestId('billing-summary')).toBeVisible();
  await page.getByTestId('billing-range-custom').click();
  await expect(help).toHaveText('请选择自定义时间范围的开始日期和结束日期');
  await expect(page.getByTestId('billing-export-csv')).toBeDisabled();
  await page.getByTestId('billing-export-blocked').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    '请先选择自定义时间范围的开始日期和结束日期，再导出账单明细',
  );
});

const reads = {
  'en-US': {
    arrears: 'Arrears incurred (CNY)',
    settled: 'Settled',
    owed: 'Still owed',
    unit: /\d CRU-hour$/,
    noRate: 'Discount rate -',
    partial: 'Today is not over',
    voucher: 'Welcome voucher',
    usedUp: 'Used up',
    inEffect: 'In effect',
  },
  'zh-CN': {
    arrears: '产生欠费（CNY）',
    settled: '已结清',
    owed: '尚欠金额',
    unit: /\d CRU·小时$/,
    noRate: '折扣率 -',
    partial: '今日尚未结束',
    voucher: '新用户欢迎代金券',
    usedUp: '已用完',
    inEffect: '生效中',
  },
} as const satisfies Record<TLang, unknown>;

for (const lang of ['en-US', 'zh-CN'] as const) {
  const words = reads[lang];

  test(`the statements show every column at 1440 px, the arrears each month incurred settled, and the month's bill says the same (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInByCall(page, demo.admin, lang);
    // The demo account owes nothing: every month's arrears are paid.
    const funds = await page.request.get('/api/portal/billing/getAccount');
    expect(((await funds.json()) as { data: { outstandingAmount: string } }).data.outstandingAmount).toBe(
      '0.00',
    );
    await page.goto('/billing/cost');
    await expect(page.getByTestId('statement-row').first()).toBeVisible();
    await checkList(page, 'statements', 1440);
    const titles = await page.getByTestId('billing-cost').locator('thead th').allTextContents();
    expect(titles.map((title) => title.trim())).toContain(words.arrears);
    await expect(page.getByTestId('statement-settled')).not.toHaveCount(0);
    for (const status of await page.getByTestId('statement-settled').all()) {
      await expect(status).toHaveText(words.settled);
      await expect(status).toHaveAttribute('data-settled', 'true');
    }
    await expect(page.getByTestId('statement-arrears-note')).toBeVisible();

    // The month's bill: settled, nothing still owed, its usage in the page's units.
    await page.getByTestId('statement-month').last().click();
    await page.waitForURL(/\/billing\/cost\/month\/\d+$/);
    await expect(page.getByTestId('month-settled')).toHaveText(words.settled);
    await expect(page.getByTestId('month-owed')).toHaveText('¥0.00');
    await expect(page.getByTestId('month-bill').getByText(words.owed, { exact: true })).toBeVisible();
    const usage = page.getByTestId('month-line').first().locator('td').nth(3);
    await expect(usage).toHaveText(words.unit);

    // On a phone the statements scroll sideways inside their box.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/billing/cost');
    await expect(page.getByTestId('statement-row').first()).toBeVisible();
    await checkList(page, 'statements', 390);
  });

  test(`a day without consumption has no discount rate, and today is drawn as the day under way (${lang})`, async ({
    page,
  }) => {
    await signInByCall(page, demo.admin, lang);
    await page.goto('/billing');
    // The last 30 days end today, which is not over: the chart says so.
    const chart = page.getByTestId('billing-trend-chart');
    await expect(chart).toHaveAttribute('data-partial-day', billingDay(0));
    await expect(page.getByTestId('billing-trend-partial')).toContainText(words.partial);
    await expect(page.getByTestId('billing-discount-percent')).toHaveText(/\d+(\.\d+)?%$/);
    // The demo's usage ends yesterday: today has none, and no rate to read.
    await page.getByTestId('billing-range-today').click();
    await expect(page.getByTestId('billing-total')).toHaveText('¥0.00');
    await expect(page.getByTestId('billing-discount-percent')).toHaveText(words.noRate);
  });

  test(`the welcome voucher, spent to the last fen, is used up and named in the page's language (${lang})`, async ({
    page,
  }) => {
    await signInByCall(page, demo.admin, lang);
    await openBalance(page);
    const welcome = page.getByTestId('voucher-row').filter({ hasText: 'WELCOME-DEMO' });
    await expect(welcome.getByTestId('voucher-name')).toHaveText(words.voucher);
    await expect(welcome.getByTestId('voucher-available')).toHaveText('¥0.00');
    await expect(welcome.getByTestId('voucher-state')).toHaveText(words.usedUp);
    // The state filter agrees: the voucher is among the used up, not among those in effect.
    const filter = page.getByTestId('voucher-state-filter');
    await filter.click();
    await page.getByTitle(words.inEffect, { exact: true }).click();
    await expect(page.getByTestId('voucher-row')).toHaveCount(0);
    await filter.click();
    await page.getByTitle(words.usedUp, { exact: true }).click();
    await expect(page.getByTestId('voucher-row')).toHaveCount(1);
    await expect(page.getByTestId('voucher-state')).toHaveText(words.usedUp);
  });
}

test.describe('webhooks', () => {
  let receiver: Server;
  let port = 0;
  const received: {
    path: string;
    body: string;
    contentType: string | undefined;
    headers: IncomingHttpHeaders;
  }[] = [];
  /** Whether the receiver refuses `/refusing` with 503 for now. */
  let isRefusing = true;

  test.beforeAll(async () => {
    receiver = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          body,
          contentType: req.headers['content-type'],
          headers: req.headers,
        });
        if (req.url === '/refusing' && isRefusing) {
          res.writeHead(503, { 'Content-Type': 'text/plain' });
          res.end('unavailable');
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ code: '0' }));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  test('configures a webhook to a local receiver and sends a test', async ({ page }) => {
    const name = `e2e_hook_${stamp}`;
    await signInByCall(page, demo.admin, 'en-US');
    await page.goto('/billing?tab=webhooks');
    await expect(page.getByTestId('webhooks-panel')).toBeVisible();

    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-name').fill(name);
    await page.getByTestId('webhook-url').fill(`http://127.0.0.1:${port}/hook`);
    await page.getByTestId('webhook-success-key').fill('code');
    await page.getByTestId('webhook-success-value').fill('0');
    await page.getByTestId('webhook-save').click();
    await expect(page.getByTestId('webhook-dialog')).toBeHidden();

    const row = page.locator(`[data-testid="webhook-row"][data-name="${name}"]`);
    await expect(row).toBeVisible();
    await row.getByTestId('webhook-test').click();
    const result = page.getByTestId('webhook-test-result');
    await expect(result).toHaveAttribute('data-status', 'success');
    await expect(result).toContainText(name);

    // The receiver got the test message, sent with the default request parameters.
    expect(received.length).toBeGreaterThan(0);
    const last = received.at(-1) as { body: string; contentType: string | undefined };
    expect(last.contentType).toContain('application/json');
    const payload = JSON.parse(last.body) as { text?: { content?: string } };
    expect(payload.text?.content).toContain(name);

    // The delivery log shows it.
    await row.getByTestId('webhook-log').click();
    await expect(
      page.getByTestId('webhook-deliveries').getByTestId('delivery-status').first(),
    ).toHaveAttribute('data-status', 'success');
  });

  test('a failed test says so once, and the row shows the failed delivery, then the succeeded one', async ({
    page,
  }) => {
    const name = `e2e_refused_${stamp}`;
    // Which host, and what it answered, in words.
    const failed = 'Webhook 发送失败：127.0.0.1 返回了 HTTP 状态码 503。';
    await signInByCall(page, demo.admin, 'zh-CN');
    await page.goto('/billing?tab=webhooks');
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-name').fill(name);
    await page.getByTestId('webhook-url').fill(`http://127.0.0.1:${port}/refusing`);
    await page.getByTestId('webhook-success-key').fill('code');
    await page.getByTestId('webhook-success-value').fill('0');
    await page.getByTestId('webhook-save').click();
    await expect(page.getByTestId('webhook-dialog')).toBeHidden();

    const row = page.locator(`[data-testid="webhook-row"][data-name="${name}"]`);
    await row.getByTestId('webhook-test').click();
    const result = page.getByTestId('webhook-test-result');
    await expect(result).toHaveAttribute('data-status', 'failed');
    await expect(result).toContainText(`${name}: ${failed}`);
    // The message is on the page once: no toast repeats it.
    await expect(page.getByText(failed)).toHaveCount(1);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    // The row shows the test's result, failed (not pending), and so does the log.
    const status = row.getByTestId('webhook-last-status');
    await expect(status).toHaveAttribute('data-status', 'failed');
    await expect(status).toHaveText('失败');
    await page.reload();
    await expect(row.getByTestId('webhook-last-status')).toHaveAttribute('data-status', 'failed');
    await row.getByTestId('webhook-log').click();
    const log = page.getByTestId('webhook-deliveries');
    await expect(log.getByTestId('delivery-row')).toHaveCount(1);
    await expect(log.getByTestId('delivery-status')).toHaveAttribute('data-status', 'failed');
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();

    // The receiver is fixed: the next test succeeds, and the row says so.
    isRefusing = false;
    await row.getByTestId('webhook-test').click();
    await expect(result).toHaveAttribute('data-status', 'success');
    await expect(result).toContainText(`${name}: 测试消息发送成功`);
    await expect(page.getByText(failed)).toHaveCount(0);
    await expect(row.getByTestId('webhook-last-status')).toHaveAttribute('data-status', 'success');
    await expect(row.getByTestId('webhook-last-status')).toHaveText('成功');
    expect(received.filter((r) => r.path === '/refusing')).toHaveLength(2);
  });

  /** What a Standard Webhooks receiver checks: v1,base64(HMAC-SHA256(secret bytes, "{id}.{timestamp}.{body}")). */
  function isSigned(secret: string, request: { body: string; headers: IncomingHttpHeaders }): boolean {
    const id = String(request.headers['webhook-id']);
    const timestamp = String(request.headers['webhook-timestamp']);
    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`${id}.${timestamp}.${request.body}`)
      .digest('base64');
    const isRecent = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
    return isRecent && String(request.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
  }

  test('signs a webhook with Standard Webhooks: the secret shown once, verified by the receiver, renewed on request', async ({
    page,
  }) => {
    const name = `e2e_signed_${stamp}`;
    await signInByCall(page, demo.admin, 'en-US');
    await page.goto('/billing?tab=webhooks');
    // The page explains what a receiver checks, with the header names and a sample.
    await page.getByTestId('webhook-verify').getByText('How a receiver verifies deliveries').click();
    const help = page.getByTestId('webhook-verify-help');
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      await expect(help.getByText(header, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('webhook-verify-sample')).toContainText("createHmac('sha256', key)");
    await expect(page.getByTestId('webhook-verify-sample')).toContainText('process each webhook-id once');

    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-name').fill(name);
    await page.getByTestId('webhook-url').fill(`http://127.0.0.1:${port}/signed`);
    await page.getByTestId('webhook-success-key').fill('code');
    await page.getByTestId('webhook-success-value').fill('0');
    // DingTalk needs the robot's secret; Standard Webhooks generates one.
    await page.getByTestId('webhook-signing-dingtalk').click();
    await page.getByTestId('webhook-save').click();
    await expect(page.getByTestId('webhook-dialog')).toContainText('SEC… from the DingTalk robot');
    await page.getByTestId('webhook-signing-standard').click();
    await expect(page.getByTestId('webhook-signing-hint')).toContainText('webhook-signature');
    await page.getByTestId('webhook-save').click();

    const modal = page.getByTestId('webhook-secret-modal');
    await expect(modal).toBeVisible();
    const secret = (await page.getByTestId('webhook-secret-value').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await page.getByTestId('webhook-secret-done').click();
    await expect(modal).toBeHidden();

    const row = page.locator(`[data-testid="webhook-row"][data-name="${name}"]`);
    await expect(row.getByTestId('webhook-row-signing')).toHaveAttribute('data-mode', 'standard');
    await expect(page.locator('body')).not.toContainText(secret);
    await row.getByTestId('webhook-test').click();
    await expect(page.getByTestId('webhook-test-result')).toHaveAttribute('data-status', 'success');
    const first = received.filter((r) => r.path === '/signed').at(-1);
    expect(first && isSigned(secret, first)).toBe(true);

    // The delivery log shows the id the receiver saw.
    await row.getByTestId('webhook-log').click();
    await page.getByTestId('webhook-deliveries').locator('.ant-table-row-expand-icon').first().click();
    await expect(page.getByTestId('delivery-message-id').first()).toContainText(
      String(first?.headers['webhook-id']),
    );
    await page.keyboard.press('Escape');

    // Editing keeps the secret unseen; a new one is shown once, and the old one no longer verifies.
    await row.getByTestId('webhook-edit').click();
    await expect(page.getByTestId('webhook-secret-stored')).toBeVisible();
    await expect(page.getByTestId('webhook-signing-secret')).toHaveValue('');
    await page.getByTestId('webhook-rotate').click();
    await page.getByTestId('webhook-rotate-ok').click();
    await expect(modal).toBeVisible();
    const renewed = (await page.getByTestId('webhook-secret-value').textContent()) ?? '';
    expect(renewed).toMatch(/^whsec_/);
    expect(renewed).not.toBe(secret);
    await page.getByTestId('webhook-secret-done').click();
    await row.getByTestId('webhook-test').click();
    await expect(page.getByTestId('webhook-test-result')).toHaveAttribute('data-status', 'success');
    const second = received.filter((r) => r.path === '/signed').at(-1);
    expect(second && isSigned(renewed, second)).toBe(true);
    expect(second && isSigned(secret, second)).toBe(false);
  });

  test('explains how to verify deliveries in Chinese', async ({ page }) => {
    await signInByCall(page, demo.admin, 'zh-CN');
    await page.goto('/billing?tab=webhooks');
    await page.getByTestId('webhook-verify').getByText('接收方如何校验').click();
    await expect(page.getByTestId('webhook-verify-help')).toContainText('每个 webhook-id 只处理一次');
    await expect(page.getByTestId('webhook-verify-sample')).toContainText("headers['webhook-signature']");
  });
});
