/**
 * What the back office's browser tests share (decision 0049): its address (the cloud server's ops
 * listener, OPS_PORT = E2E_PORT + 5), operators created by the real operator command against the
 * test server's database, sign-in through the pages (the first sign-in's setup included) with
 * codes computed from the enrolled secret, and a quick sign-in of an enrolled operator.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { opsURL } from '../playwright.config';
import type { TLang } from './helpers';

export { opsURL };

export type TOpsRole = 'owner' | 'support' | 'reviewer' | 'finance' | 'auditor';

/** An operator of the tests: its name, role, password and (once enrolled) authenticator secret. */
export type TOperator = { username: string; role: TOpsRole; password: string; secret: string | null };

/** A strong password under the operators' rules (12+ characters, digits, lower and upper case). */
export const opsPassword = 'Operator2026Strong';

const run = promisify(execFile);

/** The cloud test server's database (written by serve.mjs), for the operator command. */
function serverDatabase(): { databaseUrl: string | null; dataDir: string | null } {
  const port = new URL(test.info().project.use.baseURL ?? 'http://localhost:8480').port;
  return JSON.parse(readFileSync(join(tmpdir(), `console-e2e-${port}.json`), 'utf8'));
}

/** A username no other test used (lower case, 3 to 32 characters). */
export function freshOperatorName(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/**
 * Creates an operator with the real command (`npm run cli -- operator-create <name> --role …`)
 * on the test server's database, and answers it with the one-time password the command printed.
 */
export async function createOperatorByCli(username: string, role: TOpsRole): Promise<TOperator> {
  const database = serverDatabase();
  // PGlite's folder is the server's alone: the command needs the PostgreSQL database.
  test.skip(!database.databaseUrl, 'the operator command needs the server on PostgreSQL (TEST_DATABASE_URL)');
  const root = resolve(import.meta.dirname, '../..');
  const { stdout } = await run(
    process.execPath,
    [
      resolve(root, 'node_modules/tsx/dist/cli.mjs'),
      'apps/server/src/cli.ts',
      'operator-create',
      username,
      '--role',
      role,
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        DATABASE_URL: database.databaseUrl ?? '',
        DATA_DIR: '',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
      },
    },
  );
  const password = /One-time password \(shown once\): (\S+)/.exec(stdout)?.[1];
  if (!password) throw new Error(`operator-create printed no one-time password:\n${stdout}`);
  return { username, role, password, secret: null };
}

/** The last 30-second step whose code each secret gave: the server takes a code once. */
const usedSteps = new Map<string, number>();

/** A code of the secret's authenticator that was not given before (waits for the next step if needed). */
export async function freshCode(secret: string): Promise<string> {
  const clean = secret.replace(/\s+/g, '');
  const totp = new TOTP({ secret: Secret.fromBase32(clean), digits: 6, period: 30 });
  let step = Math.floor(Date.now() / 30_000);
  const last = usedSteps.get(clean);
  if (last !== undefined && step <= last) {
    await new Promise((done) => setTimeout(done, (last + 1) * 30_000 - Date.now() + 200));
    step = Math.floor(Date.now() / 30_000);
  }
  usedSteps.set(clean, step);
  return totp.generate({ timestamp: step * 30_000 + 1_000 });
}

/** A browser context on the back office in `lang` (the customers' `cz-lang` cookie). */
export async function opsContext(
  browser: import('@playwright/test').Browser,
  lang: TLang,
  viewport = { width: 1440, height: 900 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: opsURL, viewport });
  await context.addCookies([{ name: 'cz-lang', value: lang, url: opsURL }]);
  return context;
}

async function fillCredentials(page: Page, operator: TOperator, password: string): Promise<void> {
  // On the sign-in page already (after a session ended: its address keeps where to go back), stay.
  if (new URL(page.url(), opsURL).pathname !== '/sign-in' || !page.url().startsWith(opsURL)) {
    await page.goto('/sign-in');
  }
  await page.getByTestId('ops-username').fill(operator.username);
  await page.getByTestId('ops-password').fill(password);
  await page.getByTestId('ops-sign-in-submit').click();
}

/**
 * The first sign-in through the pages: the one-time password, then the new password, then the
 * authenticator (the key read from the page, its code computed). Answers the operator with its
 * new password and secret; the page is on the console.
 */
