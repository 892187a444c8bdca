#!/usr/bin/env node
// `npm run bench:billing`: billing at scale, in a database of its own on the PostgreSQL server.
//
// 1. Ingestion: usage batches of 10,000 (and of 1,000) records through the real signed hook
//    (`POST /api/hooks/usage`) for BILLING_BENCH_SECONDS each: records per second and the p50/p95
//    batch latency. Fresh record ids every batch, three accounts with two instances each, cash,
//    a discount and a voucher, so that rating, voucher and cash deduction all run.
// 2. `/billing/count` over a year of usage: BILLING_BENCH_RECORDS raw usage records (hourly, the
//    last 365 days; one big account with 6 instances × 4 workspaces × 16 SKUs, the rest over other
//    accounts) generated set-wise straight into `usage_records`, then `usage_daily` built from them
//    and `usage_account_daily` built from them with INSERT … SELECT … GROUP BY (what the ingestion
//    would have written). p50/p95/p99 of
//    the round trip for the whole year, the last 30 days, an instance filter, a workspace filter and
//    a category filter. Target for the year: p95 ≤ 100 ms. The reference tables keep no statistics after the
//    migrations (too small for autovacuum's analyze threshold), as in production; the year is then
//    timed again after an ANALYZE of them.
// 3. Details exported as XLSX and CSV, the last 30 days and then the year: time to first and last
//    byte, bytes, rows, and the server's resident memory (VmRSS sampled every 50 ms) before the
//    export and at its peak; a year's peak close to a month's shows that memory stays bounded.
// 4. `/billing/detail/list` p95 for the first page, a middle page and the last page of the year
//    by `pageNo` (by position), a walk page after page by cursor (keyset) over the first
//    BILLING_BENCH_WALK pages (default 500), and the middle page by the cursor its previous page
//    answered. Target: p95 ≤ 50 ms for the first page and every deep page.
//
// The raw records go into the monthly partitions of `usage_records` (made as the ingestion and
// the billing jobs make them), their ids into `usage_record_keys`. The output ends with
// `within target: N of M` (M: the cases that have a target).
//
// Figures only; never a test. BILLING_BENCH_RECORDS (default 10,000,000), BILLING_BENCH_SECONDS
// (default 20), BILLING_BENCH_RUNS (default 200), BILLING_BENCH_PORT (default 8505),
// BILLING_BENCH_KEEP=1 keeps the database, BILLING_BENCH_DATABASE=<name> measures a kept one again;
// BILLING_BENCH_SECONDS=0 leaves out the ingestion and BILLING_BENCH_EXPORTS=0 the exports.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { inflateRawSync } from 'node:zlib';
import { hash } from '@node-rs/argon2';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const records = Number(process.env.BILLING_BENCH_RECORDS ?? 10_000_000);
const seconds = Number(process.env.BILLING_BENCH_SECONDS ?? 20);
const runs = Number(process.env.BILLING_BENCH_RUNS ?? 200);
const port = Number(process.env.BILLING_BENCH_PORT ?? 8505);
const walkLength = Number(process.env.BILLING_BENCH_WALK ?? 500);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  `postgres://${process.env.USER ?? 'root'}@127.0.0.1:5432/postgres`;
const password = 'Bench@2026pass';
const hookSecret = randomBytes(24).toString('hex');
const base = `http://localhost:${port}`;

const hourMs = 3_600_000;
const dayMs = 86_400_000;
const hours = 365 * 24;
const bigWorkspaces = ['default', 'etl', 'analytics', 'sandbox'];
const otherWorkspaces = ['default', 'etl'];
const skuCount = 16;
const bigSeries = 6 * bigWorkspaces.length * skuCount;
const otherSeriesPerAccount = 2 * otherWorkspaces.length * skuCount;

// The built server must know the usage hook (a bundle older than billing does not).
const bundle = join(root, 'apps/server/dist/main.mjs');
if (!existsSync(bundle) || !readFileSync(bundle, 'utf8').includes('/api/hooks/usage')) {
  spawnSync('npm', ['run', 'build', '-w', '@console/server'], { cwd: root, stdio: 'inherit' });
}

