/**
 * The back office's review queues end to end (issue 40, item 4), on the cloud server's two
 * listeners: a customer's enterprise verification waits for manual review; a reviewer claims it,
 * opens the licence image (zoom, rotate) and approves it, while a second reviewer cannot claim it;
 * the customer's verification page shows it passed. A customer reports a remittance; a finance
 * operator confirms it from a phone-sized screen and the customer's balance shows it once. Both
 * languages, 1440 and 390 px, axe on the pages.
 */
import { expect, type Page, test } from '@playwright/test';
import { findings, report, settle, type TFinding } from './a11y-checks';
import { baseURL, registerAccount, signInTo, type TLang, type TRegisteredAccount } from './helpers';
import {
  enrolledOperator,
  freshOperatorName,
  opsContext,
  opsURL,
  signedInOps,
  type TOperator,
} from './ops-helpers';
import { saveScreenshot } from './screenshots';

test.describe.configure({ mode: 'serial' });

/** A PNG the browser can draw (a 2×2 image). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const creditCode = '91350100M000100Y43';
const idNumber = '11010519491231002X';

let reviewer: TOperator;
let second: TOperator;
let finance: TOperator;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  reviewer = await enrolledOperator(request, freshOperatorName('rev'), 'reviewer');
  second = await enrolledOperator(request, freshOperatorName('rev'), 'reviewer');
  finance = await enrolledOperator(request, freshOperatorName('fin'), 'finance');
});

async function axe(page: Page, name: string, found: TFinding[]): Promise<void> {
  // Read at rest: no button under the pointer in its hover colours.
  await page.mouse.move(0, 0);
  await settle(page);
  found.push(...(await findings(page, name)));
}

/** The customer's session (the page's cookie) calls the customers' API. */
async function customerCall<T>(page: Page, path: string, options: Parameters<Page['request']['post']>[1]) {
  const res = await page.request.post(`${baseURL()}${path}`, {
    ...options,
    headers: { 'x-cz-client': 'web', 'cz-lang': 'en-US', ...(options?.headers ?? {}) },
  });
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, `${path}: ${body.message}`).toBe(0);
  return body.data;
}

async function upload(
  page: Page,
  purpose: 'businessLicense' | 'remittance',
  name: string,
  file: { mimeType: string; buffer: Buffer } = { mimeType: 'image/png', buffer: png },
): Promise<string> {
  const done = await customerCall<{ fileId: string }>(
    page,
    `/api/portal/billing/certification/upload?fileName=${name}&purpose=${purpose}`,
    { multipart: { file: { name, ...file } } },
  );
  return done.fileId;
}

/** A one-page PDF (a 200×100 page with a filled rectangle); pdf.js rebuilds its cross-reference table. */
const pdf = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >> endobj',
    '4 0 obj << /Length 26 >> stream',
    '1 0 0 rg 20 20 160 60 re f',
    'endstream endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n'),
  'latin1',
);

/** A waiting enterprise verification of a fresh customer, whose licence is `file`. */
async function verificationOf(
  page: Page,
  request: import('@playwright/test').APIRequestContext,
  lang: TLang,
  file?: { name: string; mimeType: string; buffer: Buffer },
) {
  const owner: TRegisteredAccount = await registerAccount(page, request);
  await signInTo(page, owner.account, owner, lang);
  const licenseFileId = file
    ? await upload(page, 'businessLicense', file.name, file)
    : await upload(page, 'businessLicense', 'licence.png');
  const submitted = await customerCall<{ status: string; manualReview: boolean }>(
    page,
    '/api/portal/billing/certification/companyVerify',
    {
      data: {
        companyName: 'Manual Review Browser Ltd',
        creditCode,
        legalPersonName: 'Zhang San',
        legalPersonId: idNumber,
        bankAccount: '6222 0000 1111 2222',
        bankName: 'Bank of Test',
        licenseFileId,
      },
    },
  );
  expect(submitted).toMatchObject({ status: 'verifying', manualReview: true });
  return owner;
}

/** Opens the queue of `kind` and the item of the account `account`. */
async function openItem(page: Page, kind: string, account: string): Promise<void> {
  await page.goto(`/reviews?kind=${kind}`);
  const item = page.getByTestId('ops-queue-item').filter({ hasText: account });
  await expect(item).toHaveCount(1);
  await item.getByRole('link').click();
  await expect(page.getByTestId('ops-review-item')).toBeVisible();
}

