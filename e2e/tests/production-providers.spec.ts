/**
 * The real providers' protocols, end to end in production mode on PostgreSQL: two replicas of the
 * built server share one database (the demo data, put there by a development start) and speak to
 * local peers that check every request's signature with code of their own
 * (apps/server/test/provider-peers), as the providers' servers would. Replica A and replica B
 * differ only where a test needs two providers of one kind (SMS through Alibaba Cloud on one,
 * through Tencent Cloud on the other) or two replicas (an upload through one read from the other).
 */

// sms: the Alibaba Cloud and Tencent Cloud SMS peers.
import {
  aliyunSmsEnv,
  latestCode,
  startAliyunSms,
  startTencentSms,
  tencentSmsEnv,
} from '../../apps/server/test/provider-peers/sms-env';
import type { TSmsPeerState } from '../../apps/server/test/provider-peers/sms-outcomes';
import {
  demoDatabase,
  portsFrom,
  productionSecretKey,
  startReady,
  type TDemoDatabase,
  type TProductionServer,
} from '../production-servers';
import { expect, test } from './fixtures';

// Beside the other production specs' ports (+8, +9, +20…+22).
const devPort = portsFrom(30);
const portA = devPort + 1;
const portB = devPort + 2;

let database: TDemoDatabase | undefined;
let replicaA: TProductionServer;
let replicaB: TProductionServer;
// sms: what the SMS peers received (A sends through Alibaba Cloud, B through Tencent Cloud).
let aliyunSms: TSmsPeerState;
let tencentSms: TSmsPeerState;
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
  // What only one replica has.
  const onlyA: Record<string, string> = {};
  const onlyB: Record<string, string> = {};
  // sms: replica A sends SMS through the Alibaba Cloud peer, replica B through the Tencent Cloud peer.
  const [aliyunPeer, tencentPeer] = await Promise.all([startAliyunSms(), startTencentSms()]);
  closers.push(aliyunPeer.close, tencentPeer.close);
  aliyunSms = aliyunPeer.state;
  tencentSms = tencentPeer.state;
  Object.assign(onlyA, aliyunSmsEnv(aliyunPeer));
  Object.assign(onlyB, tencentSmsEnv(tencentPeer));
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
    expect(replica.output()).toMatch(/adapter\s+provider\s+state\s+setting/);
    expect(replica.output()).not.toMatch(/development stand-in/);
    const meta = await request.get(`${replica.url}/api/meta`);
    expect(meta.ok()).toBe(true);
  }
});

