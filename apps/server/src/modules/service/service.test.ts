import type { TInstance, TRouteId } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  envelope,
  routeClient,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { devHoldingsIn } from '../../adapters/dev-platform';
import {
  createDevProvisioner,
  ProvisionerError,
  type TInstanceRef,
  type TProvisioner,
} from '../../adapters/provisioner';
import { rowsOf } from '../../db/client';
import { auditEntries, instances, jobs } from '../../db/schema';
import { createDeps } from '../../deps';
import { createJobRunner } from '../../jobs/runner';
import { insertDevHoldings } from '../../seed/demo.repository';
import { retentionJob } from '../retention/retention.jobs';
import { instanceJobHandlers } from './service.jobs';

/** The platform as the tests see it: the development provisioner, counted, with failures on demand. */
const platform = {
  failureRate: 0,
  isUnreachable: false,
  failSync: false,
  failInsight: false,
  starts: new Map<string, number>(),
  released: [] as string[],
  synced: [] as { instanceName: string; userId: number; status: string; isAdmin: boolean }[],
  insight: [] as { userId: number; enable: boolean }[],
  /** The usernames whose workspaces were asked for. */
  workspaceUsers: [] as string[],
};

let t: TTestApp;
const { call, ok } = routeClient(() => t.app);

function countedProvisioner(): TProvisioner {
  const dev = createDevProvisioner({
    // The platform's records in the test's database (the app is built after this provisioner).
    holdings: {
      ownedOn: (names, ids) => devHoldingsIn(t.deps.db).ownedOn(names, ids),
      workspacesOn: (name, username) => devHoldingsIn(t.deps.db).workspacesOn(name, username),
    },
    delayMs: 5000,
    insightDelayMs: 0,
    get failureRate() {
      return platform.failureRate;
    },
    consoleUrl: 'http://console.test',
    now: () => t.clock.now(),
    random: () => 0.5,
  });
  const reachable = () => {
    if (platform.isUnreachable) throw new ProvisionerError('UNREACHABLE', 'unreachable');
  };
  return {
    ...dev,
    startOpening: async (ref: TInstanceRef) => {
      reachable();
      platform.starts.set(ref.instanceName, (platform.starts.get(ref.instanceName) ?? 0) + 1);
      return dev.startOpening(ref);
    },
    getOperation: async (ref, id) => {
      reachable();
      return dev.getOperation(ref, id);
    },
    release: async (ref) => {
      platform.released.push(ref.instanceName);
    },
    syncUsers: async (ref, users) => {
      if (platform.failSync) throw new ProvisionerError('HTTP_503', 'unavailable');
      for (const u of users)
        platform.synced.push({
          instanceName: ref.instanceName,
          userId: u.userId,
          status: u.status,
          isAdmin: u.isAdmin,
        });
    },
    changeInsightUsers: async (ref, changes) => {
      if (platform.failInsight) throw new ProvisionerError('HTTP_503', 'unavailable');
      for (const c of changes) platform.insight.push({ userId: c.userId, enable: c.enable });
      return dev.changeInsightUsers(ref, changes);
    },
    listUserWorkspaces: async (ref, username) => {
      platform.workspaceUsers.push(username);
      return dev.listUserWorkspaces(ref, username);
    },
  };
}

let demo: TSeededAccount;
let acme: TSeededAccount;
let admin: string;
let member: string;
let acmeAdmin: string;
const _en = { 'cz-lang': 'en-US' };

beforeAll(async () => {
  t = await createTestApp({
    env: { PROVISION_TIMEOUT_MS: '60000', PROVISION_POLL_MS: '1000' },
    deps: { provisioner: countedProvisioner() },
  });
  demo = await seedAccount(t.deps, 'demo');
  acme = await seedAccount(t.deps, 'acme');
  admin = await signIn(t.app, 'demo', demo.admin);
  member = await signIn(t.app, 'demo', demo.member);
  acmeAdmin = await signIn(t.app, 'acme', acme.admin);
});
afterAll(() => t.close());
beforeEach(() => {
  platform.failureRate = 0;
  platform.isUnreachable = false;
  platform.failSync = false;
  platform.failInsight = false;
});

async function codeOf(id: TRouteId, token: string, payload: Record<string, unknown> = {}) {
  return envelope(await call(id, token, payload)).code;
}