for (const lang of ['zh-CN', 'en-US'] as const satisfies readonly TLang[]) {
  test(`a reviewer opens the licence and approves; a second reviewer cannot claim it; the customer sees it (${lang})`, async ({
    page,
    request,
    browser,
  }, testInfo) => {
    test.setTimeout(300_000);
    const owner = await verificationOf(page, request, lang);

    const found: TFinding[] = [];
    const context = await opsContext(browser, lang);
    const ops = await context.newPage();
    await signedInOps(ops, reviewer, '/reviews');
    await expect(ops.getByTestId('ops-queue-verification')).toBeVisible();
    await axe(ops, `reviews-${lang}-1440`, found);
    await saveScreenshot(ops, testInfo, `ops-reviews/queues-${lang}-1440`);
    await openItem(ops, 'verification', owner.account);
    await expect(ops.getByTestId('ops-verification-form')).toContainText(creditCode);
    await expect(ops.getByTestId('ops-approve')).toBeDisabled();
    await ops.getByTestId('ops-claim').click();
    await expect(ops.getByTestId('ops-release')).toBeVisible();

    // The licence image: zoom and rotate.
    const image = ops.getByTestId('ops-viewer-image');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await ops.getByTestId('ops-viewer-zoom-in').click();
    await ops.getByTestId('ops-viewer-rotate').click();
    await expect(image).toHaveAttribute('data-zoom', '1.25');
    await expect(image).toHaveAttribute('data-rotation', '90');
    await expect(image).toHaveCSS('transform', /matrix/);
    await axe(ops, `review-item-${lang}-1440`, found);
    await saveScreenshot(ops, testInfo, `ops-reviews/verification-${lang}-1440`);

    // A second reviewer, on a phone: the item is held, the claim is refused with the holder named.
    const other = await opsContext(browser, lang, { width: 390, height: 844 });
    const phone = await other.newPage();
    await signedInOps(phone, second, '/reviews');
    await openItem(phone, 'verification', owner.account);
    await expect(phone.getByTestId('ops-claim-state')).toContainText(reviewer.username);
    await expect(phone.getByTestId('ops-claim')).toHaveCount(0);
    await expect(phone.getByTestId('ops-approve')).toBeDisabled();
    const itemId = Number(new URL(phone.url()).pathname.split('/').at(-1));
    const refused = await other.request.post(`${opsURL}/api/ops/reviews/verifications/claim`, {
      headers: { 'x-cz-client': 'web', 'cz-lang': lang },
      data: { id: itemId },
    });
    const body = (await refused.json()) as { code: number; message: string };
    expect(body.code).toBe(4330);
    expect(body.message).toContain(reviewer.username);
    await axe(phone, `review-item-${lang}-390`, found);
    await saveScreenshot(phone, testInfo, `ops-reviews/verification-${lang}-390`);
    await other.close();

    // The reviewer approves.
    await ops.getByTestId('ops-approve').click();
    await ops.getByTestId('ops-approve-confirm').click();
    await expect(ops.getByTestId('ops-decision-outcome')).toBeVisible();
    await expect(ops.getByTestId('ops-review-item')).toHaveAttribute('data-status', 'passed');
    await context.close();

    // The customer's verification page shows it.
    await page.goto('/accountManage/accountInfo/authentication');
    await expect(page.getByTestId('certification-result')).toHaveAttribute('data-status', 'passed');
    await expect(page.getByTestId('trial-days')).toHaveCount(0);
    expect(found, report(found)).toEqual([]);
  });
}

test('a finance operator confirms a remittance from a phone; the customer’s balance shows it once (en-US, 390)', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const owner = await registerAccount(page, request);
  await signInTo(page, owner.account, owner, 'en-US');
  const fileId = await upload(page, 'remittance', 'slip.png');
  await customerCall(page, '/api/portal/billing/remittance/submit', {
    data: { amount: '321.45', payerName: 'Browser Test Ltd', payerAccount: '6222 0000 3333', fileId },
  });

  const found: TFinding[] = [];
  const context = await opsContext(browser, 'en-US', { width: 390, height: 844 });
  const ops = await context.newPage();
  await signedInOps(ops, finance, '/reviews?kind=remittance');
  await openItem(ops, 'remittance', owner.account);
  await expect(ops.getByTestId('ops-remittance-form')).toContainText('321.45');
  await expect(ops.getByTestId('ops-remittance-form')).toContainText(`TOPUP-${owner.account}`);
  await expect(ops.getByTestId('ops-viewer-image')).toBeVisible();
  await ops.getByTestId('ops-claim').click();
  await expect(ops.getByTestId('ops-release')).toBeVisible();
  await axe(ops, 'remittance-en-US-390', found);
  await saveScreenshot(ops, testInfo, 'ops-reviews/remittance-en-US-390');
  // Nothing is wider than the phone.
  const overflow = await ops.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await ops.getByTestId('ops-approve').click();
  await ops.getByTestId('ops-approve-confirm').click();
  await expect(ops.getByTestId('ops-decision-outcome')).toBeVisible();
  await expect(ops.getByTestId('ops-review-item')).toHaveAttribute('data-status', 'confirmed');

  // A retry of the act answers the same outcome and credits nothing more.
  const itemId = Number(new URL(ops.url()).pathname.split('/').at(-1));
  const retry = await context.request.post(`${opsURL}/api/ops/reviews/remittances/confirm`, {
    headers: { 'x-cz-client': 'web', 'cz-lang': 'en-US' },
    data: { id: itemId },
  });
  expect(((await retry.json()) as { data: { isReplay: boolean } }).data.isReplay).toBe(true);
  await context.close();

  await page.goto('/billing/balance');
  await expect(page.getByTestId('funds-cash')).toHaveAttribute('data-value', '321.45');
  expect(found, report(found)).toEqual([]);
});

test('a PDF licence shows its pages as images, drawn by pdf.js in its worker under the CSP (zh-CN, 390)', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const owner = await verificationOf(page, request, 'zh-CN', {
    name: 'licence.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  const context = await opsContext(browser, 'zh-CN', { width: 390, height: 844 });
  const ops = await context.newPage();
  const refusals: string[] = [];
  ops.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  const workers: string[] = [];
  ops.on('worker', (worker) => workers.push(worker.url()));
  await signedInOps(ops, reviewer, '/reviews');
  await openItem(ops, 'verification', owner.account);
  const image = ops.getByTestId('ops-viewer-image');
  await expect(image).toHaveCount(1, { timeout: 30_000 });
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(ops.getByTestId('ops-viewer')).toContainText('第 1 页，共 1 页');
  // The page as drawn: 1.5 × the PDF's 200 points.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await ops.getByTestId('ops-viewer-rotate').click();
  await expect(image).toHaveAttribute('data-rotation', '90');
  expect(workers.some((url) => url.includes('pdf.worker'))).toBe(true);
  expect(refusals).toEqual([]);
  await saveScreenshot(ops, testInfo, 'ops-reviews/verification-pdf-zh-CN-390');
  await context.close();
});