// BILLING_BENCH_DATABASE: a database a run kept (BILLING_BENCH_KEEP=1), measured again without
// generating it again (it is kept).
const reused = process.env.BILLING_BENCH_DATABASE ?? null;
const dbName = reused ?? `console_bench_billing_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
if (!reused) await admin.query(`create database ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const db = new pg.Client({ connectionString: dbUrl.toString() });
await db.connect();

const since = (t) => ((performance.now() - t) / 1000).toFixed(1);
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const ms = (v) => `${v.toFixed(1).padStart(7)} ms`;
/** The billing day (UTC+8) of an instant. */
const dayOf = (at) => new Date(at + 8 * hourMs).toISOString().slice(0, 10);

function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) };
}

/** The checked-in migrations, recorded as the server's migrator records them. */
async function migrate() {
  const dir = join(root, 'apps/server/src/db/migrations');
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8'));
  await db.query('begin');
  await db.query(
    'create table if not exists schema_migrations (tag text primary key, applied_at timestamptz not null default now())',
  );
  for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    const text = readFileSync(join(dir, `${entry.tag}.sql`), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) {
      if (statement.trim()) await db.query(statement);
    }
    await db.query('insert into schema_migrations (tag) values ($1)', [entry.tag]);
  }
  await db.query('commit');
}

/** An account with funds and `instanceCount` lakehouse instances (and an administrator when `digest` is given). */
async function createAccount(name, type, instanceCount, cashFen, digest) {
  const {
    rows: [account],
  } = await db.query(`insert into accounts (name, display_name, type) values ($1, $1, $2) returning id`, [
    name,
    type,
  ]);
  const accountId = Number(account.id);
  if (digest) {
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
  }
  await db.query(`insert into funds (account_id, cash_fen) values ($1, $2)`, [accountId, cashFen]);
  const instances = await db.query(
    `insert into instances (account_id, service_id, version_id, region_id, instance_name, status, url, opened_at)
     select $1, 1, v.id, r.id, $2 || '-' || r.sort, 1, 'https://bench.' || r.code || '.example.com', now()
       from service_versions v, regions r
      where v.service_id = 1 and v.code = 'formal' and r.sort <= $3
     returning id, instance_name`,
    [accountId, name, instanceCount],
  );
  return {
    id: accountId,
    name,
    instances: instances.rows.map((r) => ({ id: Number(r.id), name: r.instance_name })),
  };
}

/**
 * `count` hourly records of the accounts' instances × workspaces × SKUs, newest hour first: the
 * series `n` at hour `h` (0 = the hour that just ended) is record h × series + n.
 */
async function generateUsage(prefix, accountIds, workspaces, count, rate) {
  const series = await db.query(
    `select count(*)::int as n from instances i, unnest($2::text[]) w, skus k where i.account_id = any($1::bigint[])`,
    [accountIds, workspaces],
  );
  const seriesCount = series.rows[0].n;
  const hoursNeeded = Math.ceil(count / seriesCount);
  await db.query(
    `with s as (
       select (row_number() over (order by i.account_id, i.id, w.ws, k.sort) - 1)::bigint as n,
              i.account_id, i.id as instance_id, i.region_id, w.ws as workspace, k.code as sku_code,
              k.unit_price_fen, k.service_id
         from instances i cross join unnest($2::text[]) as w(ws) cross join skus k
        where i.account_id = any($1::bigint[])
     ),
     r as (
       select s.*, h, date_trunc('hour', now()) - (h + 1) * interval '1 hour' as period_start,
              (((s.n * 7919 + h * 104729) % 9973) + 1)::numeric / 100 as quantity
         from s cross join generate_series(0::bigint, $3::bigint - 1) as h
        where h * $4::bigint + s.n < $5::bigint
     ),
     a as (
       select r.*, round(r.quantity * r.unit_price_fen)::bigint as amount_fen from r
     ),
     d as (
       select a.*, round(a.amount_fen * $6::numeric)::bigint as discounted_fen from a
     )
     insert into usage_records (record_id, account_id, instance_id, region_id, sku_code, workspace, period_start,
                                period_end, bill_day, quantity, unit_price_fen, discount_rate, amount_fen,
                                discounted_fen, voucher_fen, cash_fen, outstanding_fen, created_at)
     select $7::text || (d.h * $4::bigint + d.n), d.account_id, d.instance_id, d.region_id, d.sku_code, d.workspace,
            d.period_start, d.period_start + interval '1 hour',
            ((d.period_start at time zone 'UTC') + interval '8 hours')::date,
            d.quantity, d.unit_price_fen, $6::numeric, d.amount_fen, d.discounted_fen,
            case when d.service_id = 2 then d.discounted_fen else 0 end,
            case when d.service_id = 2 then 0 else d.discounted_fen end,
            0, d.period_start + interval '1 hour'
       from d`,
    [accountIds, workspaces, hoursNeeded, seriesCount, count, rate, prefix],
  );
  return { seriesCount, hoursNeeded };
}

