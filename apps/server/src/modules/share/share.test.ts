/**
 * Shared job profiles end to end against the database and the development platform: any user of
 * the account shares a job of an opened Lakehouse instance, the link's holder reads that one
 * profile without a session, and the link expires, is revoked, and reaches nothing else.
 */
import { createHash } from 'node:crypto';
import { ErrorCode } from '@console/contract/codes';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  cookie,
  createTestApp,
  envelope,
  routeClient,
  seedAccount,
  seedOpenedInstance,
  signIn,
  type TSeededAccount,
  type TSeededUser,
  type TTestApp,
} from '../../../test/harness';
import { recentJobId } from '../../../test/share-fixture';
import { ProvisionerError, type TProvisioner } from '../../adapters/provisioner';
import { auditEntries, instances, jobProfileShares } from '../../db/schema';
import { grantRole, insertUser } from '../user/user.repository';

type TShare = {
  id: number;
  instanceId: number;
  instanceName: string;
  jobId: string;
  createdBy: string | null;
  expireTime: string;
  openCount: number;
  lastOpenTime: string | null;
  status: 'active' | 'expired' | 'revoked';
  canRevoke: boolean;
  link?: string;
};
type TShared = {
  instanceName: string;
  serviceName: string;
  expireTime: string;
  profile: { jobId: string; sql: string; nodes: { id: string; parentId: string | null }[] };
};

let t: TTestApp;
let demo: TSeededAccount;
let acme: TSeededAccount;
let lakehouse: number;
let insight: number;
let acmeLakehouse: number;
let admin: string;
let member: string;
let otherMember: string;
let acmeAdmin: string;
let otherUser: TSeededUser;
const api = routeClient(() => t.app);

async function signInAll() {
  admin = await signIn(t.app, 'demo', demo.admin);
  member = await signIn(t.app, 'demo', demo.member);
  otherMember = await signIn(t.app, 'demo', otherUser);
  acmeAdmin = await signIn(t.app, 'acme', acme.admin);
}
const en = { 'cz-lang': 'en-US' };

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const view = (token: string, headers: Record<string, string> = en, extra = '') =>
  t.app.inject({
    url: `/api/portal/share/jobProfile/view?token=${encodeURIComponent(token)}${extra}`,
    headers,
  });
const code = (res: LightMyRequestResponse) => envelope(res).code;

async function share(token: string, body: Record<string, unknown>): Promise<TShare> {
  return api.ok<TShare>('createJobProfileShare', token, body);
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'demo');
  acme = await seedAccount(t.deps, 'acme');
  // Opened a week ago: a week of jobs to share (none is older than its instance).
  lakehouse = await seedOpenedInstance(t.deps, demo.id, { openedDaysAgo: 7 });
  insight = await seedOpenedInstance(t.deps, demo.id, { serviceId: 3 });
  acmeLakehouse = await seedOpenedInstance(t.deps, acme.id, { openedDaysAgo: 7 });
  const otherId = await insertUser(t.deps.db, {
    accountId: demo.id,
    username: 'member_two',
    passwordHash: await t.deps.hasher.hash('Member2@2026pass'),
  });
  await grantRole(t.deps.db, demo.id, otherId, demo.roleIds.account_member, null);
  otherUser = { id: otherId, username: 'member_two', password: 'Member2@2026pass' };
  await signInAll();
});
afterAll(() => t.close());

