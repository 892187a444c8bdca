/**
 * The real providers' protocols, end to end in production mode on PostgreSQL: two replicas of the
 * built server share one database (the demo data, put there by a development start) and speak to
 * local peers that check every request's signature with code of their own
 * (apps/server/test/provider-peers), as the providers' servers would. Replica A and replica B
 * differ only where a test needs two providers of one kind (SMS through Alibaba Cloud on one,
 * through Tencent Cloud on the other) or two replicas (an upload through one read from the other).
 */

// Real-name verification through Tencent Cloud: the FaceID and OCR peer.
import {
  startTencentIdentityPeer,
  type TTencentIdentityPeer,
} from '../../apps/server/test/provider-peers/tencent-identity';
import {
  demoDatabase,
  portsFrom,
  productionSecretKey,
  startReady,
  type TDemoDatabase,
  type TProductionServer,
} from '../production-servers';
import { devices, expect, type Page, test } from './fixtures';

// Beside the other production specs' ports (+8, +9, +20…+22).
const devPort = portsFrom(30);
const portA = devPort + 1;
const portB = devPort + 2;

let database: TDemoDatabase | undefined;
let replicaA: TProductionServer;
let replicaB: TProductionServer;
/** Closes the peers started in beforeAll. */
const closers: Array<() => Promise<void>> = [];
// Real-name verification: the Tencent Cloud peer and the register its OCR checks against.
let identityPeer: TTencentIdentityPeer;
const identityRegister = [
  {
    creditCode: '91350100M000100Y43',
    name: 'Acme Corporation',
    legalPerson: '李四',
    legalPersonId: '440524188001010014',
    operatingStatus: '1',
  },
  {
    creditCode: '91110000600037341L',
    name: 'Revoked Trading Co., Ltd.',
    legalPerson: '李四',
    legalPersonId: '440524188001010014',
    operatingStatus: '4',
  },
];

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
  // Real-name verification through Tencent Cloud (FaceID and OCR), on both replicas.
  identityPeer = await startTencentIdentityPeer(identityRegister);
  closers.push(() => identityPeer.close());
  Object.assign(shared, identityPeer.env, { CERTIFICATION_ATTEMPTS_PER_DAY: '20' });
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

