import { expect, test } from './fixtures';
import {
  acme,
  fillLogin,
  openLogin,
  readOutbox,
  sendCodeTo,
  setLanguage,
  signInTo,
  signOut,
  testCaptchaText,
} from './helpers';

// The domestic edition (project `cloud`): codes by SMS or e-mail, read from the development outbox.
// Login protection is turned on for the administrator of the second demo account, whom no other
// browser test signs in as (tests of other files run at the same time).
const phone = `+86 ${acme.admin.phone}`;

/** Signs in as the acme administrator up to the second step (login protection must be on). */
async function startProtectedSignIn(page: import('@playwright/test').Page) {
  await fillLogin(page, acme.account, acme.admin.username, acme.admin.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('mfa-step')).toHaveAttribute('data-mode', 'code');
}

test.describe('login protection, domestic edition', () => {
  test('an administrator turns it on by phone, signs out, and signs in again with the SMS code', async ({
    page,
    request,
  }) => {
    // The sign-in's code goes to the phone that got the turning-on code a moment before: another
    // purpose, so not a resend, and it goes out at once.
    test.setTimeout(180_000);
    await signInTo(page, acme.account, acme.admin);
    const card = page.getByTestId('mfa-card');
    await expect(card.getByTestId('mfa-status')).toHaveAttribute('data-enabled', 'false');
    await card.getByTestId('mfa-enable').click();

    await expect(page.getByTestId('mfa-method-dialog')).toBeVisible();
    await page.getByTestId('mfa-method-PHONE').click();
    await page.getByTestId('mfa-continue').click();
    const dialog = page.getByTestId('verify-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('verify-target')).toHaveAttribute('data-channel', 'SMS');
    await expect(page.getByTestId('verify-target-value-value')).toHaveText('137****0000');
    await expect(page.getByTestId('verify-confirm')).toBeDisabled();
    const code = await sendCodeTo(page, request, 'verify-send-code', phone);
    await page.getByTestId('verify-code').fill(code.slice(0, 5));
    await expect(page.getByTestId('verify-confirm')).toBeDisabled();
    await page.getByTestId('verify-code').fill(code);
    await page.getByTestId('verify-confirm').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Login protection is on' })).toBeVisible();
    await expect(card.getByTestId('mfa-status')).toHaveAttribute('data-enabled', 'true');
    await expect(card.getByTestId('mfa-method')).toHaveAttribute('data-method', 'PHONE');
    await expect(card.getByTestId('mfa-target')).toHaveText('137****0000');

    await signOut(page);
    await startProtectedSignIn(page);
    // Phone first; the code goes where the user chooses.
    await expect(page.getByTestId('mfa-channel-SMS')).toBeChecked();
    await expect(page.getByTestId('mfa-submit')).toBeDisabled();
    const smsCode = await sendCodeTo(page, request, 'mfa-send-code', phone);
    await expect(page.getByTestId('mfa-sent')).toContainText('137****0000');
    // A wrong code is refused next to the input, and the screen stays.
    await page.getByTestId('mfa-code').fill(smsCode === '000000' ? '111111' : '000000');
    await page.getByTestId('mfa-submit').click();
    await expect(page.getByTestId('mfa-code-error')).toContainText('The verification code does not match');
    await expect(page.getByTestId('mfa-submit')).toBeEnabled();
    await page.getByTestId('mfa-code').fill(smsCode);
    await page.getByTestId('mfa-submit').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Login successful' })).toBeVisible();
    await page.waitForURL('**/workbench');
    await expect(page.getByTestId('user-card-name')).toHaveText(acme.admin.username);
  });

  test('the resend countdown ticks each second, and the resend comes back after it through the captcha', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.clock.install();
    await openLogin(page, 'en-US');
    await fillLogin(page, acme.account, acme.admin.username, acme.admin.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('mfa-step').or(page.getByTestId('workbench'))).toBeVisible();
    if (await page.getByTestId('workbench').isVisible()) {
      // Run on its own: turn login protection on first (by phone; this test uses the e-mail).
      await page.getByTestId('mfa-enable').click();
      await page.getByTestId('mfa-continue').click();
      await page.getByTestId('verify-code').fill(await sendCodeTo(page, request, 'verify-send-code', phone));
      await page.getByTestId('verify-confirm').click();
      await expect(page.getByTestId('mfa-status')).toHaveAttribute('data-enabled', 'true');
      await signOut(page);
      await startProtectedSignIn(page);
    }

    await page.getByTestId('mfa-channel-EMAIL').check({ force: true });
    const send = page.getByTestId('mfa-send-code');
    await expect(send).toHaveText('Send code');
    await send.click();
    await expect(send).toHaveAttribute('data-state', 'counting');
    await expect(send).toBeDisabled();
    await expect(send).toHaveText(/^Resend in (60|59|58) s$/);
    const first = Number(await send.getAttribute('data-seconds'));
    await page.clock.runFor(2000);
    await expect.poll(async () => Number(await send.getAttribute('data-seconds'))).toBeLessThan(first);
    await expect(send).toHaveText(/^Resend in \d+ s$/);
    const [mail] = await readOutbox(request, acme.admin.email);
    expect(mail?.code).toMatch(/^\d{6}$/);

    // A minute later the resend button is back.
    await page.clock.fastForward('01:01');
    await expect(send).toHaveAttribute('data-state', 'ready');
    await expect(send).toHaveText('Resend');
    await expect(send).toBeEnabled();

    // A resend first goes through the image captcha: confirm waits for the characters.
    await send.click();
    await expect(page.getByTestId('captcha-popover')).toBeVisible();
    await expect(page.getByTestId('captcha-image')).toHaveAttribute('data-captcha-id', /.+/);
    await expect(page.getByTestId('captcha-confirm')).toBeDisabled();
    await page.getByTestId('captcha-input').fill(testCaptchaText);
    await expect(page.getByTestId('captcha-confirm')).toBeEnabled();
    await page.getByTestId('captcha-confirm').click();
    await expect(page.getByTestId('captcha-popover')).toBeHidden();
    // The page's clock ran ahead; the server's did not: it refuses a resend within its minute
    // and says how long to wait, which the button counts down.
    await expect(send).toHaveAttribute('data-state', 'counting');
    await expect(page.getByTestId('mfa-code-error')).toContainText('Exceeded the call limit');

    // The first code still signs in.
    await page.getByTestId('mfa-code').fill(mail?.code ?? '');
    await page.getByTestId('mfa-submit').click();
    await page.waitForURL('**/workbench');
  });

  test('after three failed sign-ins the image captcha is asked for, and its answer goes with the next one', async ({
    page,
  }) => {
    await openLogin(page, 'en-US');
    await fillLogin(page, acme.account, 'captcha_probe', 'Wrong@2026pass');
    const message = page.getByTestId('login-message');
    for (let i = 1; i <= 3; i += 1) {
      await page.getByTestId('login-submit').click();
      await expect(message).toContainText(`attempt ${i} of 5`);
    }
    await expect(page.getByTestId('captcha-field')).toBeVisible();
    const image = page.getByTestId('captcha-image');
    await expect(image).toHaveAttribute('data-captcha-id', /.+/);

    // Nothing is sent without the characters.
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/login')) requests += 1;
    });
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-captcha-error')).toHaveText(
      'Please enter the characters in the picture',
    );
    expect(requests).toBe(0);

    // A wrong answer is refused (4025) and a new picture is shown.
    const firstId = await image.getAttribute('data-captcha-id');
    await page.getByTestId('captcha-input').fill('zzzz');
    const wrong = page.waitForRequest((r) => r.url().endsWith('/api/login'));
    await page.getByTestId('login-submit').click();
    expect((await wrong).postDataJSON()).toMatchObject({ captchaId: firstId, captchaCode: 'zzzz' });
    await expect(message).toContainText('do not match');
    await expect(image).not.toHaveAttribute('data-captcha-id', firstId ?? '');
    await expect(image).toHaveAttribute('data-captcha-id', /.+/);

    // The right answer lets the password be checked again.
    await page.getByTestId('captcha-input').fill(testCaptchaText);
    await page.getByTestId('login-submit').click();
    await expect(message).toContainText('attempt 4 of 5');
  });

  test('the development outbox page lists what was sent, with the code highlighted', async ({
    page,
    request,
  }) => {
    const number = `136${String(Date.now()).slice(-8)}`;
    const sent = await request.post('/api/portal/common/sendPhoneAuthCode', {
      data: { phone: number, authMethod: 'REGISTER_FORM' },
      headers: { 'x-cz-client': 'web' },
    });
    expect((await sent.json()).code).toBe(0);
    const [message] = await readOutbox(request, `+86 ${number}`);

    await setLanguage(page, 'en-US');
    await page.goto(`/dev/outbox?to=${encodeURIComponent(`+86 ${number}`)}`);
    await expect(page.getByRole('heading', { name: 'Development outbox' })).toBeVisible();
    await expect(page.getByTestId('outbox-item')).toHaveCount(1);
    await expect(page.getByTestId('outbox-item')).toHaveAttribute('data-channel', 'sms');
    await expect(page.getByTestId('outbox-to')).toHaveText(`+86 ${number}`);
    await expect(page.getByTestId('outbox-code')).toHaveText(message?.code ?? '-');

    await page.getByTestId('outbox-filter').fill('nobody@example.com');
    await page.getByTestId('outbox-search').click();
    await expect(page.getByTestId('outbox-empty')).toBeVisible();
    await expect(page).toHaveURL(/to=nobody%40example\.com/);
    await page.getByTestId('outbox-filter').fill('');
    await page.getByTestId('outbox-search').click();
    await expect(page.getByTestId('outbox-item').first()).toBeVisible();
    await page.getByTestId('outbox-refresh').click();
    await expect(page.getByTestId('outbox-item').first()).toBeVisible();
  });
});
