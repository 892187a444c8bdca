import { expect, type Page, type Request, test } from './fixtures';
import { demo, fillLogin, openLogin } from './helpers';

/**
 * The workbench's API calls on load, as the demo administrator (every card shown: account, user,
 * services, consumption, billing overview, user management shortcut, login protection): at most
 * eight calls to the API, none made twice (same method, path and query). Counted both after a
 * sign-in through the login page (from the submit on, the login call itself excluded) and on a
 * fresh load of /workbench with a live session.
 */

const maxCalls = 8;

/** Records the page's calls to the API (`METHOD /api/…?query`), static assets left out. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

/** Waits until every card of the administrator's workbench shows its data, then for the network to settle. */
async function waitForWorkbench(page: Page) {
  await expect(page.getByTestId('workbench')).toBeVisible();
  await expect(page.getByTestId('login-address')).toBeVisible();
  await expect(page.getByTestId('user-card-name')).toHaveText(demo.admin.username);
  await expect(page.getByTestId('workbench-instance').first()).toBeVisible();
  await expect(page.getByTestId('workbench-consumption-today')).toBeVisible();
  await expect(page.getByTestId('workbench-cash')).toBeVisible();
  await expect(page.getByTestId('workbench-users-count')).toBeVisible();
  await expect(page.getByTestId('mfa-status')).toBeVisible();
  await expect(page.getByTestId('trial-days')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

function duplicatesOf(calls: readonly string[]): string[] {
  return calls.filter((call, i) => calls.indexOf(call) !== i);
}

test.describe('workbench load', () => {
  test('after signing in, the workbench loads with at most eight API calls, none twice', async ({ page }) => {
    // The login page's own check for a live session, made when it opens (answered "no session"),
    // is not the workbench's: counting starts once it has answered (on a busy machine it can leave
    // late).
    const sessionChecked = page.waitForResponse((response) =>
      response.url().includes('/api/portal/user/findCurrentUser'),
    );
    await openLogin(page, 'en-US');
    await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
    await sessionChecked;
    const calls = recordApiCalls(page);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/workbench');
    await waitForWorkbench(page);

    const afterLogin = calls.filter((call) => call !== 'POST /api/login');
    expect(calls).toContain('POST /api/login');
    test.info().annotations.push({ type: 'api calls after sign-in', description: afterLogin.join(', ') });
    expect(duplicatesOf(afterLogin), `calls made twice among: ${afterLogin.join(', ')}`).toEqual([]);
    expect(afterLogin.length, `calls: ${afterLogin.join(', ')}`).toBeLessThanOrEqual(maxCalls);
  });

  test('a fresh load of /workbench with a live session makes at most eight API calls, none twice', async ({
    page,
  }) => {
    await openLogin(page, 'zh-CN');
    await fillLogin(page, demo.account, demo.admin.username, demo.admin.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/workbench');
    await waitForWorkbench(page);

    const calls = recordApiCalls(page);
    await page.reload();
    await waitForWorkbench(page);

    test.info().annotations.push({ type: 'api calls on load', description: calls.join(', ') });
    expect(calls.length).toBeGreaterThan(0);
    expect(duplicatesOf(calls), `calls made twice among: ${calls.join(', ')}`).toEqual([]);
    expect(calls.length, `calls: ${calls.join(', ')}`).toBeLessThanOrEqual(maxCalls);
  });
});
