import { expect, test } from './fixtures';
import { answerCaptcha, demo, fillLogin, gotoLogin, openLogin, setLanguage, signIn } from './helpers';

test.describe('login page', () => {
  test('the demo administrator signs in and lands on the workbench', async ({ page }) => {
    await openLogin(page, 'en-US');
    await expect(page.getByRole('heading', { name: 'Account login' })).toBeVisible();
    await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
    await page.getByTestId('login-submit').click();
    // The success toast lasts a few seconds: look for it as soon as the answer arrives.
    await expect(page.getByTestId('toast').filter({ hasText: 'Login successful' })).toBeVisible();
    await page.waitForURL('**/workbench');
    await expect(page.getByTestId('page-title')).toHaveText('Workbench');
    await expect(page.getByTestId('account-name')).toHaveText('demo');
    await expect(page.getByTestId('login-address')).toContainText('demo.accounts.localhost');
    await expect(page.getByTestId('user-role')).toHaveAttribute('data-role', 'admin');
    // The session is an HttpOnly cookie, invisible to scripts.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'cz_token')?.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain('cz_token');
  });

  test('a wrong password shows the 4019 message with the attempt count, in both languages', async ({
    page,
  }) => {
    await openLogin(page, 'en-US');
    await fillLogin(page, demo.account, 'counted_en', 'Wrong@2026pass');
    await page.getByTestId('login-submit').click();
    const message = page.getByTestId('login-message');
    await expect(message).toHaveAttribute('data-kind', 'attempts');
    await expect(message).toContainText('attempt 1 of 5');
    await page.getByTestId('login-submit').click();
    await expect(message).toContainText('attempt 2 of 5');

    await openLogin(page, 'zh-CN');
    await fillLogin(page, demo.account, 'counted_zh', 'Wrong@2026pass');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-message')).toContainText('第 1/5 次');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('five wrong passwords lock sign-in for one minute', async ({ page }) => {
    await openLogin(page, 'en-US');
    await fillLogin(page, demo.account, 'locked_name', 'Wrong@2026pass');
    for (let i = 1; i <= 5; i += 1) {
      // From the fourth attempt on, the sign-in needs the image captcha.
      if (i > 3) await answerCaptcha(page);
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-message')).toContainText(i < 5 ? `attempt ${i} of 5` : 'Locked');
      await expect(page.getByTestId('login-submit')).toBeEnabled();
    }
    const message = page.getByTestId('login-message');
    await expect(message).toHaveAttribute('data-kind', 'locked');
    await expect(message).toContainText('Locked for 1 minute');
  });

  test('field rules of spec section 5 are shown before anything is sent', async ({ page }) => {
    await openLogin(page, 'en-US');
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/login')) requests += 1;
    });
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-account-error')).toHaveText('Please enter your account name');
    await expect(page.getByTestId('login-username-error')).toHaveText('Please enter username');
    await expect(page.getByTestId('login-password-error')).toHaveText('Please enter password');
    await expect(page.getByTestId('login-account')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('login-account').fill('demo2');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-account-error')).toHaveText(
      'Only letters are supported for account names',
    );

    await openLogin(page, 'zh-CN');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-account-error')).toHaveText('请输入账户名');
    expect(requests).toBe(0);
  });

  test('switching to English survives a reload', async ({ page }) => {
    await openLogin(page, 'zh-CN');
    await expect(page.getByRole('heading', { name: '账户登录' })).toBeVisible();
    await page.getByTestId('lang-option-en-US').click();
    await expect(page.getByRole('heading', { name: 'Account login' })).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'cz-lang');
    expect(cookie?.value).toBe('en-US');
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Account login' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });

  test('a service user is refused with a clear message', async ({ page }) => {
    await openLogin(page, 'en-US');
    await fillLogin(page, demo.account, demo.service.username, demo.service.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-message')).toContainText(
      'Service users cannot log in to the console',
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a successful sign-in remembers the account name among recent accounts', async ({ page }) => {
    await signIn(page, demo.member);
    await page.context().clearCookies({ name: 'cz_token' });
    await openLogin(page, 'en-US');
    await page.getByTestId('login-recent-toggle').click();
    await expect(page.getByTestId('login-recent-option').filter({ hasText: 'demo' })).toBeVisible();
    await page.getByTestId('login-recent-option').filter({ hasText: 'demo' }).click();
    await expect(page.getByTestId('login-account')).toHaveValue('demo');
  });

  test('an existing session skips the login page, and the help widget shows the contacts', async ({
    page,
  }) => {
    await setLanguage(page, 'zh-CN');
    await gotoLogin(page);
    await page.getByTestId('help-button').click();
    await expect(page.getByTestId('help-panel')).toBeVisible();
    await expect(page.getByTestId('help-email').first()).toContainText('@');
    await expect(page.getByTestId('help-phone')).toBeVisible();
    await expect(page.getByTestId('help-qr')).toBeVisible();

    await signIn(page, demo.admin);
    await page.goto('/login');
    await page.waitForURL('**/workbench');
  });
});