const runner = (workerId = 'worker-a') =>
  createJobRunner(t.deps, instanceJobHandlers(t.app.log), t.app.log, { pollMs: 1000, workerId });

/** Runs due jobs and lets time pass, a second at a time, until nothing is left to do. */
async function runJobs(seconds = 10, workers = [runner()]) {
  for (let i = 0; i < seconds; i += 1) {
    await Promise.all(workers.map((w) => w.drain()));
    t.clock.advance(1000);
  }
  await Promise.all(workers.map((w) => w.drain()));
}

async function regionId(csp: string, code: string): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await t.deps.db.execute(sql`select id from regions where csp = ${csp} and code = ${code}`),
  );
  return Number(rows[0]?.id);
}
async function versionId(serviceId: number, code: 'trial' | 'formal'): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await t.deps.db.execute(
      sql`select id from service_versions where service_id = ${serviceId} and code = ${code}`,
    ),
  );
  return Number(rows[0]?.id);
}
async function open(token: string, serviceId: number, csp: string, region: string): Promise<TInstance> {
  return ok<TInstance>('createInstance', token, {
    serviceId,
    versionId: await versionId(serviceId, 'trial'),
    regionId: await regionId(csp, region),
  });
}
async function instance(token: string, id: number): Promise<TInstance> {
  const list = await ok<{ list: TInstance[] }>('serviceInstanceList', token, { pageSize: 200 });
  const found = list.list.find((i) => i.id === id);
  if (!found) throw new Error(`instance ${id} not listed`);
  return found;
}
async function auditActions(objectType: string, objectId: number) {
  const rows = await t.deps.db
    .select({ action: auditEntries.action })
    .from(auditEntries)
    .where(and(eq(auditEntries.objectType, objectType), eq(auditEntries.objectId, String(objectId))));
  return rows.map((r) => r.action);
}

describe('catalogue', () => {
  it('lists services, versions, providers and regions in the request language', async () => {
    const services = await ok<{ id: number; kind: number; code: string; name: string }[]>(
      'serviceList',
      member,
    );
    expect(services.map((s) => s.kind).sort()).toEqual([1, 2, 3]);
    expect(services.find((s) => s.kind === 2)?.name).toBe('Data Assistant');
    const zh = await ok<{ kind: number; name: string }[]>('serviceList', member, {}, { 'cz-lang': 'zh-CN' });
    expect(zh.find((s) => s.kind === 2)?.name).toBe('数据智能助手');
    const versions = await ok<{ code: string; userLimit: number | null }[]>('serviceVersionList', member, {
      serviceId: 3,
    });
    expect(versions.map((v) => [v.code, v.userLimit])).toEqual([
      ['trial', 5],
      ['formal', 50],
    ]);
    const csps = await ok<{ code: string }[]>('serviceCspList', member);
    expect(csps.map((c) => c.code)).toEqual(['aliyun', 'tencent', 'huawei', 'aws']);
    const aliyun = await ok<{ csp: string; code: string }[]>('serviceRegionList', member, { csp: 'aliyun' });
    expect(aliyun.every((r) => r.csp === 'aliyun')).toBe(true);
    expect(aliyun.map((r) => r.code)).toContain('cn-shanghai');
    const insightRegions = await ok<{ code: string }[]>('getRegionListByServiceId', member, { serviceId: 3 });
    expect(insightRegions.length).toBeLessThan((await ok<unknown[]>('serviceRegionList', member)).length);
  });

  it('answers 400 for an unknown service, and opens tagged regions only to tagged accounts', async () => {
    expect(await codeOf('serviceVersionList', member, { serviceId: 99 })).toBe(400);
    expect(await codeOf('getRegionListByServiceId', member, { serviceId: 'x' })).toBe(400);
    await t.deps.db.execute(sql`
      insert into regions (csp, code, name_zh, name_en, required_tag) values ('aliyun', 'cn-beta', '内测', 'Beta', 'beta')`);
    await t.deps.db.execute(sql`
      insert into service_regions (service_id, region_id) select 1, id from regions where code = 'cn-beta'`);
    const codes = async (token: string) =>
      (await ok<{ code: string }[]>('getRegionListByServiceId', token, { serviceId: 1 })).map((r) => r.code);
    expect(await codes(admin)).not.toContain('cn-beta');
    await t.deps.db.execute(
      sql`insert into account_tags (account_id, key, value) values (${acme.id}, 'beta', 'yes')`,
    );
    expect(await codes(acmeAdmin)).toContain('cn-beta');
    expect(await ok('getAccountTags', acmeAdmin)).toEqual([{ key: 'beta', value: 'yes' }]);
    expect(await ok('getAccountTags', admin)).toEqual([]);
    // Not offered to demo: creating there is refused as an unknown region.
    expect(
      await codeOf('createInstance', admin, {
        serviceId: 1,
        versionId: await versionId(1, 'trial'),
        regionId: await regionId('aliyun', 'cn-beta'),
      }),
    ).toBe(400);
  });
});

