/**
 * The console's lists on a desktop (1440 px) and a phone (390 px): users, bill details (/billing),
 * statements, a monthly bill, account funds, services and Insight users. A username, an instance
 * with its region, a date never wraps mid-word (its text takes one line); amounts are right-aligned
 * in tabular figures under titles that name the account's currency; on the phone no list makes the
 * page scroll sideways: the table scrolls inside its own box. A list that fits a desktop shows
 * every column there, none under a fixed column. The walks of shell-responsive.spec.ts run these
 * checks on each list page they open, at each width and in each language.
 *
 * `checkLayout` checks any page or drawer as drawn (decision 0038): no text is cut with an
 * ellipsis unless the whole text is there for the asking (a title, or a list cell's tooltip), no
 * cell's content lies under a pinned (sticky) column, no header, button, tag, tab or title breaks
 * inside a word, every label of a label/value list takes one line, and a list in a drawer or a
 * dialog fits it.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { demo } from './helpers';

export type TListCheck = {
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
   * bill details sit under the overview's summary and filters, which the walk checks as a page;
   * there the list's card must fit.
   */
  isWholePage: boolean;
  /**
   * Whether every column fits a desktop screen: there the table does not scroll sideways, and no
   * column's title or cell lies under a fixed column (the month, the actions).
   */
  fitsDesktop?: boolean;
};

/** The lists, by the name of the page (or the page's tab) that shows them. */
export const lists = {
  users: {
    box: 'user-manage',
    row: 'user-row-name',
    oneLine: [{ testId: 'user-row-name', text: demo.admin.username }],
    hasAmounts: false,
    isWholePage: true,
  },
  consumption: {
    box: 'billing-details',
    row: 'billing-detail-row',
    oneLine: [{ testId: 'bill-instance' }],
    hasAmounts: true,
    isWholePage: false,
  },
  statements: {
    box: 'billing-cost',
    row: 'statement-row',
    oneLine: [{ testId: 'statement-month' }, { testId: 'statement-settled' }],
    hasAmounts: true,
    isWholePage: true,
    fitsDesktop: true,
  },
  'month-bill': {
    box: 'billing-month',
    row: 'month-line',
    oneLine: [{ testId: 'bill-instance' }],
    hasAmounts: true,
    isWholePage: true,
  },
  'funds-transactions': {
    box: 'billing-balance',
    row: 'transaction-row',
    oneLine: [],
    hasAmounts: true,
    isWholePage: true,
  },
  services: {
    box: 'service-manage',
    row: 'instance-row',
    oneLine: [{ testId: 'instance-name' }, { testId: 'instance-region' }],
    hasAmounts: false,
    isWholePage: true,
  },
  'insight-users': {
    box: 'insight-user-manage',
    row: 'insight-user-row',
    oneLine: [{ testId: 'insight-user-name', text: demo.admin.username }],
    hasAmounts: false,
    isWholePage: true,
  },
} as const satisfies Record<string, TListCheck>;

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

/**
 * The columns of the list's tables whose title or first row's cell is covered (the element drawn at
 * its middle is another cell: a fixed column over it) or cut by the table's box.
 */
function coveredColumns(page: Page, box: string) {
  return page.evaluate((testId) => {
    const el = document.querySelector(`[data-testid="${testId}"]`) as HTMLElement;
    const out: string[] = [];
    for (const table of Array.from(el.querySelectorAll<HTMLElement>('.ant-table-content'))) {
      table.scrollIntoView({ block: 'nearest' });
      const edge = table.getBoundingClientRect();
      const row = table.querySelector('tbody tr.ant-table-row');
      const cells = [
        ...Array.from(table.querySelectorAll<HTMLElement>('thead th')),
        ...Array.from(row?.querySelectorAll<HTMLElement>(':scope > td') ?? []),
      ];
      for (const cell of cells) {
        const r = cell.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        const drawn = document.elementFromPoint(x, y);
        if (r.left < edge.left - 1 || r.right > edge.right + 1 || !drawn || !cell.contains(drawn)) {
          out.push(cell.textContent?.trim() || `(${cell.tagName.toLowerCase()})`);
        }
      }
    }
    return out;
  }, box);
}

