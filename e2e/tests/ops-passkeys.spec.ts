/**
 * Operators' passkeys (decision 0050), end to end on the cloud server's ops listener with
 * Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): an operator created
 * by the real command signs in, replaces the one-time password and enrols a PASSKEY instead of the
 * authenticator app; signs out; signs in with the passkey; on My account adds a second passkey
 * (made on another device: a second virtual authenticator), renames it, removes the first, sets
 * up an authenticator app beside it, and signs in with the second passkey. In both languages, at 1440 and at 390 px, axe on every step.
 *
 * The back office is opened as http://localhost:<ops port>: browsers use WebAuthn on a host name
 * (localhost or HTTPS), never on 127.0.0.1, and the relying party is OPS_ORIGIN (its default,
 * http://localhost:<OPS_PORT>).
 */
import type { Browser, CDPSession, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { findings, report, settle, type TFinding } from './a11y-checks';
import type { TLang } from './helpers';
import {
  createOperatorByCli,
  freshCode,
  freshOperatorName,
  opsPassword,
  opsURL,
  type TOperator,
} from './ops-helpers';
import { saveScreenshot } from './screenshots';

test.describe.configure({ timeout: 300_000 });

const opsLocalURL = opsURL.replace('127.0.0.1', 'localhost');

async function opsLocalContext(browser: Browser, lang: TLang, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: opsLocalURL, viewport });
  await context.addCookies([{ name: 'cz-lang', value: lang, url: opsLocalURL }]);
  return context;
}

