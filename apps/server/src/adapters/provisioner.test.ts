/**
 * The provisioner adapter: the development platform (delay, outcome and Insight failures driven by
 * an injected clock and random source) and the HTTP client against a real local server that
 * implements the provisioning API as documented in provisioner.ts, signature check included.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../lib/clock';
import {
  createDevProvisioner,
  createHttpProvisioner,
  ProvisionerError,
  type TDevHoldings,
  type TInstanceRef,
  type TProvisioner,
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

async function reasonOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ProvisionerError) return error.reason;
    throw error;
  }
  throw new Error('expected a ProvisionerError');
}

/**
 * The development platform's records as the tests set them: alice and bob on ab12cd34 (what the
 * demo seed writes in the database, read by dev-platform.repository.ts); nobody else anywhere.
 */
const records = [
  {
    instanceName: 'ab12cd34',
    userId: 5,
    username: 'alice',
    workspaces: [
      { name: 'default', role: 'workspace_admin' },
      { name: 'sales', role: 'workspace_analyst' },
    ],
    owned: { scheduledTasks: 3, syncTasks: 0, permissionApprovals: 1 },
  },
  {
    instanceName: 'ab12cd34',
    userId: 6,
    username: 'bob',
    workspaces: [],
    owned: { scheduledTasks: 0, syncTasks: 2, permissionApprovals: 0 },
  },
];
const holdings: TDevHoldings = {
  ownedOn: async (instanceNames, userIds) => {
    const out = { scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 };
    for (const r of records) {
      if (!instanceNames.includes(r.instanceName) || !userIds.includes(r.userId)) continue;
      out.scheduledTasks += r.owned.scheduledTasks;
      out.syncTasks += r.owned.syncTasks;
      out.permissionApprovals += r.owned.permissionApprovals;
    }
    return out;
  },
  workspacesOn: async (instanceName, username) =>
    records
      .filter((r) => r.instanceName === instanceName && r.username === username)
      .flatMap((r) => r.workspaces.map((w) => ({ ...w, createTime: '2026-10-01T00:00:00.000Z' }))),
};

/** A random source answering the given values in turn (the last one again when they run out). */
function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)] ?? 0;
}