describe('sharing a job profile', () => {
  it("lists an opened Lakehouse instance's recent jobs to any user of the account", async () => {
    const jobs = await api.ok<{ list: { jobId: string; status: string; sqlHead: string }[] }>(
      'listInstanceJobs',
      member,
      { instanceId: lakehouse, limit: 5 },
    );
    expect(jobs.list).toHaveLength(5);
    for (const job of jobs.list) {
      expect(job.jobId).toMatch(/^job_\d{14}_[0-9a-f]{8}$/);
      expect(job.sqlHead).toMatch(/^(SELECT|INSERT)/);
    }
    expect(code(await api.call('listInstanceJobs', member, { instanceId: insight }))).toBe(
      ErrorCode.jobProfileNotLakehouse,
    );
    const foreign = await api.call('listInstanceJobs', member, { instanceId: acmeLakehouse });
    expect(foreign.statusCode).toBe(403);
  });

  it('lets a member share a job: the link is answered once, only its digest is kept, and it is audited', async () => {
    const jobId = await recentJobId(t.deps, lakehouse);
    const created = await share(member, { instanceId: lakehouse, jobId, expireDays: 3 });
    expect(created).toMatchObject({
      instanceId: lakehouse,
      jobId,
      createdBy: demo.member.username,
      status: 'active',
      canRevoke: true,
      openCount: 0,
      lastOpenTime: null,
      expireTime: new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString(),
    });
    expect(created.link).toMatch(/\/share\/jobProfile\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(created.link ?? '');

    const [row] = await t.deps.db.select().from(jobProfileShares).where(eq(jobProfileShares.id, created.id));
    expect(row?.tokenHash.toString('hex')).not.toContain(Buffer.from(token).toString('hex'));
    expect(row?.tokenHash.equals(createHash('sha256').update(token).digest())).toBe(false);
    expect(JSON.stringify(row)).not.toContain(token);

    const audit = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, demo.id), eq(auditEntries.action, 'jobProfileShare.create')));
    expect(audit.at(-1)).toMatchObject({ userId: demo.member.id, objectId: String(lakehouse) });
    expect(JSON.stringify(audit.at(-1))).not.toContain(token);

    // The list never carries a token.
    const list = await api.ok<{ list: TShare[] }>('listJobProfileShares', admin, { pageNo: 1, pageSize: 50 });
    const listed = list.list.find((s) => s.id === created.id);
    expect(listed).toMatchObject({ createdBy: demo.member.username, canRevoke: true });
    expect(listed).not.toHaveProperty('link');
    expect(JSON.stringify(list)).not.toContain(token);
  });

  it('proposes 7 days and refuses a validity outside 1 to 30 days, or a malformed job id', async () => {
    const jobId = await recentJobId(t.deps, lakehouse);
    const byDefault = await share(member, { instanceId: lakehouse, jobId });
    expect(byDefault.expireTime).toBe(new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString());
    for (const expireDays of [0, 31, 1.5, '7']) {
      const res = await api.call('createJobProfileShare', member, {
        instanceId: lakehouse,
        jobId,
        expireDays,
      });
      expect(res.statusCode, String(expireDays)).toBe(400);
      expect(envelope<{ fieldErrors: Record<string, string> }>(res).data.fieldErrors.expireDays).toBe(
        'Choose a validity of 1 to 30 days',
      );
    }
    const zh = await api.call(
      'createJobProfileShare',
      member,
      { instanceId: lakehouse, jobId, expireDays: 31 },
      { 'cz-lang': 'zh-CN' },
    );
    expect(envelope<{ fieldErrors: Record<string, string> }>(zh).data.fieldErrors.expireDays).toBe(
      '有效期请选择 1 到 30 天',
    );
    for (const bad of ['', 'job 1', 'x'.repeat(129)]) {
      const res = await api.call('createJobProfileShare', member, { instanceId: lakehouse, jobId: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(envelope<{ fieldErrors: Record<string, string> }>(res).data.fieldErrors).toHaveProperty('jobId');
    }
  });

  it("refuses another account's instance, another service's, one not opened, and a job the instance does not have", async () => {
    const count = async () => (await t.deps.db.select().from(jobProfileShares)).length;
    const before = await count();
    const acmeJob = await recentJobId(t.deps, acmeLakehouse);
    const foreign = await api.call('createJobProfileShare', member, {
      instanceId: acmeLakehouse,
      jobId: acmeJob,
    });
    expect(foreign.statusCode).toBe(403);
    expect(
      code(await api.call('createJobProfileShare', member, { instanceId: insight, jobId: acmeJob })),
    ).toBe(ErrorCode.jobProfileNotLakehouse);
    // A job of another instance is not a job of this one.
    expect(
      code(await api.call('createJobProfileShare', member, { instanceId: lakehouse, jobId: acmeJob })),
    ).toBe(ErrorCode.jobNotFound);
    const missing = await api.call('createJobProfileShare', member, {
      instanceId: lakehouse,
      jobId: 'job_20261101070000_00000000',
    });
    expect(envelope(missing)).toMatchObject({
      code: ErrorCode.jobNotFound,
      message: 'The instance has no job with this id, or no longer keeps it.',
    });
    // Not opened: an instance that is still opening.
    await t.deps.db.update(instances).set({ status: 0 }).where(eq(instances.id, lakehouse));
    try {
      const jobId = await recentJobId(t.deps, lakehouse);
      expect(code(await api.call('createJobProfileShare', member, { instanceId: lakehouse, jobId }))).toBe(
        ErrorCode.instanceStateInvalid,
      );
      expect(code(await api.call('listInstanceJobs', member, { instanceId: lakehouse }))).toBe(
        ErrorCode.instanceStateInvalid,
      );
    } finally {
      await t.deps.db.update(instances).set({ status: 1 }).where(eq(instances.id, lakehouse));
    }
    expect(await count()).toBe(before);
  });

  it('says the instance did not answer when the platform fails, and makes no link', async () => {
    const deps = t.deps as { provisioner: TProvisioner };
    const original = deps.provisioner;
    deps.provisioner = {
      ...original,
      getJobProfile: async () => {
        throw new ProvisionerError('TIMEOUT', 'timeout');
      },
      listJobs: async () => {
        throw new ProvisionerError('UNREACHABLE', 'unreachable');
      },
    };
    try {
      const jobId = 'job_20261101070000_00000000';
      expect(code(await api.call('createJobProfileShare', member, { instanceId: lakehouse, jobId }))).toBe(
        ErrorCode.jobProfileUnavailable,
      );
      expect(code(await api.call('listInstanceJobs', member, { instanceId: lakehouse }))).toBe(
        ErrorCode.jobProfileUnavailable,
      );
    } finally {
      deps.provisioner = original;
    }
  });
});

