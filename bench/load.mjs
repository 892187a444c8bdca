#!/usr/bin/env node
// `npm run bench:load`: a realistic console day against two replicas of the built server on one
// PostgreSQL database of its own (`console_bench_load_<hex>`), for LOAD_SECONDS (default 600).
//
// Data: the demo data (DEMO=1), plus LOAD_USERS users (default 400, LOAD_ADMINS of them
// administrators), LOAD_AUDIT_ROWS audit entries over 90 days (default 100,000) and 30 days of
// hourly usage through the signed usage hook, so that lists and billing summaries are not empty.
// Both replicas run the background jobs (JOBS=1).
//
// Workload: an open (fixed-rate) mix of page loads (index, a console page, hashed assets),
// session/menu/account reads, user/role/audit lists, billing summaries and lists, instance lists,
// sign-ins of distinct users, and a few mutations (display-name edits, user add + force delete,
// role grant + revoke). One autocannon instance per route and per unit of rate, each with one
// connection to each replica at 1 request/s, their starts spread over a second so that they do not
// fire together; LOAD_SCALE (default 2) multiplies the number of instances, i.e. the rate.
// Latency per route is recorded from autocannon's `response` events; errors are non-2xx answers,
// envelopes with a code other than 0 (every body is checked), connection errors and timeouts.
//
// Prints the total throughput, per route the rate, p50/p95/p99/max (the first LOAD_WARMUP_SECONDS,
// default 10, left out of the latencies but not of the errors) and errors, each replica's
// VmRSS sampled every LOAD_SAMPLE_SECONDS (default 5) — start, every minute, end, slope — and the
// target checks: 0 errors, p99 ≤ 100 ms for reads, flat memory (last-minute mean at most 15 % above
// the second-minute mean; the slope after the first two minutes is printed too). Writes
// `.reports/bench-load.json`. Figures only, never a test (exit 0 unless the bench itself fails).
// Knobs: LOAD_SECONDS, LOAD_SCALE, LOAD_PORT (default 8520; the replicas use it and the next one),
// LOAD_USERS, LOAD_ADMINS (default 20), LOAD_AUDIT_ROWS, LOAD_SAMPLE_SECONDS, LOAD_WARMUP_SECONDS,
// LOAD_KEEP=1 keeps the database, BENCH_DATABASE_URL, BENCH_SERVER_BUNDLE (another server build).
// LOAD_POOLER=pgbouncer puts PgBouncer in transaction mode (LOAD_POOL_SIZE server connections,
// default 10; port LOAD_PORT + 10) between the replicas and the database, as docs/scaling.md
// describes; LOAD_PREPARED=1 keeps named prepared statements on (DATABASE_PREPARED_STATEMENTS),
// which a pooler before PgBouncer 1.21 cannot keep.
// LOAD_STORAGE (default s3): both replicas keep uploads in one S3-compatible store (the test store,
// s3rver behind a SigV4-checking front); the mix uploads remittance slips and reads them back, and
// after the load every slip uploaded is read from both replicas (a replica that cannot read
// another's upload counts as an error). LOAD_STORAGE=folder: each replica's own folder, no uploads.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { langHeaders, login, ok } from './lib/api.mjs';
import { startPgBouncer } from './lib/pgbouncer.mjs';
import {
  createDatabase,
  dropDatabase,
  ensureBuilt,
  logDir,
  migrateAndSeed,
  root,
  sampleMemory,
  startReplicas,
  stopServer,
} from './lib/replicas.mjs';
import { startS3Store } from './lib/s3-store.mjs';
import { benchPassword, seedAudit, seedUsage, seedUsers } from './lib/seed.mjs';
import { mib, percentiles, round, sleep, slope } from './lib/stats.mjs';