describe('development provisioner', () => {
  const start = new Date('2026-11-01T08:00:00Z');

  it('runs until the delay has passed, then answers the instance address', async () => {
    const clock = createManualClock(start);
    const p = createDevProvisioner({
      holdings,
      delayMs: 5000,
      failureRate: 0,
      insightDelayMs: 0,
      consoleUrl: 'http://console.test',
      now: clock.now,
    });
    const { operationId } = await p.startOpening(ref);
    expect(await p.getOperation(ref, operationId)).toEqual({ state: 'running' });
    clock.advance(4999);
    expect(await p.getOperation(ref, operationId)).toEqual({ state: 'running' });
    clock.advance(1);
    expect(await p.getOperation(ref, operationId)).toEqual({
      state: 'succeeded',
      url: 'http://console.test/api/dev/instance/ab12cd34',
    });
  });

  it("answers the console's own page of the instance as its address, whatever was stored before", async () => {
    const p = createDevProvisioner({
      holdings,
      delayMs: 0,
      failureRate: 0,
      insightDelayMs: 0,
      consoleUrl: 'https://console.example.org:8443/',
      now: () => start,
    });
    const { operationId } = await p.startOpening(ref);
    const page = 'https://console.example.org:8443/api/dev/instance/ab12cd34';
    expect(await p.getOperation(ref, operationId)).toEqual({ state: 'succeeded', url: page });
    // An instance opened by an older start keeps a made-up address in the database: its page still.
    expect(p.instanceUrl(ref, 'https://ab12cd34.cn-shanghai.aliyun.lakehouse.example.com')).toBe(page);
  });

  it('fails with a reason when every opening fails', async () => {
    const clock = createManualClock(start);
    // First draw decides failure, second picks the reason (index 1 of 3).
    const p = createDevProvisioner({
      holdings,
      delayMs: 1000,
      failureRate: 1,
      insightDelayMs: 0,
      consoleUrl: 'http://console.test',
      now: clock.now,
      random: sequence(0.5, 0.5),
    });
    const { operationId } = await p.startOpening(ref);
    expect(await p.getOperation(ref, operationId)).toEqual({ state: 'running' });
    clock.advance(1000);
    expect(await p.getOperation(ref, operationId)).toEqual({ state: 'failed', reason: 'REGION_CAPACITY' });
  });

  it('keeps an opening going across instances of the provisioner (state is in the id)', async () => {
    const clock = createManualClock(start);
    const options = {
      holdings,
      delayMs: 1000,
      failureRate: 0,
      insightDelayMs: 0,
      consoleUrl: 'http://console.test',
      now: clock.now,
    };
    const { operationId } = await createDevProvisioner(options).startOpening(ref);
    clock.advance(1000);
    const other = createDevProvisioner(options);
    expect((await other.getOperation(ref, operationId)).state).toBe('succeeded');
  });

  it("refuses another instance's operation id and ids it did not issue", async () => {
    const p = createDevProvisioner({
      holdings,
      delayMs: 0,
      failureRate: 0,
      insightDelayMs: 0,
      consoleUrl: 'http://console.test',
      now: () => start,
    });
    const { operationId } = await p.startOpening(ref);
    const other = { ...ref, instanceName: 'zz99yy88' };
    expect(await reasonOf(p.getOperation(other, operationId))).toBe('OPERATION_NOT_FOUND');
    expect(await reasonOf(p.getOperation(ref, 'op-123'))).toBe('OPERATION_NOT_FOUND');
    expect(await reasonOf(p.getOperation(ref, 'dev.ab12cd34'))).toBe('OPERATION_NOT_FOUND');
  });

  it('answers each Insight change, failing those the random source fails', async () => {
    const p = createDevProvisioner({
      holdings,
      delayMs: 0,
      failureRate: 0.5,
      insightDelayMs: 0,
      consoleUrl: 'http://console.test',
      now: () => start,
      random: sequence(0.9, 0.1, 0.7),
    });
    const results = await p.changeInsightUsers({ ...ref, service: 'hengshi' }, [
      { userId: 1, username: 'a', enable: true, role: 'analyst' },
      { userId: 2, username: 'b', enable: true, role: 'viewer' },
      { userId: 3, username: 'c', enable: false, role: null },
    ]);
    expect(results).toEqual([
      { userId: 1, isOk: true, reason: null },
      { userId: 2, isOk: false, reason: 'INSIGHT_SEAT_UNAVAILABLE' },
      { userId: 3, isOk: true, reason: null },
    ]);
  });

  it('lists the workspaces its records hold, on Lakehouse (studio) instances only', async () => {
    const p = createDevProvisioner({
      holdings,
      delayMs: 0,
      failureRate: 0,
      insightDelayMs: 0,
      consoleUrl: 'http://console.test',
      now: () => start,
    });
    expect(await p.listUserWorkspaces(ref, 'alice')).toEqual([
      { name: 'default', role: 'workspace_admin', createTime: '2026-10-01T00:00:00.000Z' },
      { name: 'sales', role: 'workspace_analyst', createTime: '2026-10-01T00:00:00.000Z' },
    ]);
    // A user it keeps nothing of belongs to no workspace: nothing is made up.
    expect(await p.listUserWorkspaces(ref, 'invited_a_minute_ago')).toEqual([]);
    expect(await p.listUserWorkspaces({ ...ref, instanceName: 'zz99yy88' }, 'alice')).toEqual([]);
    expect(await p.listUserWorkspaces({ ...ref, service: 'hengshi' }, 'alice')).toEqual([]);
    expect(await p.listUserWorkspaces({ ...ref, service: 'decision' }, 'alice')).toEqual([]);
  });

  it('counts what its records say the users own: nothing for others, nothing without instances', async () => {
    const p = createDevProvisioner({
      holdings,
      delayMs: 0,
      failureRate: 0,
      insightDelayMs: 0,
      consoleUrl: 'http://console.test',
      now: () => start,
    });
    const alice = { userId: 5, username: 'alice' };
    const bob = { userId: 6, username: 'bob' };
    const fresh = { userId: 7, username: 'invited_a_minute_ago' };
    const none = { scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 };
    expect(await p.ownedResources([], [alice, bob])).toEqual(none);
    expect(await p.ownedResources([ref], [fresh])).toEqual(none);
    expect(await p.ownedResources([ref], [alice])).toEqual({
      scheduledTasks: 3,
      syncTasks: 0,
      permissionApprovals: 1,
    });
    expect(await p.ownedResources([ref], [alice, bob, fresh])).toEqual({
      scheduledTasks: 3,
      syncTasks: 2,
      permissionApprovals: 1,
    });
    // The same answer every time.
    expect(await p.ownedResources([ref], [alice, bob])).toEqual(await p.ownedResources([ref], [alice, bob]));
  });

  it('releases and syncs users without complaint', async () => {
    const p = createDevProvisioner({
      holdings,
      delayMs: 0,
      failureRate: 0,
      insightDelayMs: 0,
      consoleUrl: 'http://console.test',
      now: () => start,
    });
    await expect(p.release(ref)).resolves.toBeUndefined();
    await expect(
      p.syncUsers(ref, [{ userId: 1, username: 'a', displayName: 'A', isAdmin: false, status: 'disabled' }]),
    ).resolves.toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// HTTP: a platform that speaks the documented protocol

const token = 'provisioning-shared-secret';

type TRecorded = { method: string; path: string; body: unknown; headers: IncomingMessage['headers'] };
type TPlatformOperation = {
  instanceName: string;
  state: 'running' | 'succeeded' | 'failed';
  reason?: string;
};

/** Answers with a status and an optional body for the next request whose path starts with `prefix`. */
type TFault = { prefix: string; status: number; body?: string; contentType?: string };

function createPlatform() {
  const requests: TRecorded[] = [];
  const rejected: string[] = [];
  const operations = new Map<string, TPlatformOperation>();
  const byIdempotencyKey = new Map<string, string>();
  const instances = new Map<string, { users: unknown[]; isReleased: boolean }>();
  let opens = 0;
  let fault: TFault | null = null;

  function send(res: ServerResponse, status: number, body?: unknown) {
    if (body === undefined) {
      res.writeHead(status).end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  function isSigned(req: IncomingMessage, path: string, body: string): boolean {
    const timestamp = req.headers['x-cz-timestamp'];
    const signature = req.headers['x-cz-signature'];
    if (typeof timestamp !== 'string' || typeof signature !== 'string') return false;
    if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > 300_000) return false;
    const expected = createHmac('sha256', token)
      .update(`${timestamp}\n${req.method}\n${path}\n${body}`)
      .digest();
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    if (!isSigned(req, path, text)) {
      rejected.push(`${method} ${path}`);
      send(res, 401, { code: 'BAD_SIGNATURE', message: 'signature does not match' });
      return;
    }
    const body: unknown = text ? JSON.parse(text) : undefined;
    requests.push({ method, path, body, headers: req.headers });
    if (fault && path.startsWith(fault.prefix)) {
      const { status, body: faultBody, contentType } = fault;
      fault = null;
      res.writeHead(status, contentType ? { 'content-type': contentType } : {}).end(faultBody);
      return;
    }
    const segments = path.split('/').slice(1).map(decodeURIComponent);
    // POST /v1/instances
    if (method === 'POST' && path === '/v1/instances') {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !key) {
        send(res, 400, { code: 'IDEMPOTENCY_KEY_REQUIRED', message: 'missing Idempotency-Key' });
        return;
      }
      const known = byIdempotencyKey.get(key);
      if (known) {
        send(res, 202, { operationId: known });
        return;
      }
      const { instanceName } = body as { instanceName: string };
      opens += 1;
      const operationId = `op-${opens}`;
      byIdempotencyKey.set(key, operationId);
      operations.set(operationId, { instanceName, state: 'running' });
      instances.set(instanceName, { users: [], isReleased: false });
      send(res, 202, { operationId });
      return;
    }
    // GET /v1/operations/{id}
    if (method === 'GET' && segments[0] === 'v1' && segments[1] === 'operations' && segments.length === 3) {
      const op = operations.get(segments[2] ?? '');
      if (!op) {
        send(res, 404, { code: 'OPERATION_NOT_FOUND', message: 'no such operation' });
        return;
      }
      if (op.state === 'succeeded')
        send(res, 200, { state: 'succeeded', url: `https://${op.instanceName}.test` });
      else if (op.state === 'failed') send(res, 200, { state: 'failed', reason: op.reason });
      else send(res, 200, { state: 'running' });
      return;
    }
    if (segments[0] === 'v1' && segments[1] === 'instances' && segments.length >= 3) {
      const name = segments[2] ?? '';
      const instance = instances.get(name);
      if (!instance) {
        send(res, 404, { code: 'INSTANCE_NOT_FOUND', message: 'no such instance' });
        return;
      }
      if (method === 'DELETE' && segments.length === 3) {
        instance.isReleased = true;
        send(res, 202);
        return;
      }
      if (method === 'PUT' && segments[3] === 'users' && segments.length === 4) {
        instance.users = (body as { users: unknown[] }).users;
        send(res, 204);
        return;
      }
      if (method === 'POST' && segments[3] === 'insight-users') {
        const { changes } = body as { changes: { userId: number; enable: boolean }[] };
        // Enabling fails for odd user ids; one change (user 99) gets no result at all.
        const results = changes
          .filter((c) => c.userId !== 99)
          .map((c) =>
            c.enable && c.userId % 2 === 1
              ? { userId: c.userId, ok: false, reason: 'SEAT_LIMIT' }
              : { userId: c.userId, ok: true },
          );
        send(res, 200, { results });
        return;
      }
      if (method === 'GET' && segments[3] === 'users' && segments[5] === 'workspaces') {
        send(res, 200, {
          workspaces: [
            { name: `${segments[4]}_ws`, role: 'workspace_admin', createTime: '2026-10-01T00:00:00Z' },
            { name: 'shared', role: 'workspace_dev' },
          ],
        });
        return;
      }
    }
    if (method === 'POST' && path === '/v1/owned-resources') {
      const { instances: names, users } = body as { instances: string[]; users: { userId: number }[] };
      send(res, 200, {
        scheduledTasks: names.length * users.length,
        syncTasks: users.length,
        permissionApprovals: 1,
      });
      return;
    }
    send(res, 404, { code: 'NOT_FOUND', message: 'no such route' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { code: 'INTERNAL', message: 'platform error' }));
  });
  return {
    server,
    requests,
    rejected,
    operations,
    instances,
    opens: () => opens,
    failNext: (f: TFault) => {
      fault = f;
    },
  };
}

function listen(server: Server): Promise<string> {
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}

describe('HTTP provisioner', () => {
  const platform = createPlatform();
  let url = '';
  let p: TProvisioner;

  beforeAll(async () => {
    url = await listen(platform.server);
    p = createHttpProvisioner({ url, token, timeoutMs: 5000 });
  });
  afterAll(() => close(platform.server));
  afterEach(() => {
    expect(platform.rejected).toEqual([]);
  });

  it('opens once per instance and attempt, and follows the operation to its end', async () => {
    const first = await p.startOpening(ref);
    const again = await p.startOpening(ref);
    expect(again.operationId).toBe(first.operationId);
    expect(platform.opens()).toBe(1);
    const open = platform.requests.find((r) => r.method === 'POST' && r.path === '/v1/instances');
    expect(open?.headers['idempotency-key']).toBe('ab12cd34-1');
    expect(open?.headers['content-type']).toBe('application/json');
    expect(open?.headers['x-cz-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(open?.body).toEqual({
      instanceName: 'ab12cd34',
      service: 'studio',
      version: 'trial',
      csp: 'aliyun',
      region: 'cn-shanghai',
      accountName: 'demo',
    });

    expect(await p.getOperation(ref, first.operationId)).toEqual({ state: 'running' });
    const op = platform.operations.get(first.operationId);
    if (op) op.state = 'succeeded';
    expect(await p.getOperation(ref, first.operationId)).toEqual({
      state: 'succeeded',
      url: 'https://ab12cd34.test',
    });
    // Users open the address the platform answered.
    expect(p.instanceUrl(ref, 'https://ab12cd34.test')).toBe('https://ab12cd34.test');

    const retry = await p.startOpening({ ...ref, attempt: 2 });
    expect(retry.operationId).not.toBe(first.operationId);
    const failed = platform.operations.get(retry.operationId);
    if (failed) Object.assign(failed, { state: 'failed', reason: 'QUOTA_EXCEEDED' });
    expect(await p.getOperation(ref, retry.operationId)).toEqual({
      state: 'failed',
      reason: 'QUOTA_EXCEEDED',
    });
  });

  it('maps an unknown operation to the reason the platform gives', async () => {
    expect(await reasonOf(p.getOperation(ref, 'op/does not exist'))).toBe('OPERATION_NOT_FOUND');
    // The id is one path segment, escaped, and signed as sent.
    expect(platform.requests.at(-1)?.path).toBe('/v1/operations/op%2Fdoes%20not%20exist');
  });

  it('applies users, changes Insight users, lists workspaces and counts owned resources', async () => {
    await p.startOpening({ ...ref, instanceName: 'ins00001' });
    const insight = { ...ref, instanceName: 'ins00001', service: 'hengshi' };
    const users = [
      { userId: 1, username: 'alice', displayName: 'Alice', isAdmin: true, status: 'enabled' as const },
      { userId: 2, username: 'bob', displayName: 'Bob', isAdmin: false, status: 'deleted' as const },
    ];
    await p.syncUsers(insight, users);
    expect(platform.instances.get('ins00001')?.users).toEqual(users);

    const results = await p.changeInsightUsers(insight, [
      { userId: 1, username: 'alice', enable: true, role: 'analyst' },
      { userId: 2, username: 'bob', enable: true, role: null },
      { userId: 3, username: 'carol', enable: false, role: null },
      { userId: 99, username: 'ghost', enable: true, role: 'viewer' },
    ]);
    expect(results).toEqual([
      { userId: 1, isOk: false, reason: 'SEAT_LIMIT' },
      { userId: 2, isOk: true, reason: null },
      { userId: 3, isOk: true, reason: null },
      { userId: 99, isOk: false, reason: 'NO_RESULT' },
    ]);
    const change = platform.requests.find((r) => r.path === '/v1/instances/ins00001/insight-users');
    expect((change?.body as { changes: unknown[] } | undefined)?.changes[0]).toEqual({
      userId: 1,
      username: 'alice',
      enable: true,
      role: 'analyst',
    });

    expect(await p.listUserWorkspaces(insight, 'alice b')).toEqual([
      { name: 'alice b_ws', role: 'workspace_admin', createTime: '2026-10-01T00:00:00Z' },
      { name: 'shared', role: 'workspace_dev', createTime: null },
    ]);
    expect(platform.requests.at(-1)?.path).toBe('/v1/instances/ins00001/users/alice%20b/workspaces');

    const before = platform.requests.length;
    expect(await p.ownedResources([], [{ userId: 1, username: 'alice' }])).toEqual({
      scheduledTasks: 0,
      syncTasks: 0,
      permissionApprovals: 0,
    });
    expect(platform.requests.length).toBe(before);
    expect(
      await p.ownedResources(
        [ref, insight],
        [
          { userId: 1, username: 'alice' },
          { userId: 2, username: 'bob' },
        ],
      ),
    ).toEqual({ scheduledTasks: 4, syncTasks: 2, permissionApprovals: 1 });
    expect(platform.requests.at(-1)?.body).toEqual({
      instances: ['ab12cd34', 'ins00001'],
      users: [
        { userId: 1, username: 'alice' },
        { userId: 2, username: 'bob' },
      ],
    });
  });

  it('releases an instance', async () => {
    await p.startOpening({ ...ref, instanceName: 'rel00001' });
    await p.release({ ...ref, instanceName: 'rel00001' });
    expect(platform.instances.get('rel00001')?.isReleased).toBe(true);
    expect(await reasonOf(p.release({ ...ref, instanceName: 'gone0001' }))).toBe('INSTANCE_NOT_FOUND');
  });

  it('maps error answers to their code, or to the status when the body has none', async () => {
    platform.failNext({
      prefix: '/v1/instances',
      status: 409,
      body: JSON.stringify({ code: 'REGION_CAPACITY', message: 'full' }),
      contentType: 'application/json',
    });
    expect(await reasonOf(p.startOpening({ ...ref, instanceName: 'err00001' }))).toBe('REGION_CAPACITY');

    platform.failNext({
      prefix: '/v1/operations',
      status: 502,
      body: '<html>Bad gateway</html>',
      contentType: 'text/html',
    });
    expect(await reasonOf(p.getOperation(ref, 'op-1'))).toBe('HTTP_502');

    platform.failNext({ prefix: '/v1/instances', status: 503 });
    expect(await reasonOf(p.release(ref))).toBe('HTTP_503');

    // A code that is not an error code (lower case, too long) is not taken as the reason.
    platform.failNext({
      prefix: '/v1/instances',
      status: 400,
      body: JSON.stringify({ code: 'not a code', message: 'x' }),
      contentType: 'application/json',
    });
    expect(await reasonOf(p.syncUsers(ref, []))).toBe('HTTP_400');
  });

  it('refuses answers it cannot read', async () => {
    platform.failNext({ prefix: '/v1/operations', status: 200, body: 'ok', contentType: 'text/plain' });
    expect(await reasonOf(p.getOperation(ref, 'op-1'))).toBe('BAD_RESPONSE');
    platform.failNext({
      prefix: '/v1/operations',
      status: 200,
      body: JSON.stringify({ state: 'paused' }),
      contentType: 'application/json',
    });
    expect(await reasonOf(p.getOperation(ref, 'op-1'))).toBe('BAD_RESPONSE');
    platform.failNext({ prefix: '/v1/instances', status: 202, body: '{}', contentType: 'application/json' });
    expect(await reasonOf(p.startOpening({ ...ref, instanceName: 'bad00001' }))).toBe('BAD_RESPONSE');
  });

  it('is refused by the platform when signed with another token', async () => {
    const wrong = createHttpProvisioner({ url, token: 'another-secret', timeoutMs: 5000 });
    expect(await reasonOf(wrong.getOperation(ref, 'op-1'))).toBe('BAD_SIGNATURE');
    expect(platform.rejected).toEqual(['GET /v1/operations/op-1']);
    platform.rejected.length = 0;
  });
});

describe('HTTP provisioner, platform out of reach', () => {
  it('times out on a platform that never answers', async () => {
    const silent = createServer(() => {});
    const url = await listen(silent);
    try {
      const p = createHttpProvisioner({ url, token, timeoutMs: 200 });
      const started = Date.now();
      expect(await reasonOf(p.getOperation(ref, 'op-1'))).toBe('TIMEOUT');
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await close(silent);
    }
  });

  it('times out on an answer whose body never ends', async () => {
    const stalling = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"state":');
    });
    const url = await listen(stalling);
    try {
      const p = createHttpProvisioner({ url, token, timeoutMs: 200 });
      expect(await reasonOf(p.getOperation(ref, 'op-1'))).toBe('TIMEOUT');
    } finally {
      await close(stalling);
    }
  });

  it('answers UNREACHABLE when the connection is refused', async () => {
    // A port that was just free: listen, note it, close.
    const probe = createServer();
    const url = await listen(probe);
    await close(probe);
    const p = createHttpProvisioner({ url, token, timeoutMs: 2000 });
    expect(await reasonOf(p.startOpening(ref))).toBe('UNREACHABLE');
  });
});
