/**
 * The built server as an operator runs it: `NODE_ENV=production` on the database that a
 * development start filled with the demo data first, with no adapter configured. It sends the
 * browser-security headers, refuses what it cannot really do (opening services: 4100) and says so
 * in the console, slows down sign-ins sprayed over many usernames from one address, has no
 * development outbox, and prints its adapter table. A configuration error names the variable
 * without any part of a secret.
 */

import {
  demoDatabase,
  portsFrom,
  productionSecretKey,
  startReady,
  startServer,
  type TDemoDatabase,
  type TProductionServer,
} from '../production-servers';
import { expect, test } from './fixtures';
import { demo, gotoLogin } from './helpers';

const basePort = portsFrom(20);
const devPort = basePort;
const prodPort = basePort + 1;
const prodUrl = `http://localhost:${prodPort}`;
const secretKey = productionSecretKey();

let database: TDemoDatabase | undefined;
let production: TProductionServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = await demoDatabase('production', devPort);
  production = await startReady(
    { ...database.env, NODE_ENV: 'production', SECRET_KEY: secretKey, PUBLIC_URL: prodUrl, JOBS: '0' },
    prodPort,
  );
});

test.afterAll(async () => {
  await production?.stop();
  await database?.drop();
});

test('prints its adapter table and no demo credentials', async () => {
  const output = production.output();
  expect(output).toMatch(/adapter\s+provider\s+state\s+setting/);
  expect(output).toMatch(/provisioner\s+-\s+not configured\s+PROVISIONER_URL/);
  expect(output).toMatch(/sms\s+-\s+not configured\s+SMS_PROVIDER/);
  expect(output).not.toMatch(/development stand-in/);
  expect(output).not.toContain(demo.admin.password);
  expect(output).not.toContain(secretKey);
});

test('sends the browser-security headers on pages and API answers', async ({ request }) => {
  for (const path of ['/login', '/workbench', '/api/meta', '/api/portal/user/getCurrentUser']) {
    const headers = (await request.get(`${prodUrl}${path}`)).headers();
    expect(headers['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
    expect(headers['content-security-policy'], path).not.toMatch(/unsafe-eval/);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-opener-policy'], path).toBe('same-origin-allow-popups');
    expect(headers['permissions-policy'], path).toMatch(/camera=\(\)/);
    // Plain HTTP here: no HSTS.
    expect(headers['strict-transport-security'], path).toBeUndefined();
  }
});

test('refuses to open a service without a provisioner, and the console says so', async ({
  request,
  page,
}) => {
  const signIn = await request.post(`${prodUrl}/api/login`, {
    headers: { 'cz-lang': 'en-US' },
    data: { accountDisplayName: demo.account, username: demo.admin.username, password: demo.admin.password },
  });
  const token = ((await signIn.json()) as { data: { token: string } }).data.token;
  const auth = { authorization: `Bearer ${token}`, 'cz-lang': 'en-US' };
  const list = async () =>
    (
      (await (
        await request.get(`${prodUrl}/api/portal/service/serviceInstanceList?pageSize=200`, { headers: auth })
      ).json()) as {
        data: { total: number };
      }
    ).data.total;
  const before = await list();
  // Refused before anything is looked at: no instance, no job, no audit entry.
  const created = await request.post(`${prodUrl}/api/portal/service/createInstance`, {
    headers: auth,
    data: { serviceId: 1, versionId: 1, regionId: 1 },
  });
  expect(await created.json()).toMatchObject({
    code: 4100,
    message: 'Opening services is not configured on this installation; contact the platform operator.',
  });
  expect(await list()).toBe(before);

  await page.context().addCookies([{ name: 'cz-lang', value: 'en-US', url: prodUrl }]);
  // Typed once the form is hydrated, as the suite's other sign-ins are.
  await gotoLogin(page, `${prodUrl}/login`);
  await page.getByTestId('login-account').fill(demo.account);
  await page.getByTestId('login-username').fill(demo.admin.username);
  await page.getByTestId('login-password').fill(demo.admin.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/workbench');
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);
  await page.goto(`${prodUrl}/serviceManage`);
  await expect(page.getByTestId('services-not-configured')).toHaveText(
    'Opening services is not configured on this installation; contact the platform operator.',
  );
  const create = page.getByTestId('service-create').first();
  await expect(create).toBeDisabled();
});

test('slows down 40 sign-ins for 40 usernames from one address', async ({ request }) => {
  const codes: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    const res = await request.post(`${prodUrl}/api/login`, {
      data: { accountDisplayName: demo.account, username: `sprayed_user_${i}`, password: 'Spring@2026' },
      failOnStatusCode: false,
    });
    codes.push(res.status() === 429 ? 429 : ((await res.json()) as { code: number }).code);
  }
  const slowed = codes.filter((code) => code === 4024 || code === 429);
  expect(codes.slice(0, 3)).toEqual([4019, 4019, 4019]);
  expect(slowed.length, codes.join(' ')).toBeGreaterThanOrEqual(25);
  expect([4024, 429], codes.join(' ')).toContain(codes.at(-1));
});

test('has no development outbox', async ({ request }) => {
  expect((await request.get(`${prodUrl}/api/dev/outbox`)).status()).toBe(404);
  expect((await request.get(`${prodUrl}/api/dev/outbox?to=13800000000`)).status()).toBe(404);
});

test('names a wrong key setting without showing any part of it', async () => {
  const marker = 'Zq7Wm3Kx9Pv2Lr8T';
  const broken = startServer(
    {
      ...database?.env,
      NODE_ENV: 'production',
      SECRET_KEY: secretKey,
      ALIPAY_APP_ID: '2014072300007148',
      ALIPAY_PRIVATE_KEY: `MIIEv${marker}${'A'.repeat(64)}`,
      ALIPAY_PUBLIC_KEY: `MIIBI${marker}`,
    },
    basePort + 2,
  );
  expect(await broken.exited).toBe(1);
  const output = broken.output();
  expect(output).toMatch(/ALIPAY_PRIVATE_KEY is base64 but not a readable private key/);
  expect(output).toMatch(/ALIPAY_PUBLIC_KEY/);
  expect(output).not.toContain(marker.slice(0, 6));
  expect(output).not.toContain(marker.slice(6, 12));
});
