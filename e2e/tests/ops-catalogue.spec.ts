/**
 * The back office's catalogue, issuance and dashboard (issue 40, items 6 and 7), in the browser on
 * the cloud server's ops listener: an owner sets a list price in the catalogue and the customers'
 * SKU list answers it; issues a registration invite code, which the customers' registration
 * accepts (the domestic form's optional invite code is checked and used like the international
 * edition's required one) and the list then shows used up; the dashboard opens the console with a
 * pending formal application counted. In both languages, at 1440 and at 390 px, axe-clean.
 */
import { expect, type Page, test } from '@playwright/test';
import { findings, report, settle, type TFinding } from './a11y-checks';
import { answerCaptcha, freshPhone, loginCall, sendCodeTo, setLanguage, type TLang } from './helpers';
import { enrolledOperator, freshOperatorName, opsContext, signedInOps } from './ops-helpers';

/** A SKU no demo usage and no other browser test rates: changing its price disturbs nobody. */
const sku = 'user_volume_storage';

/** Registers a fresh trial account with the invite code through the customers' /register page. */
async function registerWithInvite(
  page: Page,
  inviteCode: string,
): Promise<{ account: string; username: string; password: string }> {
  const phone = freshPhone();
  const user = { username: 'owner_e2e', password: 'Owner@2026pass' };
  await page.goto('/register');
  await expect(page.getByTestId('register-form')).toBeVisible();
  await page.getByTestId('register-username').fill(user.username);
  await page.getByTestId('register-password').fill(user.password);
  await page.getByTestId('register-confirm').fill(user.password);
  await page.getByTestId('register-phone-number').fill(phone);
  const code = await sendCodeTo(page, page.request, 'register-send-code', `+86 ${phone}`);
  await page.getByTestId('register-code').fill(code);
  await answerCaptcha(page, 'register-captcha');
  await page.getByTestId('register-company').fill('Invited Ltd');
  await page.getByTestId('register-invite').fill(inviteCode);
  await page.getByTestId('register-agreement').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-reason-form')).toBeVisible();
  await page.getByTestId('register-reason-backend_engineer').check();
  await page.getByTestId('register-reason-submit').click();
  await expect(page.getByTestId('register-done')).toBeVisible();
  const account = (await page.getByTestId('register-account-name').innerText()).trim();
  return { account, ...user };
}

/** Axe on the page once it has settled: its serious and critical findings join `found`. */
async function axe(page: Page, name: string, found: TFinding[]): Promise<void> {
  // The pointer rests off the page: a hovered row or link is not what is checked.
  await page.mouse.move(0, 0);
  await settle(page);
  found.push(...(await findings(page, name)));
}

const runs: { lang: TLang; width: number; height: number }[] = [
  { lang: 'en-US', width: 1440, height: 900 },
  { lang: 'zh-CN', width: 390, height: 844 },
];

