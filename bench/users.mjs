#!/usr/bin/env node
// `npm run bench:users`: the user list of an account with 100,000 users, in a database of its own
// on the PostgreSQL server. Generates the users with one set-wise insert (generate_series), starts
// the built server on that database, signs in as the account's administrator and prints the p95
// time of `POST /user/userList` (round trip on localhost) for the first, middle and last pages,
// sorted by creation, by username and by last login, asked by number and by cursor (the next or
// previous page of a deep one), and for searches, a broad one also deep. Target: ≤ 30 ms each;
// the last line is `within target: N of M`. Figures only; never a test. USERS_BENCH_ROWS (default 100,000), USERS_BENCH_RUNS (default 100),
// USERS_BENCH_PORT (default 8501), USERS_BENCH_KEEP=1 keeps the database.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const rows = Number(process.env.USERS_BENCH_ROWS ?? 100_000);
const runs = Number(process.env.USERS_BENCH_RUNS ?? 100);
const port = Number(process.env.USERS_BENCH_PORT ?? 8501);
const pageSize = 20;
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  `postgres://${process.env.USER ?? 'root'}@127.0.0.1:5432/postgres`;
const password = 'Bench@2026pass';

if (!existsSync(join(root, 'apps/server/dist/main.mjs'))) {
  spawnSync('npm', ['run', 'build', '-w', '@console/server'], { cwd: root, stdio: 'inherit' });
}

const dbName = `console_bench_users_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

function startServer() {
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: url.toString(),
      DEMO: '0',
      JOBS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitReady() {
  // Up to a minute: a loaded machine migrates a new database slowly.
  for (let i = 0; i < 600; i += 1) {
    try {
      const res = await fetch(`http://localhost:${port}/readyz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