export async function firstSignInOps(
  page: Page,
  operator: TOperator,
  newPassword = opsPassword,
  /** Called on each step drawn (`setup-password`, `setup-authenticator`): axe, screenshots. */
  atStep: (step: 'setup-password' | 'setup-authenticator') => Promise<void> = async () => {},
): Promise<TOperator> {
  await fillCredentials(page, operator, operator.password);
  await expect(page.getByTestId('ops-password-rule')).toBeVisible();
  await atStep('setup-password');
  await page.getByTestId('ops-new-password').fill(newPassword);
  await page.getByTestId('ops-confirm-password').fill(newPassword);
  await page.getByTestId('ops-setup-password-submit').click();
  const secretText = page.getByTestId('mfa-secret');
  await expect(secretText).not.toHaveText(/·/);
  await expect(page.getByTestId('mfa-qr')).toBeVisible();
  const secret = ((await secretText.textContent()) ?? '').replace(/\s+/g, '');
  await atStep('setup-authenticator');
  await page.getByTestId('ops-setup-code').fill(await freshCode(secret));
  await page.getByTestId('ops-setup-code-submit').click();
  await expect(page.getByTestId('ops-operator')).toContainText(operator.username);
  return { ...operator, password: newPassword, secret };
}

/** A later sign-in through the pages: password, then the authenticator code. */
export async function signInOps(page: Page, operator: TOperator): Promise<void> {
  if (!operator.secret) throw new Error(`${operator.username} has no authenticator yet`);
  await fillCredentials(page, operator, operator.password);
  await page.getByTestId('ops-code').fill(await freshCode(operator.secret));
  await page.getByTestId('ops-code-submit').click();
  await expect(page.getByTestId('ops-operator')).toContainText(operator.username);
}

const writeHeaders = { 'x-cz-client': 'web', 'cz-lang': 'en-US' };

async function data<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = (await response.json()) as { code: number; message: string; data: T };
  if (body.code !== 0 && body.code !== 200)
    throw new Error(`${response.url()}: ${body.code} ${body.message}`);
  return body.data;
}

/**
 * Takes a created operator through the first sign-in by the API's calls (`request` keeps its
 * cookie): the one-time password replaced by `opsPassword`, an authenticator enrolled.
 */
export async function enrolByApi(request: APIRequestContext, created: TOperator): Promise<TOperator> {
  const api = (path: string) => `${opsURL}${path}`;
  await data(
    await request.post(api('/api/ops/sign-in'), {
      headers: writeHeaders,
      data: { username: created.username, password: created.password },
    }),
  );
  await data(
    await request.post(api('/api/ops/setup/password'), {
      headers: writeHeaders,
      data: { password: opsPassword },
    }),
  );
  const enrolment = await data<{ secret: string }>(
    await request.post(api('/api/ops/setup/totp'), { headers: writeHeaders }),
  );
  await data(
    await request.post(api('/api/ops/setup/totp/confirm'), {
      headers: writeHeaders,
      data: { code: await freshCode(enrolment.secret) },
    }),
  );
  await request.post(api('/api/ops/sign-out'), { headers: writeHeaders });
  return { ...created, password: opsPassword, secret: enrolment.secret };
}

/** Quick: an operator created by the command and enrolled by the API's calls, ready to sign in. */
export async function enrolledOperator(
  request: APIRequestContext,
  username: string,
  role: TOpsRole,
): Promise<TOperator> {
  return enrolByApi(request, await createOperatorByCli(username, role));
}

/**
 * Quick: an operator created by a signed-in owner's call (`ownerRequest`: the owner's context) and
 * enrolled by the API's calls in a request context of its own.
 */
export async function operatorByOwner(
  ownerRequest: APIRequestContext,
  fresh: APIRequestContext,
  username: string,
  role: TOpsRole,
): Promise<TOperator> {
  const created = await data<{ oneTimePassword: string }>(
    await ownerRequest.post(`${opsURL}/api/ops/operators`, {
      headers: writeHeaders,
      data: { username, role },
    }),
  );
  return enrolByApi(fresh, { username, role, password: created.oneTimePassword, secret: null });
}

/** Quick: signs an enrolled operator in by the API's calls in the page's context (its cookie), then opens `path`. */
export async function signedInOps(page: Page, operator: TOperator, path = '/'): Promise<void> {
  if (!operator.secret) throw new Error(`${operator.username} has no authenticator yet`);
  const request = page.context().request;
  await data(
    await request.post(`${opsURL}/api/ops/sign-in`, {
      headers: writeHeaders,
      data: { username: operator.username, password: operator.password },
    }),
  );
  await data(
    await request.post(`${opsURL}/api/ops/sign-in/totp`, {
      headers: writeHeaders,
      data: { code: await freshCode(operator.secret) },
    }),
  );
  await page.goto(path);
  await expect(page.getByTestId('ops-operator')).toContainText(operator.username);
}
