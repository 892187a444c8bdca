/**
 * The real providers' protocols, end to end in production mode on PostgreSQL: two replicas of the
 * built server share one database (the demo data, put there by a development start) and speak to
 * local peers that check every request's signature with code of their own
 * (apps/server/test/provider-peers), as the providers' servers would. Replica A and replica B
 * differ only where a test needs two providers of one kind (SMS through Alibaba Cloud on one,
 * through Tencent Cloud on the other) or two replicas (an upload through one read from the other).
 */

import { createHash } from 'node:crypto';
import { startS3Store, type TS3Store } from '../../apps/server/test/provider-peers/s3-store';
import {
  demoDatabase,
  portsFrom,
  productionSecretKey,
  startReady,
  type TDemoDatabase,
  type TProductionServer,
} from '../production-servers';
import { expect, test } from './fixtures';
import { demo, gotoLogin } from './helpers';

// Beside the other production specs' ports (+8, +9, +20…+22).
const devPort = portsFrom(30);
const portA = devPort + 1;
const portB = devPort + 2;

let database: TDemoDatabase | undefined;
let replicaA: TProductionServer;
let replicaB: TProductionServer;
/** Uploads: one S3-compatible store behind both replicas. */
let s3Store: TS3Store;
/** Closes the peers started in beforeAll. */
const closers: Array<() => Promise<void>> = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = await demoDatabase('providers', devPort);
  // What both replicas share: the database, the key that signs sessions, the providers.
  const shared: Record<string, string> = {
    ...database.env,
    NODE_ENV: 'production',
    SECRET_KEY: productionSecretKey(),
    JOBS: '0',
  };
  // Uploads: both replicas on one S3-compatible store (s3rver behind a SigV4-checking front), and
  // a bank account to remit to, so that a slip can be uploaded.
  s3Store = await startS3Store();
  closers.push(() => s3Store.close());
  Object.assign(shared, s3Store.env, {
    REMITTANCE_ACCOUNT_NAME: 'Data Platform Technology Co., Ltd.',
    REMITTANCE_BANK_NAME: 'Example Bank, Shanghai Branch',
    REMITTANCE_BANK_ACCOUNT: '3100 0000 0000 0000 0000',
  });
  // What only one replica has.
  const onlyA: Record<string, string> = {};
  const onlyB: Record<string, string> = {};
  [replicaA, replicaB] = await Promise.all([
    startReady({ ...shared, ...onlyA, PUBLIC_URL: `http://localhost:${portA}` }, portA),
    startReady({ ...shared, ...onlyB, PUBLIC_URL: `http://localhost:${portB}` }, portB),
  ]);
});

test.afterAll(async () => {
  await Promise.all([replicaA?.stop(), replicaB?.stop()]);
  await Promise.all(closers.map((close) => close()));
  await database?.drop();
});

test('both replicas run in production on one database and print their adapter table', async ({ request }) => {
  for (const replica of [replicaA, replicaB]) {
    expect(replica.output()).toMatch(/adapter\s+state\s+setting/);
    expect(replica.output()).not.toMatch(/development stand-in/);
    const meta = await request.get(`${replica.url}/api/meta`);
    expect(meta.ok()).toBe(true);
  }
});

