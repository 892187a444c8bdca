import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { demo, fillLogin, openLogin } from './helpers';

test.describe('audit log', () => {
  test('a failed and a successful sign-in and a saved policy show in /auditManage and in its CSV export', async ({
    page,
  }) => {
    // A wrong password, then the right one.
    await openLogin(page, 'en-US');
    await fillLogin(page, demo.account, demo.admin.username, 'Wrong@2026pass');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/workbench');

    // The password policy saved unchanged.
    await page.goto('/accountManage/accountInfo');
    await page.getByTestId('policy-edit').click();
    await expect(page.getByTestId('policy-dialog')).toBeVisible();
    await page.getByTestId('policy-save').click();
    await expect(page.getByText('Save successful')).toBeVisible();

    // The audit page lists them, newest first.
    await page.goto('/auditManage');
    await expect(page.getByTestId('audit-page')).toBeVisible();
    const rows = page.getByTestId('audit-row');
    await expect(rows.first()).toBeVisible();
    await expect(
      page.locator('[data-testid="audit-row"][data-action="account.passwordPolicy"]').first(),
    ).toBeVisible();

    // Filter: the administrator's failures.
    await page.getByTestId('audit-filter-user').fill(demo.admin.username);
    await page.getByTestId('audit-filter-status').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Failure' }).click();
    await page.getByTestId('audit-filter-apply').click();
    const failure = page.locator('[data-testid="audit-row"][data-action="auth.login"]').first();
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('Failure');
    await expect(page.locator('[data-testid="audit-row"][data-action="account.passwordPolicy"]')).toHaveCount(
      0,
    );

    // Its details: the reason, never the password.
    await failure.getByTestId('audit-row-details').click();
    const info = page.getByTestId('audit-details-info');
    await expect(info).toContainText('wrong_password');
    await expect(info).not.toContainText('Wrong@2026pass');
    await page.keyboard.press('Escape');

    // Free text instead: the policy change.
    await page.getByTestId('audit-filter-reset').click();
    await page.getByTestId('audit-filter-search').fill('passwordPolicy');
    await page.getByTestId('audit-filter-apply').click();
    await expect(
      page.locator('[data-testid="audit-row"][data-action="account.passwordPolicy"]').first(),
    ).toBeVisible();
    await expect(page.locator('[data-testid="audit-row"][data-action="auth.login"]')).toHaveCount(0);

    // Export of the unfiltered log: a UTF-8 CSV with a BOM, English headers, and these actions.
    await page.getByTestId('audit-filter-reset').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('audit-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-.*\.csv$/);
    const path = await download.path();
    const text = readFileSync(path, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split(/\r?\n/);
    expect(lines[0]).toBe(
      'Time,User,Client IP,Operation,Object type,Object,Operation status,Info,Request ID',
    );
    expect(lines.some((l) => l.includes('account.passwordPolicy') && l.includes(demo.admin.username))).toBe(
      true,
    );
    expect(
      lines.some((l) => l.includes('auth.login') && l.includes('Failure') && l.includes('wrong_password')),
    ).toBe(true);
    expect(text).not.toContain('Wrong@2026pass');
  });

  test('an ordinary user is refused the audit log by the server', async ({ page }) => {
    await openLogin(page, 'en-US');
    await fillLogin(page, demo.account, demo.member.username, demo.member.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/workbench');
    const res = await page.request.post('/api/portal/audit/list', {
      headers: { 'X-CZ-Client': 'web' },
      data: {},
    });
    expect((await res.json()).code).toBe(4037);
    const csv = await page.request.get('/api/portal/audit/export');
    expect((await csv.json()).code).toBe(4037);
  });
});