describe('instances', () => {
  it('opens an instance: opening, then opened with a URL, audited', async () => {
    const created = await open(admin, 1, 'aliyun', 'cn-shanghai');
    expect(created.status).toBe(0);
    expect(created.instanceName).toMatch(/^[a-z][a-z0-9]{7}$/);
    expect(created.url).toBeNull();
    await runJobs(2);
    expect((await instance(admin, created.id)).status).toBe(0);
    await runJobs(6);
    const opened = await instance(member, created.id);
    expect(opened.status).toBe(1);
    expect(opened.url).toContain(created.instanceName);
    expect(opened.openTime).not.toBeNull();
    expect(platform.starts.get(created.instanceName)).toBe(1);
    expect(await auditActions('instance', created.id)).toEqual(
      expect.arrayContaining(['instance.create', 'instance.opened']),
    );
    const url = await ok<{ url: string }>('getInstanceUrl', member, { instanceId: created.id });
    expect(url.url).toBe(opened.url);
    const regions = await ok<{ code: string; csp: string; isTaken: boolean }[]>(
      'getRegionListByServiceId',
      admin,
      {
        serviceId: 1,
      },
    );
    expect(regions.find((r) => r.csp === 'aliyun' && r.code === 'cn-shanghai')?.isTaken).toBe(true);
    expect((await ok<TInstance[]>('getAccountInstanceList', member)).map((i) => i.id)).toContain(created.id);
  });

  it("leads Open to the development platform's page of the instance, in the user's language, for its account only", async () => {
    const created = await open(admin, 1, 'aliyun', 'cn-beijing');
    await runJobs(8);
    const { url } = await ok<{ url: string }>('getInstanceUrl', member, { instanceId: created.id });
    expect(url).toBe(`http://console.test/api/dev/instance/${created.instanceName}`);
    // An address an older start made up is not where Open leads: the stand-in's page is.
    await t.deps.db
      .update(instances)
      .set({ url: `https://${created.instanceName}.cn-beijing.aliyun.lakehouse.example.com` })
      .where(eq(instances.id, created.id));
    expect((await ok<{ url: string }>('getInstanceUrl', member, { instanceId: created.id })).url).toBe(url);

    const path = new URL(url).pathname;
    const page = (token: string | null, lang: string) =>
      t.app.inject({
        url: path,
        headers: { 'cz-lang': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    const en = await page(member, 'en-US');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/html');
    expect(en.headers['content-security-policy']).toContain("default-src 'none'");
    const text = (html: string, id: string) =>
      new RegExp(`data-testid="${id}">(?:<code>)?([^<]*)`).exec(html)?.[1];
    expect(text(en.body, 'instance-name')).toBe(created.instanceName);
    expect(text(en.body, 'instance-service')).toBe('Lakehouse');
    expect(text(en.body, 'instance-region')).toBe(`${created.cspName} / ${created.regionName}`);
    expect(text(en.body, 'instance-status')).toBe('Opened');
    expect(en.body).toContain('Development stand-in');
    const zh = await page(member, 'zh-CN');
    expect(text(zh.body, 'instance-status')).toBe('已开通');
    expect(zh.body).toContain('开发替身');
    expect(zh.body).toContain('<html lang="zh-CN">');

    // Another account's instance, a name that is none, and no session: no page.
    expect(envelope(await page(acmeAdmin, 'en-US')).code).toBe(403);
    const none = await t.app.inject({
      url: '/api/dev/instance/zzzzzzzz',
      headers: { authorization: `Bearer ${member}` },
    });
    expect(envelope(none).code).toBe(403);
    expect((await page(null, 'en-US')).statusCode).toBe(401);
  });

  it('allows one live Lakehouse instance per provider and region, even under concurrent requests', async () => {
    const input = {
      serviceId: 1,
      versionId: await versionId(1, 'formal'),
      regionId: await regionId('tencent', 'ap-beijing'),
    };
    const answers = await Promise.all([1, 2, 3].map(() => call('createInstance', admin, input)));
    const codes = answers.map((a) => envelope(a).code).sort();
    expect(codes).toEqual([0, ErrorCode.instanceExists, ErrorCode.instanceExists]);
    expect(envelope(answers.find((a) => envelope(a).code !== 0) as never).message).toMatch(
      /already has an instance/,
    );
    // Another account, and another region, are free.
    await open(acmeAdmin, 1, 'tencent', 'ap-beijing');
    await open(admin, 1, 'tencent', 'ap-shanghai');
  });

  it('fails an opening with its reason, and a retry opens it', async () => {
    platform.failureRate = 1;
    const created = await open(admin, 1, 'huawei', 'cn-north-4');
    await runJobs(8);
    const failed = await instance(admin, created.id);
    expect(failed.status).toBe(2);
    expect(failed.failReason).toMatch(/^[A-Z_]+$/);
    expect(await codeOf('getInstanceUrl', admin, { instanceId: created.id })).toBe(
      ErrorCode.instanceStateInvalid,
    );
    expect(await codeOf('retryInstance', member, { instanceId: created.id })).toBe(ErrorCode.notAccountAdmin);
    expect(await codeOf('retryInstance', acmeAdmin, { instanceId: created.id })).toBe(403);
    platform.failureRate = 0;
    const retried = await ok<TInstance>('retryInstance', admin, { instanceId: created.id });
    expect(retried.status).toBe(0);
    expect(retried.failReason).toBeNull();
    await runJobs(8);
    expect((await instance(admin, created.id)).status).toBe(1);
    expect(await codeOf('retryInstance', admin, { instanceId: created.id })).toBe(
      ErrorCode.instanceStateInvalid,
    );
    expect(platform.starts.get(created.instanceName)).toBe(2);
    expect(await auditActions('instance', created.id)).toEqual(
      expect.arrayContaining(['instance.openFailed', 'instance.retry', 'instance.opened']),
    );
  });

  it('never leaves an instance opening: an unreachable platform ends in openFailed timeout', async () => {
    const created = await open(admin, 1, 'aws', 'cn-northwest-1');
    platform.isUnreachable = true;
    await runJobs(70);
    const failed = await instance(admin, created.id);
    expect(failed.status).toBe(2);
    expect(failed.failReason).toBe('timeout');
  });

  it('fails openings whose job was lost once their deadline has passed', async () => {
    const created = await open(admin, 1, 'aws', 'ap-southeast-1');
    await t.deps.db.delete(jobs).where(sql`payload->>'instanceId' = ${String(created.id)}`);
    t.clock.advance(60_000 + 5 * 1000 + 60_000 + 1000);
    await retentionJob({ id: 0, kind: 'retention', payload: {}, attempts: 1, maxAttempts: 5 }, t.deps);
    expect((await instance(admin, created.id)).failReason).toBe('timeout');
  });

  it('resumes after a restart in the middle, and two workers never provision one instance twice', async () => {
    const created = await Promise.all([
      open(acmeAdmin, 1, 'aliyun', 'cn-shanghai'),
      open(acmeAdmin, 1, 'aliyun', 'cn-beijing'),
      open(acmeAdmin, 1, 'aliyun', 'ap-southeast-1'),
      open(acmeAdmin, 2, 'aliyun', 'cn-shanghai'),
    ]);
    // The first worker starts the openings, then its process ends (the runner and deps are dropped).
    await runner('first-process').drain();
    for (const c of created) expect(platform.starts.get(c.instanceName)).toBe(1);
    // One job is caught mid-run by the crash: still running, its lease ends later.
    await t.deps.db.execute(sql`
      update jobs set status = 'running', locked_by = 'first-process', locked_until = ${new Date(t.clock.now().getTime() + 3000)}
       where id = (select id from jobs where status = 'queued' and kind = 'instance.provision' order by id limit 1)`);
    // A new process on the same database: new dependencies, two workers racing.
    const restarted = createDeps(t.deps.config, t.deps.database, t.clock, {
      provisioner: t.deps.provisioner,
    });
    const workers = ['second-a', 'second-b'].map((id) =>
      createJobRunner(restarted, instanceJobHandlers(t.app.log), t.app.log, { pollMs: 1000, workerId: id }),
    );
    await runJobs(12, workers);
    for (const c of created) {
      expect((await instance(acmeAdmin, c.id)).status).toBe(1);
      expect(platform.starts.get(c.instanceName)).toBe(1);
    }
    const opened = await t.deps.db
      .select({ id: auditEntries.id })
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'instance.opened'), eq(auditEntries.accountId, acme.id)));
    expect(opened.length).toBe(created.length);
  });

  it('closes an instance: the platform releases it and the region is free again', async () => {
    const created = await open(admin, 2, 'tencent', 'ap-shanghai');
    await runJobs(7);
    expect(await codeOf('closeInstance', member, { instanceId: created.id })).toBe(ErrorCode.notAccountAdmin);
    expect(await codeOf('closeInstance', acmeAdmin, { instanceId: created.id })).toBe(403);
    const closed = await ok<TInstance>('closeInstance', admin, { instanceId: created.id });
    expect(closed.status).toBe(-1);
    expect(closed.closeTime).not.toBeNull();
    await runJobs(1);
    expect(platform.released).toContain(created.instanceName);
    expect(await codeOf('closeInstance', admin, { instanceId: created.id })).toBe(
      ErrorCode.instanceStateInvalid,
    );
    expect((await ok<TInstance[]>('getAccountInstanceList', admin)).map((i) => i.id)).not.toContain(
      created.id,
    );
    const again = await open(admin, 2, 'tencent', 'ap-shanghai');
    expect(again.id).not.toBe(created.id);
  });

  it('refuses bad input with 400 and other accounts with 403, changing nothing', async () => {
    const before = await t.deps.db.select({ id: instances.id }).from(instances);
    const bad: Record<string, unknown>[] = [
      {
        serviceId: 99,
        versionId: await versionId(1, 'trial'),
        regionId: await regionId('aliyun', 'cn-beijing'),
      },
      {
        serviceId: 1,
        versionId: await versionId(3, 'trial'),
        regionId: await regionId('aliyun', 'cn-beijing'),
      },
      {
        serviceId: 3,
        versionId: await versionId(3, 'trial'),
        regionId: await regionId('huawei', 'cn-north-4'),
      },
      { serviceId: 1, versionId: 'one', regionId: 1 },
      { serviceId: 1, versionId: await versionId(1, 'trial'), regionId: 999_999 },
      {},
    ];
    for (const body of bad) expect(await codeOf('createInstance', admin, body)).toBe(400);
    const zh = envelope<{ fieldErrors: Record<string, string> }>(
      await call(
        'createInstance',
        admin,
        {
          serviceId: 1,
          versionId: await versionId(3, 'trial'),
          regionId: await regionId('aliyun', 'cn-beijing'),
        },
        { 'cz-lang': 'zh-CN' },
      ),
    );
    expect(zh.data.fieldErrors.versionId).toBe('请选择该服务的版本');
    expect(await codeOf('createInstance', member, { serviceId: 1, versionId: 1, regionId: 1 })).toBe(
      ErrorCode.notAccountAdmin,
    );
    expect(
      await codeOf('createInstance', admin, {
        accountId: acme.id,
        serviceId: 1,
        versionId: await versionId(1, 'trial'),
        regionId: await regionId('aliyun', 'cn-beijing'),
      }),
    ).toBe(403);
    const acmeInstance = (await ok<TInstance[]>('getAccountInstanceList', acmeAdmin))[0] as TInstance;
    expect(await codeOf('getInstanceUrl', admin, { instanceId: acmeInstance.id })).toBe(403);
    expect(await codeOf('listUserWorkspaces', admin, { instanceId: acmeInstance.id })).toBe(403);
    expect(await t.deps.db.select({ id: instances.id }).from(instances)).toHaveLength(before.length);
  });
});

