#!/usr/bin/env node
// `npm run bench:ops-search`: the back office's account search (issue 40, item 2) over 10,000
// accounts, in a database of its own on the PostgreSQL server. Generates the accounts with
// set-wise inserts (generate_series): each with 3 users (phones, e-mails), a company name for most,
// an enterprise verification with a credit code for 40 %; starts the built server with its ops
// listener on that database, opens an operator's session (a row, as the sign-in would leave it)
// and prints the p95 time of `GET /api/ops/accounts?q=…` (round trip on localhost) for many
// different searches of each kind: account-name prefix, exact id, phone fragment, e-mail, company,
// credit code, a user's name, and no match. Target: ≤ 50 ms each; the last line is
// `within target: N of M`. Figures only; never a test.
// OPS_BENCH_ACCOUNTS (default 10,000), OPS_BENCH_RUNS (searches per kind, default 200),
// OPS_BENCH_PORT (default 9150, its ops listener the next port), OPS_BENCH_KEEP=1 keeps the database.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { percentiles } from './lib/stats.mjs';

const root = resolve(import.meta.dirname, '..');
const count = Number(process.env.OPS_BENCH_ACCOUNTS ?? 10_000);
const runs = Number(process.env.OPS_BENCH_RUNS ?? 200);
const port = Number(process.env.OPS_BENCH_PORT ?? 9150);
const opsPort = port + 1;
const target = 50;
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  `postgres://${process.env.USER ?? 'root'}@127.0.0.1:5432/postgres`;

if (!existsSync(join(root, 'apps/server/dist/main.mjs'))) {
  spawnSync('npm', ['run', 'build', '-w', '@console/server'], { cwd: root, stdio: 'inherit' });
}

