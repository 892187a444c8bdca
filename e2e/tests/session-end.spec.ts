/**
 * An ended session always leads to the login page (decision 0041).
 * - The race of issue 38, made on purpose for every page of the console's route table: the page's
 *   calls (its quiet first calls included) are held on their way, the session is ended on the
 *   server, the calls are let go; the page must reach /login with the account filled in and the
 *   notice shown once, in the words of how the session ended (401: expired; 4004: ended elsewhere).
 * - A console page opened without a session asks for the session and nothing else, then opens the
 *   login page, whose own check for a session answers without a 401 in the browser's console.
 * No timing: calls are held and let go by routing, and the test waits for conditions.
 */
import type { APIRequestContext, ConsoleMessage, Page, Request, Route } from '@playwright/test';
import { consoleRoutes, type TConsoleRouteId } from '../../apps/web/src/config/console-routes';
import { expect, test } from './fixtures';
import { demo, setLanguage, signInByCall, type TLang } from './helpers';

/** How the session ends: signed out by its token (401), or ended from the sessions list (4004). */
type TEnd = 'expired' | 'ended';

const notices: Record<TEnd, Record<TLang, string>> = {
  expired: { 'en-US': 'Session expired, please login again', 'zh-CN': '登录已过期，请重新登录' },
  ended: {
    'en-US': 'Your session was ended on another device or by an administrator. Please sign in again.',
    'zh-CN': '您的登录会话已在其他设备上或由管理员结束，请重新登录。',
  },
};

/** What each page draws: typed by the route table, so a new route must say it here. */
const pageTestIds: Record<TConsoleRouteId, string> = {
  workbench: 'workbench',
  accountInfo: 'account-center',
  authentication: 'certification-page',
  userManage: 'user-manage',
  sso: 'sso-page',
  serviceManage: 'service-manage',
  insightUserManage: 'insight-user-manage',
  billing: 'billing-overview',
  cost: 'billing-cost',
  monthBill: 'month-bill',
  balance: 'billing-balance',
  topUp: 'billing-top-up',
  auditManage: 'audit-page',
};

/** The address of a route (a monthly bill needs a statement of the account). */
async function addressOf(page: Page, id: TConsoleRouteId, path: string): Promise<string> {
  if (!path.includes(':id')) return path;
  const res = await page.request.post('/api/portal/billing/history/list', {
    headers: { 'x-cz-client': 'web' },
    data: { pageNo: 1, pageSize: 1 },
  });
  const first = ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0];
  if (!first) throw new Error(`no statement for ${id}`);
  return path.replace(':id', String(first.id));
}

/** Ends the page's session from elsewhere (another client, whose cookies are its own). */
async function endSession(page: Page, request: APIRequestContext, how: TEnd): Promise<void> {
  const token = (await page.context().cookies()).find((c) => c.name === 'cz_token')?.value;
  expect(token).toBeTruthy();
  const headers = { authorization: `Bearer ${token}` };
  if (how === 'expired') {
    expect((await request.post('/api/logout', { headers, data: {} })).ok()).toBe(true);
    return;
  }
  const listed = await request.get('/api/portal/user/sessions', { headers });
  const own = (
    (await listed.json()) as { data: { list: { id: number; isCurrent: boolean }[] } }
  ).data.list.find((s) => s.isCurrent);
  expect(own).toBeTruthy();
  const ended = await request.post('/api/portal/user/sessions/end', { headers, data: { id: own?.id } });
  expect(((await ended.json()) as { code: number }).code).toBe(0);
}

consoleRoutes.forEach((route, i) => {
  // Both endings and both languages across the pages.
  const how: TEnd = i % 2 === 0 ? 'expired' : 'ended';
  const lang: TLang = i % 4 < 2 ? 'zh-CN' : 'en-US';
  test(`${route.id}: a session that ends while the page's calls are on their way leads to /login, once (${how}, ${lang})`, async ({
    page,
    request,
  }) => {
    await signInByCall(page, demo.admin, lang);
    const address = await addressOf(page, route.id, route.path);
    await page.goto(route.id === 'workbench' ? '/accountManage/accountInfo' : '/workbench');
    await page.waitForLoadState('networkidle');

    // From here, every call is held until the session has ended.
    const held: Route[] = [];
    let isHolding = true;
    await page.route('**/api/**', (r) => (isHolding ? held.push(r) : r.continue()));
    // In the console, as a menu item or a link goes there (the first calls begin at once).
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, address);
    // The page is drawn: at once, or as its loading state until its data comes.
    await expect(
      page
        .locator('#main-content')
        .locator(`[data-testid="${pageTestIds[route.id]}"], .ant-skeleton`)
        .first(),
    ).toBeVisible();
    // The top-up page asks for nothing until a way to pay is chosen: the bank transfer asks for the
    // account to pay to.
    if (route.id === 'topUp') await page.getByTestId('top-up-method-remittance').click();
    await expect.poll(() => held.length).toBeGreaterThan(0);

    await endSession(page, request, how);
    isHolding = false;
    for (const r of held.splice(0)) await r.continue();

    await page.waitForURL(/\/login\?/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('redirect')).toBe(address);
    expect(query.get('account')).toBe(demo.account);
    await expect(page.getByTestId('login-account')).toHaveValue(demo.account);
    await expect(page.getByTestId('toast').filter({ hasText: notices[how][lang] })).toHaveCount(1);
    await expect(page.getByTestId('toast')).toHaveCount(1);
    if (how === 'ended') await expect(page.getByTestId('toast')).not.toContainText(notices.expired[lang]);
  });
});