/** A virtual platform authenticator on the page (one "device"); answers its CDP session and id. */
async function addDevice(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

async function credentialsOf(device: { cdp: CDPSession; id: string }): Promise<number> {
  const { credentials } = await device.cdp.send('WebAuthn.getCredentials', { authenticatorId: device.id });
  return credentials.length;
}

async function axe(page: Page, name: string, found: TFinding[]): Promise<void> {
  await settle(page);
  found.push(...(await findings(page, name)));
}

async function passwordStep(page: Page, operator: TOperator, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByTestId('ops-username').fill(operator.username);
  await page.getByTestId('ops-password').fill(password);
  await page.getByTestId('ops-sign-in-submit').click();
}

const words = {
  'en-US': {
    setupPasskeyTitle: 'Create a passkey',
    stepTitle: 'Verify with a passkey',
    myAccount: 'My account',
    added: 'Passkey added',
    removed: 'Passkey removed',
    neverUsed: 'Not used yet',
    authenticatorOn: 'Set up',
  },
  'zh-CN': {
    setupPasskeyTitle: '创建通行密钥',
    stepTitle: '使用通行密钥验证',
    myAccount: '我的账号',
    added: '已添加通行密钥',
    removed: '已删除通行密钥',
    neverUsed: '尚未使用',
    authenticatorOn: '已设置',
  },
} as const;

for (const { lang, width, height } of [
  { lang: 'en-US', width: 1440, height: 900 },
  { lang: 'zh-CN', width: 390, height: 844 },
] as const) {
  test(`an operator enrols a passkey at the first sign-in, signs in with it, adds one and removes one (${lang}, ${width})`, async ({
    browser,
  }, testInfo) => {
    const shot = (name: string) => saveScreenshot(page, testInfo, `ops-passkeys/${name}-${lang}-${width}`);
    const w = words[lang];
    const created = await createOperatorByCli(freshOperatorName('pk'), 'support');
    const context = await opsLocalContext(browser, lang, { width, height });
    const page = await context.newPage();
    const found: TFinding[] = [];
    const laptop = await addDevice(page);

    // The first sign-in: the one-time password replaced, then a passkey instead of the authenticator app.
    await passwordStep(page, created, created.password);
    await page.getByTestId('ops-new-password').fill(opsPassword);
    await page.getByTestId('ops-confirm-password').fill(opsPassword);
    await page.getByTestId('ops-setup-password-submit').click();
    await expect(page.getByTestId('mfa-qr')).toBeVisible();
    await page.getByTestId('ops-setup-use-passkey').click();
    await expect(page.getByRole('heading', { name: w.setupPasskeyTitle })).toBeVisible();
    await axe(page, `setup passkey ${lang} ${width}`, found);
    await shot('setup-passkey');
    await page.getByTestId('ops-setup-passkey-name').fill('Laptop');
    await page.getByTestId('ops-setup-passkey-create').click();
    await expect(page.getByTestId('ops-operator')).toContainText(created.username);
    expect(await credentialsOf(laptop)).toBe(1);

    // My account: the passkey, no authenticator app.
    await page.goto('/my-account');
    await expect(page.getByRole('heading', { name: w.myAccount, level: 1 })).toBeVisible();
    await expect(page.getByTestId('ops-passkey-name')).toHaveText(['Laptop']);
    await expect(page.getByTestId('ops-passkey-last-used')).toContainText(w.neverUsed);
    // The only second factor cannot be removed.
    await expect(page.getByTestId('ops-passkey-remove')).toBeDisabled();

    // Signs out, and in again with the passkey.
    await page.getByTestId('ops-sign-out').click();
    await expect(page).toHaveURL(/\/sign-in/);
    await passwordStep(page, created, opsPassword);
    await expect(page.getByRole('heading', { name: w.stepTitle })).toBeVisible();
    await axe(page, `sign-in passkey ${lang} ${width}`, found);
    await shot('sign-in-passkey');
    await page.getByTestId('ops-passkey-use').click();
    await expect(page.getByTestId('ops-operator')).toContainText(created.username);

    // A second passkey, made on another device (the first device is gone from this browser).
    await page.goto('/my-account');
    await expect(page.getByTestId('ops-passkey-last-used')).not.toContainText(w.neverUsed);
    await laptop.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: laptop.id });
    const phone = await addDevice(page);
    await page.getByTestId('ops-passkey-add').click();
    await page.getByTestId('ops-passkey-add-name').fill('Phone');
    await page.getByTestId('ops-passkey-add-save').click();
    await expect(page.getByText(w.added)).toBeVisible();
    await expect(page.getByTestId('ops-passkey-name')).toHaveText(['Laptop', 'Phone']);
    expect(await credentialsOf(phone)).toBe(1);
    await expect(page.getByTestId('ops-passkeys-count')).toContainText('2');

    // Renamed, then the first one removed.
    await page.getByTestId('ops-passkey-rename').nth(1).click();
    await page.getByTestId('ops-passkey-rename-name').fill('Work phone');
    await page.getByTestId('ops-passkey-rename-save').click();
    await expect(page.getByTestId('ops-passkey-name')).toHaveText(['Laptop', 'Work phone']);
    await axe(page, `my account ${lang} ${width}`, found);
    await shot('my-account');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('ops-passkey-remove').first().click();
    await page.getByTestId('ops-passkey-remove-confirm').click();
    await expect(page.getByText(w.removed)).toBeVisible();
    await expect(page.getByTestId('ops-passkey-name')).toHaveText(['Work phone']);
    await expect(page.getByTestId('ops-passkey-remove')).toBeDisabled();

    // An authenticator app beside it, confirmed by its first code: the passkey may go then.
    await page.getByTestId('ops-authenticator-replace').click();
    const secretText = page.getByTestId('mfa-secret');
    await expect(secretText).not.toHaveText(/·/);
    const secret = ((await secretText.textContent()) ?? '').replace(/\s+/g, '');
    await axe(page, `authenticator dialog ${lang} ${width}`, found);
    await page.getByTestId('ops-authenticator-code').fill(await freshCode(secret));
    await page.getByTestId('ops-authenticator-confirm').click();
    await expect(page.getByTestId('ops-authenticator-status')).toHaveText(w.authenticatorOn);
    await expect(page.getByTestId('ops-passkey-remove')).toBeEnabled();

    // The remaining passkey signs in; the code is one click away.
    await page.getByTestId('ops-sign-out').click();
    await expect(page).toHaveURL(/\/sign-in/);
    await passwordStep(page, created, opsPassword);
    await expect(page.getByTestId('ops-passkey-use-code')).toBeVisible();
    await page.getByTestId('ops-passkey-use').click();
    await expect(page.getByTestId('ops-operator')).toContainText(created.username);

    expect(found, report(found)).toEqual([]);
    await context.close();
  });
}