describe('jobs and the age of the instance', () => {
  it('lists and shares no job submitted before the instance was opened; a shared profile never predates it', async () => {
    const hour = 3_600_000;
    const young = await seedOpenedInstance(t.deps, demo.id, { region: 'cn-beijing' });
    const jobsOf = async () =>
      (
        await api.ok<{ list: { jobId: string; submitTime: string }[] }>('listInstanceJobs', member, {
          instanceId: young,
          limit: 50,
        })
      ).list;
    // Opened just now: nothing has run on it yet.
    expect(await jobsOf()).toEqual([]);
    // Had it been opened four hours ago, it would have run these; opened two hours ago, the older
    // ones never ran on it.
    const openAt = (ms: number) =>
      t.deps.db
        .update(instances)
        .set({ createdAt: new Date(ms), openedAt: new Date(ms) })
        .where(eq(instances.id, young));
    const now = t.clock.now().getTime();
    await openAt(now - 4 * hour);
    const longer = await jobsOf();
    await openAt(now - 2 * hour);
    const shorter = await jobsOf();
    expect(shorter.length).toBeGreaterThan(0);
    expect(longer.length).toBeLessThan(50);
    expect(shorter).toEqual(longer.filter((j) => Date.parse(j.submitTime) >= now - 2 * hour));
    const before = longer.find((j) => Date.parse(j.submitTime) < now - 2 * hour);
    if (!before) throw new Error('no job in the longer history');
    expect(
      code(await api.call('createJobProfileShare', member, { instanceId: young, jobId: before.jobId })),
    ).toBe(ErrorCode.jobNotFound);
    // The oldest job it did run: its shared profile starts after the instance's opening.
    const oldest = shorter.at(-1);
    const created = await share(member, { instanceId: young, jobId: oldest?.jobId, expireDays: 1 });
    const shared = envelope<TShared & { profile: { submitTime: string; startTime: string | null } }>(
      await view(tokenOf(created.link ?? '')),
    ).data;
    const [listed] = (
      await api.ok<{ list: { id: number; openTime: string | null; createTime: string }[] }>(
        'serviceInstanceList',
        member,
        { pageNo: 1, pageSize: 50 },
      )
    ).list.filter((i) => i.id === young);
    expect(Date.parse(shared.profile.submitTime)).toBeGreaterThanOrEqual(Date.parse(listed?.openTime ?? ''));
    expect(Date.parse(shared.profile.submitTime)).toBeGreaterThanOrEqual(
      Date.parse(listed?.createTime ?? ''),
    );
  });
});

