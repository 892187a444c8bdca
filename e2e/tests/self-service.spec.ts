import { expect, type Page, test } from './fixtures';
import {
  demo,
  fillLogin,
  identityProof,
  openLogin,
  operatorCommand,
  readOutbox,
  registerAccount,
  sendCodeTo,
  signIn,
  signInByCall,
  testCaptchaText,
} from './helpers';

// Self-service in the domestic edition (project `cloud`): registration with an SMS code, the reset
// of a forgotten password, the confirmation of a contact change asked for by an administrator, and
// the result pages. Each test registers its own account, so no demo user's password changes.

async function signInWith(page: Page, who: { account: string; username: string; password: string }) {
  await fillLogin(page, who.account, who.username, who.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/workbench');
  await expect(page.getByTestId('workbench')).toBeVisible();
}

test.describe('self-service, domestic edition', () => {
  test('registers a new account with the SMS code, then signs in with it', async ({ page, request }) => {
    test.setTimeout(240_000);
    await openLogin(page, 'en-US');
    const created = await registerAccount(page, request, { checkRules: true });
    await page.getByTestId('register-go-login').click();
    await page.waitForURL(/\/login/);
    await expect(page.getByTestId('login-account')).toHaveValue(created.account);
    await page.getByTestId('login-username').fill(created.username);
    await page.getByTestId('login-password').fill(created.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/workbench');
    await expect(page.getByTestId('workbench')).toBeVisible();
    await expect(page.getByTestId('user-account')).toHaveCount(0); // the popover is closed
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-name')).toHaveText(created.username);
  });

  test('registers from a cloud-marketplace subscription with a signed token', async ({ page, request }) => {
    test.setTimeout(240_000);
    await openLogin(page, 'en-US');
    const token = operatorCommand(['marketplace-token', `customer-${Date.now()}`, '--offer', 'trial']);
    expect(token).toMatch(/^mkt1\./);
    const created = await registerAccount(page, request, {
      path: `/aws-register?token=${encodeURIComponent(token)}&offerType=trial`,
    });
    await page.getByTestId('register-go-login').click();
    await page.waitForURL(/\/login/);
    await signInWith(page, created);
  });

  test('a phone already registered is refused only after its code is verified', async ({ page, request }) => {
    test.setTimeout(240_000);
    await openLogin(page, 'en-US');
    const created = await registerAccount(page, request);
    await page.goto('/register');
    await page.getByTestId('register-username').fill('second_owner');
    await page.getByTestId('register-password').fill(created.password);
    await page.getByTestId('register-confirm').fill(created.password);
    await page.getByTestId('register-phone-number').fill(created.phone);
    // A wrong code answers the code's error and says nothing of the phone.
    await page.getByTestId('register-code').fill('000000');
    await page.getByTestId('register-captcha-input').fill(testCaptchaText);
    await page.getByTestId('register-agreement').check();
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-code-error')).toBeVisible();
    await expect(page.getByText(/already registered/i)).toHaveCount(0);
    const code = await sendCodeTo(page, request, 'register-send-code', `+86 ${created.phone}`);
    await page.getByTestId('register-code').fill(code);
    await page.getByTestId('register-captcha-input').fill(testCaptchaText);
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-phone-error')).toHaveText(
      'This phone number or e-mail address is already registered.',
    );
  });

  test('resets a forgotten password with the SMS code, and the old one stops working', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await openLogin(page, 'en-US');
    const created = await registerAccount(page, request);
    await openLogin(page, 'en-US');
    // The link needs both names: without them it says what is missing.
    await page.getByTestId('login-forgot-password').click();
    await expect(page).toHaveURL(/\/login/);
    await fillLogin(page, created.account, created.username, '');
    await page.getByTestId('login-forgot-password').click();
    await page.waitForURL(/\/findPassword\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('account')).toBe(created.account);
    expect(url.searchParams.get('username')).toBe(created.username);

    await expect(page.getByTestId('reset-target')).toHaveAttribute('data-channel', 'SMS');
    await expect(page.getByTestId('reset-target-value')).toHaveText(
      `${created.phone.slice(0, 3)}****${created.phone.slice(7)}`,
    );
    const code = await sendCodeTo(page, request, 'reset-send-code', `+86 ${created.phone}`);
    await page.getByTestId('reset-code').fill(code);
    await page.getByTestId('reset-next').click();

    await expect(page.getByTestId('reset-password-form')).toBeVisible();
    // Under the default policy (lowercase and uppercase, at least 8) a short password is refused.
    await page.getByTestId('reset-password').fill('short');
    await page.getByTestId('reset-confirm').fill('short');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-password-form')).toContainText('8');
    const fresh = 'Renewed@2026pass';
    await page.getByTestId('reset-password').fill(fresh);
    await page.getByTestId('reset-confirm').fill(`${fresh}x`);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-password-form')).toBeVisible();
    await page.getByTestId('reset-confirm').fill(fresh);
    await page.getByTestId('reset-submit').click();
    await page.waitForURL(/\/login/);
    await expect(page.getByTestId('login-account')).toHaveValue(created.account);

    // The old password no longer signs in; the new one does.
    await fillLogin(page, created.account, created.username, created.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-message')).toBeVisible();
    await page.getByTestId('login-password').fill(fresh);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/workbench');
  });

  test('the administrator tightens the password policy and a too-short password is refused', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await openLogin(page, 'en-US');
    const created = await registerAccount(page, request);
    await page.getByTestId('register-go-login').click();
    await page.waitForURL(/\/login/);
    await signInWith(page, created);

    await page.goto('/accountManage/accountInfo');
    const line = page.getByTestId('policy-line');
    await expect(line).toContainText('8-32');
    await expect(line).toContainText('permanent');
    await page.getByTestId('policy-edit').click();
    const dialog = page.getByTestId('policy-dialog');
    await expect(dialog).toBeVisible();
    await page.getByTestId('policy-min-length').fill('12');
    await page.getByTestId('policy-type-DIGIT').check();
    await page.getByTestId('policy-validity-custom').check();
    await expect(page.getByTestId('policy-days')).toHaveValue('180');
    await page.getByTestId('policy-save').click();
    await expect(page.getByText('Save successful')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(line).toContainText('12-32');
    await expect(line).toContainText('180');

    // The server refuses it too, naming the minimum length and the required types (5059).
    const refused = await page.request.post('/api/portal/user/changePassword', {
      headers: { 'X-CZ-Client': 'web' },
      data: { oldPassword: created.password, newPassword: 'Short@2026' },
    });
    const body = (await refused.json()) as { code: number; msg?: string; message?: string };
    expect(body.code).toBe(5059);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-change-password').click();
    const change = page.getByTestId('change-password-dialog');
    await expect(change).toBeVisible();
    await page.getByTestId('change-password-current').fill(created.password);
    await page.getByTestId('change-password-new').fill('Short@2026');
    await page.getByTestId('change-password-confirm').fill('Short@2026');
    await page.getByTestId('change-password-submit').click();
    await expect(change).toContainText(
      'The password does not meet the password policy: at least 12 characters, with',
    );
    const fresh = 'Longer@2026pass';
    await page.getByTestId('change-password-new').fill(fresh);
    await page.getByTestId('change-password-confirm').fill(fresh);
    await page.getByTestId('change-password-submit').click();
    await expect(change).toBeHidden();
    // This session stays signed in; the new password signs in from now on.
    await page.reload();
    await expect(page.getByTestId('policy-line')).toBeVisible();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await signInWith(page, { ...created, password: fresh });
  });

  test('the password_edit flag opens the change-password dialog once and leaves the address', async ({
    page,
  }) => {
    await signInByCall(page, demo.member);
    await page.goto('/workbench?password_edit=1');
    await expect(page.getByTestId('change-password-dialog')).toBeVisible();
    await expect(page).toHaveURL(/\/workbench$/);
  });

  test('the reset page without both names goes back to the login page', async ({ page }) => {
    await openLogin(page, 'en-US');
    await page.goto('/findPassword?username=someone');
    await page.waitForURL(/\/login$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();
  });

  test('finds the accounts and the usernames of a phone after its code', async ({ page, request }) => {
    test.setTimeout(240_000);
    await openLogin(page, 'en-US');
    const created = await registerAccount(page, request);

    await page.goto('/findAccount');
    await page.getByTestId('find-account-phone-number').fill(created.phone);
    const code = await sendCodeTo(page, request, 'find-account-send-code', `+86 ${created.phone}`);
    await page.getByTestId('find-account-code').fill(code);
    await page.getByTestId('find-account-submit').click();
    await expect(page.getByTestId('find-account-result')).toBeVisible();
    await expect(page.getByTestId('found-account')).toHaveCount(1);
    await expect(page.getByTestId('found-account').first()).toContainText(created.account);

    await page.goto('/findUsername');
    await page.getByTestId('find-username-account').fill(created.account);
    await page.getByTestId('find-username-phone-number').fill(created.phone);
    const code2 = await sendCodeTo(page, request, 'find-username-send-code', `+86 ${created.phone}`);
    await page.getByTestId('find-username-code').fill(code2);
    await page.getByTestId('find-username-submit').click();
    await expect(page.getByTestId('find-username-result')).toBeVisible();
    await expect(page.getByTestId('find-username-count')).toContainText('1');
    await expect(page.getByTestId('found-username')).toHaveText([created.username]);
  });

  test('an administrator changes a user’s e-mail and the user agrees through the link', async ({
    page,
    request,
  }) => {
    // Two identity checks of the administrator, each perhaps waiting out a resend limit.
    test.setTimeout(240_000);
    // The member's id, from a session of their own.
    const login = await request.post('/api/login', {
      data: {
        accountDisplayName: demo.account,
        username: demo.member.username,
        password: demo.member.password,
      },
    });
    expect(((await login.json()) as { code: number }).code).toBe(0);
    const me = await request.post('/api/portal/user/getCurrentUser', {
      headers: { 'X-CZ-Client': 'web' },
      data: {},
    });
    const member = ((await me.json()) as { data: { id: string } }).data;
    await request.post('/api/logout', { headers: { 'X-CZ-Client': 'web' }, data: {} });

    await signIn(page, demo.admin);
    // Each request carries the administrator's own identity check (a code to their phone or e-mail).
    const ask = async (email: string, channel: 'SMS' | 'EMAIL') => {
      const proof = await identityProof(
        page,
        request,
        'UPDATE_USER_INFO',
        channel,
        channel === 'SMS' ? '+86 13800000000' : 'admin@demo.example',
      );
      const res = await page.request.post('/api/portal/user/updateUserWithConfirm', {
        headers: { 'X-CZ-Client': 'web', authcodetoken: proof.checkToken, authcodetype: proof.checkCodeType },
        data: { id: member.id, email },
      });
      expect(((await res.json()) as { code: number }).code).toBe(0);
      const [mail] = await readOutbox(request, email);
      const link = /https?:\/\/\S+\/confirm-change\?t=[\w-]+/.exec(mail?.text ?? '')?.[0];
      expect(link).toBeTruthy();
      const target = new URL(link as string);
      return `${target.pathname}${target.search}`;
    };

    // A change the administrator takes back: listed in the account center, revoked there, and its
    // link no longer works.
    const revokedEmail = `analyst.revoked.${Date.now()}@demo.example`;
    const revokedLink = await ask(revokedEmail, 'EMAIL');
    await page.goto('/accountManage/accountInfo');
    const row = page.getByTestId('pending-change-row').filter({ hasText: revokedEmail });
    await expect(row).toContainText(demo.member.username);
    await row.getByTestId('pending-change-revoke').click();
    await page.getByTestId('pending-change-revoke-confirm').click();
    await expect(row).toHaveCount(0);
    await page.goto(revokedLink);
    await expect(page.getByTestId('confirm-change-invalid')).toBeVisible();

    const newEmail = `analyst.${Date.now()}@demo.example`;
    const link = await ask(newEmail, 'SMS');
    await page.goto(link);
    await expect(page.getByTestId('confirm-change-facts')).toContainText(newEmail);
    await expect(page.getByTestId('confirm-change-facts')).toContainText(demo.member.username);
    await page.getByTestId('confirm-change-agree').click();
    await expect(page.getByTestId('confirm-change-done')).toBeVisible();
    await expect(page.getByTestId('confirm-change-countdown')).toBeVisible();
    await page.waitForURL(/\/login/, { timeout: 10_000 });

    // The link serves once.
    await page.goto(link);
    await expect(page.getByTestId('confirm-change-invalid')).toBeVisible();
  });

  test('result pages: invalid confirmation link, SSO error, marketplace token, no access, not found', async ({
    page,
  }) => {
    await openLogin(page, 'en-US');
    await page.goto('/confirm-change');
    await expect(page.getByTestId('confirm-change-invalid')).toBeVisible();
    await page.goto('/confirm-change?t=not-a-real-token');
    await expect(page.getByTestId('confirm-change-invalid')).toBeVisible();

    await page.goto(`/sso-error?errMsg=${encodeURIComponent('The identity provider refused the sign-in')}`);
    await expect(page.getByTestId('sso-error-message')).toHaveText(
      'The identity provider refused the sign-in',
    );
    await page.getByTestId('sso-error-login').click();
    await page.waitForURL(/\/login/);

    await page.goto('/aws-register');
    await expect(page.getByTestId('aws-token-missing')).toBeVisible();
    await page.goto('/aws-register?token=forged&offerType=trial');
    await expect(page.getByTestId('aws-token-invalid')).toBeVisible();

    await page.goto('/noAuth');
    await expect(page.locator('body')).toContainText(/permission|access/i);
    await page.goto('/noFound');
    await expect(page.locator('body')).toContainText(/not (be )?found|does not exist/i);
  });

  test('the self-service pages speak Chinese', async ({ page }) => {
    await openLogin(page, 'zh-CN');
    await page.goto('/findAccount');
    await expect(page.getByTestId('find-account-page')).toContainText('找回');
    await page.goto('/register');
    await expect(page.getByTestId('register-page')).toContainText('注册');
  });
});
