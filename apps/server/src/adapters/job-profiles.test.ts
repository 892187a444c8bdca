/**
 * Jobs and their execution profiles through the provisioner adapter: the development platform's
 * made-up but stable history (the same profile for the same job id, every time and everywhere,
 * varied in shape and outcome), the HTTP client against a local platform that checks signatures
 * and answers as documented in provisioner.ts, and the adapter of an installation without one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type TJobProfile, ZJobProfile } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import {
  createDevProvisioner,
  createHttpProvisioner,
  createUnconfiguredProvisioner,
  ProvisionerError,
  type TDevHoldings,
  type TInstanceRef,
} from './provisioner';

const ref: TInstanceRef = {
  instanceName: 'ab12cd34',
  service: 'studio',
  version: 'trial',
  csp: 'aliyun',
  region: 'cn-shanghai',
  accountName: 'demo',
  attempt: 1,
  openedAt: new Date('2026-10-01T00:00:00Z'),
};
const now = new Date('2026-11-20T10:00:00Z');

async function reasonOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ProvisionerError) return error.reason;
    throw error;
  }
  throw new Error('expected a ProvisionerError');
}

/** The platform keeps no workspaces or owned resources here: jobs only. */
const holdings: TDevHoldings = {
  ownedOn: async () => ({ scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 }),
  workspacesOn: async () => [],
};
const dev = (at: () => Date = () => now) =>
  createDevProvisioner({
    holdings,
    delayMs: 0,
    failureRate: 0,
    insightDelayMs: 0,
    consoleUrl: 'http://console.test',
    now: at,
  });

/** Checks that the nodes form a tree in pre-order and that operators fit in their stage. */
function expectTree(profile: TJobProfile) {
  const seen = new Map<string, (typeof profile.nodes)[number]>();
  for (const node of profile.nodes) {
    if (node.parentId === null) expect(node.kind).toBe('stage');
    else expect(seen.has(node.parentId), `${node.id} after its parent`).toBe(true);
    seen.set(node.id, node);
  }
  const stages = profile.nodes.filter((n) => n.kind === 'stage');
  expect(stages.length).toBeGreaterThanOrEqual(2);
  const stageOf = (id: string): string => {
    const node = seen.get(id);
    return node?.parentId ? stageOf(node.parentId) : id;
  };
  for (const stage of stages) {
    const own = profile.nodes.filter((n) => n.kind === 'operator' && stageOf(n.id) === stage.id);
    expect(own.length).toBeGreaterThan(0);
    expect(own.reduce((sum, n) => sum + n.timeMs, 0)).toBeLessThanOrEqual(stage.timeMs + own.length);
  }
  expect(stages.reduce((sum, s) => sum + s.timeMs, 0)).toBeLessThanOrEqual(
    profile.durationMs + stages.length,
  );
}

