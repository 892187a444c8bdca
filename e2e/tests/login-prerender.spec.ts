import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { baseURL, demo, type TLang } from './helpers';

/** What the prerendered page shows in each language. */
const texts: Record<TLang, { title: string; heading: string; fields: string[]; submit: string }> = {
  'zh-CN': {
    title: '登录 · 数据平台控制台',
    heading: '账户登录',
    fields: ['账户名', '用户名', '密码'],
    submit: '登录',
  },
  'en-US': {
    title: 'Log in · Data Platform Console',
    heading: 'Account login',
    fields: ['Account name', 'Username', 'Password'],
    submit: 'Log in',
  },
};

/**
 * Console errors and uncaught errors of the page (a hydration mismatch is one of them), the
 * browser's own notes of answers with an error status included: the login page's check for a
 * session answers "no session" without a 401.
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`/login is the form before any script (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    await context.addCookies([{ name: 'cz-lang', value: lang, url: baseURL() }]);
    const page = await context.newPage();
    const t = texts[lang];
    await page.goto('/login');
    await expect(page).toHaveTitle(t.title);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { name: t.heading })).toBeVisible();
    for (const label of t.fields) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.getByTestId('login-submit')).toHaveText(t.submit);
    await expect(page.getByTestId('login-forgot-password')).toBeVisible();
    // The fields take input; a submit before any script posts, and the page comes back without
    // anything in its address.
    await page.getByTestId('login-account').fill(demo.account);
    await page.getByTestId('login-username').fill(demo.admin.username);
    await page.getByTestId('login-password').fill(demo.admin.password);
    const sent = page.waitForRequest((request) => request.method() === 'POST');
    await page.getByTestId('login-password').press('Enter');
    expect(new URL((await sent).url()).pathname).toBe('/login');
    await expect(page.getByTestId('login-submit')).toBeVisible();
    expect(page.url()).toBe(`${baseURL()}/login`);
    await context.close();
  });
}

test('the prerendered /login hydrates without errors and signs in', async ({ page }) => {
  const errors = watchErrors(page);
  await page.context().addCookies([{ name: 'cz-lang', value: 'en-US', url: baseURL() }]);
  const answer = await page.goto('/login');
  const html = (await answer?.text()) ?? '';
  expect(html).toContain('data-prerender="login"');
  expect(html).toContain('Account login');
  await page.getByTestId('login-account').fill(demo.account);
  await page.getByTestId('login-username').fill(demo.admin.username);
  await page.getByTestId('login-password').fill(demo.admin.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/workbench');
  await expect(page.getByTestId('page-title')).toHaveText(/Workbench|工作台/);
  expect(errors).toEqual([]);
});

/** Which scripts a test holds back until the form is filled in and submitted. */
const heldScripts = [
  { name: 'the login chunk and its phrases', pattern: '**/assets/login-*.js' },
  { name: 'every script, the entry too', pattern: '**/assets/*.js' },
];

for (const held of heldScripts) {
  test(`what is typed and submitted before the hydration is kept and signs in (${held.name} held)`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.context().addCookies([{ name: 'cz-lang', value: 'zh-CN', url: baseURL() }]);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(held.pattern, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.getByTestId('login-account').fill(demo.account);
    await page.getByTestId('login-username').fill(demo.member.username);
    await page.getByTestId('login-password').fill(demo.member.password);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/login')
        posts.push(request.url());
    });
    await page.getByTestId('login-password').press('Enter');
    release();
    await page.waitForURL('**/workbench');
    await expect(page.getByTestId('page-title')).toHaveText(/Workbench|工作台/);
    // The form never posted itself: the submit waited for the page's script.
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('an address that prefills the form gets it drawn by the browser, prefilled', async ({ page }) => {
  const errors = watchErrors(page);
  await page.context().addCookies([{ name: 'cz-lang', value: 'en-US', url: baseURL() }]);
  const answer = await page.goto('/login?account=demo&username=ann');
  expect(await answer?.text()).not.toContain('data-prerender');
  await expect(page.getByTestId('login-account')).toHaveValue('demo');
  await expect(page.getByTestId('login-username')).toHaveValue('ann');
  expect(errors).toEqual([]);
});
