/**
 * The console's lists on a desktop (1440 px) and a phone (390 px), in English and Chinese: users,
 * bill details (/billing), a monthly bill, account funds, services and Insight users. A username,
 * an instance with its region, a date never wraps mid-word (its text takes one line); amounts are
 * right-aligned in tabular figures; on the phone no list makes the page scroll sideways: the
 * table scrolls inside its own box. A screenshot of each page at each width and language is kept
 * with the test's results (`<page>-<width>-<lang>.png`). One sign-in per language.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demo, fillLogin, gotoLogin, setLanguage, type TLang } from './helpers';

const widths = [1440, 390] as const;

type TListPage = {
  name: string;
  /** Opens the page and answers once its list has rows. */
  open: (page: Page) => Promise<void>;
  /** The test id of the list's own box (the card or the page that holds the table). */
  box: string;
  /** The test id of a table row. */
  row: string;
  /** Texts that must each take one line: a test id inside the rows, and the text it must hold. */
  oneLine: { testId: string; text?: string }[];
  /** Whether the rows hold amounts (right-aligned, tabular figures). */
  hasAmounts: boolean;
  /**
   * Whether the whole page is the list's: then the document itself must not scroll sideways. The
   * bill details sit under the overview's summary and filters, which the shell spec covers; there
   * the list's card must fit.
   */
  isWholePage: boolean;
};

async function visit(page: Page, path: string, row: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId(row).first()).toBeVisible();
}

const listPages: readonly TListPage[] = [
  {
    name: 'users',
    open: (page) => visit(page, '/accountManage/userManage', 'user-row-name'),
    box: 'user-manage',
    row: 'user-row-name',
    oneLine: [{ testId: 'user-row-name', text: demo.admin.username }],
    hasAmounts: false,
    isWholePage: true,
  },
  {
    name: 'billing-details',
    open: (page) => visit(page, '/billing', 'billing-detail-row'),
    box: 'billing-details',
    row: 'billing-detail-row',
    oneLine: [{ testId: 'bill-instance' }],
    hasAmounts: true,
    isWholePage: false,
  },
  {
    name: 'month-bill',
    open: async (page) => {
      await visit(page, '/billing/cost', 'statement-month');
      await page.getByTestId('statement-month').first().click();
      await page.waitForURL(/\/billing\/cost\/month\/\d+$/);
      await expect(page.getByTestId('month-line').first()).toBeVisible();
    },
    box: 'billing-month',
    row: 'month-line',
    oneLine: [{ testId: 'bill-instance' }],
    hasAmounts: true,
    isWholePage: true,
  },
  {
    name: 'funds',
    open: (page) => visit(page, '/billing/balance?tab=transactions', 'transaction-row'),
    box: 'billing-balance',
    row: 'transaction-row',
    oneLine: [],
    hasAmounts: true,
    isWholePage: true,
  },
  {
    name: 'services',
    open: (page) => visit(page, '/serviceManage', 'instance-row'),
    box: 'service-manage',
    row: 'instance-row',
    oneLine: [{ testId: 'instance-name' }, { testId: 'instance-region' }],
    hasAmounts: false,
    isWholePage: true,
  },
  {
    name: 'insight-users',
    open: (page) => visit(page, '/serviceManage/insightUserManage', 'insight-user-row'),
    box: 'insight-user-manage',
    row: 'insight-user-row',
    oneLine: [{ testId: 'insight-user-name', text: demo.admin.username }],
    hasAmounts: false,
    isWholePage: true,
  },
];

/**
 * The number of lines an element's text takes: its text's boxes, top to bottom, a box starting a
 * new line when it lies below the line before (boxes of smaller text on the same line overlap it).
 */
function linesOf(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const boxes = Array.from(range.getClientRects())
      .filter((r) => r.width > 0 && r.height > 0)
      .sort((a, b) => a.top - b.top);
    let lines = 0;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const box of boxes) {
      if (box.top >= bottom - 1) {
        lines += 1;
        bottom = box.bottom;
      } else bottom = Math.max(bottom, box.bottom);
    }
    return lines;
  });
}