describe('development platform jobs', () => {
  it('answers the same history and the same profiles every time, on every copy of the platform', async () => {
    const jobs = await dev().listJobs(ref, { limit: 20 });
    expect(jobs).toHaveLength(20);
    expect(await dev().listJobs(ref, { limit: 20 })).toEqual(jobs);
    const times = jobs.map((j) => Date.parse(j.submitTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times.every((ms) => ms <= now.getTime())).toBe(true);
    for (const job of jobs.slice(0, 5)) {
      const profile = await dev().getJobProfile(ref, job.jobId);
      expect(await dev().getJobProfile(ref, job.jobId)).toEqual(profile);
      expect(ZJobProfile.parse(profile)).toEqual(profile);
      expect(profile).toMatchObject({ jobId: job.jobId, status: job.status, durationMs: job.durationMs });
      expect(profile.sql.startsWith(job.sqlHead)).toBe(true);
      expectTree(profile);
    }
    // Another instance has a history of its own.
    const other = await dev().listJobs({ ...ref, instanceName: 'zz99yy88' }, { limit: 20 });
    expect(other.map((j) => j.jobId)).not.toEqual(jobs.map((j) => j.jobId));
  });

  it('varies the queries and their outcomes: scans, joins, aggregations, writes, failures with a reason', async () => {
    const jobs = await dev().listJobs(ref, { limit: 50 });
    const profiles = await Promise.all(jobs.map((j) => dev().getJobProfile(ref, j.jobId)));
    const statuses = new Set(profiles.map((p) => p.status));
    expect(statuses).toContain('SUCCEEDED');
    expect(statuses).toContain('FAILED');
    const names = new Set(profiles.flatMap((p) => p.nodes.map((n) => n.name)));
    for (const name of ['TableScan', 'Filter', 'HashJoin (inner)', 'HashAggregate (final)', 'TableWriter']) {
      expect(names, name).toContain(name);
    }
    for (const p of profiles) {
      if (p.status === 'FAILED') expect(p.errorMessage?.length).toBeGreaterThan(30);
      else expect(p.errorMessage).toBeNull();
      if (p.sql.startsWith('INSERT') && p.status === 'SUCCEEDED') expect(p.rowsWritten).toBeGreaterThan(0);
      if (p.sql.startsWith('SELECT')) expect(p.rowsWritten).toBe(0);
      expect(p.rowsRead).toBeGreaterThanOrEqual(0);
      expect(p.bytesRead).toBeGreaterThanOrEqual(p.status === 'SUCCEEDED' ? p.rowsRead : 0);
    }
    const durations = profiles.map((p) => p.durationMs);
    expect(Math.max(...durations) / Math.max(1, Math.min(...durations))).toBeGreaterThan(50);
  });

  it('shows a job queued, then running part of the way, then finished, as the clock moves', async () => {
    const jobs = await dev().listJobs(ref, { limit: 50 });
    const done = await Promise.all(jobs.map((j) => dev().getJobProfile(ref, j.jobId)));
    const long = done.find((p) => p.status === 'SUCCEEDED' && p.durationMs > 20_000);
    if (!long?.startTime || !long.endTime) throw new Error('no long job in the history');
    const submit = new Date(long.submitTime);
    const queued = await dev(() => submit).getJobProfile(ref, long.jobId);
    expect(queued).toMatchObject({ status: 'RUNNING', startTime: null, endTime: null, durationMs: 0 });
    const halfway = new Date((Date.parse(long.startTime) + Date.parse(long.endTime)) / 2);
    const running = await dev(() => halfway).getJobProfile(ref, long.jobId);
    expect(running).toMatchObject({ status: 'RUNNING', endTime: null, rowsWritten: 0 });
    expect(running.durationMs).toBe(halfway.getTime() - Date.parse(long.startTime));
    expect(running.sql).toBe(long.sql);
    expect(running.nodes.map((n) => n.id)).toEqual(long.nodes.map((n) => n.id));
    // The last stage has not started yet; the first has done all its work.
    const lastStage = running.nodes.filter((n) => n.kind === 'stage').at(-1);
    expect(lastStage?.timeMs).toBe(0);
    expect(running.nodes[0]).toEqual(long.nodes[0]);
    expectTree(running);
    expect(await dev(() => new Date(long.endTime as string)).getJobProfile(ref, long.jobId)).toEqual(long);
  });

  it('knows no job of another instance, a made-up id or a future one, and no jobs on other services', async () => {
    const [job] = await dev().listJobs(ref, { limit: 1 });
    const id = job?.jobId ?? '';
    expect(await reasonOf(dev().getJobProfile({ ...ref, instanceName: 'zz99yy88' }, id))).toBe(
      'JOB_NOT_FOUND',
    );
    expect(await reasonOf(dev().getJobProfile(ref, 'job_20261120095959_00000000'))).toBe('JOB_NOT_FOUND');
    expect(await reasonOf(dev().getJobProfile(ref, `${id}x`))).toBe('JOB_NOT_FOUND');
    expect(await reasonOf(dev(() => new Date(now.getTime() - 86_400_000)).getJobProfile(ref, id))).toBe(
      'JOB_NOT_FOUND',
    );
    const insight = { ...ref, service: 'hengshi' };
    expect(await dev().listJobs(insight, { limit: 5 })).toEqual([]);
    expect(await reasonOf(dev().getJobProfile(insight, id))).toBe('JOB_NOT_FOUND');
  });
});

describe('development platform jobs and the age of the instance', () => {
  const hour = 3_600_000;

  it('lists no job of an instance opened just now, nor of one not opened', async () => {
    expect(await dev().listJobs({ ...ref, openedAt: now }, { limit: 50 })).toEqual([]);
    expect(await dev().listJobs({ ...ref, openedAt: null }, { limit: 50 })).toEqual([]);
    const [job] = await dev().listJobs(ref, { limit: 1 });
    expect(await reasonOf(dev().getJobProfile({ ...ref, openedAt: null }, job?.jobId ?? ''))).toBe(
      'JOB_NOT_FOUND',
    );
  });

  it('submits every job after the instance was opened, and knows none from before', async () => {
    const openedAt = new Date(now.getTime() - 30 * hour);
    const young = { ...ref, openedAt };
    const jobs = await dev().listJobs(young, { limit: 500 });
    expect(jobs.length).toBeGreaterThan(10);
    for (const job of jobs)
      expect(Date.parse(job.submitTime), job.jobId).toBeGreaterThanOrEqual(openedAt.getTime());
    // The same instance's history as if it had been opened long ago, cut at its opening.
    const old = await dev().listJobs(ref, { limit: 500 });
    expect(jobs).toEqual(old.filter((j) => Date.parse(j.submitTime) >= openedAt.getTime()));
    // A job of that longer history from before the opening is no job of this instance.
    const before = old.find((j) => Date.parse(j.submitTime) < openedAt.getTime());
    if (!before) throw new Error('no job before the opening in the longer history');
    expect(await reasonOf(dev().getJobProfile(young, before.jobId))).toBe('JOB_NOT_FOUND');
    const first = jobs.at(-1);
    const profile = await dev().getJobProfile(young, first?.jobId ?? '');
    expect(Date.parse(profile.submitTime)).toBeGreaterThanOrEqual(openedAt.getTime());
    expect(Date.parse(profile.startTime ?? profile.submitTime)).toBeGreaterThanOrEqual(openedAt.getTime());
  });

  it('grows the history of a new instance as the clock moves', async () => {
    const young = { ...ref, openedAt: now };
    const later = await dev(() => new Date(now.getTime() + 6 * hour)).listJobs(young, { limit: 500 });
    expect(later.length).toBeGreaterThan(0);
    for (const job of later) expect(Date.parse(job.submitTime)).toBeGreaterThanOrEqual(now.getTime());
  });
});

// ---------------------------------------------------------------------------------------------
// HTTP: a platform that answers jobs and profiles as documented

const token = 'provisioning-shared-secret';
const job = {
  jobId: 'q/2026 11:20#7',
  status: 'SUCCEEDED',
  submitTime: '2026-11-20T09:00:00.000Z',
  durationMs: 1234,
  sqlHead: 'SELECT 1',
};
const profile: TJobProfile = {
  jobId: job.jobId,
  status: 'SUCCEEDED',
  submitTime: job.submitTime,
  startTime: '2026-11-20T09:00:00.100Z',
  endTime: '2026-11-20T09:00:01.334Z',
  durationMs: 1234,
  rowsRead: 10,
  bytesRead: 640,
  rowsWritten: 0,
  bytesWritten: 0,
  sql: 'SELECT 1',
  errorMessage: null,
  nodes: [
    { id: 'S0', parentId: null, kind: 'stage', name: 'Stage 0', detail: null, timeMs: 1200, rows: 1 },
    { id: 'S0.1', parentId: 'S0', kind: 'operator', name: 'Values', detail: null, timeMs: 3, rows: 1 },
  ],
};

function startPlatform() {
  const requests: string[] = [];
  const rejected: string[] = [];
  /** The next answer, replacing the documented one. */
  let next: { status: number; body: unknown } | null = null;
  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const isSigned = (req: IncomingMessage, path: string) => {
    const timestamp = String(req.headers['x-cz-timestamp'] ?? '');
    const signature = Buffer.from(String(req.headers['x-cz-signature'] ?? ''), 'hex');
    const expected = createHmac('sha256', token).update(`${timestamp}\n${req.method}\n${path}\n`).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected);
  };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (!isSigned(req, path)) {
      rejected.push(path);
      send(res, 401, { code: 'BAD_SIGNATURE', message: 'signature does not match' });
      return;
    }
    requests.push(`${req.method} ${path}`);
    if (next) {
      const answer = next;
      next = null;
      send(res, answer.status, answer.body);
      return;
    }
    const url = new URL(path, 'http://platform');
    const segments = url.pathname.split('/').slice(1).map(decodeURIComponent);
    if (segments[2] !== 'ab12cd34') return send(res, 404, { code: 'INSTANCE_NOT_FOUND', message: 'no' });
    if (segments.length === 4 && segments[3] === 'jobs') {
      const limit = Number(url.searchParams.get('limit'));
      return send(res, 200, { jobs: Array.from({ length: Math.min(limit, 3) }, () => job) });
    }
    if (segments.length === 6 && segments[3] === 'jobs' && segments[5] === 'profile') {
      if (segments[4] !== job.jobId) return send(res, 404, { code: 'JOB_NOT_FOUND', message: 'no such job' });
      return send(res, 200, profile);
    }
    send(res, 404, { code: 'NOT_FOUND', message: 'no such route' });
  });
  return {
    server,
    requests,
    rejected,
    answerNext: (status: number, body: unknown) => {
      next = { status, body };
    },
  };
}