test.describe('real-name verification through Tencent Cloud', () => {
  // The formal demo account "acme": its verifications change no other test's account.
  const acme = { account: 'acme', username: 'admin_acme', password: 'Acme@2026pass' };
  const idNumber = '11010519491231002X';
  const { defaultBrowserType: _browser, ...iphone } = devices['iPhone 13'];
  const apiOf = (base: string, token: string) => ({
    headers: { authorization: `Bearer ${token}`, 'cz-lang': 'en-US' },
    url: (path: string) => `${base}${path}`,
  });
  const enterprise = (over: Record<string, string> = {}) => ({
    companyName: 'Acme Corporation',
    creditCode: '91350100M000100Y43',
    legalPersonName: '李四',
    legalPersonId: '440524188001010014',
    bankAccount: '6222 0210 0108 8889 999',
    bankName: 'ICBC Shanghai',
    ...over,
  });
  const licence = {
    name: 'licence.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  };

  async function signInApi(request: import('@playwright/test').APIRequestContext, base: string) {
    const res = await request.post(`${base}/api/login`, {
      headers: { 'cz-lang': 'en-US' },
      data: { accountDisplayName: acme.account, username: acme.username, password: acme.password },
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  }

  async function signInBrowser(page: Page, base: string) {
    await page.context().addCookies([{ name: 'cz-lang', value: 'en-US', url: base }]);
    await page.goto(`${base}/login`);
    await page.locator('#root[data-hydrated], #root:not([data-prerender])').waitFor({ state: 'attached' });
    await page.getByTestId('login-account').fill(acme.account);
    await page.getByTestId('login-username').fill(acme.username);
    await page.getByTestId('login-password').fill(acme.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/workbench');
    await page.goto(`${base}/accountManage/accountInfo/authentication`);
    await expect(page.getByTestId('certification-page')).toBeVisible();
  }

  /** The phone opens the QR code's page, signs in, lands on the provider's page and chooses. */
  async function phoneChooses(
    browser: import('@playwright/test').Browser,
    faceUrl: string,
    errCode: number,
  ): Promise<Page> {
    const phone = await browser.newContext({ ...iphone, viewport: { width: 375, height: 667 } });
    const mobile = await phone.newPage();
    await mobile.goto(faceUrl);
    await mobile.getByTestId('mobile-login-start').click();
    await mobile.locator('#mobile-login-account').fill(acme.account);
    await mobile.locator('#mobile-login-username').fill(acme.username);
    await mobile.locator('#mobile-login-password').fill(acme.password);
    await mobile.getByTestId('mobile-login-submit').click();
    // Tencent's H5 page (the peer's stand-in), opened from DetectAuth's Url.
    await mobile.waitForURL(`${identityPeer.url}/faceid/h5/**`);
    await mobile.locator(`[data-errcode="${errCode}"]`).click();
    return mobile;
  }

  test('both replicas print identity as configured', () => {
    for (const replica of [replicaA, replicaB]) {
      expect(replica.output()).toMatch(/identity\s+(tencent\s+)?configured/);
    }
  });

  test('through the API: a face check that fails, and an enterprise whose legal person differs', async ({
    request,
  }) => {
    const api = apiOf(replicaB.url, await signInApi(request, replicaB.url));
    const started = (await (
      await request.post(api.url('/api/portal/billing/certification/personalVerify'), {
        headers: api.headers,
        data: { name: '张三', idNumber },
      })
    ).json()) as { code: number; data: { face: { faceToken: string; faceUrl: string } } };
    expect(started.code).toBe(0);
    const detect = identityPeer.calls.filter((c) => c.action === 'DetectAuth').at(-1);
    expect(detect).toMatchObject({ signatureFailure: null, params: { IdCard: idNumber, Name: '张三' } });
    const verify = (await (
      await request.post(api.url('/api/portal/billing/certification/faceVerify'), {
        headers: api.headers,
        data: { token: started.data.face.faceToken },
      })
    ).json()) as { data: { providerUrl: string } };
    expect(verify.data.providerUrl).toMatch(new RegExp(`^${identityPeer.url}/faceid/h5/`));
    // The person fails on the provider's page; the provider sends the phone back to the console.
    const chosen = await request.post(verify.data.providerUrl, {
      form: { errCode: '2016' },
      maxRedirects: 0,
    });
    expect(chosen.status()).toBe(302);
    const back = new URL(chosen.headers().location ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(
      `${replicaB.url}/api/portal/billing/certification/faceReturn`,
    );
    const returned = await request.get(back.toString(), { maxRedirects: 0 });
    expect(returned.status()).toBe(303);
    expect(returned.headers().location).toMatch(/^\/faceRecognition\?token=.+&error=NOT_SAME_PERSON$/);
    // Replica A reads the same outcome.
    const apiA = apiOf(replicaA.url, await signInApi(request, replicaA.url));
    const result = await request.get(
      apiA.url(
        `/api/portal/billing/certification/queryfaceVerifyRest?token=${encodeURIComponent(started.data.face.faceToken)}`,
      ),
      { headers: apiA.headers },
    );
    expect(((await result.json()) as { data: unknown }).data).toEqual({
      status: 'failed',
      errorCode: 'NOT_SAME_PERSON',
    });

    const upload = await request.post(
      api.url('/api/portal/billing/certification/upload?fileName=licence.pdf&purpose=businessLicense'),
      { headers: api.headers, multipart: { file: licence } },
    );
    const fileId = ((await upload.json()) as { data: { fileId: string } }).data.fileId;
    const firm = await request.post(api.url('/api/portal/billing/certification/companyVerify'), {
      headers: api.headers,
      data: enterprise({ legalPersonName: '王五', licenseFileId: fileId }),
    });
    expect(((await firm.json()) as { data: unknown }).data).toMatchObject({
      type: 'enterprise',
      status: 'failed',
      result: 'LEGAL_PERSON_MISMATCH',
    });
    const check = identityPeer.calls.filter((c) => c.action === 'VerifyBizLicenseEnterprise4').at(-1);
    expect(check).toMatchObject({ signatureFailure: null, version: '2018-11-19' });
    expect(identityPeer.calls.every((c) => c.signatureFailure === null)).toBe(true);
  });

  test('in the browser: a face check fails then passes on the phone; an enterprise fails then passes', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    await signInBrowser(page, replicaA.url);
    // The latest verification (the failed enterprise above) offers to start again.
    await expect(page.getByTestId('certification-result')).toHaveAttribute('data-status', 'failed');
    await page.getByTestId('certification-start-again').click();

    const startFace = async (name: string) => {
      await page.getByTestId('personal-name').fill(name);
      await page.getByTestId('personal-id-number').fill(idNumber);
      await page.getByTestId('personal-submit').click();
      await expect(page.getByTestId('face-qr')).toBeVisible();
      return (await page.getByTestId('face-qr').getAttribute('data-url')) ?? '';
    };

    // A failure: the phone shows the face error, the computer moves on by itself.
    const failedUrl = await startFace('Li Si');
    expect(failedUrl).toMatch(new RegExp(`^${replicaA.url}/faceRecognition\\?token=`));
    const failedPhone = await phoneChooses(browser, failedUrl, 1004);
    await expect(failedPhone.getByTestId('face-error')).toBeVisible();
    await failedPhone.context().close();
    await expect(page.getByTestId('face-failed')).toHaveAttribute('data-code', 'NO_VALID_FACE', {
      timeout: 15_000,
    });
    await page.getByTestId('certification-start-again').click();

    // A pass.
    const passUrl = await startFace('Zhang San');
    const passPhone = await phoneChooses(browser, passUrl, 0);
    await expect(passPhone.getByTestId('face-success')).toBeVisible();
    await passPhone.context().close();
    await expect(page.getByTestId('certification-result')).toHaveAttribute('data-status', 'passed', {
      timeout: 15_000,
    });

    // Enterprise: a failed check through the API comes first, then the browser starts again.
    const api = apiOf(replicaA.url, await signInApi(request, replicaA.url));
    const upload = await request.post(
      api.url('/api/portal/billing/certification/upload?fileName=licence.pdf&purpose=businessLicense'),
      { headers: api.headers, multipart: { file: licence } },
    );
    const fileId = ((await upload.json()) as { data: { fileId: string } }).data.fileId;
    const revoked = await request.post(api.url('/api/portal/billing/certification/companyVerify'), {
      headers: api.headers,
      data: enterprise({
        companyName: 'Revoked Trading Co., Ltd.',
        creditCode: '91110000600037341L',
        licenseFileId: fileId,
      }),
    });
    expect(((await revoked.json()) as { data: unknown }).data).toMatchObject({
      status: 'failed',
      result: 'NOT_OPERATING_NORMALLY',
    });

    const submitEnterprise = async (companyName: string) => {
      await page.getByTestId('certification-type-enterprise').click();
      await expect(page.getByTestId('enterprise-form')).toBeVisible();
      const values = enterprise({ companyName });
      for (const field of [
        'companyName',
        'creditCode',
        'legalPersonName',
        'legalPersonId',
        'bankAccount',
        'bankName',
      ] as const) {
        await page.getByTestId(`enterprise-${field}`).fill(values[field] ?? '');
      }
      await page.getByTestId('enterprise-license-input').setInputFiles(licence);
      await expect(page.getByTestId('enterprise-license-name')).toContainText('licence.pdf');
      await page.getByTestId('enterprise-submit').click();
    };
    await page.reload();
    await expect(page.getByTestId('certification-result')).toHaveAttribute('data-status', 'failed');
    await page.getByTestId('certification-start-again').click();
    // Not in the register under this name and code.
    await submitEnterprise('Nowhere Trading Co., Ltd.');
    await expect(page.getByTestId('certification-result')).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('certification-result-message')).toBeVisible();
    await page.getByTestId('certification-start-again').click();
    await submitEnterprise('Acme Corporation');
    await expect(page.getByTestId('certification-result')).toHaveAttribute('data-status', 'passed');
    const state = await request.get(api.url('/api/portal/billing/certification/status'), {
      headers: api.headers,
    });
    expect(((await state.json()) as { data: { certification: unknown } }).data.certification).toMatchObject({
      type: 'enterprise',
      status: 'passed',
      result: 'CONSISTENT',
    });
  });
});