const seconds = Number(process.env.LOAD_SECONDS ?? 600);
const scale = Number(process.env.LOAD_SCALE ?? 2);
const basePort = Number(process.env.LOAD_PORT ?? 8520);
const userCount = Number(process.env.LOAD_USERS ?? 400);
const adminCount = Number(process.env.LOAD_ADMINS ?? 20);
const auditRows = Number(process.env.LOAD_AUDIT_ROWS ?? 100_000);
const sampleSeconds = Number(process.env.LOAD_SAMPLE_SECONDS ?? 5);
const warmupSeconds = Number(process.env.LOAD_WARMUP_SECONDS ?? 10);
const readP99TargetMs = 100;
const memoryTolerance = 0.15;
const hookSecret = randomBytes(24).toString('hex');
const storage = process.env.LOAD_STORAGE === 'folder' ? 'folder' : 's3';
const runId = randomBytes(3).toString('hex');

ensureBuilt(['/api/hooks/usage']);
const logs = logDir('load');
const database = await createDatabase('load');
console.log(
  `load bench: database ${database.name}, ${seconds} s, scale ${scale}, replicas on ${basePort} and ${basePort + 1} (logs in ${logs})`,
);

const serverEnv = {
  USAGE_HOOK_SECRET: hookSecret,
  LOG_LEVEL: 'warn',
};

/** Adds `[route, ms, isOk, detail]` into the per-route records. */
const records = new Map();
let loadStarted = Infinity;
function record(route, latency, isOk, detail) {
  let r = records.get(route);
  if (!r) {
    r = { times: [], warmup: 0, ok: 0, errors: 0, samples: [] };
    records.set(route, r);
  }
  // Latencies of the warm-up are left out of the figures; its errors count.
  if (Date.now() - loadStarted >= warmupSeconds * 1000) r.times.push(latency);
  else r.warmup += 1;
  if (isOk) r.ok += 1;
  else {
    r.errors += 1;
    if (r.samples.length < 5) r.samples.push(detail);
  }
}

/** The outcome of the request whose response is being handled (set by onResponse, read by the 'response' event). */
let pending = null;

/** onResponse for a JSON API route: ok when HTTP 200 and envelope code 0 (checked on every body). */
function jsonCheck(route, then) {
  return (status, body, context) => {
    const text = typeof body === 'string' ? body : String(body ?? '');
    let isOk = status === 200 && text.startsWith('{"code":0,');
    let detail = null;
    if (!isOk) {
      let code = null;
      try {
        code = JSON.parse(text).code;
      } catch {}
      isOk = status === 200 && code === 0;
      if (!isOk) detail = `HTTP ${status} code ${code} ${text.slice(0, 160)}`;
    }
    if (isOk && then) then(text, context);
    pending = { route, isOk, detail };
  };
}

/** onResponse for a page or an asset: ok when HTTP 200 with a body. */
function pageCheck(route) {
  return (status, body) => {
    const isOk = status === 200 && body && body.length > 0;
    pending = { route, isOk, detail: isOk ? null : `HTTP ${status}` };
  };
}

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};
const pick = (list) => list[next() % list.length];