describe('user synchronisation and workspaces', () => {
  it('propagates a user change to every opened instance and reports the sync status', async () => {
    const added = await ok<{ id: number }>('addUser', admin, {
      username: 'sync_user',
      password: 'Sync@2026pass',
    });
    expect((await ok<{ status: string }>('checkUserSyncStatus', admin, { id: added.id })).status).toBe(
      'syncing',
    );
    await runJobs(1);
    expect((await ok<{ status: string }>('checkUserSyncStatus', admin, { id: added.id })).status).toBe(
      'synced',
    );
    const live = await ok<TInstance[]>('getAccountInstanceList', admin);
    const opened = live.filter((i) => i.status === 1).map((i) => i.instanceName);
    for (const name of opened) {
      expect(platform.synced).toContainEqual({
        instanceName: name,
        userId: added.id,
        status: 'enabled',
        isAdmin: false,
      });
    }
    platform.failSync = true;
    await ok('updateUserStatus', admin, { ids: [added.id], status: 0 });
    expect((await ok<{ status: string }>('checkUserSyncStatus', admin, { id: added.id })).status).toBe(
      'syncing',
    );
    await runJobs(1);
    expect((await ok<{ status: string }>('checkUserSyncStatus', admin, { id: added.id })).status).toBe(
      'failed',
    );
    platform.failSync = false;
    await runJobs(40);
    expect((await ok<{ status: string }>('checkUserSyncStatus', admin, { id: added.id })).status).toBe(
      'synced',
    );
    for (const name of opened) {
      expect(platform.synced).toContainEqual({
        instanceName: name,
        userId: added.id,
        status: 'disabled',
        isAdmin: false,
      });
    }
    // Becoming an administrator is a change the instances learn too.
    await ok('updateUser', admin, { id: added.id, isAdmin: true });
    expect((await ok<{ status: string }>('checkUserSyncStatus', admin, { id: added.id })).status).toBe(
      'syncing',
    );
    await runJobs(1);
    expect(platform.synced.at(-1)).toMatchObject({ userId: added.id, isAdmin: true });
  });

  it("lists the signed-in user's workspaces per opened instance: those the platform keeps, no others", async () => {
    type TSpaces = {
      instanceId: number;
      instanceName: string;
      serviceName: string;
      workspaces: { name: string; role: string }[];
    }[];
    const before = await ok<TSpaces>('listUserWorkspaces', member);
    const lakehouse = before.filter((s) => s.serviceName === 'Lakehouse');
    expect(lakehouse.length).toBeGreaterThan(0);
    // Nobody gave the member a workspace: it belongs to none.
    for (const instance of before) expect(instance.workspaces, instance.instanceName).toEqual([]);
    const [first] = lakehouse;
    if (!first) throw new Error('no Lakehouse instance');
    await insertDevHoldings(
      t.deps.db,
      first.instanceId,
      demo.id,
      [
        {
          username: demo.member.username,
          workspaces: [{ name: 'default', role: 'workspace_dev' }],
          scheduledTasks: 1,
          syncTasks: 0,
          permissionApprovals: 0,
        },
      ],
      t.clock.now(),
    );
    const after = await ok<TSpaces>('listUserWorkspaces', member);
    expect(after.find((s) => s.instanceId === first.instanceId)?.workspaces).toMatchObject([
      { name: 'default', role: 'workspace_dev' },
    ]);
    for (const instance of after.filter((s) => s.instanceId !== first.instanceId)) {
      expect(instance.workspaces).toEqual([]);
    }
  });

  it("answers another user's workspaces to administrators only, of their own account", async () => {
    platform.workspaceUsers.length = 0;
    const spaces = await ok<{ workspaces: unknown[] }[]>('listUserWorkspaces', admin, {
      userId: demo.member.id,
    });
    expect(spaces.length).toBeGreaterThan(0);
    expect(new Set(platform.workspaceUsers)).toEqual(new Set([demo.member.username]));
    // Oneself needs no administrator role; another user does (4037); another account's is 403.
    expect(await codeOf('listUserWorkspaces', member, { userId: demo.member.id })).toBe(0);
    expect(await codeOf('listUserWorkspaces', member, { userId: demo.admin.id })).toBe(
      ErrorCode.notAccountAdmin,
    );
    expect(await codeOf('listUserWorkspaces', acmeAdmin, { userId: demo.member.id })).toBe(403);
    expect(await codeOf('listUserWorkspaces', admin, { userId: 'x' })).toBe(400);
    expect(platform.workspaceUsers).not.toContain(demo.admin.username);
  });

  it('lets the instances follow a grant or removal of the administrator role', async () => {
    const added = await ok<{ id: number }>('addUser', admin, {
      username: 'role_sync_user',
      password: 'Sync@2026pass',
    });
    await runJobs(1);
    expect(platform.synced.filter((u) => u.userId === added.id).at(-1)).toMatchObject({ isAdmin: false });
    await ok('grantRoleForUser', admin, { userId: added.id, roleId: demo.roleIds.account_admin });
    await runJobs(1);
    expect(platform.synced.filter((u) => u.userId === added.id).at(-1)).toMatchObject({ isAdmin: true });
    await ok('deleteRoleForUser', admin, { userId: added.id, roleId: demo.roleIds.account_admin });
    await runJobs(1);
    expect(platform.synced.filter((u) => u.userId === added.id).at(-1)).toMatchObject({ isAdmin: false });
  });
});

