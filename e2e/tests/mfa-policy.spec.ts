import { expect, test } from './fixtures';
import { freshPhone, registerAccount, sendCodeTo, setLanguage, signInTo } from './helpers';

/**
 * Requiring login protection of every user (domestic edition, development stand-ins deliver the
 * codes) in an account of the test's own, on a phone, in Chinese: the card says before any click
 * who could not complete a second step; once no one is left out, the confirmation names how many
 * users will be asked to set protection up and takes a code sent to the owner's phone.
 * (Production without SMS or e-mail: production-lockout.spec.ts; the international edition, with
 * the administrator's authenticator code: mfa-international.spec.ts.)
 */
test('requiring login protection says who is left out before the click, then confirms with the count and the owner’s code (zh-CN, 390 px)', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(page, request);
  await page.setViewportSize({ width: 390, height: 844 });
  await setLanguage(page, 'zh-CN');
  await signInTo(page, owner.account, owner, 'zh-CN');

  // A user with a phone (codes reach it: asked to set it up at the next sign-in), and one with
  // neither phone nor e-mail (no second step could reach them).
  const add = async (data: Record<string, unknown>) => {
    const res = await page.request.post('/api/portal/user/addUser', {
      headers: { 'X-CZ-Client': 'web' },
      data: { password: 'Initial@2026', ...data },
    });
    const body = (await res.json()) as { code: number; data: { id: number } };
    expect(body.code).toBe(0);
    return body.data.id;
  };
  await add({ username: 'member_with_phone', phone: freshPhone() });
  const unreachable = await add({ username: 'member_no_contact' });
  await page.reload();

  const card = page.getByTestId('mfa-card');
  const policy = card.getByTestId('mfa-policy-switch');
  await expect(policy).toHaveAttribute('aria-checked', 'false');
  await expect(policy).toBeDisabled();
  await expect(card.getByTestId('mfa-policy-blocked')).toContainText(
    '登录时无法完成二次验证的用户：member_no_contact（共 1 位）',
  );
  await card.getByTestId('mfa-policy-blocked').scrollIntoViewIfNeeded();
  expect(
    await card.getByTestId('mfa-policy-blocked').evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
  ).toBe(true);

  // Disabled users do not count: once that user is disabled, the requirement can be turned on.
  const disabled = await page.request.post('/api/portal/user/updateUserStatus', {
    headers: { 'X-CZ-Client': 'web' },
    data: { ids: [unreachable], status: 0 },
  });
  expect(((await disabled.json()) as { code: number }).code).toBe(0);
  await page.reload();
  await expect(policy).toBeEnabled();
  await expect(card.getByTestId('mfa-policy-blocked')).toHaveCount(0);

  await policy.click();
  const dialog = page.getByTestId('verify-dialog');
  await expect(dialog).toContainText('1 位用户将在下次登录时被要求设置登录保护。');
  await expect(dialog).toContainText('您自己的登录保护也将随之开启');
  // Nothing changes until the owner's code comes back.
  await expect(policy).toHaveAttribute('aria-checked', 'false');
  const code = await sendCodeTo(page, request, 'verify-send-code', `+86 ${owner.phone}`);
  await page.getByTestId('verify-code').fill(code);
  await page.getByTestId('verify-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: '已要求所有用户开启登录保护' })).toBeVisible();
  await expect(policy).toHaveAttribute('aria-checked', 'true');
  // The owner's own protection is on, by the phone the code reached.
  await expect(card.getByTestId('mfa-status')).toHaveAttribute('data-enabled', 'true');
});
