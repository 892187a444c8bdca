import { type APIResponse, devices, expect, type Page, test } from './fixtures';
import { baseURL, demo, gotoLogin, registerAccount, setLanguage } from './helpers';

// A phone: the iPhone 13's user agent, screen and touch, in the project's Chromium.
const { defaultBrowserType: _browser, ...iphone } = devices['iPhone 13'];

async function signInOnPhone(page: Page, user: { account: string; username: string; password: string }) {
  await expect(page.getByTestId('mobile-login-welcome')).toBeVisible();
  await page.getByTestId('mobile-login-start').click();
  await expect(page.getByTestId('mobile-login')).toBeVisible();
  await page.locator('#mobile-login-account').fill(user.account);
  await page.locator('#mobile-login-username').fill(user.username);
  await page.locator('#mobile-login-password').fill(user.password);
  await page.getByTestId('mobile-login-submit').click();
}

test.describe('mobile login on a phone', () => {
  test.use({ ...iphone, viewport: { width: 375, height: 667 } });

  test.beforeEach(async ({ page }) => {
    // English whatever the page language: the Chinese cookie must not change it.
    await setLanguage(page, 'zh-CN');
  });

  test('a phone on a configured host gets the welcome page, then the form; demo lands on the console', async ({
    page,
  }) => {
    await gotoLogin(page);
    await expect(page.getByTestId('mobile-login-welcome')).toBeVisible();
    await expect(page.getByTestId('login-form')).toHaveCount(0);
    await expect(page.getByTestId('mobile-login-start')).toHaveText('Login');
    const start = await page.getByTestId('mobile-login-start').boundingBox();
    expect(start?.height ?? 0).toBeGreaterThanOrEqual(48);
    expect(start?.width ?? 0).toBeLessThanOrEqual(375);

    // Errors show inline: the empty form, then a wrong password.
    await page.getByTestId('mobile-login-start').click();
    await page.getByTestId('mobile-login-submit').click();
    await expect(page.getByTestId('mobile-login-account-error')).toBeVisible();
    await page.locator('#mobile-login-account').fill(demo.account);
    // A name of its own: wrong passwords are counted by name.
    await page.locator('#mobile-login-username').fill('mobile_counted');
    await page.locator('#mobile-login-password').fill('Wrong@2026pass');
    await page.getByTestId('mobile-login-submit').click();
    await expect(page.getByTestId('mobile-login-message')).toHaveAttribute('data-kind', 'attempts');
    await expect(page.getByTestId('mobile-login-message')).toContainText('attempt 1 of 5');

    await page.getByTestId('mobile-login-back').click();
    await signInOnPhone(page, { account: demo.account, ...demo.admin });
    // demo has no data assistant: the console home.
    await page.waitForURL('**/workbench');
    await expect(page.getByTestId('workbench')).toBeVisible();
  });
});

/**
 * The acme administrator (whose account has a data assistant) belongs to mfa.spec.ts, which turns
 * login protection on for him while other files run: this test registers an account of its own and
 * opens the data assistant (the decision service) for it through the API.
 */
test('an account with an opened data assistant goes there with the token', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await registerAccount(page, request);
  const login = await request.post('/api/login', {
    data: { accountDisplayName: owner.account, username: owner.username, password: owner.password },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  expect(token).toBeTruthy();
  const headers = { Authorization: `Bearer ${token}`, 'X-CZ-Client': 'web' };
  const dataOf = async <T>(res: APIResponse): Promise<T> => {
    const body = (await res.json()) as { code: number; data: T };
    expect(body.code, JSON.stringify(body)).toBe(0);
    return body.data;
  };
  const decision = { serviceId: 2 };
  const [version] = await dataOf<{ id: number }[]>(
    await request.post('/api/portal/service/serviceVersionList', { headers, data: decision }),
  );
  const regions = await dataOf<{ id: number; isTaken: boolean }[]>(
    await request.post('/api/portal/service/getRegionListByServiceId', { headers, data: decision }),
  );
  const region = regions.find((r) => !r.isTaken);
  await dataOf(
    await request.post('/api/portal/service/createInstance', {
      headers,
      data: { ...decision, versionId: version?.id, regionId: region?.id },
    }),
  );
  await expect
    .poll(
      async () => {
        const list = await dataOf<{ serviceKind: number; status: number }[]>(
          await request.get('/api/portal/account/getAccountInstanceList', { headers }),
        );
        return list.some((i) => i.serviceKind === 2 && i.status === 1);
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // The development platform serves the assistant's instance: the console's own page of it.
  const phone = await browser.newContext({ ...iphone, viewport: { width: 375, height: 667 } });
  const mobile = await phone.newPage();
  await gotoLogin(mobile);
  await signInOnPhone(mobile, owner);
  await mobile.waitForURL(/\/api\/dev\/instance\/[a-z0-9]{8}\?token=/);
  await expect(mobile.getByTestId('dev-instance')).toBeVisible();
  const url = new URL(mobile.url());
  expect(url.origin).toBe(baseURL());
  expect(url.searchParams.get('token')).toMatch(/.{20,}/);
  await phone.close();
});

test('a desktop browser on the same host keeps the desktop login', async ({ page }) => {
  await gotoLogin(page);
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.getByTestId('mobile-login-welcome')).toHaveCount(0);
});