describe('Insight users', () => {
  let insightId = 0;
  const people: number[] = [];

  beforeAll(async () => {
    expect(await codeOf('enableInsightUsers', admin, { userIds: [demo.member.id] })).toBe(
      ErrorCode.insightNotOpened,
    );
    expect((await ok<{ isOpened: boolean }>('insightServiceInfo', member)).isOpened).toBe(false);
    const created = await open(admin, 3, 'aliyun', 'cn-shanghai');
    insightId = created.id;
    await runJobs(7);
    for (let i = 0; i < 6; i += 1) {
      people.push(
        (await ok<{ id: number }>('addUser', admin, { username: `insight_${i}`, password: 'Insight@2026x' }))
          .id,
      );
    }
  });

  type TList = {
    list: { userId: number; status: number; role: string | null }[];
    userLimit: number;
    enabledCount: number;
  };
  const statusOf = async (userId: number) =>
    (await ok<TList>('insightUserList', admin, { pageNo: 0, pageSize: 9999 })).list.find(
      (u) => u.userId === userId,
    )?.status;

  it('enables users through USER_STARTING to USER_START_SUCCESS, and disables through USER_STOPING', async () => {
    const info = await ok<{ isOpened: boolean; userLimit: number; instance: { id: number } }>(
      'insightServiceInfo',
      member,
    );
    expect(info).toMatchObject({ isOpened: true, userLimit: 5, instance: { id: insightId } });
    const first = people.slice(0, 3);
    expect((await ok<{ count: number }>('enableInsightUsers', admin, { userIds: first })).count).toBe(3);
    expect(await statusOf(first[0] as number)).toBe(0);
    expect((await ok<{ status: string; pending: number }>('insightUserSyncStatus', admin)).pending).toBe(3);
    await runJobs(1);
    for (const id of first) expect(await statusOf(id)).toBe(1);
    const list = await ok<TList>('insightUserList', admin, { pageNo: 0, pageSize: 9999 });
    expect(list.enabledCount).toBe(3);
    expect(list.list.find((u) => u.userId === first[0])?.role).toBe('analyst');
    expect(list.list.some((u) => u.userId === demo.admin.id && u.status === -1)).toBe(true);
    expect((await ok<{ count: number }>('disableInsightUsers', admin, { userIds: [first[2]] })).count).toBe(
      1,
    );
    expect(await statusOf(first[2] as number)).toBe(3);
    await runJobs(1);
    expect(await statusOf(first[2] as number)).toBe(4);
    expect((await ok<{ status: string }>('insightUserSyncStatus', admin)).status).toBe('synced');
    expect(await auditActions('user', first[0] as number)).toContain('insight.enableUser');
  });

  it('refuses to enable beyond the limit, changing nothing', async () => {
    // 2 enabled now, limit 5: four more would make 6.
    const more = [people[2], people[3], people[4], people[5]] as number[];
    const refused = envelope<{ limit: number; enabled: number }>(
      await call('enableInsightUsers', admin, { userIds: more }),
    );
    expect(refused.code).toBe(ErrorCode.insightUserLimit);
    expect(refused.data).toEqual({ limit: 5, enabled: 2 });
    expect(refused.message).toContain('at most 5');
    for (const id of more) expect([-1, 4]).toContain(await statusOf(id));
    // Three more fit exactly, concurrently or not.
    const answers = await Promise.all(
      [[people[2]], [people[3]], [people[4]], [people[5]]].map((ids) =>
        call('enableInsightUsers', admin, { userIds: ids }),
      ),
    );
    expect(answers.map((a) => envelope(a).code).sort()).toEqual([0, 0, 0, ErrorCode.insightUserLimit]);
    expect((await ok<TList>('insightUserList', admin, { pageNo: 0, pageSize: 9999 })).enabledCount).toBe(5);
    await runJobs(1);
  });

  it('fails users when the platform keeps failing, and a retry enables them', async () => {
    const target = people[0] as number;
    await ok('disableInsightUsers', admin, { userIds: [target] });
    await runJobs(1);
    platform.failInsight = true;
    await ok('enableInsightUsers', admin, { userIds: [target] });
    await runJobs(60);
    expect(await statusOf(target)).toBe(2);
    expect((await ok<{ status: string; failed: number }>('insightUserSyncStatus', admin)).status).toBe(
      'failed',
    );
    platform.failInsight = false;
    await ok('enableInsightUsers', admin, { userIds: [target] });
    await runJobs(1);
    expect(await statusOf(target)).toBe(1);
  });

  it('lists e-mail addresses masked as the user list masks them, and finds users by the whole address', async () => {
    const added = await ok<{ id: number }>('addUser', admin, {
      username: 'insight_mail',
      password: 'Insight@2026x',
      email: 'bi.reader@masked.example',
      phone: '13912345678',
    });
    type TRow = { userId: number; email: string | null };
    const all = await ok<{ list: TRow[] }>('insightUserList', admin, { pageNo: 0, pageSize: 9999 });
    const row = all.list.find((u) => u.userId === added.id);
    expect(row?.email).toBe('bi***@masked.example');
    // The same mask as user management's list, for every user the list shows.
    const users = await ok<{ list: { id: number; email: string | null }[] }>('userList', admin, {
      pageNo: 1,
      pageSize: 200,
      kind: 'regular',
    });
    for (const listed of all.list) {
      expect(listed.email, String(listed.userId)).toBe(users.list.find((u) => u.id === listed.userId)?.email);
    }
    // Nothing in the answer carries a whole address or a phone number.
    const raw = JSON.stringify(all);
    expect(raw).not.toContain('bi.reader@');
    expect(raw).not.toContain('13912345678');
    // The search matches the whole address (it is stored, not shown), and parts of names as before.
    const found = await ok<{ list: TRow[]; total: number }>('insightUserList', admin, {
      pageNo: 0,
      pageSize: 9999,
      keyword: 'bi.reader@masked',
    });
    expect(found.list.map((u) => u.userId)).toEqual([added.id]);
    expect(found.total).toBe(1);
    expect(found.list[0]?.email).toBe('bi***@masked.example');
    const byName = await ok<{ list: TRow[] }>('insightUserList', admin, {
      pageNo: 0,
      keyword: 'insight_mail',
    });
    expect(byName.list.map((u) => u.userId)).toEqual([added.id]);
  });

  it('refuses members, unknown roles, service users and other accounts’ users', async () => {
    expect(await codeOf('insightUserList', member, { pageNo: 0, pageSize: 9999 })).toBe(
      ErrorCode.notAccountAdmin,
    );
    expect(await codeOf('enableInsightUsers', member, { userIds: [people[1]] })).toBe(
      ErrorCode.notAccountAdmin,
    );
    expect(await codeOf('enableInsightUsers', admin, { userIds: [people[1]], role: 'nobody' })).toBe(400);
    expect(await codeOf('enableInsightUsers', admin, { userIds: [acme.member.id] })).toBe(403);
    const jdbc = await ok<{ id: number }>('addManagedUser', admin, {
      username: 'jdbc_reader',
      password: 'Jdbc@2026pass',
    });
    expect(await codeOf('enableInsightUsers', admin, { userIds: [jdbc.id] })).toBe(400);
    expect(await codeOf('disableInsightUsers', admin, { userIds: [] })).toBe(400);
    expect(await codeOf('insightUserList', admin, { pageSize: 10_000 })).toBe(400);
    const roles = await ok<{ code: string; isDefault: boolean }[]>('insightUserRoles', member);
    expect(roles.find((r) => r.isDefault)?.code).toBe('analyst');
  });
});
