import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demo, fillLogin, openLogin, registerAccount, signInByCall, type TLang } from './helpers';

/** The texts these tests read, per language. */
const texts = {
  'en-US': {
    signedIn: 'Signed in',
    createdAccount: 'Created the account',
    session: 'Sign-in session',
    system: 'System',
    last7Days: 'Last 7 days',
    topUp: 'Top-up order',
    total: /^(\d[\d,]* entr(y|ies)|More than [\d,]+ entries)$/,
    /** The accessible name of an entry's time, the button that opens its details. */
    openDetails: (time: string) => `Details of the entry at ${time}`,
  },
  'zh-CN': {
    signedIn: '登录',
    createdAccount: '创建账户',
    session: '登录会话',
    system: '系统',
    last7Days: '最近 7 天',
    topUp: '充值订单',
    total: /^(共 [\d,]+ 条|超过 [\d,]+ 条)$/,
    openDetails: (time: string) => `${time} 的审计记录详情`,
  },
} as const;

/** How far the page scrolls sideways (0 or less when it fits the window). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function pickOption(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-item-option').filter({ hasText: text }).click();
}

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
      'Time,User,Client IP,Operation code,Operation,Object type code,Object type,Object name,Object ID,Operation status,Info,Request ID',
    );
    expect(
      lines.some(
        (l) =>
          l.includes(`${demo.admin.username},`) &&
          l.includes(',account.passwordPolicy,Changed the password policy,account,Account,'),
      ),
    ).toBe(true);
    // The demo data's entries are the system's, under one name.
    expect(lines.some((l) => /^[^,]+,System,,account\.create,Created the account,/.test(l))).toBe(true);
    expect(lines.some((l) => /^[^,]+,system,/.test(l))).toBe(false);
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

  for (const lang of ['en-US', 'zh-CN'] as const satisfies readonly TLang[]) {
    for (const width of [1440, 390]) {
      test(`reads as names, with the code in the details, a total and date presets (${lang}, ${width} px)`, async ({
        page,
      }, testInfo) => {
        const text = texts[lang];
        await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
        await signInByCall(page, demo.admin, lang);
        await page.goto('/auditManage');
        const table = page.locator('.cz-audit__table');
        const login = page.locator('[data-testid="audit-row"][data-action="auth.login"]').first();
        await expect(login).toBeVisible();

        // The sign-in reads as a name, its object by type and name; no code in the table.
        await expect(login.getByTestId('audit-row-action')).toHaveText(text.signedIn);
        await expect(login.getByTestId('audit-row-object-type')).toHaveText(text.session);
        await expect(login.getByTestId('audit-row-object')).toHaveText(demo.admin.username);
        await expect(table).not.toContainText('auth.login');
        await expect(page.getByTestId('audit-total')).toHaveText(text.total);

        // Names, addresses and times stay on one line.
        for (const cell of [login.getByTestId('audit-row-user'), login.locator('.cz-audit__nowrap')]) {
          expect(await cell.evaluate((e) => getComputedStyle(e).whiteSpace)).toBe('nowrap');
        }

        // The details keep the code. A tap anywhere on the row opens them (here on its operation).
        const code = page.getByTestId('audit-details-code');
        await login.getByTestId('audit-row-action').click();
        await expect(code).toHaveText('auth.login');
        await page.keyboard.press('Escape');
        await expect(code).toBeHidden();
        // For the keyboard, the entry's time is the row's button, named for what it opens.
        const open = login.getByTestId('audit-row-open');
        await expect(open).toHaveAccessibleName(text.openDetails((await open.textContent()) ?? ''));
        await open.focus();
        await page.keyboard.press('Enter');
        await expect(code).toHaveText('auth.login');
        await page.keyboard.press('Escape');
        await expect(code).toBeHidden();
        // Closed for good once the focus is back on the row's button.
        await expect(open).toBeFocused();
        // A Details button from 768 px, pinned to the right; on a phone the row is enough.
        if (width > 1000) {
          await login.getByTestId('audit-row-details').click();
          await expect(code).toHaveText('auth.login');
          await page.keyboard.press('Escape');
          await expect(code).toBeHidden();
          await expect(login.getByTestId('audit-row-details')).toBeFocused();
        } else {
          await expect(login.getByTestId('audit-row-details')).toHaveCount(0);
        }

        // A preset: the last 7 days, from local midnight six days ago, open-ended.
        await pickOption(page, 'audit-filter-preset', text.last7Days);
        const [request] = await Promise.all([
          page.waitForRequest((r) => r.url().endsWith('/api/portal/audit/list') && r.method() === 'POST'),
          page.getByTestId('audit-filter-apply').click(),
        ]);
        const body = request.postDataJSON() as { from?: string; to?: string };
        expect(body.to).toBeUndefined();
        const range = await page.evaluate((from) => {
          const start = new Date(from);
          return {
            isMidnight: start.getHours() === 0 && start.getMinutes() === 0 && start.getSeconds() === 0,
            daysBack: (Date.now() - start.getTime()) / 86_400_000,
          };
        }, body.from ?? '');
        expect(range.isMidnight).toBe(true);
        expect(range.daysBack).toBeGreaterThan(6);
        expect(range.daysBack).toBeLessThanOrEqual(7);
        await expect(login).toBeVisible();

        // The demo data's entries read as the system's, in the same range.
        await page.getByTestId('audit-filter-search').fill('account.create');
        await page.getByTestId('audit-filter-apply').click();
        const created = page.locator('[data-testid="audit-row"][data-action="account.create"]');
        await expect(created).toHaveCount(1);
        await expect(created.getByTestId('audit-row-user')).toHaveText(text.system);
        await expect(created.getByTestId('audit-row-action')).toHaveText(text.createdAccount);
        await page.getByTestId('audit-filter-reset').click();
        await expect(login).toBeVisible();

        if (width > 1000) {
          // A desktop: the whole table fits, nothing to scroll.
          const scroller = table.locator('.ant-table-content');
          expect(await scroller.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
          expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        } else {
          // A phone: the page never scrolls sideways; the table scrolls inside itself.
          expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
          const scroller = table.locator('.ant-table-content');
          expect(await scroller.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
          const filters = await page.getByTestId('audit-filters').boundingBox();
          expect((filters?.x ?? 0) + (filters?.width ?? 0)).toBeLessThanOrEqual(width);
        }
        // The table from its first column, as a reader opens it.
        await table.locator('.ant-table-content').evaluate((e) => {
          e.scrollLeft = 0;
        });
        const shot = testInfo.outputPath(`audit-${width}-${lang}.png`);
        await page.screenshot({ path: shot, fullPage: true, animations: 'disabled' });
        await testInfo.attach(`audit-${width}-${lang}`, { path: shot, contentType: 'image/png' });
      });
    }
  }

  test('the object type filter offers every type the log holds, a top-up order too, in both languages', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // An account of its own whose log holds a top-up order (an unpaid one is enough).
    const owner = await registerAccount(page, request);
    await signInByCall(page, owner, 'en-US', owner.account);
    const order = await page.request.get('/api/portal/billing/getPayQrcode', {
      params: { channel: 'wechat', amount: '1', agreement: 'true' },
    });
    expect(((await order.json()) as { code: number }).code).toBe(0);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const width of [1440, 390]) {
        const text = texts[lang];
        await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
        await signInByCall(page, owner, lang, owner.account);
        await page.goto('/auditManage');
        await expect(page.locator('[data-testid="audit-row"][data-action="recharge.create"]')).toHaveCount(1);
        await page.getByTestId('audit-filter-object-type').click();
        const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
        // The 21 types the server writes (the contract's AuditObjectTypes), plus "All"; none of
        // them by its code.
        await expect(options).toHaveCount(22);
        const names = await options.allTextContents();
        expect(names).not.toContain('recharge');
        const topUp = options.filter({ hasText: text.topUp });
        if (width > 1000) {
          // A desktop sees the top-up order without scrolling the list.
          await expect(topUp).toBeInViewport({ ratio: 1 });
        } else {
          // A phone types part of its name.
          await page.keyboard.type(text.topUp.slice(0, 2));
          await expect(options).not.toHaveCount(22);
        }
        await topUp.click();
        await page.getByTestId('audit-filter-apply').click();
        const rows = page.getByTestId('audit-row');
        await expect(rows).toHaveCount(1);
        await expect(rows.getByTestId('audit-row-object-type')).toHaveText(text.topUp);
      }
    }
  });
});
