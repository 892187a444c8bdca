import { expect, type Page, test } from '@playwright/test';

/** The address of the server of the running project. */
export function baseURL(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('the project has no baseURL');
  return url;
}

export const demo = {
  account: 'demo',
  admin: { username: 'admin_demo', password: 'Demo@2026pass' },
  member: { username: 'analyst_01', password: 'Analyst@2026' },
  service: { username: 'svc_loader', password: 'Loader@2026pass' },
};

export type TLang = 'zh-CN' | 'en-US';

/** The answer of every image captcha on the test servers (TEST_CAPTCHA_TEXT in serve.mjs). */
export const testCaptchaText = 'ab7k';

export async function setLanguage(page: Page, lang: TLang): Promise<void> {
  await page.context().addCookies([{ name: 'cz-lang', value: lang, url: baseURL() }]);
}

/** Opens /login in the given language (the `cz-lang` cookie) and waits for the form. */
export async function openLogin(page: Page, lang: TLang = 'en-US', path = '/login'): Promise<void> {
  await setLanguage(page, lang);
  await page.goto(path);
  await expect(page.getByTestId('login-submit')).toBeVisible();
}

export async function fillLogin(
  page: Page,
  account: string,
  username: string,
  password: string,
): Promise<void> {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
}

/** Signs in through the login page and waits for the workbench. */
export async function signIn(
  page: Page,
  user: { username: string; password: string },
  lang: TLang = 'en-US',
) {
  await openLogin(page, lang);
  await fillLogin(page, demo.account, user.username, user.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/workbench');
  await expect(page.getByTestId('workbench')).toBeVisible();
}
