import { devices, expect, type Page, test } from './fixtures';
import { registerAccount, signInTo, type TRegisteredAccount } from './helpers';

// A phone: the iPhone 13's user agent, screen and touch, in the project's Chromium.
const { defaultBrowserType: _browser, ...iphone } = devices['iPhone 13'];

/** Valid numbers: GB 11643 and GB 32100 check characters. */
const idNumber = '11010519491231002X';
const creditCode = '91350100M000100Y43';

/**
 * Verification makes an account formal, while demo must stay a trial account for the header's
 * checks (shell.spec.ts): each test registers an account of its own.
 */
async function openVerification(page: Page, owner: TRegisteredAccount): Promise<void> {
  await signInTo(page, owner.account, owner);
  await expect(page.getByTestId('trial-days')).toBeVisible();
  await page.goto('/accountManage/accountInfo');
  await expect(page.getByTestId('certification-card-status')).toHaveAttribute('data-status', 'none');
  await page.getByTestId('certification-card-link').click();
  await page.waitForURL('**/accountManage/accountInfo/authentication');
  await expect(page.getByTestId('certification-page')).toBeVisible();
}

test('personal verification: the face check on a phone, then the computer shows passed by itself', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await registerAccount(page, request);
  await openVerification(page, owner);

  // The ID number is checked before anything is sent.
  await page.getByTestId('personal-name').fill('Zhang San');
  await page.getByTestId('personal-id-number').fill('110105194912310021');
  await page.getByTestId('personal-submit').click();
  await expect(page.getByTestId('certification-error-idNumber')).toBeVisible();
  await page.getByTestId('personal-id-number').fill(idNumber);
  await page.getByTestId('personal-submit').click();
  await expect(page.getByTestId('face-waiting')).toBeVisible();
  await expect(page.getByTestId('face-qr')).toBeVisible();
  const faceUrl = await page.getByTestId('face-qr').getAttribute('data-url');
  expect(faceUrl).toMatch(/\/faceRecognition\?token=/);
  await expect(page.getByTestId('face-url')).toHaveAttribute('href', faceUrl ?? '');

  // The phone: the face page asks for the mobile sign-in, then goes to the liveness check.
  const phone = await browser.newContext({ ...iphone, viewport: { width: 375, height: 667 } });
  const mobile = await phone.newPage();
  const target = new URL(faceUrl ?? '');
  await mobile.goto(`${target.pathname}${target.search}`);
  await expect(mobile.getByTestId('mobile-login-welcome')).toBeVisible();
  await mobile.getByTestId('mobile-login-start').click();
  await mobile.locator('#mobile-login-account').fill(owner.account);
  await mobile.locator('#mobile-login-username').fill(owner.username);
  await mobile.locator('#mobile-login-password').fill(owner.password);
  await mobile.getByTestId('mobile-login-submit').click();
  await mobile.locator('#pass').click();
  await expect(mobile.getByTestId('face-success')).toBeVisible();
  await phone.close();

  // The computer moves on by itself; the account is formal: no trial days any more.
  await expect(page.getByTestId('certification-result')).toHaveAttribute('data-status', 'passed', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('trial-days')).toHaveCount(0);
  await page.getByTestId('certification-to-info').click();
  await expect(page.getByTestId('certification-card-status')).toHaveAttribute('data-status', 'passed');
});

test('a face error comes back to the phone with its message and a retry', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await registerAccount(page, request);
  await openVerification(page, owner);
  await page.getByTestId('personal-name').fill('Li Si');
  await page.getByTestId('personal-id-number').fill(idNumber);
  await page.getByTestId('personal-submit').click();
  const faceUrl = new URL((await page.getByTestId('face-qr').getAttribute('data-url')) ?? '');

  const phone = await browser.newContext({ ...iphone, viewport: { width: 375, height: 667 } });
  const mobile = await phone.newPage();
  await mobile.goto(`${faceUrl.pathname}${faceUrl.search}`);
  await mobile.getByTestId('mobile-login-start').click();
  await mobile.locator('#mobile-login-account').fill(owner.account);
  await mobile.locator('#mobile-login-username').fill(owner.username);
  await mobile.locator('#mobile-login-password').fill(owner.password);
  await mobile.getByTestId('mobile-login-submit').click();
  await mobile.locator('[data-outcome="CAMERA_PERMISSION"]').click();
  await expect(mobile.getByTestId('face-error')).toBeVisible();
  await expect(mobile.getByTestId('face-retry')).toBeVisible();
  await phone.close();

  await expect(page.getByTestId('face-failed')).toHaveAttribute('data-code', 'CAMERA_PERMISSION', {
    timeout: 15_000,
  });
  await page.getByTestId('certification-start-again').click();
  await expect(page.getByTestId('personal-form')).toBeVisible();
});

test('enterprise verification with a PDF licence ends in passed', async ({ page, request }) => {
  test.setTimeout(240_000);
  const owner = await registerAccount(page, request);
  await openVerification(page, owner);
  await page.getByTestId('certification-type-enterprise').click();
  await expect(page.getByTestId('enterprise-form')).toBeVisible();
  // One control for the licence, wide and narrow: a button that opens the file dialog, with the
  // accepted types and the size limit beside it; the file input itself stays out of sight.
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const button = page.getByTestId('enterprise-license-button');
    await expect(button).toBeVisible();
    await expect(page.getByTestId('enterprise-form').locator('input[type="file"]')).toHaveCount(1);
    await expect(page.getByTestId('enterprise-license-input')).toBeHidden();
    await expect(page.getByTestId('enterprise-license-hint')).toHaveText(
      'JPG, JPEG, PNG or PDF, at most 10 MiB',
    );
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
    expect(chooser.isMultiple()).toBe(false);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('enterprise-companyName').fill('Browser Test Ltd');
  await page.getByTestId('enterprise-creditCode').fill('91350100M000100Y44');
  await page.getByTestId('enterprise-legalPersonName').fill('Zhang San');
  await page.getByTestId('enterprise-legalPersonId').fill(idNumber);
  await page.getByTestId('enterprise-bankAccount').fill('6222 0000 1111 2222');
  await page.getByTestId('enterprise-bankName').fill('Bank of Test');
  await page.getByTestId('enterprise-submit').click();
  await expect(page.getByTestId('certification-error-creditCode')).toBeVisible();
  await expect(page.getByTestId('certification-error-licenseFileId')).toBeVisible();
  await page.getByTestId('enterprise-creditCode').fill(creditCode);
  await page.getByTestId('enterprise-license-input').setInputFiles({
    name: 'licence.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  });
  await expect(page.getByTestId('enterprise-license-name')).toContainText('licence.pdf');
  await page.getByTestId('enterprise-submit').click();
  await expect(page.getByTestId('certification-result')).toHaveAttribute('data-status', 'passed');
  await expect(page.getByTestId('trial-days')).toHaveCount(0);
});
