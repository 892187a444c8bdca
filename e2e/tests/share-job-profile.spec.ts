import { findings, newContext, report, settle } from './a11y-checks';
import { expect, test } from './fixtures';
import { demo, signIn } from './helpers';
import { saveScreenshot } from './screenshots';

/**
 * A shared job profile (spec section 2, /share/jobProfile; decision 0023): the demo member
 * (analyst_01, not an administrator) shares a job of the opened Lakehouse instance from the
 * service page; a fresh browser with no session opens the link and sees the profile (both
 * languages, 1440 and 390 px wide, no serious accessibility finding); the member revokes the link
 * and the page then says it was revoked.
 */
test('a member shares a job profile, a browser without a session opens it, then the link is revoked', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  await signIn(page, demo.member, 'en-US');
  await page.goto('/serviceManage');
  const studio = page.getByTestId('service-section-studio');
  const row = studio
    .getByTestId('instance-row')
    .filter({ has: page.locator('[data-testid="instance-region"][data-region="cn-shanghai"]') });
  await row.getByTestId('instance-share-job').click();

  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('share-expire-days')).toHaveValue('7');
  await dialog.getByRole('combobox').click();
  const option = page.locator('.ant-select-item-option').first();
  await expect(option).toBeVisible();
  await option.click();
  await dialog.getByTestId('share-expire-days').fill('3');
  await page.getByTestId('share-create-ok').click();

  const created = page.getByTestId('share-created');
  await expect(created).toBeVisible();
  const link = await created.getByTestId('share-link').inputValue();
  expect(link).toMatch(/\/share\/jobProfile\?token=[A-Za-z0-9_-]{43}$/);
  const jobId = /job_\d{14}_[0-9a-f]{8}/.exec((await created.textContent()) ?? '')?.[0];
  expect(jobId).toBeTruthy();
  await saveScreenshot(page, testInfo, 'share-job-profile-created-1440-en', { fullPage: false });
  await page.getByTestId('share-done-close').click();

  // The list shows the link (never its token), active.
  const listed = page.locator(`[data-testid="share-row"][data-job="${jobId}"]`).first();
  await expect(listed.getByTestId('share-row-status')).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('job-profile-shares')).not.toContainText(
    new URL(link).searchParams.get('token') ?? '',
  );

  // A fresh browser, no session: the profile, in both languages and two widths.
  const target = `${new URL(link).pathname}${new URL(link).search}`;
  const found = [];
  for (const lang of ['en-US', 'zh-CN'] as const) {
    const guest = await newContext(browser, lang);
    const visitor = await guest.newPage();
    await visitor.goto(target);
    await expect(visitor.getByTestId('share-profile')).toBeVisible();
    await expect(visitor.getByTestId('profile-job-id')).toContainText(jobId ?? '');
    await expect(visitor.getByTestId('profile-status')).toBeVisible();
    await expect(visitor.getByTestId('profile-sql')).toContainText(/SELECT|INSERT/);
    expect(await visitor.getByTestId('profile-node').count()).toBeGreaterThan(3);
    await expect(visitor.locator('[data-testid="profile-node"][data-slowest="true"]').first()).toBeVisible();
    await expect(visitor.getByTestId('profile-duration')).toHaveText(
      lang === 'en-US' ? /ms|s|min|h/ : /毫秒|秒|分|小时/,
    );
    // The page is shell-free: no console menu, and no session was made.
    await expect(visitor.locator('.cz-sider')).toHaveCount(0);
    expect((await guest.cookies()).map((c) => c.name)).not.toContain('cz_token');
    await settle(visitor, 'share-profile');
    found.push(...(await findings(visitor, `shared profile ${lang} 1440`)));
    await saveScreenshot(visitor, testInfo, `share-job-profile-1440-${lang === 'en-US' ? 'en' : 'zh'}`);
    await visitor.setViewportSize({ width: 390, height: 844 });
    await settle(visitor, 'share-profile');
    found.push(...(await findings(visitor, `shared profile ${lang} 390`)));
    // Nothing wider than the phone's screen but the tree, which scrolls in its own box.
    const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(visitor, testInfo, `share-job-profile-390-${lang === 'en-US' ? 'en' : 'zh'}`);
    await guest.close();
  }
  expect(report(found)).toBe('');

  // The member revokes the link; the page then says it was revoked.
  await page.reload();
  const again = page.locator(`[data-testid="share-row"][data-job="${jobId}"]`).first();
  await expect(again.getByTestId('share-row-opens')).toHaveText('2');
  await again.getByTestId('share-revoke').click();
  await page.getByTestId('share-revoke-ok').click();
  await expect(again.getByTestId('share-row-status')).toHaveAttribute('data-status', 'revoked');

  const guest = await newContext(browser, 'en-US');
  const visitor = await guest.newPage();
  await visitor.goto(target);
  await expect(visitor.getByTestId('share-revoked')).toContainText('This link was revoked');
  await saveScreenshot(visitor, testInfo, 'share-job-profile-revoked-1440-en');
  // An altered token is no link at all.
  await visitor.goto(`${target.slice(0, -2)}xx`);
  await expect(visitor.getByTestId('share-invalid')).toContainText('This link is not valid');
  await guest.close();
});
