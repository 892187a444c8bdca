/**
 * Production mode never lets a development stand-in answer for a real system: without its
 * settings a feature says it is not configured (its own code, in the user's language) and changes
 * nothing; with them, the real adapter answers; a demonstration installation (DEV_ADAPTERS=1)
 * opts into the stand-ins and says so.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@console/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adapterProviders, adapterStates, adapterTable } from '../src/adapters/registry';
import { loadConfig } from '../src/config';
import { createAlertMessageJob } from '../src/modules/billing/alerts/alerts.jobs';
import { composeAlert } from '../src/modules/billing/alerts/alerts-evaluation.service';
import { issueLicense } from '../src/modules/license/license.service';
import { insertShare } from '../src/modules/share/share.repository';
import { insertUser } from '../src/modules/user/user.repository';
import { issueCheckToken } from '../src/modules/verification/code.service';
import { changedTables, snapshotDatabase } from './db-snapshot';
import {
  createTestApp,
  envelope,
  routeClient,
  seedAccount,
  seedOpenedInstance,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from './harness';
import { startSmtpServer } from './peers';
import { startAwsMarketplacePeer, type TAwsMarketplacePeer } from './provider-peers/aws-marketplace';
import { startTencentSms, tencentSmsEnv, tencentTemplateIds } from './provider-peers/sms-env';

const production = { NODE_ENV: 'production', SECRET_KEY: 'production-secret-key-0123456789abcdef' };

/** The one job the platform's instances ran, and its profile. */
const platformJob = {
  jobId: 'q-20261101-0001',
  status: 'SUCCEEDED',
  submitTime: '2026-11-01T07:00:00.000Z',
  durationMs: 2500,
  sqlHead: 'SELECT count(*) FROM sales.orders',
};
const platformProfile = {
  jobId: platformJob.jobId,
  status: platformJob.status,
  submitTime: platformJob.submitTime,
  durationMs: platformJob.durationMs,
  startTime: '2026-11-01T07:00:00.200Z',
  endTime: '2026-11-01T07:00:02.700Z',
  rowsRead: 1200,
  bytesRead: 96_000,
  rowsWritten: 0,
  bytesWritten: 0,
  sql: 'SELECT count(*) FROM sales.orders',
  errorMessage: null,
  nodes: [
    { id: 'S0', parentId: null, kind: 'stage', name: 'Stage 0', detail: null, timeMs: 2400, rows: 1 },
    {
      id: 'S0.1',
      parentId: 'S0',
      kind: 'operator',
      name: 'TableScan',
      detail: 'sales.orders',
      timeMs: 2000,
      rows: 1200,
    },
  ],
};