const dbName = `console_bench_ops_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    OPS_PORT: String(opsPort),
    OPS_HOST: '127.0.0.1',
    DATABASE_URL: url.toString(),
    DEMO: '0',
    JOBS: '0',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitReady() {
  for (let i = 0; i < 600; i += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

/** A stable pseudo-random pick in [0, n) for the i-th search of a kind. */
const pick = (i, n, salt) => (i * 7919 + salt * 104_729) % n;

let db;
try {
  await waitReady(); // migrated
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const started = performance.now();
  // Accounts: letters-only names (a…), a company name for 4 in 5, a registration phone or e-mail.
  await db.query(
    `insert into accounts (name, display_name, type, status, company_name, registration_phone,
                           registration_email, created_at)
     select n, n || 'corp', 1 + g % 3, case when g % 97 = 0 then 1 else 0 end,
            case when g % 5 = 0 then null
                 else (array['Shanghai','Beijing','Shenzhen','Hangzhou','Chengdu'])[1 + g % 5] || ' '
                      || initcap(n) || ' ' || (array['Technology','Trading','Logistics','Data','Medical'])[1 + g % 7 % 5]
                      || ' Co., Ltd.' end,
            case when g % 2 = 0 then '+86 137' || lpad((g * 7907 % 100000000)::text, 8, '0') end,
            case when g % 2 = 1 then 'reg' || g || '@' || n || '.example' end,
            now() - (g % 400) * interval '1 day'
       from (select g, translate(lpad(g::text, 6, '0'), '0123456789', 'abcdefghij') || 'x'
                    || substr(md5(g::text), 1, 4) as n
               from generate_series(1, $1::int) g) s`,
    [count],
  );
  // Make every name letters only (md5 may give digits).
  await db.query(`update accounts set name = translate(name, '0123456789', 'klmnopqrst'),
                                      display_name = translate(display_name, '0123456789', 'klmnopqrst')`);
  await db.query(
    `insert into roles (account_id, code, name)
     select id, c.code, c.name from accounts,
            (values ('account_admin', 'Account administrator'), ('account_member', 'Account member')) c(code, name)`,
  );
  await db.query(
    `insert into users (account_id, username, display_name, password_hash, phone, email, last_login_at)
     select a.id, 'user_' || a.id || '_' || k, 'Person ' || substr(md5((a.id * 3 + k)::text), 1, 6), 'x',
            '139' || lpad(((a.id * 3 + k) * 7919 % 100000000)::text, 8, '0'),
            'u' || k || '.' || a.name || '@' || (array['example.com','corp.example','mail.example'])[1 + k],
            case when k = 2 then null else now() - (a.id % 1000) * interval '1 hour' end
       from accounts a, generate_series(0, 2) k`,
  );
  await db.query(
    `insert into user_roles (account_id, user_id, role_id)
     select u.account_id, u.id, r.id from users u join roles r on r.account_id = u.account_id
      where r.code = case when u.username like '%\\_0' then 'account_admin' else 'account_member' end`,
  );
  // Enterprise verifications with credit codes (18 characters) for 2 accounts in 5.
  await db.query(
    `insert into certifications (account_id, type, status, company_name, credit_code, sealed_data, created_at)
     select id, 'enterprise', (array['passed','verifying','failed'])[1 + id % 3], coalesce(company_name, name || ' Ltd'),
            '9131' || upper(substr(md5('cc' || id), 1, 14)), 'x', created_at
       from accounts where id % 5 in (1, 3)`,
  );
  await db.query('vacuum analyze');
  const generated = (performance.now() - started) / 1000;

  // An operator and a signed-in session of it (what the sign-in leaves), for the bench's requests.
  const token = `ops_${randomBytes(32).toString('base64url')}`;
  const {
    rows: [operator],
  } = await db.query(
    `insert into operators (username, password_hash, role, must_change_password) values ('bench.support', 'x', 'support', false) returning id`,
  );
  await db.query(
    `insert into ops_sessions (token_hash, operator_id, stage, expires_at, second_factor_at)
     values ($1, $2, 'operator', now() + interval '8 hours', now())`,
    [createHash('sha256').update(token).digest(), operator.id],
  );

  const { rows: sample } = await db.query(
    `select a.id, a.name, a.company_name, a.registration_phone,
            (select u.phone from users u where u.account_id = a.id order by u.id limit 1) as phone,
            (select u.email from users u where u.account_id = a.id order by u.id offset 1 limit 1) as email,
            (select u.username from users u where u.account_id = a.id order by u.id limit 1) as username,
            (select c.credit_code from certifications c where c.account_id = a.id limit 1) as credit_code
       from accounts a order by a.id`,
  );
  const withCompany = sample.filter((a) => a.company_name);
  const withCode = sample.filter((a) => a.credit_code);
  const kinds = [
    ['account-name prefix (6 letters)', (i) => sample[pick(i, sample.length, 1)].name.slice(0, 6)],
    ['exact id', (i) => String(sample[pick(i, sample.length, 2)].id)],
    ['phone fragment (7 digits of a user’s)', (i) => sample[pick(i, sample.length, 3)].phone.slice(3, 10)],
    ['e-mail (a user’s whole address)', (i) => sample[pick(i, sample.length, 4)].email],
    [
      'company (its distinctive word)',
      (i) => withCompany[pick(i, withCompany.length, 5)].company_name.split(' ')[1],
    ],
    ['credit code (whole)', (i) => withCode[pick(i, withCode.length, 6)].credit_code],
    ['credit code (last 8)', (i) => withCode[pick(i, withCode.length, 7)].credit_code.slice(-8)],
    ['username', (i) => sample[pick(i, sample.length, 8)].username],
    [
      'broad (a city: 1 in 5 companies)',
      (i) => ['Shanghai', 'Beijing', 'Shenzhen', 'Hangzhou', 'Chengdu'][i % 5],
    ],
    ['no match', (i) => `zzqq${i}nomatch`],
  ];

  async function search(q) {
    const res = await fetch(`http://127.0.0.1:${opsPort}/api/ops/accounts?q=${encodeURIComponent(q)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const json = await res.json();
    if (json.code !== 0) throw new Error(`${json.code} ${json.message}`);
    return json.data.list.length;
  }

  // Warm-up: the server's first requests compile and connect.
  for (let i = 0; i < 20; i += 1) await search(kinds[i % kinds.length][1](i));

  console.log(
    `ops account search bench: ${count.toLocaleString('en-US')} accounts, ${(count * 3).toLocaleString('en-US')} users, ${withCode.length.toLocaleString('en-US')} credit codes, generated in ${generated.toFixed(1)} s`,
  );
  console.log(`p95 of ${runs} different searches per kind (round trip on localhost), target ≤ ${target} ms:`);
  let within = 0;
  for (const [name, textOf] of kinds) {
    const times = [];
    let found = 0;
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      const n = await search(textOf(i));
      times.push(performance.now() - t0);
      if (n > 0) found += 1;
    }
    const p = percentiles(times);
    if (p.p95 <= target) within += 1;
    console.log(
      `  ${name.padEnd(40)} p95 ${p.p95.toFixed(1).padStart(6)} ms  median ${p.p50.toFixed(1).padStart(6)} ms  (${found} of ${runs} found something)${p.p95 <= target ? '' : '  over target'}`,
    );
  }
  console.log(`within target: ${within} of ${kinds.length}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await db?.end();
  if (process.env.OPS_BENCH_KEEP !== '1') await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