/** The API calls a page makes, and the failed requests its browser console reports. */
function watch(page: Page) {
  const calls: string[] = [];
  const failures: string[] = [];
  const onRequest = (r: Request) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) calls.push(`${r.method()} ${pathname}`);
  };
  const onConsole = (m: ConsoleMessage) => {
    if (m.type() === 'error' && /status of 4\d\d/.test(m.text())) failures.push(m.text());
  };
  page.on('request', onRequest);
  page.on('console', onConsole);
  const stop = () => {
    page.off('request', onRequest);
    page.off('console', onConsole);
  };
  return { calls, failures, stop };
}

const sessionCall = 'POST /api/portal/user/getCurrentUser';
const loginCheck = 'GET /api/portal/user/findCurrentUser';

test('a console page opened without a session asks for the session only, then the login page checks without a 401', async ({
  page,
}) => {
  await setLanguage(page, 'en-US');
  for (const route of consoleRoutes) {
    const address = route.path.replace(':id', '1');
    const seen = watch(page);
    const checked = page.waitForResponse((r) => r.url().includes('/api/portal/user/findCurrentUser'));
    await page.goto(address);
    await page.waitForURL(/\/login\?redirect=/);
    const check = await checked;
    expect(check.status(), address).toBe(200);
    expect(((await check.json()) as { data: { user: unknown } }).data.user, address).toBeNull();
    await expect(page.getByTestId('login-submit')).toBeVisible();
    // One session call from the console, one check from the login page: nothing else was asked.
    expect(seen.calls, address).toEqual([sessionCall, loginCheck]);
    // Only the console's session call failed (401); a first visit is told nothing.
    expect(seen.failures, address).toHaveLength(1);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    seen.stop();
  }

  // The login page opened by itself: its check fails nothing.
  const seen = watch(page);
  const checked = page.waitForResponse((r) => r.url().includes('/api/portal/user/findCurrentUser'));
  await page.goto('/login');
  expect((await checked).status()).toBe(200);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(seen.calls).toEqual([loginCheck]);
  expect(seen.failures).toEqual([]);
});

test('a console page reopened after the session ended elsewhere asks for the session only, and says how it ended', async ({
  page,
  request,
}) => {
  await signInByCall(page, demo.admin, 'zh-CN');
  await page.goto('/billing');
  await expect(page.getByTestId('billing-overview')).toBeVisible();
  await endSession(page, request, 'ended');
  const seen = watch(page);
  await page.goto('/serviceManage');
  await page.waitForURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('account')).toBe(demo.account);
  await expect(page.getByTestId('toast').filter({ hasText: notices.ended['zh-CN'] })).toHaveCount(1);
  await expect(page.getByTestId('toast')).toContainText('4004');
  // The console asked for the session only; the login page then made its own public calls (its
  // session check, and whether the account filled in signs in by SSO).
  const ofLoginPage = new Set([loginCheck, 'GET /api/portal/sso/account/suite']);
  expect(seen.calls[0]).toBe(sessionCall);
  expect(seen.calls.filter((call) => !ofLoginPage.has(call))).toEqual([sessionCall]);

  // Back on a console page in the same tab (as the browser's Back button goes): the console asks
  // for the session again, and leads to the login page again, still knowing the account.
  await page.getByTestId('toast').locator('.cz-toast__close').click();
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await page.evaluate(() => {
    window.history.pushState(null, '', '/auditManage');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.waitForURL(/\/login\?redirect=%2FauditManage/);
  expect(new URL(page.url()).searchParams.get('account')).toBe(demo.account);
  await expect(page.getByTestId('toast').filter({ hasText: notices.ended['zh-CN'] })).toHaveCount(1);
  expect(seen.calls.filter((call) => !ofLoginPage.has(call))).toEqual([sessionCall, sessionCall]);
  seen.stop();
});
