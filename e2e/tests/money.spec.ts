/**
 * One currency per account (decision 0016), on a phone as on a desktop: the domestic edition bills
 * in CNY, so its English pages show "¥" wherever money appears and never "$"; a top-up reads the
 * same amount on the console, the payment page and the success message.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demo, fillLogin, openLogin, type TLang } from './helpers';

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

async function signInAt(page: Page, size: { width: number; height: number }, lang: TLang) {
  await page.setViewportSize(size);
  await openLogin(page, lang);
  await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/workbench');
  await expect(page.getByTestId('workbench')).toBeVisible();
}

/** Pages where money appears, and the test id of a figure on each. */
const moneyPages = [
  ['/workbench', 'workbench-cash'],
  ['/billing', 'billing-overview'],
  ['/billing/cost', 'billing-cost'],
  ['/billing/balance', 'funds-cash'],
  ['/billing/balance/topUp', 'billing-top-up'],
] as const;

for (const size of [desktop, phone]) {
  test(`the English pages of a CNY account show "¥" and never "$" at ${size.width} px`, async ({ page }) => {
    await signInAt(page, size, 'en-US');
    for (const [path, testId] of moneyPages) {
      await page.goto(path);
      await expect(page.getByTestId(testId), path).toBeVisible();
      await page.waitForLoadState('networkidle');
      const text = await page.locator('#main-content').innerText();
      expect(text, path).toMatch(/¥\s?[\d,]+\.\d{2}|CNY/);
      expect(text, path).not.toMatch(/\$\s?\d|USD/);
    }
  });
}

test('a top-up in en-US on a 390 px phone reads one amount on the console, the payment page and the result', async ({
  page,
}) => {
  await signInAt(page, phone, 'en-US');
  await page.goto('/billing/balance/topUp');
  await expect(page.getByTestId('page-title')).toHaveText('Top up');
  // The method picker fits the phone.
  const methods = await page.getByTestId('billing-top-up').locator('.ant-segmented').first().boundingBox();
  expect((methods?.x ?? 0) + (methods?.width ?? 0)).toBeLessThanOrEqual(phone.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await page.getByTestId('top-up-method-wechat').click();
  const field = page.getByTestId('top-up-amount-input');
  await expect(field).toHaveAttribute('placeholder', 'Amount in CNY');
  await field.fill('88.80');
  await page.getByTestId('top-up-agreement').check();
  await page.getByTestId('top-up-pay').click();
  await expect(page.getByTestId('top-up-amount')).toHaveText('Amount: ¥88.80');

  const href = await page.getByTestId('top-up-dev-link').getAttribute('href');
  const gateway = await page.context().newPage();
  await gateway.setViewportSize(phone);
  await gateway.goto(href as string);
  await expect(gateway.getByTestId('amount')).toHaveText('¥ 88.80');
  await gateway.locator('#pay').click();
  await expect(gateway.getByTestId('outcome')).toBeVisible();
  await gateway.close();

  const paid = page.getByTestId('top-up-paid');
  await expect(paid).toBeVisible({ timeout: 30_000 });
  await expect(paid).toContainText('¥88.80 was added to your cash account.');
  await expect(page.getByTestId('top-up-new-balance')).toHaveText(/^Cash balance: ¥[\d,]+\.\d{2}$/);
});

test('a Chinese page on a 390 px phone shows the same yuan amounts', async ({ page }) => {
  await signInAt(page, phone, 'zh-CN');
  await expect(page.getByTestId('workbench-cash')).toHaveText(/^¥[\d,]+\.\d{2}$/);
  const cashZh = await page.getByTestId('workbench-cash').innerText();
  await page.context().addCookies([{ name: 'cz-lang', value: 'en-US', url: page.url() }]);
  await page.reload();
  await expect(page.getByTestId('workbench-cash')).toHaveText(cashZh);
});