/** How the page and a list's box fit the window: sideways scroll of each, and the box's right edge. */
function fitOf(page: Page, box: string) {
  return page.evaluate((testId) => {
    const el = document.querySelector(`[data-testid="${testId}"]`) as HTMLElement;
    const tables = Array.from(el.querySelectorAll<HTMLElement>('.ant-table-content'));
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      box: el.scrollWidth - el.clientWidth,
      right: el.getBoundingClientRect().right - window.innerWidth,
      /** How much wider than its box each table is: the part that scrolls inside it. */
      tables: tables.map((t) => ({
        inside: t.scrollWidth - t.clientWidth,
        overflow: getComputedStyle(t).overflowX,
      })),
    };
  }, box);
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

for (const lang of ['en-US', 'zh-CN'] as const satisfies readonly TLang[]) {
  test.describe(`lists in ${lang}`, () => {
    // One sign-in for the language's tests: its cookies (the session and the language) are kept
    // in a file that each test's own browser context starts from.
    const session = join(tmpdir(), `cz-tables-${lang}-${process.pid}.json`);
    test.use({ storageState: session });

    test.beforeAll(async ({ browser }, testInfo) => {
      // A context of its own, starting signed out (not from the file it is about to write).
      const context = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        storageState: { cookies: [], origins: [] },
      });
      const page = await context.newPage();
      await setLanguage(page, lang);
      await gotoLogin(page);
      await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/workbench');
      await context.storageState({ path: session });
      await context.close();
    });

    test.afterAll(() => rmSync(session, { force: true }));

    for (const width of widths) {
      test(`fit ${width} px without wrapping names, dates or amounts`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width, height: 900 });
        for (const list of listPages) {
          await test.step(list.name, async () => {
            await list.open(page);
            await settle(page);
            const rows = page.getByTestId(list.row);

            for (const { testId, text } of list.oneLine) {
              const cell = text
                ? page.getByTestId(testId).filter({ hasText: new RegExp(`^${text}$`) })
                : page.getByTestId(testId).first();
              await expect(cell, `${list.name}: ${testId}`).toBeVisible();
              expect(await linesOf(cell), `${list.name}: ${testId} takes one line`).toBe(1);
            }

            if (list.hasAmounts) {
              const amounts = rows.first().locator('td.cz-cell-amount');
              expect(await amounts.count(), `${list.name}: amount cells`).toBeGreaterThan(0);
              for (const cell of await amounts.all()) {
                const style = await cell.evaluate((el) => {
                  const s = getComputedStyle(el);
                  return { align: s.textAlign, figures: s.fontVariantNumeric, wrap: s.whiteSpace };
                });
                expect(style, `${list.name}: an amount`).toEqual({
                  align: 'right',
                  figures: 'tabular-nums',
                  wrap: 'nowrap',
                });
                expect(await linesOf(cell), `${list.name}: an amount takes one line`).toBe(1);
              }
              // The amount titles name the account's currency (CNY in the domestic edition).
              const titles = await page
                .getByTestId(list.box)
                .locator('thead th.cz-cell-amount')
                .allTextContents();
              expect(
                titles.some((title) => /[（(]CNY[)）]$/.test(title.trim())),
                titles.join(' | '),
              ).toBe(true);
            }

            const fit = await fitOf(page, list.box);
            if (width === 390) {
              if (list.isWholePage)
                expect(fit.page, `${list.name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
              expect(fit.box, `${list.name}: the list's box overflows`).toBeLessThanOrEqual(0);
              expect(fit.right, `${list.name}: the list's box passes the window`).toBeLessThanOrEqual(0);
              // The widest table scrolls inside its own box instead.
              const widest = fit.tables.reduce((a, b) => (b.inside > a.inside ? b : a));
              expect(widest.inside, `${list.name}: a table scrolls inside its box`).toBeGreaterThan(0);
              expect(widest.overflow, list.name).toBe('auto');
            } else {
              expect(fit.page, `${list.name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
            }
            await page.screenshot({
              path: testInfo.outputPath(`${list.name}-${width}-${lang}.png`),
              fullPage: true,
            });
          });
        }
      });
    }
  });
}