describe('the shared page', () => {
  it('shows the one profile without a session, counts the opening, and answers nothing of the account', async () => {
    const jobId = await recentJobId(t.deps, lakehouse);
    const created = await share(member, { instanceId: lakehouse, jobId, expireDays: 1 });
    const token = tokenOf(created.link ?? '');
    const res = await view(token);
    const body = envelope<TShared>(res);
    expect(body.code).toBe(0);
    expect(Object.keys(body.data).sort()).toEqual(['expireTime', 'instanceName', 'profile', 'serviceName']);
    expect(body.data).toMatchObject({ instanceName: created.instanceName, serviceName: 'Lakehouse' });
    expect(body.data.profile.jobId).toBe(jobId);
    expect(body.data.profile.nodes.length).toBeGreaterThan(2);
    // No account, user or address of the account in the answer; no session is made.
    for (const secret of [
      'demo',
      demo.member.username,
      demo.admin.username,
      'admin@demo.example',
      'seeded.',
    ]) {
      expect(res.body, secret).not.toContain(secret);
    }
    expect(res.headers['set-cookie']).toBeUndefined();
    const zh = envelope<TShared>(await view(token, { 'cz-lang': 'zh-CN' }));
    expect(zh.data.profile).toEqual(body.data.profile);

    const [listed] = (
      await api.ok<{ list: TShare[] }>('listJobProfileShares', member, { instanceId: lakehouse, pageSize: 1 })
    ).list;
    expect(listed).toMatchObject({ id: created.id, openCount: 2, lastOpenTime: t.clock.now().toISOString() });
  });

  it('answers only the stored job, whatever else the request names', async () => {
    const jobs = await api.ok<{ list: { jobId: string }[] }>('listInstanceJobs', member, {
      instanceId: lakehouse,
      limit: 3,
    });
    const [first, second] = jobs.list;
    const created = await share(member, { instanceId: lakehouse, jobId: first?.jobId });
    const token = tokenOf(created.link ?? '');
    const altered = await view(
      token,
      en,
      `&jobId=${second?.jobId}&instanceId=${acmeLakehouse}&accountId=${acme.id}&id=${created.id + 1}`,
    );
    expect(envelope<TShared>(altered).data.profile.jobId).toBe(first?.jobId);
    // A token with a character changed is another, unknown link.
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(code(await view(flipped))).toBe(ErrorCode.shareLinkInvalid);
  });

  it('is not a session anywhere: the token as a bearer or a cookie is refused on every other route', async () => {
    const created = await share(member, {
      instanceId: lakehouse,
      jobId: await recentJobId(t.deps, lakehouse),
    });
    const token = tokenOf(created.link ?? '');
    const routes = [
      { method: 'POST' as const, url: '/api/portal/user/getCurrentUser' },
      { method: 'GET' as const, url: '/api/portal/share/jobProfile/list' },
      { method: 'GET' as const, url: `/api/portal/share/jobProfile/jobs?instanceId=${lakehouse}` },
      { method: 'GET' as const, url: '/api/portal/service/serviceInstanceList' },
      { method: 'POST' as const, url: '/api/portal/share/jobProfile/revoke' },
    ];
    for (const route of routes) {
      for (const headers of [bearer(token), cookie(token)]) {
        const res = await t.app.inject({
          ...route,
          headers: { ...en, ...headers },
          payload: { id: created.id },
        });
        expect(res.statusCode, `${route.url} ${Object.keys(headers)[0]}`).toBe(401);
      }
    }
    const [row] = await t.deps.db.select().from(jobProfileShares).where(eq(jobProfileShares.id, created.id));
    expect(row?.revokedAt).toBeNull();
  });

  it('says expired, revoked and unknown links apart, in both languages', async () => {
    const created = await share(member, {
      instanceId: lakehouse,
      jobId: await recentJobId(t.deps, lakehouse),
      expireDays: 1,
    });
    const token = tokenOf(created.link ?? '');
    expect(envelope(await view('no-such-token'))).toMatchObject({
      code: ErrorCode.shareLinkInvalid,
      message: 'This share link is not valid. Check that you opened the whole link you were sent.',
    });
    expect(code(await view(''))).toBe(400);
    t.clock.advance(86_400_000);
    // A day later the sessions have ended too: sign in again.
    await signInAll();
    expect(envelope(await view(token))).toMatchObject({
      code: ErrorCode.shareLinkExpired,
      message: 'This share link has expired. Ask the person who shared it for a new one.',
    });
    expect(envelope(await view(token, { 'cz-lang': 'zh-CN' })).message).toBe(
      '分享链接已过期，请联系分享人重新分享。',
    );
    const listed = await api.ok<{ list: TShare[] }>('listJobProfileShares', member, { pageSize: 200 });
    expect(listed.list.find((s) => s.id === created.id)).toMatchObject({
      status: 'expired',
      canRevoke: false,
    });

    const live = await share(member, { instanceId: lakehouse, jobId: await recentJobId(t.deps, lakehouse) });
    await api.ok('revokeJobProfileShare', member, { id: live.id });
    expect(envelope(await view(tokenOf(live.link ?? '')))).toMatchObject({
      code: ErrorCode.shareLinkRevoked,
      message: 'This share link was revoked. Ask the person who shared it for a new one.',
    });
  });

  it('stops showing a link whose instance is no longer opened', async () => {
    const created = await share(member, {
      instanceId: lakehouse,
      jobId: await recentJobId(t.deps, lakehouse),
    });
    await t.deps.db.update(instances).set({ status: -1 }).where(eq(instances.id, lakehouse));
    try {
      expect(code(await view(tokenOf(created.link ?? '')))).toBe(ErrorCode.instanceStateInvalid);
    } finally {
      await t.deps.db.update(instances).set({ status: 1 }).where(eq(instances.id, lakehouse));
    }
  });
});