/** Checks the list `name` on the page as drawn now (its rows loaded), at the window's width. */
export async function checkList(page: Page, name: keyof typeof lists, width: number): Promise<void> {
  const list: TListCheck = lists[name];
  const rows = page.getByTestId(list.row);
  await expect(rows.first(), `${name}: rows`).toBeVisible();

  for (const { testId, text } of list.oneLine) {
    const cell = text
      ? page.getByTestId(testId).filter({ hasText: new RegExp(`^${text}$`) })
      : page.getByTestId(testId).first();
    await expect(cell, `${name}: ${testId}`).toBeVisible();
    expect(await linesOf(cell), `${name}: ${testId} takes one line`).toBe(1);
  }

  if (list.hasAmounts) {
    const amounts = rows.first().locator('td.cz-cell-amount');
    expect(await amounts.count(), `${name}: amount cells`).toBeGreaterThan(0);
    for (const cell of await amounts.all()) {
      const style = await cell.evaluate((el) => {
        const s = getComputedStyle(el);
        return { align: s.textAlign, figures: s.fontVariantNumeric, wrap: s.whiteSpace };
      });
      expect(style, `${name}: an amount`).toEqual({
        align: 'right',
        figures: 'tabular-nums',
        wrap: 'nowrap',
      });
      expect(await linesOf(cell), `${name}: an amount takes one line`).toBe(1);
    }
    // The amount titles name the account's currency (CNY in the domestic edition).
    const titles = await page.getByTestId(list.box).locator('thead th.cz-cell-amount').allTextContents();
    expect(
      titles.some((title) => /[（(]CNY[)）]$/.test(title.trim())),
      titles.join(' | '),
    ).toBe(true);
  }

  const fit = await fitOf(page, list.box);
  if (width < 992) {
    if (list.isWholePage) expect(fit.page, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
    expect(fit.box, `${name}: the list's box overflows`).toBeLessThanOrEqual(0);
    expect(fit.right, `${name}: the list's box passes the window`).toBeLessThanOrEqual(0);
    // The widest table scrolls inside its own box instead.
    const widest = fit.tables.reduce((a, b) => (b.inside > a.inside ? b : a));
    expect(widest.inside, `${name}: a table scrolls inside its box`).toBeGreaterThan(0);
    expect(widest.overflow, name).toBe('auto');
  } else {
    expect(fit.page, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
    if (list.fitsDesktop) {
      for (const table of fit.tables)
        expect(table.inside, `${name}: the table scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await coveredColumns(page, list.box), `${name}: columns covered or cut`).toEqual([]);
    }
  }
}

/** What `layoutFindings` reports: one line per defect, naming the text. */
type TLayoutFinding = string;

/**
 * The layout defects of the page as drawn now (run in the page):
 * - `cut`: a text cut with an ellipsis that neither carries a title nor is a list cell's
 *   EllipsisText (inside `cz-cell-ellipsis`, whose tooltip shows the whole text);
 * - `covered`: a table cell whose content lies under a pinned column of its row (a sticky cell);
 * - `broken`: a table header, button, tag, tab, card, drawer or page title broken across lines
 *   inside a word: the line breaks where the character before it is no space (Chinese, which has
 *   no spaces, may break only at one);
 * - `label`: a label of a label/value list (antd's Descriptions) on more than one line;
 * - `scrolls`: a list in a drawer or a dialog wider than it.
 */
function layoutFindings(page: Page): Promise<TLayoutFinding[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const short = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    const isShown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return (
        r.width > 0 &&
        r.height > 0 &&
        getComputedStyle(el).visibility !== 'hidden' &&
        // A table's hidden measuring row repeats its headers.
        !el.closest('.ant-table-measure-row')
      );
    };

    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const style = getComputedStyle(el);
      if (style.textOverflow !== 'ellipsis' || style.overflowX === 'visible') continue;
      if (!el.textContent?.trim() || !isShown(el) || el.scrollWidth <= el.clientWidth) continue;
      if (el.closest('[title]') || el.closest('.cz-cell-ellipsis')) continue;
      found.push(`cut: "${short(el.textContent)}"`);
    }

    for (const row of Array.from(document.querySelectorAll('.ant-table tr'))) {
      if (!isShown(row)) continue;
      const cells = Array.from(row.children);
      const pinned = cells.filter((c) => getComputedStyle(c).position === 'sticky');
      for (const cell of cells) {
        if (pinned.includes(cell)) continue;
        const range = document.createRange();
        range.selectNodeContents(cell);
        const boxes = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
        for (const pin of pinned) {
          const p = pin.getBoundingClientRect();
          const under = boxes.some(
            (b) => b.right > p.left + 0.5 && b.left < p.right - 0.5 && b.bottom > p.top && b.top < p.bottom,
          );
          if (under) found.push(`covered: "${short(cell.textContent)}" under "${short(pin.textContent)}"`);
        }
      }
    }

    // A list in a drawer or a dialog fits it: scrolled sideways inside it, its last columns and
    // their headers would be out of sight (a page's list may scroll inside its box instead).
    for (const box of Array.from(
      document.querySelectorAll('.ant-drawer .ant-table-content, .ant-modal .ant-table-content'),
    )) {
      if (isShown(box) && box.scrollWidth > box.clientWidth)
        found.push(
          `scrolls: the list "${short(box.querySelector('thead')?.textContent ?? '')}" is ${box.scrollWidth - box.clientWidth} px wider than its drawer or dialog`,
        );
    }

    /** The places where `el`'s text breaks onto a new line after a character other than a space. */
    const midWordBreaks = (el: Element): string[] => {
      const breaks: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node as Text).data;
        let bottom: number | null = null;
        for (let i = 0; i < text.length; i += 1) {
          if (/\s/.test(text[i] ?? '')) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getClientRects()[0];
          if (!box || box.width === 0) continue;
          if (bottom !== null && box.top >= bottom - 1 && !/\s/.test(text[i - 1] ?? ' '))
            breaks.push(`${text.slice(0, i)}/${text.slice(i)}`);
          bottom = box.bottom;
        }
      }
      return breaks;
    };
    const words = [
      '.ant-table-thead th',
      'button',
      'a.ant-btn',
      '.ant-tag',
      '.cz-tag',
      '[role="tab"]',
      '.ant-card-head-title',
      '.ant-drawer-title',
      '.ant-modal-title',
      '[data-testid="page-title"]',
    ].join(', ');
    for (const el of Array.from(document.querySelectorAll(words))) {
      if (!isShown(el)) continue;
      for (const at of midWordBreaks(el)) found.push(`broken: "${short(at)}"`);
    }

    /** How many lines `el`'s text takes (boxes of a line overlap vertically). */
    const lines = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const boxes = Array.from(range.getClientRects())
        .filter((r) => r.width > 0 && r.height > 0)
        .sort((a, b) => a.top - b.top);
      let count = 0;
      let bottom = Number.NEGATIVE_INFINITY;
      for (const box of boxes) {
        if (box.top >= bottom - 1) {
          count += 1;
          bottom = box.bottom;
        } else bottom = Math.max(bottom, box.bottom);
      }
      return count;
    };
    for (const label of Array.from(document.querySelectorAll('.ant-descriptions-item-label'))) {
      if (isShown(label) && lines(label) > 1) found.push(`label: "${short(label.textContent)}" wraps`);
    }
    return found;
  });
}

/**
 * Checks the page (with its open drawers and dialogs) as drawn now, at the window's width; `where`
 * names it in a failure. `except` leaves out the findings it matches (a page's defect known to be
 * mended elsewhere, named where the walk passes it).
 */
export async function checkLayout(page: Page, where: string, except?: RegExp): Promise<void> {
  const found = (await layoutFindings(page)).filter((finding) => !except?.test(finding));
  expect(found, `${where}:\n${found.join('\n')}`).toEqual([]);
}