test.describe('sms', () => {
  // Signing in with an SMS code is the second step of login protection: it is turned on here, by
  // a code sent through the replica's provider, for two demo users with a phone, who keep it on
  // afterwards (a code per purpose and number goes out once an hour without a captcha, so one user
  // cannot sign in by SMS twice): analyst_01 (demo) signs in on A through Alibaba Cloud, admin_acme
  // on B through Tencent Cloud.
  const analyst = {
    account: 'demo',
    username: 'analyst_01',
    password: 'Analyst@2026',
    phone: '+8613900000001',
  };
  const acmeAdmin = {
    account: 'acme',
    username: 'admin_acme',
    password: 'Acme@2026pass',
    phone: '+8613700000000',
  };
  type TUser = typeof analyst;

  async function protectWithPhone(
    request: import('@playwright/test').APIRequestContext,
    replica: TProductionServer,
    sms: TSmsPeerState,
    user: TUser,
  ): Promise<void> {
    const post = async (path: string, data: unknown, headers: Record<string, string> = {}) => {
      const res = await request.post(`${replica.url}${path}`, {
        data,
        headers: { 'cz-lang': 'en-US', ...headers },
      });
      const body = (await res.json()) as { code: number; message: string; data: Record<string, string> };
      expect(body, `${path}: ${body.message}`).toMatchObject({ code: 0 });
      return body.data;
    };
    const { token } = await post('/api/login', {
      accountDisplayName: user.account,
      username: user.username,
      password: user.password,
    });
    const auth = { authorization: `Bearer ${token}`, authmethod: 'MFA_STATUS' };
    await post('/api/portal/common/sendAuthCode?authCodeType=SMS', {}, auth);
    const code = latestCode(sms, user.phone) as string;
    expect(code).toMatch(/^\d{6}$/);
    const proof = await post(
      '/api/portal/common/checkAuthCode?authCodeType=SMS',
      {},
      { ...auth, authcode: code },
    );
    await post(
      '/api/portal/mfa/modifyMfaStatus',
      { enable: true, mfaMethodType: 'PHONE' },
      { authorization: `Bearer ${token}`, authcodetoken: proof.checkToken as string, authcodetype: 'SMS' },
    );
  }

  /** Signs in through the replica's login page, with the SMS code the peer received as the second step. */
  async function signInWithSmsCode(
    page: import('@playwright/test').Page,
    replica: TProductionServer,
    sms: TSmsPeerState,
    user: TUser,
    options: { rateLimitedFirst?: boolean } = {},
  ): Promise<void> {
    await page.context().addCookies([{ name: 'cz-lang', value: 'en-US', url: replica.url }]);
    await page.goto(`${replica.url}/login`);
    await page.locator('#root[data-hydrated], #root:not([data-prerender])').waitFor({ state: 'attached' });
    await page.getByTestId('login-account').fill(user.account);
    await page.getByTestId('login-username').fill(user.username);
    await page.getByTestId('login-password').fill(user.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('mfa-step')).toHaveAttribute('data-mode', 'code');
    await expect(page.getByTestId('mfa-channel-SMS')).toBeChecked();
    const send = page.getByTestId('mfa-send-code');
    const before = sms.acceptedTo(user.phone).length;
    if (options.rateLimitedFirst) {
      // The provider refuses for its rate limit: the page says so, and the user can ask again at once.
      sms.setOutcome(user.phone, 'rateLimit');
      await send.click();
      await expect(
        page.getByText('Too many text messages have been sent to this number. Try again later.'),
      ).toBeVisible();
      sms.setOutcome(user.phone, 'ok');
      await expect(send).toBeEnabled();
      expect(sms.sent.at(-1)).toMatchObject({ phone: user.phone, outcome: 'rateLimit' });
    }
    await send.click();
    await expect(send).toHaveAttribute('data-state', 'counting');
    await expect.poll(() => sms.acceptedTo(user.phone).length).toBe(before + 1);
    await page.getByTestId('mfa-code').fill(latestCode(sms, user.phone) as string);
    await page.getByTestId('mfa-submit').click();
    await page.waitForURL('**/workbench');
    await expect(page.getByTestId('workbench')).toBeVisible();
  }

  test('a demo user signs in on replica A with an SMS code sent through Alibaba Cloud, after a rate limit', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await protectWithPhone(request, replicaA, aliyunSms, analyst);
    await signInWithSmsCode(page, replicaA, aliyunSms, analyst, { rateLimitedFirst: true });
    const sent = aliyunSms.sent.filter((m) => m.phone === analyst.phone);
    // The code template, with its named parameters and the signature; the refused send kept no code.
    expect(sent.map((m) => m.outcome)).toEqual(['ok', 'rateLimit', 'ok']);
    expect(sent.at(-1)).toMatchObject({ provider: 'aliyun', signName: '数据平台', params: { minutes: '5' } });
  });

  test('a demo user signs in on replica B with an SMS code sent through Tencent Cloud', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await protectWithPhone(request, replicaB, tencentSms, acmeAdmin);
    await signInWithSmsCode(page, replicaB, tencentSms, acmeAdmin);
    const sent = tencentSms.sent.filter((m) => m.phone === acmeAdmin.phone);
    expect(sent.map((m) => m.outcome)).toEqual(['ok', 'ok']);
    expect(sent.at(-1)?.params).toEqual([expect.stringMatching(/^\d{6}$/), '5']);
  });
});