describe('HTTP platform jobs', () => {
  const platform = startPlatform();
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((done) => platform.server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(platform.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    platform.server.closeAllConnections();
    await new Promise((done) => platform.server.close(done));
    expect(platform.rejected).toEqual([]);
  });
  const p = () => createHttpProvisioner({ url, token, timeoutMs: 2000 });

  it('lists jobs and reads a profile on the documented paths, signed, with the job id escaped', async () => {
    expect(await p().listJobs(ref, { limit: 2 })).toEqual([job, job]);
    expect(platform.requests.at(-1)).toBe('GET /v1/instances/ab12cd34/jobs?limit=2');
    expect(await p().getJobProfile(ref, job.jobId)).toEqual(profile);
    expect(platform.requests.at(-1)).toBe('GET /v1/instances/ab12cd34/jobs/q%2F2026%2011%3A20%237/profile');
    expect(await reasonOf(p().getJobProfile(ref, 'other'))).toBe('JOB_NOT_FOUND');
    expect(await reasonOf(p().listJobs({ ...ref, instanceName: 'gone0001' }, { limit: 1 }))).toBe(
      'INSTANCE_NOT_FOUND',
    );
  });

  it('refuses answers that do not match the schema, or a profile of another job', async () => {
    const bad: unknown[] = [
      { ...profile, status: 'DONE' },
      { ...profile, rowsRead: -1 },
      { ...profile, bytesRead: 1.5 },
      { ...profile, nodes: [{ ...profile.nodes[0], kind: 'task' }] },
      (({ sql: _sql, ...rest }) => rest)(profile),
      { ...profile, jobId: 'another' },
      'profile',
    ];
    for (const body of bad) {
      platform.answerNext(200, body);
      expect(await reasonOf(p().getJobProfile(ref, job.jobId)), JSON.stringify(body).slice(0, 60)).toBe(
        'BAD_RESPONSE',
      );
    }
    platform.answerNext(200, { jobs: [{ ...job, durationMs: null }] });
    expect(await reasonOf(p().listJobs(ref, { limit: 1 }))).toBe('BAD_RESPONSE');
    platform.answerNext(200, { list: [job] });
    expect(await reasonOf(p().listJobs(ref, { limit: 1 }))).toBe('BAD_RESPONSE');
    platform.answerNext(503, { code: 'MAINTENANCE', message: 'later' });
    expect(await reasonOf(p().listJobs(ref, { limit: 1 }))).toBe('MAINTENANCE');
  });

  it('is refused when signed with another token', async () => {
    const wrong = createHttpProvisioner({ url, token: 'another-secret', timeoutMs: 2000 });
    expect(await reasonOf(wrong.listJobs(ref, { limit: 1 }))).toBe('BAD_SIGNATURE');
    platform.rejected.length = 0;
  });
});

describe('no platform configured', () => {
  it('refuses jobs and profiles with the "not configured" code', async () => {
    const p = createUnconfiguredProvisioner();
    for (const call of [p.listJobs(ref, { limit: 5 }), p.getJobProfile(ref, 'job_1')]) {
      const error = await call.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(ErrorCode.provisionerNotConfigured);
    }
  });
});