describe('revoking a link', () => {
  it('is for its creator or an administrator, audited once, and only within the account', async () => {
    const jobId = await recentJobId(t.deps, lakehouse);
    const mine = await share(member, { instanceId: lakehouse, jobId });
    const theirs = await share(otherMember, { instanceId: lakehouse, jobId });

    const listed = await api.ok<{ list: TShare[] }>('listJobProfileShares', member, { pageSize: 200 });
    expect(listed.list.find((s) => s.id === theirs.id)?.canRevoke).toBe(false);
    expect(envelope(await api.call('revokeJobProfileShare', member, { id: theirs.id }))).toMatchObject({
      code: ErrorCode.shareRevokeNotAllowed,
      message: 'Only the person who created this share link or an account administrator can revoke it.',
    });
    // Another account's administrator does not see it at all.
    expect((await api.call('revokeJobProfileShare', acmeAdmin, { id: mine.id })).statusCode).toBe(404);
    const acmeList = await api.ok<{ list: TShare[]; total: number }>('listJobProfileShares', acmeAdmin, {});
    expect(acmeList.list.map((s) => s.id)).not.toContain(mine.id);

    await api.ok('revokeJobProfileShare', member, { id: mine.id });
    await api.ok('revokeJobProfileShare', admin, { id: theirs.id });
    await api.ok('revokeJobProfileShare', admin, { id: theirs.id });
    const audit = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, demo.id), eq(auditEntries.action, 'jobProfileShare.revoke')));
    const ids = audit.map((a) => (a.info as { shareId?: number } | null)?.shareId);
    expect(ids.filter((id) => id === theirs.id)).toHaveLength(1);
    expect(ids).toContain(mine.id);
    const after = await api.ok<{ list: TShare[] }>('listJobProfileShares', admin, { pageSize: 200 });
    expect(after.list.find((s) => s.id === mine.id)).toMatchObject({ status: 'revoked', canRevoke: false });
  });
});

describe('guessing links from one address', () => {
  let tight: TTestApp;
  beforeAll(async () => {
    tight = await createTestApp({
      env: {
        ADDRESS_CAPTCHA_AFTER_FAILURES: '2',
        ADDRESS_BLOCK_AFTER_FAILURES: '4',
        ADDRESS_BLOCK_SECONDS: '300',
      },
    });
  });
  afterAll(() => tight.close());

  it('blocks the address after repeated unknown links (429 with Retry-After), then lets it try again', async () => {
    const guess = (n: number) =>
      tight.app.inject({ url: `/api/portal/share/jobProfile/view?token=guess-${n}`, headers: en });
    for (let n = 0; n < 3; n += 1) expect(code(await guess(n))).toBe(ErrorCode.shareLinkInvalid);
    const blocked = await guess(3);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('300');
    expect((await guess(4)).statusCode).toBe(429);
    tight.clock.advance(301_000);
    expect(code(await guess(5))).toBe(ErrorCode.shareLinkInvalid);
  });
});