test.describe('uploads in an object store', () => {
  const slip = Buffer.concat([
    Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'),
    Buffer.alloc(300 * 1024, 'remittance slip scan '),
    Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  ]);
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

  test('a remittance slip uploaded in the browser on replica A is shown by replica B', async ({ page }) => {
    await page.context().addCookies([{ name: 'cz-lang', value: 'en-US', url: replicaA.url }]);
    await gotoLogin(page, `${replicaA.url}/login`);
    await page.getByTestId('login-account').fill(demo.account);
    await page.getByTestId('login-username').fill(demo.admin.username);
    await page.getByTestId('login-password').fill(demo.admin.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/workbench');

    await page.goto(`${replicaA.url}/billing/balance/topUp`);
    await page.getByTestId('top-up-method-remittance').click();
    const form = page.getByTestId('top-up-remittance');
    await expect(page.getByTestId('remittance-bank-account')).toContainText('3100 0000');
    await page.getByTestId('remittance-amount').fill('1234.50');
    await page.getByTestId('remittance-payer-name').fill('Object Store Trading Co., Ltd.');
    const uploaded = page.waitForResponse((res) => res.url().includes('/certification/upload'));
    await form.locator('input[type=file]').setInputFiles({
      name: 'slip-object-store.pdf',
      mimeType: 'application/pdf',
      buffer: slip,
    });
    const answer = (await (await uploaded).json()) as { code: number; data: { fileId: string } };
    expect(answer.code).toBe(0);
    await expect(page.getByTestId('remittance-uploaded')).toContainText('slip-object-store.pdf');
    await page.getByTestId('remittance-submit').click();
    await expect(
      page.getByTestId('remittance-row').filter({ hasText: 'slip-object-store.pdf' }),
    ).toBeVisible();

    for (const replica of [replicaA, replicaB]) {
      expect(replica.output()).toContain(`uploads  s3  bucket ${s3Store.bucket} at ${s3Store.url}`);
      expect(replica.output()).not.toContain(s3Store.secretAccessKey);
    }
    // The object went to the store through A, every request signed and checked.
    const put = s3Store.requests.find((r) => r.method === 'PUT' && r.url.includes(answer.data.fileId));
    expect(put?.refused).toBeNull();
    expect(s3Store.requests.filter((r) => r.refused !== null)).toEqual([]);

    // Replica B (the session holds on every replica: it lives in the database) lists the remittance
    // and reads the slip from the store for the browser, byte for byte.
    await page.context().addCookies([{ name: 'cz-lang', value: 'en-US', url: replicaB.url }]);
    await page.goto(`${replicaB.url}/billing/balance/topUp`);
    await page.getByTestId('top-up-method-remittance').click();
    await expect(
      page.getByTestId('remittance-row').filter({ hasText: 'slip-object-store.pdf' }),
    ).toBeVisible();
    const gets = s3Store.requests.length;
    const read = await page.evaluate(async (fileId) => {
      const res = await fetch('/api/portal/billing/certification/download', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-cz-client': 'web' },
        body: JSON.stringify({ fileId }),
      });
      const bytes = new Uint8Array(await res.arrayBuffer());
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        disposition: res.headers.get('content-disposition'),
        size: bytes.length,
        sha256: [...digest].map((b) => b.toString(16).padStart(2, '0')).join(''),
      };
    }, answer.data.fileId);
    expect(read).toEqual({
      status: 200,
      type: 'application/pdf',
      disposition: `attachment; filename="slip-object-store.pdf"; filename*=UTF-8''slip-object-store.pdf`,
      size: slip.length,
      sha256: sha256(slip),
    });
    expect(
      s3Store.requests.slice(gets).some((r) => r.method === 'GET' && r.url.includes(answer.data.fileId)),
    ).toBe(true);
  });

  test('through the API: a licence at 10 MiB up through B, down through A; other accounts are refused', async ({
    request,
  }) => {
    const signIn = async (base: string, account: string, username: string, password: string) => {
      const res = await request.post(`${base}/api/login`, {
        headers: { 'cz-lang': 'en-US' },
        data: { accountDisplayName: account, username, password },
      });
      return ((await res.json()) as { data: { token: string } }).data.token;
    };
    const onB = await signIn(replicaB.url, demo.account, demo.admin.username, demo.admin.password);
    const onA = await signIn(replicaA.url, demo.account, demo.admin.username, demo.admin.password);
    const acmeOnA = await signIn(replicaA.url, 'acme', 'admin_acme', 'Acme@2026pass');
    const licence = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(10 * 1024 * 1024 - 9, 'licence '),
    ]);
    const up = await request.post(
      `${replicaB.url}/api/portal/billing/certification/upload?fileName=licence.pdf&purpose=businessLicense`,
      {
        headers: { authorization: `Bearer ${onB}`, 'cz-lang': 'en-US' },
        multipart: { file: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: licence } },
      },
    );
    const { code, data } = (await up.json()) as { code: number; data: { fileId: string; size: number } };
    expect(code).toBe(0);
    expect(data.size).toBe(licence.length);
    const down = (token: string) =>
      request.post(`${replicaA.url}/api/portal/billing/certification/download`, {
        headers: { authorization: `Bearer ${token}`, 'cz-lang': 'en-US' },
        data: { fileId: data.fileId },
      });
    const mine = await down(onA);
    expect(mine.status()).toBe(200);
    expect(sha256(await mine.body())).toBe(sha256(licence));
    expect((await down(acmeOnA)).status()).toBe(403);
    // The bucket is private: the store answers nobody without a signature.
    const anonymous = await request.get(`${s3Store.url}/${s3Store.bucket}/uploads/${data.fileId}`);
    expect(anonymous.status()).toBe(403);
  });
});