const server = startServer();
let db;
try {
  await waitReady(); // migrated
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const digest = await hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const started = performance.now();
  const {
    rows: [account],
  } = await db.query(
    `insert into accounts (name, display_name, type) values ('benchusers', 'benchusers', 3) returning id`,
  );
  const accountId = account.id;
  await db.query(
    `insert into roles (account_id, code, name) values ($1, 'account_member', 'Account member'), ($1, 'account_admin', 'Account administrator')`,
    [accountId],
  );
  await db.query(
    `insert into users (account_id, username, display_name, password_hash) values ($1, 'bench_admin', 'Bench Admin', $2)`,
    [accountId, digest],
  );
  await db.query(
    `insert into user_roles (account_id, user_id, role_id)
     select $1, u.id, r.id from users u, roles r
     where u.account_id = $1 and u.username = 'bench_admin' and r.account_id = $1 and r.code = 'account_admin'`,
    [accountId],
  );
  // The users: names, phones, e-mails and titles that vary; some disabled, some deleted, some
  // never signed in.
  await db.query(
    `insert into users (account_id, username, display_name, password_hash, phone, email, title,
                        is_enabled, deleted_at, last_login_at, created_at)
     select $1, 'user_' || lpad(g::text, 6, '0'), 'Person ' || md5(g::text)::varchar(8),
            'x', '139' || lpad((g * 7919 % 100000000)::text, 8, '0'),
            'u' || g || '@' || (array['example.com','corp.example','mail.example'])[1 + g % 3],
            (array['R&D Engineer','Product Manager','Test Engineer',null])[1 + g % 4],
            g % 50 <> 0, case when g % 200 = 0 then now() - interval '2 days' else null end,
            case when g % 5 = 0 then null else now() - (g % 10000) * interval '1 minute' end,
            now() - (${rows} - g) * interval '1 second'
     from generate_series(1, $2) g`,
    [accountId, rows],
  );
  await db.query(
    `insert into user_roles (account_id, user_id, role_id)
     select $1, u.id, (select id from roles where account_id = $1 and code = 'account_member')
     from users u where u.account_id = $1 and u.username <> 'bench_admin'`,
    [accountId],
  );
  await db.query('vacuum analyze');
  const generated = (performance.now() - started) / 1000;

  const login = await fetch(`http://localhost:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cz-lang': 'en-US' },
    body: JSON.stringify({ accountDisplayName: 'benchusers', username: 'bench_admin', password }),
  });
  const token = (await login.json()).data.token;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

  async function once(body) {
    const res = await fetch(`http://localhost:${port}/api/portal/user/userList`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (json.code !== 0) throw new Error(`${json.code} ${json.message}`);
    return json.data;
  }

  async function p95(body) {
    const times = [];
    let total = 0;
    for (let i = 0; i < runs + 5; i += 1) {
      const t0 = performance.now();
      const res = await fetch(`http://localhost:${port}/api/portal/user/userList`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const json = await res.json();
      if (json.code !== 0) throw new Error(`${json.code} ${json.message}`);
      total = json.data.isTotalCapped ? `more than ${json.data.total}` : json.data.total;
      if (i >= 5) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return {
      p95: times[Math.floor(times.length * 0.95) - 1],
      median: times[Math.floor(times.length / 2)],
      total,
    };
  }

  const lastPage = Math.ceil((rows + 1) / pageSize);
  const middle = Math.ceil(lastPage / 2);
  const byName = { sortField: 'username', sortOrder: 'ascend' };
  const byLogin = { sortField: 'lastLoginTime', sortOrder: 'descend' };
  const broad = { keyword: 'corp.example' };
  /** The body that moves from page `pageNo` of `list` to the next (or previous) page by cursor. */
  async function beside(list, pageNo, direction) {
    const page = await once({ ...list, pageNo, pageSize });
    const cursor = direction === 'next' ? page.nextCursor : page.prevCursor;
    if (!cursor) throw new Error(`no ${direction} page beside page ${pageNo}`);
    return { ...list, pageNo: direction === 'next' ? pageNo + 1 : pageNo - 1, pageSize, cursor };
  }
  const deepSearchPage = Math.floor(rows / 3 / pageSize / 2);
  const cases = [
    ['first page (newest first)', { pageNo: 1, pageSize }],
    ['middle page', { pageNo: middle, pageSize }],
    ['last page', { pageNo: lastPage, pageSize }],
    ['next page by cursor after the middle page', await beside({}, middle, 'next')],
    ['first page by username', { pageNo: 1, pageSize, ...byName }],
    ['middle page by username', { pageNo: middle, pageSize, ...byName }],
    ['last page by username', { pageNo: lastPage, pageSize, ...byName }],
    ['next page by username, by cursor, after the middle', await beside(byName, middle, 'next')],
    ['previous page by username, by cursor, before the last', await beside(byName, lastPage, 'prev')],
    ['first page by last login', { pageNo: 1, pageSize, ...byLogin }],
    ['middle page by last login', { pageNo: middle, pageSize, ...byLogin }],
    ['last page by last login', { pageNo: lastPage, pageSize, ...byLogin }],
    ['next page by last login, by cursor, after the middle', await beside(byLogin, middle, 'next')],
    ['previous page by last login, by cursor, before the middle', await beside(byLogin, middle, 'prev')],
    ['search a username ("user_04711")', { pageNo: 1, pageSize, keyword: 'user_04711' }],
    ['search a phone part ("1390000")', { pageNo: 1, pageSize, keyword: '1390000' }],
    ['search a display-name part ("person ab")', { pageNo: 1, pageSize, keyword: 'person ab' }],
    ['search an e-mail domain ("corp.example", 1/3 match)', { pageNo: 1, pageSize, ...broad }],
    [`same search, page ${deepSearchPage + 1} by cursor`, await beside(broad, deepSearchPage, 'next')],
  ];
  const target = 30;
  console.log(
    `user list bench: ${rows.toLocaleString('en-US')} users in one account, generated in ${generated.toFixed(1)} s`,
  );
  console.log(`p95 of ${runs} calls (round trip on localhost), target ≤ ${target} ms:`);
  let within = 0;
  for (const [name, body] of cases) {
    const r = await p95(body);
    if (r.p95 <= target) within += 1;
    console.log(
      `  ${name.padEnd(58)} p95 ${r.p95.toFixed(1).padStart(6)} ms  median ${r.median.toFixed(1).padStart(6)} ms  (${r.total} matches)${r.p95 <= target ? '' : '  over target'}`,
    );
  }
  console.log(`within target: ${within} of ${cases.length}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await db?.end();
  if (process.env.USERS_BENCH_KEEP !== '1')
    await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