function startServer() {
  return spawn(process.execPath, [bundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: dbUrl.toString(),
      DEMO: '0',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      USAGE_HOOK_SECRET: hookSecret,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitReady() {
  for (let i = 0; i < 1200; i += 1) {
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Rows of the first worksheet of an XLSX file (read through the zip's central directory). */
function xlsxRows(file) {
  let end = file.length - 22;
  while (end >= 0 && file.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip file');
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i += 1) {
    const method = file.readUInt16LE(at + 10);
    const size = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const offset = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    if (/^xl\/worksheets\/sheet\d+\.xml$/.test(name)) {
      const start = offset + 30 + file.readUInt16LE(offset + 26) + file.readUInt16LE(offset + 28);
      const data = file.subarray(start, start + size);
      const xml = method === 8 ? inflateRawSync(data) : data;
      let rows = 0;
      for (let p = xml.indexOf('<row '); p >= 0; p = xml.indexOf('<row ', p + 5)) rows += 1;
      return rows;
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error('no worksheet in the file');
}

/** The accounts of a kept database. */
async function keptAccounts() {
  const account = async (name) => {
    const { rows } = await db.query(
      `select a.id, i.id as instance_id, i.instance_name from accounts a join instances i on i.account_id = a.id
        where a.name = $1 order by i.id`,
      [name],
    );
    return {
      id: Number(rows[0].id),
      name,
      instances: rows.map((r) => ({ id: Number(r.instance_id), name: r.instance_name })),
    };
  };
  const big = await account('benchbig');
  const ingestAccounts = [];
  for (let i = 1; i <= 3; i += 1) ingestAccounts.push(await account(`benchingest${i}`));
  const sizes = await db.query(
    `select (select count(*)::int from pg_inherits where inhparent = 'usage_records'::regclass) as partitions,
            (select count(*)::int from usage_daily where account_id = $1) as big_daily`,
    [big.id],
  );
  console.log(
    `reusing the kept database: ${sizes.rows[0].partitions} monthly partitions of usage_records, ${sizes.rows[0].big_daily.toLocaleString('en')} daily rows of the big account`,
  );
  return { big, ingestAccounts };
}

/** The accounts and their usage, generated set-wise. */
async function generate() {
  const digest = await hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });

  // -------------------------------------------------------------------------------------------
  const started = performance.now();
  const big = await createAccount('benchbig', 3, 6, 0, digest);
  await db.query(`insert into account_discounts (account_id, category, rate) values ($1, '*', 0.9)`, [
    big.id,
  ]);
  const bigCount = Math.min(records, bigSeries * hours);
  const otherCount = records - bigCount;
  const otherAccounts = [];
  const othersNeeded = Math.ceil(otherCount / (otherSeriesPerAccount * hours));
  for (let i = 1; i <= othersNeeded; i += 1) {
    otherAccounts.push(await createAccount(`benchother${i}`, 3, 2, 0, null));
  }
  // The ingestion's accounts: plenty of cash, a compute discount and a voucher for the data
  // assistant's SKUs, so that every record is paid by voucher or cash.
  const ingestAccounts = [];
  for (let i = 1; i <= 3; i += 1) {
    const account = await createAccount(`benchingest${i}`, 3, 2, 100_000_000_000, null);
    await db.query(
      `insert into account_discounts (account_id, category, rate) values ($1, 'compute', 0.85)`,
      [account.id],
    );
    await db.query(
      `insert into vouchers (account_id, code, name_zh, name_en, face_fen, available_fen, effective_at, expires_at, service_ids)
       values ($1, $2, 'Bench voucher', 'Bench voucher', 10000000000, 10000000000, now() - interval '1 day', now() + interval '30 days', '[2]')`,
      [account.id, `BENCH${i}${randomBytes(4).toString('hex').toUpperCase()}`],
    );
    ingestAccounts.push(account);
  }

  // Rows first, then the indexes (as the migration writes them); foreign keys unchecked for the
  // bulk insert (the generated rows reference what exists).
  await db.query(`set work_mem = '512MB'`);
  await db.query(`set maintenance_work_mem = '1GB'`);
  // The monthly partitions of the year (and of the coming months), as the server makes them.
  await db.query(
    `select usage_records_ensure_month(m::date)
       from generate_series(date_trunc('month', now() - interval '400 days'), now() + interval '93 days', interval '1 month') as m`,
  );
  await db.query('alter table usage_records drop constraint usage_records_bill_day_id_pk');
  await db.query('drop index usage_records_account_day_idx');
  await db.query('alter table usage_record_keys drop constraint usage_record_keys_pkey');
  let isReplica = true;
  try {
    await db.query('set session_replication_role = replica');
  } catch {
    isReplica = false;
  }
  const rowsStarted = performance.now();
  const bigLayout = await generateUsage('gen-big-', [big.id], bigWorkspaces, bigCount, '0.9');
  if (otherCount > 0) {
    await generateUsage(
      'gen-other-',
      otherAccounts.map((a) => a.id),
      otherWorkspaces,
      otherCount,
      '1',
    );
  }
  const rowsTime = since(rowsStarted);
  if (isReplica) await db.query('set session_replication_role = default');
  const indexStarted = performance.now();
  // The ids the ingestion keeps with every record, then the keys and indexes as 0014 writes them.
  await db.query(
    'insert into usage_record_keys (record_id, bill_day) select record_id, bill_day from usage_records',
  );
  await db.query(
    'alter table usage_record_keys add constraint usage_record_keys_pkey primary key (record_id)',
  );
  await db.query(
    'alter table usage_records add constraint usage_records_bill_day_id_pk primary key (bill_day, id)',
  );
  const migration = readFileSync(
    join(root, 'apps/server/src/db/migrations/0014_usage_partitions.sql'),
    'utf8',
  );
  for (const statement of migration.split('--> statement-breakpoint')) {
    if (/CREATE (UNIQUE )?INDEX "usage_records_/.test(statement)) await db.query(statement);
  }
  const indexTime = since(indexStarted);
  const rollupStarted = performance.now();
  const rollup = await db.query(
    `insert into usage_daily (account_id, day, instance_id, workspace, sku_code, quantity, amount_fen, discounted_fen,
                              voucher_fen, cash_fen, outstanding_fen, records)
     select account_id, bill_day, instance_id, workspace, sku_code, sum(quantity), sum(amount_fen), sum(discounted_fen),
            sum(voucher_fen), sum(cash_fen), sum(outstanding_fen), count(*)
       from usage_records group by account_id, bill_day, instance_id, workspace, sku_code`,
  );
  await db.query(
    `insert into usage_account_daily (account_id, day, sku_code, quantity, amount_fen, discounted_fen, voucher_fen,
                                      cash_fen, outstanding_fen, records)
     select account_id, day, sku_code, sum(quantity), sum(amount_fen), sum(discounted_fen), sum(voucher_fen),
            sum(cash_fen), sum(outstanding_fen), sum(records)
       from usage_daily group by account_id, day, sku_code`,
  );
  const rollupTime = since(rollupStarted);
  const analyzeStarted = performance.now();
  await db.query('vacuum analyze usage_daily, usage_account_daily');
  await db.query('analyze usage_records, usage_record_keys');
  const analyzeTime = since(analyzeStarted);
  const sizes = await db.query(
    `select pg_size_pretty((select sum(pg_total_relation_size(c.oid)) from pg_inherits i join pg_class c on c.oid = i.inhrelid
                              where i.inhparent = 'usage_records'::regclass)::bigint) as raw,
            (select count(*)::int from pg_inherits where inhparent = 'usage_records'::regclass) as partitions,
            pg_size_pretty(pg_total_relation_size('usage_daily')) as daily,
            (select count(*)::int from usage_daily where account_id = $1) as big_daily,
            (select count(*)::int from usage_account_daily where account_id = $1) as big_account_daily`,
    [big.id],
  );
  const bigDays = Math.ceil(bigLayout.hoursNeeded / 24);
  console.log(
    `generation: ${since(started)} s in all (raw rows ${rowsTime} s${isReplica ? '' : ' with foreign key checks'}, their indexes ${indexTime} s, usage_daily and usage_account_daily ${rollupTime} s, vacuum/analyze ${analyzeTime} s)`,
  );
  console.log(
    `  big account: ${bigCount.toLocaleString('en')} records (${bigLayout.seriesCount} series × ${bigLayout.hoursNeeded.toLocaleString('en')} hours, ~${bigDays} days), ${sizes.rows[0].big_daily.toLocaleString('en')} daily rows (${sizes.rows[0].big_account_daily.toLocaleString('en')} per SKU)`,
  );
  console.log(
    `  ${otherAccounts.length} other accounts: ${otherCount.toLocaleString('en')} records; usage_records ${sizes.rows[0].raw} in ${sizes.rows[0].partitions} monthly partitions, usage_daily ${rollup.rowCount.toLocaleString('en')} rows, ${sizes.rows[0].daily}`,
  );

  return { big, ingestAccounts };
}

let server;
let exitCode = 0;
try {
  console.log(
    `billing bench: database ${dbName}, ${records.toLocaleString('en')} usage records, ${runs} runs, ${seconds} s of ingestion per batch size`,
  );
  if (!reused) await migrate();
  const { big, ingestAccounts } = reused ? await keptAccounts() : await generate();

  // -------------------------------------------------------------------------------------------
  // the server
  server = startServer();
  await waitReady();
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cz-lang': 'en-US' },
    body: JSON.stringify({ accountDisplayName: big.name, username: 'bench_admin', password }),
  });
  const loginBody = await login.json();
  if (loginBody.code !== 0) throw new Error(`login: ${loginBody.code} ${loginBody.message}`);
  const headers = {
    'content-type': 'application/json',
    'cz-lang': 'en-US',
    authorization: `Bearer ${loginBody.data.token}`,
  };

  // -------------------------------------------------------------------------------------------
  // 1. ingestion
  const skus = (await db.query('select code from skus order by sort')).rows.map((r) => r.code);
  const ingestWorkspaces = ['default', 'etl', 'analytics', 'sandbox'];
  const targets = ingestAccounts.flatMap((a) =>
    a.instances.map((i) => ({ account: a.name, instance: i.name })),
  );
  const runId = randomBytes(3).toString('hex');
  let batchNo = 0;
  function batchBody(size) {
    batchNo += 1;
    const hour = Math.floor(Date.now() / hourMs) * hourMs;
    const list = [];
    for (let k = 0; k < size; k += 1) {
      const target = targets[k % targets.length];
      const start = hour - (1 + (Math.floor(k / targets.length) % 48)) * hourMs;
      list.push({
        recordId: `ing-${runId}-${batchNo}-${k}`,
        accountName: target.account,
        instanceName: target.instance,
        skuCode: skus[(k * 7 + batchNo) % skus.length],
        workspace: ingestWorkspaces[(k + batchNo) % ingestWorkspaces.length],
        periodStart: new Date(start).toISOString(),
        periodEnd: new Date(start + hourMs).toISOString(),
        quantity: (((k * 7919 + batchNo * 104729) % 100_000) / 1000 + 0.001).toFixed(3),
      });
    }
    return JSON.stringify({ records: list });
  }
  async function sendBatch(body, size) {
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', hookSecret).update(`${t}.${body}`).digest('hex')}`;
    const t0 = performance.now();
    const res = await fetch(`${base}/api/hooks/usage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cz-signature': signature },
      body,
    });
    const json = await res.json();
    const elapsed = performance.now() - t0;
    if (json.code !== 0) throw new Error(`usage hook: ${res.status} ${json.code} ${json.message}`);
    if (json.data.accepted !== size) {
      throw new Error(
        `usage hook accepted ${json.data.accepted} of ${size}: ${JSON.stringify(json.data).slice(0, 300)}`,
      );
    }
    return elapsed;
  }
  console.log(
    `\n1. ingestion through POST /api/hooks/usage (signed), one sender, ${seconds} s per batch size`,
  );
  for (const size of seconds > 0 ? [10_000, 1_000] : []) {
    await sendBatch(batchBody(size), size); // warm-up
    const times = [];
    let accepted = 0;
    let sentBytes = 0;
    const wallStarted = performance.now();
    while (performance.now() - wallStarted < seconds * 1000) {
      const body = batchBody(size);
      sentBytes += Buffer.byteLength(body);
      times.push(await sendBatch(body, size));
      accepted += size;
    }
    const wall = (performance.now() - wallStarted) / 1000;
    const inRequests = times.reduce((a, b) => a + b, 0) / 1000;
    const p = percentiles(times);
    console.log(
      `  batches of ${size.toLocaleString('en').padStart(6)}: ${Math.round(accepted / inRequests)
        .toLocaleString('en')
        .padStart(
          7,
        )} records/s in requests (${Math.round(accepted / wall).toLocaleString('en')} /s wall, client included); ` +
        `${times.length} batches (${mib(sentBytes / times.length)} each), latency p50 ${p.p50.toFixed(0)} ms, p95 ${p.p95.toFixed(0)} ms, max ${p.max.toFixed(0)} ms`,
    );
  }
  const ingested = await db.query(
    `select count(*)::int as n, sum(voucher_fen)::bigint as v, sum(cash_fen)::bigint as c, sum(outstanding_fen)::bigint as o
       from usage_records where account_id = any($1::bigint[])`,
    [ingestAccounts.map((a) => a.id)],
  );
  const ir = ingested.rows[0];
  console.log(
    `  (${ir.n.toLocaleString('en')} records rated; paid ${(Number(ir.v) / 100).toFixed(2)} by vouchers, ${(Number(ir.c) / 100).toFixed(2)} in cash, ${(Number(ir.o) / 100).toFixed(2)} outstanding)`,
  );

  // -------------------------------------------------------------------------------------------
  // 2. summaries
  const today = dayOf(Date.now());
  const yearStart = dayOf(Date.now() - 365 * dayMs);
  const year = { range: 'custom', startDate: yearStart, endDate: today };
  async function timed(path, body, count = runs) {
    const times = [];
    let data;
    for (let i = 0; i < count + 5; i += 1) {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = await res.json();
      if (json.code !== 0)
        throw new Error(`${path}: ${json.code} ${json.message} ${JSON.stringify(json.data)}`);
      if (i >= 5) times.push(performance.now() - t0);
      data = json.data;
    }
    return { ...percentiles(times), data };
  }
  /** Cases with a target: [name, p95, target]. */
  const targeted = [];
  function judge(name, p95, target) {
    targeted.push([name, p95, target]);
    return p95 <= target ? `  within ${target} ms` : `  OVER ${target} ms`;
  }
  console.log(
    `\n2. POST /api/portal/billing/count for the big account, ${runs} runs each (round trip on localhost); target p95 ≤ 100 ms for the year`,
  );
  const countCases = [
    [`year (custom ${yearStart} … ${today})`, year],
    ['last 30 days', { range: 'last30Days' }],
    ['year, one instance', { ...year, instanceId: big.instances[0].id }],
    ['year, one workspace ("etl")', { ...year, workspace: 'etl' }],
    ['year, category storage', { ...year, category: 'storage' }],
  ];
  async function countLine(name, body, target) {
    const r = await timed('/api/portal/billing/count', body);
    console.log(
      `  ${name.padEnd(42)} p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  p99 ${ms(r.p99)}  (${r.data.trend.length} trend days, total ${r.data.discountTotalAmount})${target ? judge(`/count ${name}`, r.p95, target) : ''}`,
    );
  }
  for (const [name, body] of countCases) await countLine(name, body, body === year ? 100 : undefined);
  // The reference tables (skus: 16 rows) stay below autovacuum's analyze threshold, so they keep
  // no statistics after the migrations; the planner then guesses hundreds of rows for them.
  const unanalyzed = await db.query(
    `select relname from pg_stat_user_tables
      where relname in ('skus', 'instances', 'services', 'regions', 'csps')
        and last_analyze is null and last_autoanalyze is null order by relname`,
  );
  if (unanalyzed.rows.length > 0) {
    const tables = unanalyzed.rows.map((r) => r.relname);
    await db.query(`analyze ${tables.join(', ')}`);
    console.log(`  then ANALYZE of ${tables.join(', ')} (without statistics until now):`);
    await countLine(`${countCases[0][0]}, analysed`, year);
  }

  // -------------------------------------------------------------------------------------------
  // 3. export
  console.log(
    '\n3. POST /api/portal/billing/detail/download/list (big account): the last 30 days, then the year',
  );
  const exports = (process.env.BILLING_BENCH_EXPORTS === '0' ? [] : ['xlsx', 'csv']).flatMap((format) => [
    { format, name: '30 days', filter: { range: 'last30Days' } },
    { format, name: 'year', filter: year },
  ]);
  for (const { format, name, filter } of exports) {
    const before = rssOf(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(server.pid));
    }, 50);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/portal/billing/detail/download/list`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...filter, format }),
    });
    if (
      res.status !== 200 ||
      !(res.headers.get('content-type') ?? '').includes(format === 'csv' ? 'csv' : 'sheet')
    ) {
      throw new Error(`export ${format}: ${res.status} ${await res.text()}`);
    }
    let firstByte = 0;
    const chunks = [];
    let bytes = 0;
    for await (const chunk of res.body) {
      if (!firstByte) firstByte = performance.now() - t0;
      chunks.push(chunk);
      bytes += chunk.length;
    }
    const lastByte = performance.now() - t0;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(server.pid));
    const file = Buffer.concat(chunks);
    let rows;
    if (format === 'csv') {
      rows = -1; // the header
      for (let p = file.indexOf(10); p >= 0; p = file.indexOf(10, p + 1)) rows += 1;
      if (file.at(-1) !== 10) rows += 1;
    } else {
      rows = xlsxRows(file) - 1;
    }
    console.log(
      `  ${format.padEnd(4)} ${name.padEnd(7)} first byte ${(firstByte / 1000).toFixed(2)} s, last byte ${(lastByte / 1000).toFixed(1)} s, ${mib(bytes)}, ${rows.toLocaleString('en')} rows (${Math.round(rows / (lastByte / 1000)).toLocaleString('en')} rows/s); ` +
        `server RSS ${mib(before)} before, peak ${mib(peak)} (+${mib(peak - before)}), after ${mib(rssOf(server.pid))}`,
    );
  }

  // -------------------------------------------------------------------------------------------
  // 4. detail pages
  const pageSize = 20;
  const bigRows = await db.query(
    `select count(*)::int as n from usage_daily where account_id = $1 and day between $2::date and $3::date`,
    [big.id, yearStart, today],
  );
  const total = bigRows.rows[0].n;
  const lastPage = Math.ceil(total / pageSize);
  const middlePage = Math.ceil(lastPage / 2);
  console.log(
    `\n4. POST /api/portal/billing/detail/list for the year (${total.toLocaleString('en')} daily rows, ${pageSize} a page), ${runs} runs each; target p95 ≤ 50 ms for a deep page`,
  );
  const detailLine = (name, r, target) =>
    console.log(
      `  ${name.padEnd(42)} p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  p99 ${ms(r.p99)}  (${r.data.list.length} rows of ${r.data.isTotalCapped ? 'more than ' : ''}${r.data.total.toLocaleString('en')})${target ? judge(`detail ${name}`, r.p95, target) : ''}`,
    );
  const detailCases = [
    ['first page', { ...year, pageNo: 1, pageSize }, 50],
    [
      `page ${middlePage.toLocaleString('en')} (middle) by pageNo`,
      { ...year, pageNo: middlePage, pageSize },
      50,
    ],
    [`page ${lastPage.toLocaleString('en')} (last) by pageNo`, { ...year, pageNo: lastPage, pageSize }, 50],
    ['last 30 days, first page', { range: 'last30Days', pageNo: 1, pageSize }],
    ['year, one instance, first page', { ...year, instanceId: big.instances[0].id, pageNo: 1, pageSize }],
    ['year, category storage, page 200', { ...year, category: 'storage', pageNo: 200, pageSize }],
  ];
  for (const [name, body, target] of detailCases) {
    detailLine(name, await timed('/api/portal/billing/detail/list', body), target);
  }
  // Page after page by cursor, as the console's pager asks: every page of the walk is timed.
  const walkPages = Math.min(walkLength, lastPage);
  const walk = [];
  let cursor = null;
  let walked = 0;
  const walkStarted = performance.now();
  for (let pageNo = 1; pageNo <= walkPages; pageNo += 1) {
    const body = { ...year, pageNo, pageSize, ...(cursor ? { cursor } : {}) };
    const t0 = performance.now();
    const res = await fetch(`${base}/api/portal/billing/detail/list`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const json = await res.json();
    walk.push(performance.now() - t0);
    if (json.code !== 0) throw new Error(`detail walk: ${json.code} ${json.message}`);
    walked += json.data.list.length;
    cursor = json.data.nextCursor;
  }
  const w = percentiles(walk);
  console.log(
    `  ${`walk by cursor, pages 1 … ${walkPages.toLocaleString('en')}`.padEnd(42)} p50 ${ms(w.p50)}  p95 ${ms(w.p95)}  p99 ${ms(w.p99)}  (${walked.toLocaleString('en')} rows in ${since(walkStarted)} s)${judge('detail walk by cursor', w.p95, 50)}`,
  );
  // The middle page by the cursor its previous page answered.
  const before = await timed(
    '/api/portal/billing/detail/list',
    { ...year, pageNo: middlePage - 1, pageSize },
    1,
  );
  detailLine(
    `page ${middlePage.toLocaleString('en')} (middle) by cursor`,
    await timed('/api/portal/billing/detail/list', {
      ...year,
      pageNo: middlePage,
      pageSize,
      cursor: before.data.nextCursor,
    }),
    50,
  );
  const within = targeted.filter(([, p95, target]) => p95 <= target).length;
  console.log(`\nwithin target: ${within} of ${targeted.length}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await db.end();
  if (process.env.BILLING_BENCH_KEEP !== '1' && !reused)
    await admin.query(`drop database if exists ${dbName} with (force)`);
  else console.log(`kept database ${dbName}`);
  await admin.end();
}
process.exitCode = exitCode;
