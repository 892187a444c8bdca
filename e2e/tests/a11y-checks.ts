/**
 * What the accessibility specs share: a page to check, how to wait until it is drawn, the axe-core
 * run (WCAG 2.0/2.1 A and AA rules) keeping serious and critical violations, and a readable report
 * of them (rule, impact, help, targets; for contrast, the two colours and the ratio).
 */
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { loginCall, type TLang } from './helpers';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * A page to check: where to go, what shows it is drawn, and what to open on it first. A console
 * page (`inApp`, with `ready`) that follows a console check which opened nothing is reached the
 * way its menu reaches it, without loading the document again; any other `path` is loaded.
 */
export type TCheck = {
  name: string;
  path?: string;
  ready?: string;
  inApp?: boolean;
  open?: (page: Page) => Promise<void>;
};

export type TFinding = { page: string; id: string; impact: string; help: string; targets: string[] };

/** Colour-contrast details axe gives for a node: its colours and ratio, against the one expected. */
type TContrastData = {
  fgColor?: string;
  bgColor?: string;
  contrastRatio?: number;
  expectedContrastRatio?: string;
};

/** Waits for the page to settle: no boot spinner, no loading table, no running animation. */
export async function settle(page: Page, ready?: string): Promise<void> {
  if (ready) await expect(page.getByTestId(ready).first()).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => {});
  const busy: Locator = page.locator(
    '.cz-boot, .ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]',
  );
  await expect(busy).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
}

/**
 * The serious and critical violations on `page` now. Axe runs in the page itself ("legacy mode":
 * no blank page opened to gather the frames' results; the console has no cross-origin frame), and
 * describes each node of the violations only: passes and the rest would be given one node each,
 * which nothing reads. Both change no finding and halve the time of a check of a large page.
 */
export async function findings(page: Page, name: string): Promise<TFinding[]> {
  // `options` replaces what `withTags` set: it comes first.
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(wcagTags)
    .setLegacyMode(true)
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      page: name,
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => {
        const data = n.any[0]?.data as TContrastData | undefined;
        const colours =
          v.id === 'color-contrast' && data?.fgColor
            ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}, needs ${data.expectedContrastRatio})`
            : ` ${n.html.slice(0, 120)}`;
        return `${n.target.join(' ')}${colours}`;
      }),
    }));
}

export function report(found: readonly TFinding[]): string {
  return found
    .map(
      (f) =>
        `${f.page}: ${f.id} (${f.impact}) ${f.help}\n${f.targets
          .slice(0, 8)
          .map((t) => `    ${t}`)
          .join('\n')}${f.targets.length > 8 ? `\n    … ${f.targets.length - 8} more` : ''}`,
    )
    .join('\n');
}

/**
 * Goes to a console path within the loaded console (its one history: a pushed entry and a
 * `popstate`, as Back and Forward do), under the session's account prefix when there is one.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const prefix = /^\/accounts\/\d+(?=\/)/.exec(location.pathname)?.[0] ?? '';
    history.pushState({ usr: null, key: `a11y${Date.now().toString(36)}` }, '', `${prefix}${to}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Visits the checks one after another on `page`, as `visit` does, and answers all findings. */
export async function visitAll(page: Page, checks: readonly TCheck[], lang?: TLang): Promise<TFinding[]> {
  const found: TFinding[] = [];
  let previous: TCheck | null = null;
  for (const check of checks) {
    // Only to a page with a mark of its own: what shows it is drawn is then the new page's.
    const inApp = Boolean(check.inApp && check.ready && previous?.inApp && !previous.open);
    found.push(...(await visit(page, check, lang, { inApp })));
    previous = check;
  }
  return found;
}

export async function visit(
  page: Page,
  check: TCheck,
  lang?: TLang,
  options: { inApp?: boolean } = {},
): Promise<TFinding[]> {
  return test.step(check.name, async () => {
    if (check.path && options.inApp) await navigateInApp(page, check.path);
    else if (check.path) await page.goto(check.path);
    await settle(page, check.ready);
    // The document's language follows the page's (screen readers pick their voice from it).
    if (lang) await expect(page.locator('html')).toHaveAttribute('lang', lang);
    if (check.open) {
      await check.open(page);
      await settle(page);
    }
    return findings(page, check.name);
  });
}

export async function newContext(browser: Browser, lang: TLang, options = {}) {
  const baseURL = test.info().project.use.baseURL as string;
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, ...options });
  await context.addCookies([{ name: 'cz-lang', value: lang, url: baseURL }]);
  return context;
}

/**
 * A context of `lang` signed in as `user` by the login call the login form makes (its session
 * cookie lands in the context), for checks of pages behind the sign-in: the form itself is checked,
 * and signs in, in the tests that start at the workbench.
 */
export async function signedInContext(
  browser: Browser,
  lang: TLang,
  account: string,
  user: { username: string; password: string },
) {
  const context = await newContext(browser, lang);
  await loginCall(context.request, lang, account, user);
  return context;
}
