/**
 * Limits per client address (decision 0012) in the browser, on a server with tight ones (captcha
 * after 3 failures, block after 6 for 120 s) that trusts X-Forwarded-For: each test is its own
 * address.
 */
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { answerCaptcha, baseURL, demo, fillLogin, openLogin, testCaptchaText } from './helpers';

const asAddress = (page: Page, address: string) => page.setExtraHTTPHeaders({ 'x-forwarded-for': address });

/** A failed sign-in by the API from `address` (with a captcha from the third failure on). */
async function failSignIn(
  request: APIRequestContext,
  address: string,
  username: string,
  withCaptcha: boolean,
) {
  const headers = { 'x-forwarded-for': address, 'cz-lang': 'en-US' };
  let captcha = {};
  if (withCaptcha) {
    const answer = await request.post('/api/portal/common/generateImageCaptcha', { headers });
    captcha = { captchaId: (await answer.json()).data.id, captchaCode: testCaptchaText };
  }
  const res = await request.post('/api/login', {
    headers,
    data: { accountDisplayName: demo.account, username, password: 'Wrong@2026pass', ...captcha },
  });
  return { status: res.status(), body: await res.json() };
}

test.describe('limits per client address', () => {
  test('spraying usernames: the captcha after 3 failures, a right sign-in with it, 429 after 6; a neighbour signs in', async ({
    page,
    browser,
  }) => {
    await asAddress(page, '203.0.113.61');
    await openLogin(page, 'en-US');
    const message = page.getByTestId('login-message');
    for (let i = 1; i <= 3; i += 1) {
      await fillLogin(page, demo.account, `spray_${i}`, 'Wrong@2026pass');
      await page.getByTestId('login-submit').click();
      // Each name failed once only: the address asks for the captcha.
      await expect(message).toContainText('attempt 1 of 5');
    }
    await expect(page.getByTestId('captcha-input')).toBeVisible();

    // A right password with the captcha still signs in.
    await fillLogin(page, demo.account, demo.member.username, demo.member.password);
    await answerCaptcha(page);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/workbench');

    // Signed out, the address is still in its captcha phase: the form asks for it at once.
    await page.context().clearCookies({ name: 'cz_token' });
    await openLogin(page, 'en-US');
    await fillLogin(page, demo.account, 'spray_4', 'Wrong@2026pass');
    await page.getByTestId('login-submit').click();
    await expect(message).toContainText('Enter the characters of the picture first');
    for (let i = 4; i <= 6; i += 1) {
      await fillLogin(page, demo.account, `spray_${i}`, 'Wrong@2026pass');
      await answerCaptcha(page);
      await page.getByTestId('login-submit').click();
      if (i < 6) await expect(message).toContainText('attempt 1 of 5');
    }
    await expect(message).toHaveAttribute('data-kind', 'blocked');
    await expect(message).toContainText(
      /Too many failed sign-ins from your network address\. .* try again in 1[12]\d s\./,
    );

    // Another address signs in meanwhile, without a captcha.
    const neighbour = await browser.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.62' },
    });
    const other = await neighbour.newPage();
    await openLogin(other, 'en-US');
    await fillLogin(other, demo.account, demo.member.username, demo.member.password);
    await other.getByTestId('login-submit').click();
    await other.waitForURL('**/workbench');
    await expect(other.getByTestId('captcha-input')).toHaveCount(0);
    await neighbour.close();
  });

  test('a blocked address reads the wait in Chinese', async ({ page }) => {
    const address = '203.0.113.63';
    for (let i = 1; i <= 6; i += 1) {
      const answer = await failSignIn(page.request, address, `blocked_${i}`, i > 3);
      expect(answer.status).toBe(i < 6 ? 200 : 429);
    }
    await asAddress(page, address);
    await openLogin(page, 'zh-CN');
    await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
    await page.getByTestId('login-submit').click();
    const message = page.getByTestId('login-message');
    await expect(message).toHaveAttribute('data-kind', 'blocked');
    await expect(message).toContainText(
      /您所在网络地址的登录失败次数过多，为保障安全，请 1[012]\d 秒后再试。/,
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the reset lookup asks for the captcha after 3 lookups from one address, then goes on', async ({
    page,
  }) => {
    await asAddress(page, '203.0.113.64');
    const reset = `/findPassword?account=${demo.account}&username=${demo.member.username}`;
    for (let i = 0; i < 3; i += 1) {
      await page.goto(reset);
      await expect(page.getByTestId('reset-verify')).toBeVisible();
    }
    await page.goto(reset);
    await expect(page.getByTestId('reset-captcha')).toBeVisible();
    await answerCaptcha(page, 'reset-captcha');
    await page.getByTestId('reset-captcha-continue').click();
    await expect(page.getByTestId('reset-verify')).toBeVisible();
    await expect(page.getByTestId('reset-target-value')).toBeVisible();
  });
});