const replicas = [];
const instances = [];
let memory = null;
let pooler = null;
let store = null;
let totalCrossErrors = 0;
let exitCode = 0;
try {
  // ---------------------------------------------------------------------------------------------
  // data
  const prepared = Date.now();
  const seeder = await migrateAndSeed(database.url, {
    port: basePort,
    env: serverEnv,
    logFile: join(logs, 'seed.log'),
  });
  let usage;
  let users;
  try {
    usage = await seedUsage(database.url, seeder.base, hookSecret);
    users = await seedUsers(database.url, { count: userCount, admins: adminCount });
    await seedAudit(database.url, users.accountId, auditRows);
  } finally {
    await stopServer(seeder);
  }
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await db.query('analyze');
  const counts = (
    await db.query(
      `select (select count(*)::int from users) as users, (select count(*)::int from audit_entries) as audit,
              (select count(*)::int from usage_records) as usage, (select count(*)::int from usage_daily) as daily,
              (select count(*)::int from transactions) as transactions`,
    )
  ).rows[0];
  const roleRows = await db.query(
    `select code, id from roles where account_id = $1 and code in ('account_member', 'account_admin')`,
    [users.accountId],
  );
  const roleIds = Object.fromEntries(roleRows.rows.map((r) => [r.code, Number(r.id)]));
  await db.end();
  console.log(
    `data: ${counts.users} users, ${counts.audit.toLocaleString('en')} audit entries, ${counts.usage.toLocaleString('en')} usage records (${usage.accepted.toLocaleString('en')} through the hook), ${counts.daily.toLocaleString('en')} daily rows, ${counts.transactions} transactions; ready in ${((Date.now() - prepared) / 1000).toFixed(1)} s`,
  );

  // ---------------------------------------------------------------------------------------------
  // replicas and sessions
  let replicaUrl = database.url;
  const replicaEnv = { ...serverEnv, DEMO: '1', JOBS: '1' };
  if (process.env.LOAD_POOLER === 'pgbouncer') {
    pooler = await startPgBouncer({
      databaseUrl: database.url,
      port: basePort + 10,
      poolSize: Number(process.env.LOAD_POOL_SIZE ?? 10),
    });
    replicaUrl = pooler.url;
    replicaEnv.DATABASE_PREPARED_STATEMENTS = process.env.LOAD_PREPARED === '1' ? '1' : '0';
    console.log(
      `pooler: ${pooler.version}, transaction mode, ${process.env.LOAD_POOL_SIZE ?? 10} server connections; prepared statements ${replicaEnv.DATABASE_PREPARED_STATEMENTS === '1' ? 'on' : 'off'}`,
    );
  }
  if (storage === 's3') {
    store = await startS3Store();
    Object.assign(replicaEnv, store.env);
    console.log(`uploads: one S3-compatible store for both replicas at ${store.url}`);
  }
  replicas.push(
    ...(await startReplicas({
      count: 2,
      basePort,
      databaseUrl: replicaUrl,
      env: replicaEnv,
      logPrefix: join(logs, 'replica'),
    })),
  );
  const bases = replicas.map((r) => r.base);
  const adminTokens = [];
  for (const [i, name] of users.admins.entries()) {
    adminTokens.push(await login(bases[i % 2], 'demo', name, benchPassword));
  }
  const memberTokens = [];
  for (const [i, name] of users.members.slice(0, 10).entries()) {
    memberTokens.push(await login(bases[i % 2], 'demo', name, benchPassword));
  }
  const index = await (await fetch(`${bases[0]}/`)).text();
  const assets = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  if (assets.length === 0) throw new Error('no assets in index.html');
  // Targets of the mutations: members only (never the administrators whose sessions drive the load).
  const memberIds = users.ids.slice(adminCount);
  const firstAdmin = adminTokens[0];
  await ok(bases[0], 'POST', '/api/portal/user/userList', { token: firstAdmin, body: { pageNo: 1 } });

  // ---------------------------------------------------------------------------------------------
  // the mix: [route, units (requests/s per replica at scale 1), token kind, requests]
  const json = { 'content-type': 'application/json' };
  // A slip of 20 KB (ASCII, so that its length survives autocannon's text body), as a form.
  const slip = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20 * 1024 - 9, 'slip ')]);
  const slipBoundary = `----bench${runId}`;
  const slipBody = Buffer.concat([
    Buffer.from(
      `--${slipBoundary}\r\nContent-Disposition: form-data; name="file"; filename="slip.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    slip,
    Buffer.from(`\r\n--${slipBoundary}--\r\n`),
  ]);
  const uploadedSlips = [];
  const get = (route, path, kind = 'admin') => [
    route,
    kind,
    [{ method: 'GET', path, onResponse: jsonCheck(route) }],
  ];
  const post = (route, path, body, kind = 'admin') => [
    route,
    kind,
    [
      {
        method: 'POST',
        path,
        headers: json,
        setupRequest: (req) => ({ ...req, body: JSON.stringify(typeof body === 'function' ? body() : body) }),
        onResponse: jsonCheck(route),
      },
    ],
  ];
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() + 8 * 3_600_000 - 60 * 86_400_000).toISOString().slice(0, 10);
  const mix = [
    // page loads
    [1, ['page GET /', 'none', [{ method: 'GET', path: '/', onResponse: pageCheck('page GET /') }]]],
    [
      1,
      [
        'page GET /users (SPA route)',
        'none',
        [{ method: 'GET', path: '/users', onResponse: pageCheck('page GET /users (SPA route)') }],
      ],
    ],
    [
      2,
      [
        'asset GET /assets/*',
        'none',
        [
          {
            method: 'GET',
            path: assets[0],
            headers: { 'accept-encoding': 'br, gzip' },
            setupRequest: (req) => ({ ...req, path: pick(assets) }),
            onResponse: pageCheck('asset GET /assets/*'),
          },
        ],
      ],
    ],
    // session, menus, account (every page)
    [1, get('meta', '/api/meta', 'none')],
    [2, post('getCurrentUser', '/api/portal/user/getCurrentUser', {}, 'any')],
    [1, get('getUserAuth (menus)', '/api/portal/user/getUserAuth', 'any')],
    [1, get('getAccountDetail', '/api/portal/account/getAccountDetail', 'any')],
    [1, get('getAccountCenter', '/api/portal/account/center', 'any')],
    [1, get('userRoleList', '/api/portal/role/userRoleList', 'any')],
    [1, get('serviceInstanceList', '/api/portal/service/serviceInstanceList?pageNo=1&pageSize=20', 'any')],
    [1, get('getAccountInstanceList', '/api/portal/account/getAccountInstanceList', 'any')],
    // administration lists
    [
      2,
      post('userList', '/api/portal/user/userList', () =>
        pick([
          { pageNo: 1, pageSize: 20 },
          { pageNo: 1 + (next() % 20), pageSize: 20 },
          { pageNo: 1, pageSize: 50, sortField: 'lastLoginTime', sortOrder: 'descend' },
          { pageNo: 1, pageSize: 20, keyword: `lu_00${next() % 40}` },
          { pageNo: 1, pageSize: 20, keyword: 'example.com' },
        ]),
      ),
    ],
    [1, post('roleList', '/api/portal/role/roleList', {})],
    [
      1,
      post('roleUserList', '/api/portal/role/roleUserList', () => ({
        roleId: pick([roleIds.account_member, roleIds.account_admin]),
        pageNo: 1 + (next() % 5),
        pageSize: 20,
      })),
    ],
    [
      2,
      post('auditList', '/api/portal/audit/list', () =>
        pick([
          { pageSize: 20 },
          { pageSize: 20, objectType: 'user' },
          { pageSize: 20, status: 0 },
          { pageSize: 20, username: `lu_000${10 + (next() % 80)}` },
          { pageSize: 50, from: new Date(Date.now() - 7 * 86_400_000).toISOString() },
          { pageSize: 20, search: 'recharge' },
        ]),
      ),
    ],
    // billing
    [
      2,
      post('billingCount', '/api/portal/billing/count', () =>
        pick([
          { range: 'last30Days' },
          { range: 'last7Days' },
          { range: 'today' },
          { range: 'custom', startDate: monthAgo, endDate: today },
          { range: 'last30Days', category: 'compute' },
        ]),
      ),
    ],
    [
      1,
      post('billingDetailList', '/api/portal/billing/detail/list', () => ({
        range: pick(['last30Days', 'last7Days']),
        pageNo: 1 + (next() % 5),
        pageSize: 20,
      })),
    ],
    [1, get('getFundsAccount', '/api/portal/billing/getAccount')],
    [1, post('transactionList', '/api/portal/billing/transaction/list', { pageNo: 1, pageSize: 20 })],
    [1, post('statementList', '/api/portal/billing/history/list', { pageNo: 1, pageSize: 12 })],
    [1, post('voucherList', '/api/portal/billing/voucher/list', { pageNo: 1, pageSize: 20 })],
    // sign-ins of distinct users
    [
      2,
      [
        'login (POST /api/login)',
        'none',
        [
          {
            method: 'POST',
            path: '/api/login',
            headers: json,
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({
                accountDisplayName: 'demo',
                username: users.members[next() % users.members.length],
                password: benchPassword,
              }),
            }),
            onResponse: jsonCheck('login (POST /api/login)'),
          },
        ],
      ],
    ],
    // mutations
    [
      1,
      post('updateUser (display name)', '/api/portal/user/updateUser', () => {
        const n = next();
        return { id: memberIds[n % memberIds.length], displayName: `Load User ${n}` };
      }),
    ],
    [
      1,
      [
        'addUser + deleteUser (force)',
        'admin',
        [
          {
            method: 'POST',
            path: '/api/portal/user/addUser',
            headers: json,
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({
                username: `ld_${runId}_${next()}`,
                password: 'Temp@2026pass',
                displayName: 'Temporary',
              }),
            }),
            onResponse: jsonCheck('addUser', (text, context) => {
              context.userId = JSON.parse(text).data.id;
            }),
          },
          {
            method: 'POST',
            path: '/api/portal/user/deleteUser',
            headers: json,
            // Without a created user there is nothing to delete: the pair starts again.
            setupRequest: (req, context) =>
              context.userId
                ? { ...req, body: JSON.stringify({ ids: [context.userId], force: true }) }
                : null,
            onResponse: jsonCheck('deleteUser (force)'),
          },
        ],
      ],
    ],
    [
      1,
      [
        'grantRoleForUser + deleteRoleForUser',
        'admin',
        [
          {
            method: 'POST',
            path: '/api/portal/role/grantRoleForUser',
            headers: json,
            setupRequest: (req, context) => {
              context.userId = memberIds[next() % memberIds.length];
              return {
                ...req,
                body: JSON.stringify({ userId: context.userId, roleId: roleIds.account_admin }),
              };
            },
            onResponse: jsonCheck('grantRoleForUser'),
          },
          {
            method: 'POST',
            path: '/api/portal/role/deleteRoleForUser',
            headers: json,
            setupRequest: (req, context) => ({
              ...req,
              body: JSON.stringify({ userId: context.userId, roleId: roleIds.account_admin }),
            }),
            onResponse: jsonCheck('deleteRoleForUser'),
          },
        ],
      ],
    ],
    // uploads (S3 store): a remittance slip up, then read back on the same connection
    ...(storage === 's3'
      ? [
          [
            1,
            [
              'upload slip + download',
              'admin',
              [
                {
                  method: 'POST',
                  path: '/api/portal/billing/certification/upload?fileName=slip.pdf&purpose=remittance',
                  headers: { 'content-type': `multipart/form-data; boundary=${slipBoundary}` },
                  body: slipBody,
                  onResponse: jsonCheck('upload slip', (text, context) => {
                    context.fileId = JSON.parse(text).data.fileId;
                    uploadedSlips.push(context.fileId);
                  }),
                },
                {
                  method: 'POST',
                  path: '/api/portal/billing/certification/download',
                  headers: json,
                  // Without an uploaded slip there is nothing to read: the pair starts again.
                  setupRequest: (req, context) =>
                    context.fileId ? { ...req, body: JSON.stringify({ fileId: context.fileId }) } : null,
                  onResponse: (status, body) => {
                    const isOk = status === 200 && String(body ?? '').length === slip.length;
                    pending = {
                      route: 'download slip',
                      isOk,
                      detail: isOk ? null : `HTTP ${status}, ${String(body ?? '').length} bytes`,
                    };
                  },
                },
              ],
            ],
          ],
        ]
      : []),
  ];
  const readRoutes = new Set(
    mix.map(([, [route]]) => route).filter((r) => !/^login|updateUser|addUser|grantRole|upload/.test(r)),
  );
  const units = mix.reduce((sum, [u]) => sum + u, 0);
  console.log(
    `mix: ${mix.length} route classes, ${units * scale * 2} requests/s offered in all (${units * scale} per replica), ${seconds} s`,
  );

  // ---------------------------------------------------------------------------------------------
  // run
  let tokenTurn = 0;
  const tokenFor = (kind) => {
    tokenTurn += 1;
    if (kind === 'admin') return adminTokens[tokenTurn % adminTokens.length];
    if (kind === 'any')
      return tokenTurn % 3 === 0
        ? memberTokens[tokenTurn % memberTokens.length]
        : adminTokens[tokenTurn % adminTokens.length];
    return null;
  };
  const launches = [];
  for (const [unitCount, [route, kind, requests]] of mix) {
    const count = unitCount * scale;
    for (let k = 0; k < count; k += 1) launches.push({ route, kind, requests });
  }
  // Spread the starts over one second, in an order that mixes the routes.
  launches.sort(() => Math.random() - 0.5);
  memory = sampleMemory(replicas, sampleSeconds * 1000);
  const started = Date.now();
  loadStarted = started;
  const results = await Promise.all(
    launches.map(async ({ route, kind, requests }, i) => {
      await sleep((i * 1000) / launches.length);
      const token = tokenFor(kind);
      const instance = autocannon({
        url: bases,
        connections: 2,
        connectionRate: 1,
        duration: seconds,
        timeout: 10,
        headers: { ...langHeaders, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        requests: requests.map((r) => ({
          ...r,
          headers: { ...langHeaders, ...(token ? { authorization: `Bearer ${token}` } : {}), ...r.headers },
        })),
      });
      instances.push(instance);
      instance.on('response', (_client, _status, _bytes, responseTime) => {
        const p = pending ?? { route, isOk: false, detail: 'no outcome' };
        pending = null;
        record(p.route, responseTime, p.isOk, p.detail);
      });
      const result = await instance;
      return { route, errors: result.errors, timeouts: result.timeouts };
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const samples = memory.stop();

  // Every slip uploaded during the load, read from both replicas (whichever took it).
  let crossRead = null;
  if (storage === 's3') {
    const readStarted = Date.now();
    let readOk = 0;
    const failures = [];
    const queue = uploadedSlips.flatMap((fileId) => bases.map((base) => [base, fileId]));
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let item = queue.pop(); item; item = queue.pop()) {
          const [base, fileId] = item;
          const res = await fetch(`${base}/api/portal/billing/certification/download`, {
            method: 'POST',
            headers: { ...langHeaders, ...json, authorization: `Bearer ${firstAdmin}` },
            body: JSON.stringify({ fileId }),
          });
          const bytes = Buffer.from(await res.arrayBuffer());
          if (res.status === 200 && bytes.equals(slip)) readOk += 1;
          else if (failures.length < 5) failures.push(`${base} ${fileId}: HTTP ${res.status}`);
        }
      }),
    );
    crossRead = {
      slips: uploadedSlips.length,
      reads: uploadedSlips.length * bases.length,
      ok: readOk,
      failures,
      seconds: round((Date.now() - readStarted) / 1000, 1),
    };
    totalCrossErrors = crossRead.reads - readOk;
  }

  // ---------------------------------------------------------------------------------------------
  // report
  // Connection errors and timeouts (no answer at all), per route class of the autocannon instances.
  const connectionErrors = {};
  let noAnswer = 0;
  for (const r of results) {
    if (r.errors === 0) continue;
    const e = connectionErrors[r.route] ?? { errors: 0, timeouts: 0 };
    e.errors += r.errors;
    e.timeouts += r.timeouts;
    connectionErrors[r.route] = e;
    noAnswer += r.errors;
  }
  let total = 0;
  let totalErrors = noAnswer + totalCrossErrors;
  const routes = [];
  for (const [route, r] of [...records.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const p = percentiles(r.times);
    total += r.times.length + r.warmup;
    totalErrors += r.errors;
    routes.push({
      route,
      isRead: readRoutes.has(route),
      requests: r.times.length + r.warmup,
      warmupRequests: r.warmup,
      perSecond: round((r.times.length + r.warmup) / elapsed, 2),
      p50: round(p.p50, 2),
      p95: round(p.p95, 2),
      p99: round(p.p99, 2),
      max: round(p.max, 1),
      errors: r.errors,
      errorSamples: r.samples,
    });
  }

  console.log(
    `\nthroughput: ${total.toLocaleString('en')} answers in ${elapsed.toFixed(0)} s = ${(total / elapsed).toFixed(1)} requests/s; errors ${totalErrors}`,
  );
  console.log(
    `\n${'route'.padEnd(40)} ${'req/s'.padStart(7)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)}  errors`,
  );
  for (const r of routes) {
    console.log(
      `${r.route.padEnd(40)} ${String(r.perSecond ?? 0).padStart(7)} ${(r.p50 ?? 0).toFixed(1).padStart(8)} ${(r.p95 ?? 0).toFixed(1).padStart(8)} ${(r.p99 ?? 0).toFixed(1).padStart(8)} ${(r.max ?? 0).toFixed(0).padStart(8)}  ${r.errors}${r.errorSamples?.length ? `  e.g. ${r.errorSamples[0]}` : ''}`,
    );
  }
  for (const [route, e] of Object.entries(connectionErrors)) {
    console.log(`${route.padEnd(40)} no answer: ${e.errors} connection errors (${e.timeouts} timeouts)`);
  }
  const allReads = [...records.entries()]
    .filter(([route]) => readRoutes.has(route))
    .flatMap(([, r]) => r.times);
  const reads = percentiles(allReads);
  console.log(
    `${'all reads'.padEnd(40)} ${''.padStart(7)} ${reads.p50.toFixed(1).padStart(8)} ${reads.p95.toFixed(1).padStart(8)} ${reads.p99.toFixed(1).padStart(8)} ${reads.max.toFixed(0).padStart(8)}`,
  );

  if (crossRead) {
    console.log(
      `\nuploads, two replicas on one S3 store: ${crossRead.slips} slips uploaded during the load, each read from both replicas after it: ${crossRead.ok} of ${crossRead.reads} reads byte for byte in ${crossRead.seconds} s${crossRead.failures.length ? `; e.g. ${crossRead.failures[0]}` : ''}`,
    );
  }

  // memory
  const memoryReport = replicas.map((replica, i) => {
    const series = samples.map((s) => ({ t: round(s.t, 1), rss: s.rss[i] })).filter((s) => s.rss > 0);
    const meanIn = (from, to) => {
      const inWindow = series.filter((s) => s.t >= from && s.t < to);
      return inWindow.length ? inWindow.reduce((a, s) => a + s.rss, 0) / inWindow.length : null;
    };
    const window = Math.min(60, elapsed / 3);
    const second = meanIn(window, 2 * window);
    const last = meanIn(elapsed - window, elapsed + 1);
    const perMinute = [];
    for (let t = 0; t <= elapsed + 0.1; t += 60) {
      const nearest = series.reduce((a, s) => (Math.abs(s.t - t) < Math.abs(a.t - t) ? s : a), series[0]);
      perMinute.push({ t: nearest.t, rss: nearest.rss });
    }
    const lastSample = series.at(-1);
    if (lastSample && perMinute.at(-1)?.t !== lastSample.t)
      perMinute.push({ t: lastSample.t, rss: lastSample.rss });
    const slopePerMinute = slope(series.map((s) => [s.t / 60, s.rss]));
    // After the warm-up (the heap grows, then the first major collections settle it).
    const settled = series.filter((s) => s.t >= Math.min(120, elapsed / 3));
    const settledSlopePerMinute = slope(settled.map((s) => [s.t / 60, s.rss]));
    return {
      replica: i + 1,
      port: replica.port,
      start: series[0]?.rss ?? 0,
      end: series.at(-1)?.rss ?? 0,
      peak: Math.max(...series.map((s) => s.rss)),
      perMinute,
      secondWindowMean: second,
      lastWindowMean: last,
      windowSeconds: window,
      change: second && last ? (last - second) / second : null,
      slopeBytesPerMinute: slopePerMinute,
      settledSlopeBytesPerMinute: settledSlopePerMinute,
      samples: series,
    };
  });
  const cpu = replicas.map((_, i) => {
    const first = samples[0].cpu[i];
    const last = samples.at(-1).cpu[i];
    return round(((last - first) / (samples.at(-1).t - samples[0].t)) * 100, 1);
  });
  const loads = samples.map((s) => s.load);
  const machine = {
    cores: availableParallelism(),
    loadAverageMean: round(loads.reduce((a, b) => a + b, 0) / loads.length, 2),
    loadAverageMax: round(Math.max(...loads), 2),
    replicaCpuPercent: cpu,
  };
  console.log(
    `\nmachine: ${machine.cores} cores, 1-minute load average ${machine.loadAverageMean} on average (max ${machine.loadAverageMax}) during the run; replica CPU ${cpu.map((c) => `${c} %`).join(' and ')} of one core`,
  );
  console.log(`\nmemory (VmRSS, sampled every ${sampleSeconds} s):`);
  for (const m of memoryReport) {
    console.log(
      `  replica ${m.replica}: start ${mib(m.start)}, end ${mib(m.end)}, peak ${mib(m.peak)}; slope ${(m.slopeBytesPerMinute / 1024 / 1024).toFixed(2)} MiB/min (${(m.settledSlopeBytesPerMinute / 1024 / 1024).toFixed(2)} MiB/min after the first ${Math.min(120, elapsed / 3).toFixed(0)} s); ` +
        `mean of the 2nd ${m.windowSeconds.toFixed(0)} s window ${mib(m.secondWindowMean ?? 0)}, of the last ${mib(m.lastWindowMean ?? 0)} (${m.change === null ? '?' : `${(m.change * 100).toFixed(1)} %`})`,
    );
    console.log(`    per minute: ${m.perMinute.map((s) => `${s.t.toFixed(0)}s ${mib(s.rss)}`).join(', ')}`);
  }

  // targets
  const slowReads = routes.filter((r) => r.isRead && r.requests > 0 && r.p99 > readP99TargetMs);
  const checks = [
    {
      name: '0 errors',
      pass: totalErrors === 0,
      detail: `${totalErrors} errors (${noAnswer} without an answer: connection errors and timeouts)`,
    },
    {
      name: `p99 ≤ ${readP99TargetMs} ms for every read route`,
      pass: slowReads.length === 0,
      detail:
        slowReads.length === 0
          ? `all reads p99 ${reads.p99.toFixed(1)} ms; worst route ${Math.max(...routes.filter((r) => r.isRead).map((r) => r.p99 ?? 0)).toFixed(1)} ms`
          : slowReads.map((r) => `${r.route} ${r.p99.toFixed(1)} ms`).join(', '),
    },
    {
      // Growth is what a leak shows; the second window may still hold the warm-up's heap peak.
      name: `flat memory (last window mean at most ${memoryTolerance * 100} % above the second window's)`,
      pass: memoryReport.every((m) => m.change !== null && m.change <= memoryTolerance),
      detail: memoryReport
        .map(
          (m) =>
            `replica ${m.replica} ${m.change === null ? '?' : `${m.change >= 0 ? '+' : ''}${(m.change * 100).toFixed(1)} %`}, ${(m.settledSlopeBytesPerMinute / 1024 / 1024).toFixed(2)} MiB/min after the warm-up`,
        )
        .join('; '),
    },
  ];
  console.log('\ntargets:');
  for (const c of checks) console.log(`  ${c.pass ? 'MET   ' : 'MISSED'} ${c.name}: ${c.detail}`);

  mkdirSync(join(root, '.reports'), { recursive: true });
  const report = {
    bench: 'load',
    at: new Date().toISOString(),
    seconds: round(elapsed, 1),
    scale,
    offeredPerSecond: units * scale * 2,
    replicas: replicas.map((r) => ({ port: r.port, pid: r.pid })),
    data: { ...counts, usageThroughHook: usage.accepted },
    throughput: round(total / elapsed, 2),
    total,
    errors: totalErrors,
    connectionErrors,
    reads: { p50: round(reads.p50, 2), p95: round(reads.p95, 2), p99: round(reads.p99, 2) },
    storage,
    crossRead,
    routes,
    memory: memoryReport,
    machine,
    checks,
  };
  writeFileSync(join(root, '.reports/bench-load.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('\nwritten: .reports/bench-load.json');
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  for (const instance of instances) instance.stop?.();
  memory?.stop();
  await Promise.all(replicas.map((r) => stopServer(r)));
  await pooler?.stop();
  await store?.stop();
  if (process.env.LOAD_KEEP === '1') console.log(`kept database ${database.name}`);
  else await dropDatabase(database);
}
process.exitCode = exitCode;