/** A platform and a marketplace that answer what the tests need. */
async function startPlatform() {
  const calls: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/instances') {
        res.statusCode = 202;
        res.end(JSON.stringify({ operationId: 'op-1' }));
      } else if (req.url?.startsWith('/v1/operations/')) {
        res.end(JSON.stringify({ state: 'running' }));
      } else if (/^\/v1\/instances\/[a-z0-9]+\/jobs\?limit=\d+$/.test(req.url ?? '')) {
        res.end(JSON.stringify({ jobs: [platformJob] }));
      } else if (req.url?.endsWith(`/jobs/${platformJob.jobId}/profile`)) {
        res.end(JSON.stringify(platformProfile));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ code: 'NOT_FOUND', message: 'no such route' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function regionAndVersion(t: TTestApp) {
  const { rowsOf } = await import('../src/db/client');
  const { sql } = await import('drizzle-orm');
  const [row] = rowsOf<{ region_id: number; version_id: number }>(
    await t.deps.db.execute(sql`
      select r.id as region_id, v.id as version_id from regions r, service_versions v
       where r.csp = 'aliyun' and r.code = 'cn-shanghai' and v.service_id = 1 and v.code = 'trial'`),
  );
  return { serviceId: 1, regionId: Number(row?.region_id), versionId: Number(row?.version_id) };
}

describe('production mode without adapters', () => {
  let t: TTestApp;
  let intl: TTestApp;
  let account: TSeededAccount;
  let admin: string;
  const api = routeClient(() => t.app);

  beforeAll(async () => {
    t = await createTestApp({
      env: { ...production, FEATURE_MARKETPLACE_REGISTER: '1', FEATURE_HUAWEI_LICENSE: '1' },
    });
    intl = await createTestApp({ env: { ...production, EDITION: 'international' } });
    account = await seedAccount(t.deps, 'prod');
    admin = await signIn(t.app, 'prod', account.admin);
  });
  afterAll(async () => {
    await t.close();
    await intl.close();
  });

  /** Answers the envelope of a call, and the tables it changed. */
  async function refused(call: () => Promise<Awaited<ReturnType<typeof api.call>>>) {
    const before = await snapshotDatabase(t.deps.database);
    const res = await call();
    const after = await snapshotDatabase(t.deps.database);
    return { body: envelope<unknown>(res), status: res.statusCode, changed: changedTables(before, after) };
  }

  it('reports every adapter as not configured, with no banner and no outbox', async () => {
    const meta = envelope<Record<string, unknown>>(await t.app.inject('/api/meta')).data;
    expect(meta.adapters).toEqual({
      provisioner: 'unconfigured',
      marketplace: 'unconfigured',
      identity: 'unconfigured',
      wechatPay: 'unconfigured',
      alipay: 'unconfigured',
      sms: 'unconfigured',
      email: 'unconfigured',
      license: 'unconfigured',
    });
    expect(meta).toMatchObject({ isDemonstration: false, devOutbox: false });
    for (const url of [
      '/api/dev/outbox',
      '/api/dev/face/dev-abc?token=x',
      '/api/dev/pay/Order1',
      '/api/dev/instance/abcd1234',
    ]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(404);
    }
  });

  it('refuses to open, retry or close instances (4100) and creates nothing', async () => {
    const input = await regionAndVersion(t);
    const create = await refused(() => api.call('createInstance', admin, input));
    expect(create.body).toMatchObject({
      code: ErrorCode.provisionerNotConfigured,
      message: 'Opening services is not configured on this installation; contact the platform operator.',
    });
    expect(create.changed).toEqual([]);
    const zh = envelope(await api.call('createInstance', admin, input, { 'cz-lang': 'zh-CN' }));
    expect(zh.message).toBe('本安装未配置服务开通，请联系平台运维人员。');

    const instanceId = await seedOpenedInstance(t.deps, account.id);
    for (const id of ['retryInstance', 'closeInstance', 'getInstanceUrl'] as const) {
      const answer = await refused(() => api.call(id, admin, { instanceId }));
      expect(answer.body.code, id).toBe(ErrorCode.provisionerNotConfigured);
      expect(answer.changed, id).toEqual([]);
    }
    const insight = await refused(() =>
      api.call('enableInsightUsers', admin, { userIds: [account.member.id] }),
    );
    expect(insight.body.code).toBe(ErrorCode.provisionerNotConfigured);
    expect(insight.changed).toEqual([]);
  });

  it('invents no owned resources and no workspaces', async () => {
    const fresh = await seedAccount(t.deps, 'noinstances');
    const token = await signIn(t.app, 'noinstances', fresh.admin);
    const owned = envelope(await api.call('userOwnedResources', token, { ids: String(fresh.member.id) }));
    expect(owned).toMatchObject({
      code: 0,
      data: { scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 },
    });
    // An instance opened before the provisioner was removed cannot be asked: said, not invented.
    const withInstance = envelope(
      await api.call('userOwnedResources', admin, { ids: String(account.member.id) }),
    );
    expect(withInstance.code).toBe(ErrorCode.provisionerNotConfigured);
    const workspaces = envelope<{ workspaces: unknown[]; isUnavailable: boolean }[]>(
      await api.call('listUserWorkspaces', admin, {}),
    );
    expect(workspaces.data.every((w) => w.isUnavailable && w.workspaces.length === 0)).toBe(true);
  });

  it('lists no jobs and shares no job profile (4100); a link made before says so too', async () => {
    const instanceId = await seedOpenedInstance(t.deps, account.id, { region: 'cn-beijing' });
    const member = await signIn(t.app, 'prod', account.member);
    const jobs = await refused(() => api.call('listInstanceJobs', member, { instanceId }));
    expect(jobs.body.code).toBe(ErrorCode.provisionerNotConfigured);
    const create = await refused(() =>
      api.call('createJobProfileShare', member, { instanceId, jobId: 'job_20261101070000_0a1b2c3d' }),
    );
    expect(create.body).toMatchObject({
      code: ErrorCode.provisionerNotConfigured,
      message: 'Opening services is not configured on this installation; contact the platform operator.',
    });
    expect(create.changed).toEqual([]);
    // A link from before the provisioner was removed: the page says the feature is not configured.
    const token = 'link-made-before-the-provisioner-went';
    const now = t.clock.now();
    await insertShare(t.deps.db, {
      accountId: account.id,
      instanceId,
      jobId: 'job_20261101070000_0a1b2c3d',
      tokenHash: t.deps.secrets.digest('job-profile-share', token),
      createdBy: account.member.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    const view = await refused(() =>
      t.app.inject({ url: `/api/portal/share/jobProfile/view?token=${token}` }),
    );
    expect(view.body.code).toBe(ErrorCode.provisionerNotConfigured);
    expect(view.changed).toEqual([]);
  });

  it('refuses real-name verification (4102) without counting an attempt', async () => {
    const answer = await refused(() =>
      api.call('personalVerify', admin, { name: '张三', idNumber: '11010519491231002X' }),
    );
    expect(answer.body).toMatchObject({
      code: ErrorCode.identityNotConfigured,
      message:
        'Real-name verification is not configured on this installation; contact the platform operator.',
    });
    expect(answer.changed).toEqual([]);
  });

  it('sends no code without an SMS provider (4104) or an SMTP server (4105), and keeps none', async () => {
    const sms = await refused(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/portal/common/sendAuthCodeForUnregistered',
        headers: { 'cz-lang': 'en-US' },
        payload: { authCodeType: 'SMS', phone: '13912345678', authMethod: 'REGISTER_FORM' },
      }),
    );
    expect(sms.body).toMatchObject({
      code: ErrorCode.smsNotConfigured,
      message:
        'Text messages (SMS) are not configured on this installation, so no code can be sent by SMS; contact the platform operator.',
    });
    expect(sms.changed).toEqual([]);
    const email = await intl.app.inject({
      method: 'POST',
      url: '/api/portal/common/sendAuthCodeForUnregistered',
      headers: { 'cz-lang': 'zh-CN' },
      payload: { authCodeType: 'EMAIL', email: 'new@example.com', authMethod: 'REGISTER_FORM' },
    });
    expect(envelope(email)).toMatchObject({
      code: ErrorCode.emailNotConfigured,
      message: '本安装未配置邮件服务，无法通过邮件发送验证码，请联系平台运维人员。',
    });
  });

  it('asks no user to agree to a contact change whose link cannot leave (4105, 4104)', async () => {
    const email = await refused(() =>
      api.call('updateUserWithConfirm', admin, { id: account.member.id, email: 'new@prod.example' }),
    );
    expect(email.body.code).toBe(ErrorCode.emailNotConfigured);
    expect(email.changed).toEqual([]);
    const phone = await refused(() =>
      api.call('updateUserWithConfirm', admin, { id: account.member.id, phone: '13912345678' }),
    );
    expect(phone.body.code).toBe(ErrorCode.smsNotConfigured);
    expect(phone.changed).toEqual([]);
  });

  it('sends no invitation without an SMTP server (4178) or an SMS provider (4179), says so as an invitation, and adds no user', async () => {
    const email = await refused(() =>
      api.call('addUser', admin, { username: 'invited_mail', email: 'invited@prod.example', invite: true }),
    );
    expect(email.body).toMatchObject({
      code: ErrorCode.invitationEmailNotConfigured,
      message:
        'Invitations cannot be sent by e-mail: no e-mail server is configured on this installation. Set an initial password instead, or contact the platform operator.',
    });
    expect(email.changed).toEqual([]);
    const sms = await refused(() =>
      api.call(
        'addUser',
        admin,
        { username: 'invited_text', phone: '13912345670', invite: true, inviteChannel: 'SMS' },
        { 'cz-lang': 'zh-CN' },
      ),
    );
    expect(sms.body).toMatchObject({
      code: ErrorCode.invitationSmsNotConfigured,
      message: '无法通过短信发送邀请：本安装未配置短信服务。请改为设置初始密码，或联系平台运维人员。',
    });
    expect(sms.changed).toEqual([]);
  });

  it('resolves no marketplace token (4101) and takes no other activation code for one', async () => {
    const check = await refused(() =>
      t.app.inject({ url: '/api/portal/account/checkAwsMktToken?awsMktToken=mkt1.forged.sig' }),
    );
    expect(check.body.code).toBe(ErrorCode.marketplaceNotConfigured);
    expect(check.changed).toEqual([]);
    const activation = envelope(await api.call('activateAccount', admin, { code: 'MARKET-CODE-1234' }));
    expect(activation.code).toBe(ErrorCode.activationCodeInvalid);
  });

  it('activates no licence without a key of its own (4106), and has no remittance account (4108)', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const license = issueLicense(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), {
      customer: 'Acme',
      days: 30,
      now: t.clock.now(),
    });
    const activation = await refused(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/portal/huaweiLicense/activate?license=${encodeURIComponent(license)}`,
      }),
    );
    expect(activation.body.code).toBe(ErrorCode.licenseNotConfigured);
    expect(activation.changed).toEqual([]);
    expect(envelope(await api.call('remittanceInfo', admin)).code).toBe(ErrorCode.remittanceNotConfigured);
  });
});

describe('production mode with its adapters configured', () => {
  let t: TTestApp;
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let sms: Awaited<ReturnType<typeof startTencentSms>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let marketplace: TAwsMarketplacePeer;
  const license = generateKeyPairSync('ed25519');
  const api = routeClient(() => t.app);

  beforeAll(async () => {
    platform = await startPlatform();
    marketplace = await startAwsMarketplacePeer();
    marketplace.issue({ CustomerAWSAccountId: '111122223333', ProductCode: 'lakehouse' }, 'any-real-token');
    sms = await startTencentSms();
    smtp = await startSmtpServer();
    t = await createTestApp({
      env: {
        ...production,
        FEATURE_MARKETPLACE_REGISTER: '1',
        FEATURE_HUAWEI_LICENSE: '1',
        PROVISIONER_URL: platform.url,
        PROVISIONER_TOKEN: 'platform-token-0123456789',
        ...marketplace.env,
        IDENTITY_PROVIDER: 'tencent',
        TENCENTCLOUD_SECRET_ID: 'AKIDproductionAdapters01',
        TENCENTCLOUD_SECRET_KEY: 'tencent-secret-key-0123456789',
        TENCENT_FACEID_RULE_ID: '1',
        ...tencentSmsEnv(sms),
        SMTP_URL: smtp.url,
        HUAWEI_LICENSE_PUBLIC_KEY: license.publicKey
          .export({ format: 'der', type: 'spki' })
          .toString('base64'),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([platform.close(), sms.close(), smtp.close(), marketplace.close()]);
  });

  it('reports the configured systems, and the real adapters answer', async () => {
    const meta = envelope<{ adapters: Record<string, string> }>(await t.app.inject('/api/meta')).data;
    expect(meta.adapters).toMatchObject({
      provisioner: 'configured',
      marketplace: 'configured',
      identity: 'configured',
      sms: 'configured',
      email: 'configured',
      license: 'configured',
      wechatPay: 'unconfigured',
      alipay: 'unconfigured',
    });

    const account = await seedAccount(t.deps, 'real');
    const admin = await signIn(t.app, 'real', account.admin);
    const created = envelope<{ status: number }>(
      await api.call('createInstance', admin, await regionAndVersion(t)),
    );
    expect(created).toMatchObject({ code: 0, data: { status: 0 } });

    const check = envelope(
      await t.app.inject({ url: '/api/portal/account/checkAwsMktToken?awsMktToken=any-real-token' }),
    );
    expect(check).toMatchObject({ code: 0, data: { customerId: '111122223333' } });
    expect(marketplace.resolved).toEqual(['any-real-token']);

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/sendAuthCodeForUnregistered',
      payload: { authCodeType: 'SMS', phone: '13912345678', authMethod: 'REGISTER_FORM' },
    });
    expect(envelope(sent).code).toBe(0);
    expect(sms.state.sent).toMatchObject([
      { provider: 'tencent', phone: '+8613912345678', template: tencentTemplateIds.code, outcome: 'ok' },
    ]);
    // Production keeps no copy of any message.
    expect((await t.app.inject('/api/dev/outbox')).statusCode).toBe(404);

    const own = issueLicense(license.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), {
      customer: 'Acme',
      days: 30,
      now: t.clock.now(),
    });
    const activated = await t.app.inject({
      method: 'POST',
      url: `/api/portal/huaweiLicense/activate?license=${encodeURIComponent(own)}`,
    });
    expect(envelope(activated)).toMatchObject({ code: 0, data: { status: 'ALIVE' } });
  });

  it("opens an instance at the address the platform answered, and serves no stand-in's page", async () => {
    const account = await seedAccount(t.deps, 'opening');
    const instanceId = await seedOpenedInstance(t.deps, account.id);
    const member = await signIn(t.app, 'opening', account.member);
    const answer = envelope<{ url: string; instanceName: string }>(
      await api.call('getInstanceUrl', member, { instanceId }),
    );
    expect(answer).toMatchObject({ code: 0, data: { url: 'https://seeded.cn-shanghai.example.com' } });
    const page = await t.app.inject({
      url: `/api/dev/instance/${answer.data.instanceName}`,
      headers: { authorization: `Bearer ${member}` },
    });
    expect(page.statusCode).toBe(404);
  });

  it('says an invitation whose text message the provider refused could not be sent, in its own words (4097), or that the number is rate-limited (4196)', async () => {
    const account = await seedAccount(t.deps, 'inviting');
    const admin = await signIn(t.app, 'inviting', account.admin);
    sms.state.setOutcome(null, 'refused');
    try {
      const refused = envelope(
        await api.call('addUser', admin, {
          username: 'invited_fail',
          phone: '13912345671',
          invite: true,
          inviteChannel: 'SMS',
        }),
      );
      expect(refused).toMatchObject({
        code: ErrorCode.sendCodeFailed,
        message: 'The invitation could not be sent. Try again later.',
      });
      // The provider's rate limit says so, in the user's language.
      sms.state.setOutcome(null, 'rateLimit');
      const limited = envelope(
        await api.call('addUser', admin, {
          username: 'invited_limited',
          phone: '13912345672',
          invite: true,
          inviteChannel: 'SMS',
        }),
      );
      expect(limited).toMatchObject({
        code: ErrorCode.smsRateLimited,
        message: 'Too many text messages have been sent to this number. Try again later.',
      });
    } finally {
      sms.state.setOutcome(null, 'ok');
    }
    const invited = envelope(
      await api.call('addUser', admin, {
        username: 'invited_ok',
        phone: '13912345673',
        invite: true,
        inviteChannel: 'SMS',
      }),
    );
    expect(invited.code).toBe(0);
    // The invitation template's parameters, in their order: operator, user, account, hours, link.
    expect(sms.state.sent.at(-1)?.params).toEqual([
      'admin_inviting',
      'invited_ok',
      'inviting',
      '72',
      expect.stringMatching(/\/userManage\/\d+\?token=/),
    ]);
  });

  it("sends each balance alert's SMS with its own template and parameters, and retries a refused one", async () => {
    const facts = {
      accountId: 1,
      accountName: 'acme',
      displayName: '示例科技',
      isBillable: true,
      cashFen: 4500,
      outstandingFen: 0,
      voucherFen: 0,
      spentFen: 7000,
      settings: null,
      activeKinds: [],
    };
    const thresholds = {
      isLowBalanceEnabled: true,
      lowBalanceFen: 10_000,
      isSmartEnabled: true,
      smartDays: [7],
    };
    const job = createAlertMessageJob(t.app.log);
    const run = (kind: 'low' | number, target: string) => {
      const message = composeAlert('zh-CN', 'CNY', kind, facts, thresholds);
      return job(
        {
          id: 1,
          kind: 'billing.alertMessage',
          attempts: 0,
          maxAttempts: 5,
          payload: {
            accountId: 1,
            channel: 'sms',
            target,
            subject: '',
            text: message.text,
            template: message.template,
          },
        },
        t.deps,
      );
    };
    await run('low', '+86 13912345680');
    await run(7, '+86 13912345681');
    expect(sms.state.sent.slice(-2)).toMatchObject([
      {
        phone: '+8613912345680',
        template: tencentTemplateIds.balanceLow,
        params: ['示例科技', '45.00 元', '100.00 元'],
      },
      {
        phone: '+8613912345681',
        template: tencentTemplateIds.balanceForecast,
        params: ['示例科技', '45.00 元', '10.00 元', '4.5'],
      },
    ]);
    // A refusal fails the job, which the runner retries with backoff.
    sms.state.setOutcome('+8613912345682', 'rateLimit');
    await expect(run('low', '+86 13912345682')).rejects.toMatchObject({ code: ErrorCode.smsRateLimited });
  });

  it('asks a contact change by SMS with the confirmation template to the new number and the notice template to the old one', async () => {
    const account = await seedAccount(t.deps, 'moving');
    const admin = await signIn(t.app, 'moving', account.admin);
    const id = await insertUser(t.deps.db, {
      accountId: account.id,
      username: 'mover',
      passwordHash: 'x',
      phone: '13600000009',
    });
    const { checkToken } = await issueCheckToken(t.deps, {
      purpose: 'UPDATE_USER_INFO',
      target: { channel: 'sms', target: '+86 13800000000', accountId: account.id, userId: account.admin.id },
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/portal/user/updateUserWithConfirm',
      headers: {
        authorization: `Bearer ${admin}`,
        'cz-lang': 'zh-CN',
        authcodetoken: checkToken,
        authcodetype: 'SMS',
        authmethod: 'UPDATE_USER_INFO',
      },
      payload: { id, phone: '13600000010' },
    });
    expect(envelope(asked).code).toBe(0);
    expect(sms.state.sent.slice(-2)).toMatchObject([
      {
        phone: '+8613600000010',
        template: tencentTemplateIds.contactChange,
        params: [
          'admin_moving',
          'mover',
          '手机号',
          '+86 13600000010',
          expect.stringMatching(/^\d+$/),
          expect.stringMatching(/\/confirm-change\?t=/),
        ],
      },
      {
        phone: '+8613600000009',
        template: tencentTemplateIds.contactChangeNotice,
        params: ['admin_moving', 'mover', '手机号'],
      },
    ]);
  });

  it("shares a job's profile that the platform answers", async () => {
    const account = await seedAccount(t.deps, 'sharing');
    const instanceId = await seedOpenedInstance(t.deps, account.id);
    const member = await signIn(t.app, 'sharing', account.member);
    const jobs = envelope<{ list: unknown[] }>(await api.call('listInstanceJobs', member, { instanceId }));
    expect(jobs).toMatchObject({ code: 0, data: { list: [platformJob] } });
    const created = envelope<{ link: string }>(
      await api.call('createJobProfileShare', member, { instanceId, jobId: platformJob.jobId }),
    );
    expect(created.code).toBe(0);
    const token = new URL(created.data.link).searchParams.get('token');
    const view = envelope<{ profile: unknown }>(
      await t.app.inject({ url: `/api/portal/share/jobProfile/view?token=${token}` }),
    );
    expect(view).toMatchObject({ code: 0, data: { profile: platformProfile } });
  });
});

describe('a demonstration installation (DEV_ADAPTERS=1)', () => {
  let t: TTestApp;
  const api = routeClient(() => t.app);

  beforeAll(async () => {
    t = await createTestApp({ env: { ...production, DEV_ADAPTERS: '1' } });
  });
  afterAll(() => t.close());

  it('lets the stand-ins answer, shows the banner and keeps the outbox', async () => {
    const meta = envelope<{ adapters: Record<string, string>; isDemonstration: boolean; devOutbox: boolean }>(
      await t.app.inject('/api/meta'),
    ).data;
    expect(meta.isDemonstration).toBe(true);
    expect(meta.devOutbox).toBe(true);
    expect(Object.values(meta.adapters)).toEqual(Array(8).fill('development'));

    const account = await seedAccount(t.deps, 'demo');
    const admin = await signIn(t.app, 'demo', account.admin);
    expect(envelope(await api.call('createInstance', admin, await regionAndVersion(t))).code).toBe(0);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/sendAuthCodeForUnregistered',
      payload: { authCodeType: 'SMS', phone: '13912345678', authMethod: 'REGISTER_FORM' },
    });
    expect(envelope(sent).code).toBe(0);
    const outbox = envelope<{ list: { to: string }[] }>(await t.app.inject('/api/dev/outbox?to=13912345678'));
    expect(outbox.data.list).toHaveLength(1);

    // Open leads to the stand-in's page of the instance, which says what it is.
    const instanceId = await seedOpenedInstance(t.deps, account.id, { serviceId: 3 });
    const { url } = envelope<{ url: string }>(await api.call('getInstanceUrl', admin, { instanceId })).data;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/dev\/instance\/[a-z0-9]{8}$/);
    const page = await t.app.inject({
      url: new URL(url).pathname,
      headers: { authorization: `Bearer ${admin}`, 'cz-lang': 'en-US' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Development stand-in');
  });
});

describe('the adapter table printed at start', () => {
  it('names each adapter, its provider, its state and the setting that configures it', () => {
    const config = loadConfig({
      ...production,
      PROVISIONER_URL: 'https://platform.example.com',
      SMTP_URL: 'smtp://mail',
      ...tencentSmsEnv({ url: 'https://sms.tencentcloudapi.com' }),
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret-0123456789',
    });
    const table = adapterTable(adapterStates(config), adapterProviders(config));
    expect(table.split('\n')).toEqual([
      'adapter      provider  state           setting',
      '-----------  --------  --------------  -------------------------',
      'provisioner  platform  configured      PROVISIONER_URL',
      'marketplace  -         not configured  MARKETPLACE_PROVIDER',
      'identity     -         not configured  IDENTITY_PROVIDER',
      'wechatPay    -         not configured  WECHATPAY_MCH_ID',
      'alipay       -         not configured  ALIPAY_APP_ID',
      'sms          aliyun    configured      SMS_PROVIDER',
      'email        smtp      configured      SMTP_URL',
      'license      -         not configured  HUAWEI_LICENSE_PUBLIC_KEY',
    ]);
    expect(adapterTable(adapterStates(loadConfig({})))).toMatch(/provisioner {2}- {9}development stand-in/);
  });
});
