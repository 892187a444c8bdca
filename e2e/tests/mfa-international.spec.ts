import { expect, type Page, test } from './fixtures';
import {
  acme,
  authenticator,
  demo,
  fillLogin,
  openLogin,
  readOutbox,
  sendCodeTo,
  signInTo,
  signOut,
  virtualAuthenticator,
} from './helpers';

// This project's server runs with DEPLOY_MODE=onprem and EDITION=international: login protection
// is an authenticator app (TOTP). The codes are computed here from the key the dialog shows.
// Users: analyst_01 and the acme administrator (with a user it invites), whom the other test of this
// server does not use.

/** Reads the manual key of the binding screen and checks the copy button says "Copied". */
async function readKey(page: Page): Promise<string> {
  await expect(page.getByTestId('mfa-qr')).toBeVisible();
  await expect(page.getByTestId('mfa-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByTestId('mfa-secret-copy').click();
  await expect(page.getByTestId('mfa-secret-copy-label')).toHaveText('Copied');
  return secret;
}

test.describe('login protection, international edition', () => {
  test('an authenticator app turns on from the workbench card and is asked for at the next sign-in; a passkey joins it', async ({
    page,
  }) => {
    await signInTo(page, demo.account, demo.member);
    const card = page.getByTestId('mfa-card');
    await expect(card.getByTestId('mfa-status')).toHaveAttribute('data-enabled', 'false');
    await card.getByTestId('mfa-enable').click();

    // Step 1: install an app; step 2: bind the key; step 3: the code.
    const dialog = page.getByTestId('mfa-dialog');
    await expect(dialog).toHaveAttribute('data-step', '0');
    await expect(page.getByTestId('mfa-help-link')).toBeVisible();
    await page.getByTestId('mfa-next').click();
    await expect(dialog).toHaveAttribute('data-step', '1');
    const app = authenticator(await readKey(page));
    await page.getByTestId('mfa-next').click();
    await expect(dialog).toHaveAttribute('data-step', '2');
    await expect(page.getByTestId('mfa-confirm')).toBeDisabled();
    await page.getByTestId('mfa-dialog-code').fill(app.codeAt(Date.now()));
    await page.getByTestId('mfa-confirm').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Login protection is on' })).toBeVisible();
    await expect(card.getByTestId('mfa-status')).toHaveAttribute('data-enabled', 'true');
    await expect(card.getByTestId('mfa-method')).toHaveAttribute('data-method', 'GA');
    await expect(card.getByTestId('mfa-rebind')).toBeVisible();

    // The user popover leads to the same settings.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-login-protection').click();
    await expect(page.getByTestId('mfa-overview').getByTestId('mfa-status')).toHaveAttribute(
      'data-enabled',
      'true',
    );
    await page.getByTestId('mfa-overview-close').click();
    await expect(page.getByTestId('mfa-overview')).toBeHidden();

    await signOut(page);
    await fillLogin(page, demo.account, demo.member.username, demo.member.password);
    await page.getByTestId('login-submit').click();
    const step = page.getByTestId('mfa-step');
    await expect(step).toHaveAttribute('data-mode', 'ga');
    await expect(page.getByTestId('mfa-submit')).toBeDisabled();
    await page.getByTestId('mfa-code').fill('12345');
    await expect(page.getByTestId('mfa-submit')).toBeDisabled();
    // A code serves once: the one of the next 30-second step (accepted, one step either side)
    // cannot be the one that turned protection on.
    await page.getByTestId('mfa-code').fill(app.codeAt(Date.now() + 30_000));
    await page.getByTestId('mfa-submit').click();
    await page.waitForURL('**/workbench');
    await expect(page.getByTestId('user-card-name')).toHaveText(demo.member.username);

    // A passkey next to the app (issue 22), proven by a code to the e-mail, on Chromium's virtual
    // authenticator: the next sign-in offers it first, and the app one click away.
    await virtualAuthenticator(page);
    await card.getByTestId('mfa-passkeys-manage').click();
    await page.getByTestId('passkeys-add').click();
    const code = await sendCodeTo(page, page.context().request, 'verify-send-code', 'analyst@demo.example');
    await page.getByTestId('verify-code').fill(code);
    await page.getByTestId('verify-confirm').click();
    await page.getByTestId('passkey-name-input').fill('Security key');
    await page.getByTestId('passkey-name-confirm').click();
    await expect(page.getByTestId('passkey-name')).toContainText('Security key');
    await page.getByTestId('passkeys-close').click();
    await expect(card.getByTestId('mfa-passkeys-count')).toHaveText('1 of 10');

    await signOut(page);
    await fillLogin(page, demo.account, demo.member.username, demo.member.password);
    await page.getByTestId('login-submit').click();
    await expect(step).toHaveAttribute('data-mode', 'passkey');
    await page.getByTestId('passkey-other-method').click();
    await expect(step).toHaveAttribute('data-mode', 'ga');
    await page.getByTestId('passkey-switch').click();
    await expect(step).toHaveAttribute('data-mode', 'passkey');
    await page.getByTestId('passkey-use').click();
    await page.waitForURL('**/workbench');
    await expect(page.getByTestId('user-card-name')).toHaveText(demo.member.username);
  });

  test('requiring it says why before the click, names the count, takes the administrator’s code; a user without it binds at sign-in', async ({
    page,
    browser,
    request,
  }) => {
    // A user of acme without login protection: invited by e-mail, the link accepted.
    await signInTo(page, acme.account, acme.admin);
    const username = `acme_${Date.now().toString(36).slice(-5)}`;
    const email = `${username}@acme.example`;
    const password = 'Invited@2026ok';
    const added = await page.request.post('/api/portal/user/addUser', {
      headers: { 'X-CZ-Client': 'web' },
      data: { username, email, invite: true },
    });
    expect(((await added.json()) as { code: number }).code).toBe(0);
    const [mail] = await readOutbox(request, email);
    const link = /\/userManage\/(\d+)\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    const accepted = await request.post('/api/portal/user/acceptInvitation', {
      data: { userId: Number(link?.[1]), token: link?.[2], password },
    });
    expect(((await accepted.json()) as { code: number }).code).toBe(0);
    await page.reload();

    // Before any click: the switch is off and the card says why (the administrator has no app).
    const card = page.getByTestId('mfa-card');
    const policy = page.getByTestId('mfa-policy-switch');
    await expect(card.getByTestId('mfa-status')).toHaveAttribute('data-enabled', 'false');
    await expect(policy).toHaveAttribute('aria-checked', 'false');
    await expect(policy).toBeDisabled();
    await expect(page.getByTestId('mfa-policy-blocked')).toHaveText(
      'To require login protection of every user, first turn on login protection for yourself with an authenticator app: its code confirms the change.',
    );

    // The administrator binds an app; then the requirement can be turned on.
    await card.getByTestId('mfa-enable').click();
    await page.getByTestId('mfa-next').click();
    const app = authenticator(await readKey(page));
    await page.getByTestId('mfa-next').click();
    await page.getByTestId('mfa-dialog-code').fill(app.codeAt(Date.now()));
    await page.getByTestId('mfa-confirm').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Login protection is on' })).toBeVisible();
    await expect(page.getByTestId('mfa-policy-blocked')).toHaveCount(0);
    await expect(policy).toBeEnabled();

    // The confirmation names the count and takes the app's code (the next one: a code serves once).
    await policy.click();
    await expect(page.getByTestId('mfa-policy-confirm')).toBeVisible();
    await expect(page.getByTestId('mfa-policy-count')).toHaveText(
      '1 user will be asked to set up login protection at their next sign-in.',
    );
    await expect(policy).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('mfa-policy-code').fill(app.codeAt(Date.now() + 30_000));
    await page.getByTestId('mfa-policy-confirm-ok').click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Login protection is now required for every user' }),
    ).toBeVisible();
    await expect(policy).toHaveAttribute('aria-checked', 'true');
    await expect(card.getByTestId('mfa-required-tag')).toBeVisible();

    // The invited user, without protection, binds an app at the second step of the sign-in.
    const context = await browser.newContext();
    const member = await context.newPage();
    await openLogin(member, 'zh-CN');
    await fillLogin(member, acme.account, username, password);
    await member.getByTestId('login-submit').click();
    await expect(member.getByTestId('mfa-step')).toHaveAttribute('data-mode', 'bind');
    await expect(member.getByRole('heading', { name: '设置登录保护' })).toBeVisible();
    await expect(member.getByTestId('mfa-qr')).toBeVisible();
    const secret = ((await member.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
    await member.getByTestId('mfa-secret-copy').click();
    await expect(member.getByTestId('mfa-secret-copy-label')).toHaveText('复制成功');
    // A wrong code is refused in the page's language, next to the input.
    const memberApp = authenticator(secret);
    const right = memberApp.codeAt(Date.now());
    await member.getByTestId('mfa-code').fill(right === '000000' ? '111111' : '000000');
    await member.getByTestId('mfa-submit').click();
    await expect(member.getByTestId('mfa-code-error')).toContainText('验证码不匹配');
    await member.getByTestId('mfa-code').fill(memberApp.codeAt(Date.now()));
    await member.getByTestId('mfa-submit').click();
    await member.waitForURL('**/workbench');
    // Bound and on; it cannot be turned off while the account requires it.
    const memberCard = member.getByTestId('mfa-card');
    await expect(memberCard.getByTestId('mfa-status')).toHaveAttribute('data-enabled', 'true');
    await expect(memberCard.getByTestId('mfa-disable')).toBeDisabled();
    await context.close();

    // Turning the requirement off needs no code: it can lock no one out.
    await policy.click();
    await expect(policy).toHaveAttribute('aria-checked', 'false');
    await expect(card.getByTestId('mfa-disable')).toBeEnabled();
  });
});