for (const { lang, width, height } of runs) {
  test(`an owner prices the catalogue, issues an invite code that registration accepts, and sees a pending count (${lang}, ${width})`, async ({
    browser,
    request,
  }) => {
    const found: TFinding[] = [];
    const owner = await enrolledOperator(request, freshOperatorName('cat'), 'owner');
    const ops = await opsContext(browser, lang, { width, height });
    const page = await ops.newPage();

    // The catalogue: the price of one SKU, set with a reason.
    await signedInOps(page, owner, '/catalogue');
    await expect(page.getByTestId('ops-catalogue')).toBeVisible();
    await page.getByRole('tab', { name: lang === 'en-US' ? 'Prices' : '价格' }).click();
    const price = `${(Date.now() % 89) + 10}.5`;
    await page.getByTestId(`ops-cat-price-edit-${sku}`).click();
    await page.getByTestId('ops-cat-price-input').fill(price);
    await page.getByTestId('ops-cat-price-form-reason').fill('e2e price list');
    await axe(page, 'catalogue price form', found);
    await page.getByTestId('ops-cat-price-form-ok').click();
    const shown = `${(Number(price) / 100).toFixed(3)}`;
    await expect(page.getByTestId(`ops-cat-price-${sku}`)).toContainText(shown);
    await axe(page, 'catalogue prices', found);
    await page.screenshot({
      path: test.info().outputPath(`catalogue-prices-${lang}-${width}.png`),
      fullPage: true,
    });
    await page.getByRole('tab', { name: lang === 'en-US' ? 'Regions' : '地域' }).click();
    await axe(page, 'catalogue regions', found);
    await page.screenshot({
      path: test.info().outputPath(`catalogue-regions-${lang}-${width}.png`),
      fullPage: true,
    });

    // The customers' side: a customer's SKU list answers the new price.
    const customer = await browser.newContext({ viewport: { width, height } });
    const customerPage = await customer.newPage();
    await setLanguage(customerPage, lang);
    await loginCall(customerPage.request, lang, 'demo', {
      username: 'admin_demo',
      password: 'Demo@2026pass',
    });
    const skus = (await (await customerPage.request.get('/api/portal/billing/skuList')).json()) as {
      data: { code: string; unitPrice: string }[];
    };
    expect(skus.data.find((s) => s.code === sku)?.unitPrice).toBe(price);

    // Issuance: an invite code shown once, listed masked.
    await page.goto('/issuance');
    await expect(page.getByTestId('ops-issuance')).toBeVisible();
    const invite = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 16);
    await page.getByTestId('ops-invite-code').fill(invite);
    await page.getByTestId('ops-invite-reason').fill('e2e partner');
    await page.getByTestId('ops-invite-submit').click();
    await expect(page.getByTestId('ops-invite-created')).toContainText(invite);
    await axe(page, 'invite code shown once', found);
    await page.keyboard.press('Escape');
    const row = page
      .getByRole('row')
      .filter({ hasText: `${invite.slice(0, 2)}•` })
      .first();
    await expect(row).toContainText('0 / 1');
    await axe(page, 'issuance', found);
    await page.screenshot({ path: test.info().outputPath(`issuance-${lang}-${width}.png`), fullPage: true });

    // The customers' registration accepts the code and uses it up.
    const registrant = await browser.newContext({ viewport: { width, height } });
    const registerPage = await registrant.newPage();
    await setLanguage(registerPage, lang);
    const registered = await registerWithInvite(registerPage, invite);
    await page.reload();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `${invite.slice(0, 2)}•` })
        .first(),
    ).toContainText('1 / 1');

    // The new account applies to become formal: the dashboard counts it among the pending.
    await loginCall(registerPage.request, lang, registered.account, registered);
    const applied = await registerPage.request.post('/api/portal/account/formal/application', {
      headers: { 'x-cz-client': 'web', 'cz-lang': lang },
      data: {
        username: 'E2E Contact',
        company: 'Invited Ltd',
        email: 'contact@invited.example',
        agreement: true,
      },
    });
    expect(((await applied.json()) as { code: number }).code).toBe(0);
    await page.goto('/');
    await expect(page.getByTestId('ops-dashboard')).toBeVisible();
    const pending = page.getByTestId('ops-dash-queue-formalApplications');
    await expect(pending).toBeVisible();
    expect(
      Number((await pending.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, '')),
    ).toBeGreaterThan(0);
    await expect(page.getByTestId('ops-dash-adapters')).toContainText(
      lang === 'en-US' ? 'Upload storage' : '上传文件存储',
    );
    await expect(page.getByTestId('ops-dash-chart-accounts')).toBeVisible();
    await axe(page, 'dashboard', found);
    // Nothing overflows the window sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.screenshot({ path: test.info().outputPath(`dashboard-${lang}-${width}.png`), fullPage: true });

    expect(found, report(found)).toEqual([]);
    await registrant.close();
    await customer.close();
    await ops.close();
  });
}
