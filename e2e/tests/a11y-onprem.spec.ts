/**
 * Accessibility of the on-premise, international edition (project `onprem-international`: English by
 * default, console paths under `/accounts/{id}`, the Huawei-cloud license screen): axe-core (WCAG
 * 2.0/2.1 A and AA) in both languages, on the login page with its help panel and license screen and
 * on the main console pages as the demo administrator. No serious or critical violation may remain.
 * The cloud edition's pages are a11y.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { demo, fillLogin, type TLang } from './helpers';

const languages: readonly TLang[] = ['en-US', 'zh-CN'];

type TCheck = { name: string; path?: string; ready?: string; open?: (page: Page) => Promise<void> };

const pages: readonly TCheck[] = [
  { name: 'login', path: '/login', ready: 'login-submit' },
  {
    name: 'login: help panel',
    open: async (page) => {
      await page.getByTestId('help-button').click();
      await expect(page.getByTestId('help-panel')).toBeVisible();
    },
  },
  {
    name: 'login: license screen',
    path: '/login',
    ready: 'login-license',
    open: async (page) => {
      await page.getByTestId('login-license').click();
      await expect(page.getByTestId('license-screen')).toBeVisible();
    },
  },
];

/** Console paths without the account prefix: the console puts the session's account in front. */
const consolePages: readonly TCheck[] = [
  { name: 'workbench', path: '/workbench', ready: 'workbench' },
  { name: 'account center', path: '/accountManage/accountInfo', ready: 'account-center' },
  { name: 'users', path: '/accountManage/userManage', ready: 'user-manage' },
  { name: 'services', path: '/serviceManage', ready: 'service-manage' },
  { name: 'billing overview', path: '/billing', ready: 'billing-overview' },
  { name: 'funds', path: '/billing/balance' },
  { name: 'audit', path: '/auditManage', ready: 'audit-page' },
];

type TFinding = { page: string; id: string; impact: string; help: string; targets: string[] };

async function settle(page: Page, ready?: string): Promise<void> {
  if (ready) await expect(page.getByTestId(ready).first()).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => {});
  await expect(
    page.locator('.cz-boot, .ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]'),
  ).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
}

async function visit(page: Page, check: TCheck, lang: TLang): Promise<TFinding[]> {
  return test.step(check.name, async () => {
    if (check.path) await page.goto(check.path);
    await settle(page, check.ready);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    if (check.open) {
      await check.open(page);
      await settle(page);
    }
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        page: check.name,
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.map(
          (n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
        ),
      }));
  });
}

function report(found: readonly TFinding[]): string {
  return found
    .map((f) => `${f.page}: ${f.id} (${f.impact}) ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`)
    .join('\n');
}

async function newPage(browser: Browser, lang: TLang): Promise<Page> {
  const baseURL = test.info().project.use.baseURL as string;
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'cz-lang', value: lang, url: baseURL }]);
  return context.newPage();
}

for (const lang of languages) {
  test(`on-premise pages in ${lang} have no serious or critical accessibility violation`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await newPage(browser, lang);
    const found: TFinding[] = [];
    for (const check of pages) found.push(...(await visit(page, check, lang)));
    await page.goto('/login');
    await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/accounts\/\d+\/workbench$/);
    for (const check of consolePages) found.push(...(await visit(page, check, lang)));
    await page.context().close();
    expect(found.length, report(found)).toBe(0);
  });
}
