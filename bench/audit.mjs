#!/usr/bin/env node
// `npm run bench:audit`: the audit log list with 10 million entries of one account (and a second
// account with some entries), in a database of its own on the PostgreSQL server. Prints the
// generation time and the p95 database time of the first page and of the 10,000th page (reached
// by keyset cursor), without and with each filter, and of free-text searches (an object name, a
// username, an IP address fragment, alone and with the other filters) through the word index,
// read in growing time windows as the server reads them.
// Target: ≤ 20 ms at any depth. The entries spread over 399 days, one partition a month.
// Figures only; never a test. AUDIT_BENCH_ROWS (default 10,000,000), AUDIT_BENCH_RUNS (default 200),
// AUDIT_BENCH_KEEP=1 keeps the database, AUDIT_BENCH_DATABASE=<kept> measures it again. Ends with
// `within target: N of M`.
//
// The generated rows are numbered like a chain but not hashed one after the other (a hash chain
// cannot be computed set-wise); the list queries do not read the hashes.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const rows = Number(process.env.AUDIT_BENCH_ROWS ?? 10_000_000);
const otherRows = Math.min(200_000, Math.ceil(rows / 50));
const runs = Number(process.env.AUDIT_BENCH_RUNS ?? 200);
const pageSize = 20;
const deepPage = 10_000;
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  `postgres://${process.env.USER ?? 'root'}@127.0.0.1:5432/postgres`;

// AUDIT_BENCH_DATABASE: a database kept by an earlier run (AUDIT_BENCH_KEEP=1), measured again
// without generating (and kept).
const kept = process.env.AUDIT_BENCH_DATABASE;
const dbName = kept ?? `console_bench_audit_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
if (!kept) await admin.query(`create database ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const db = new pg.Client({ connectionString: dbUrl.toString() });
await db.connect();

function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}

async function migrate() {
  const dir = join(root, 'apps/server/src/db/migrations');
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8'));
  for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    const text = readFileSync(join(dir, `${entry.tag}.sql`), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) {
      if (statement.trim()) await db.query(statement);
    }
  }
}

const indexes = [
  'audit_entries_chain_idx',
  'audit_entries_time_idx',
  'audit_entries_object_type_idx',
  'audit_entries_user_idx',
  'audit_entries_failure_idx',
  'audit_entries_search_idx',
];

/** The migration that creates the indexes above (recreated after the rows are in). */
const indexMigrations = ['0013_audit_partitions.sql'];
const target = 20;
let within = 0;
let withTarget = 0;
/** Counts a p95 against the target. */
function judge(m) {
  if (!m) return;
  withTarget += 1;
  if (m.p95 <= target) within += 1;
}

async function generate(accountId, count) {
  // Spread over the last 399 days, newest last; 40 users, 8 object types, 5 % failures.
  await db.query(
    `insert into audit_entries (account_id, user_id, username, action, object_type, object_id, object_name,
                                status, info, ip, request_id, created_at, seq, prev_hash, hash)
     select $1, 1000 + i % 40, 'user_' || (i % 40),
            (array['auth.login','auth.logout','user.create','user.update','account.passwordPolicy',
                   'mfa.enable','verification.send','user.changePassword'])[1 + i % 8],
            (array['session','session','user','user','account','user','email','user'])[1 + i % 8],
            (i % 5000)::text, 'object_' || (i % 5000),
            case when i % 20 = 0 then 0 else 1 end,
            jsonb_build_object('n', i, 'note', 'generated entry ' || i),
            '10.0.' || (i % 250) || '.' || (i % 200), 'req-' || i,
            now() - make_interval(secs => ($2::bigint - i) * (399 * 86400.0 / $2::bigint)),
            i, decode(repeat('00', 32), 'hex'), sha256(int8send(i))
     from generate_series(1, $2::bigint) as i`,
    [accountId, count],
  );
  await db.query(
    `insert into audit_chain_heads (account_id, seq, hash) values ($1, $2, sha256(int8send($2::bigint)))
     on conflict (account_id) do update set seq = excluded.seq, hash = excluded.hash`,
    [accountId, count],
  );
}

/**
 * The list statement of `listAuditEntries` (audit.repository.ts), with the same filters; `window`,
 * the time window (`start`, `end` in milliseconds) a free-text search reads.
 */
function listStatement(accountId, filter, after, window = null, limit = pageSize + 1) {
  const where = ['e.account_id = $1'];
  const values = [accountId];
  const add = (clause, value) => {
    values.push(value);
    where.push(clause.replace('?', `$${values.length}`));
  };
  if (filter.username) add('lower(e.username) = lower(?)', filter.username);
  if (filter.objectType) add('e.object_type = ?', filter.objectType);
  if (filter.status === 0) where.push('e.status = 0');
  if (filter.status === 1) where.push('e.status = 1');
  if (filter.from) add('e.created_at >= ?', filter.from);
  if (filter.search) {
    // `searchCondition` of audit.repository.ts (words without CJK characters: the word index only).
    add(
      'e.search_vector @@ audit_search_query(?)',
      filter.search.toLowerCase().split(/\s+/).filter(Boolean).join(' '),
    );
  }
  if (after) {
    values.push(after.createdAt, after.id);
    where.push(`(e.created_at, e.id) < ($${values.length - 1}::timestamptz, $${values.length}::bigint)`);
  }
  if (window) {
    values.push(new Date(window.start), new Date(window.end));
    where.push(`e.created_at >= $${values.length - 1}`, `e.created_at < $${values.length}`);
  }
  values.push(limit);
  return {
    text: `select e.id, e.seq,
             to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
             e.user_id, e.username, e.ip, e.action, e.object_type, e.object_id, e.object_name, e.status,
             e.info, e.request_id
           from audit_entries e where ${where.join(' and ')}
           order by e.created_at desc nulls last, e.id desc nulls last limit $${values.length}`,
    values,
  };
}

const monthStart = (at) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/**
 * One page as `listAuditEntries` reads it: one statement, or for a free-text search windows back
 * from the newest entry of the span (found first, as `spanOf` bounds it), an hour first and each
 * next one twice as long but never across the start of a month, until it is full.
 */
async function readPage(accountId, filter, after) {
  if (!filter.search) {
    const { text, values } = listStatement(accountId, filter, after);
    return (await db.query(text, values)).rows;
  }
  const where = ['account_id = $1'];
  const values = [accountId];
  if (filter.from) {
    values.push(filter.from);
    where.push(`created_at >= $${values.length}`);
  }
  if (after) {
    values.push(after.createdAt, after.id);
    where.push(`(created_at, id) < ($${values.length - 1}::timestamptz, $${values.length}::bigint)`);
  }
  const span = await db.query(
    `select extract(epoch from min(created_at))::float8 as oldest, extract(epoch from max(created_at))::float8 as newest
       from audit_entries where ${where.join(' and ')}`,
    values,
  );
  const { oldest, newest } = span.rows[0];
  if (oldest === null) return [];
  const rows = [];
  let end = Math.floor(newest * 1000) + 1;
  for (let length = 3_600_000; rows.length <= pageSize; length *= 2) {
    const start = Math.max(end - length, monthStart(new Date(end - 1)).getTime());
    const { text, values: v } = listStatement(
      accountId,
      filter,
      after,
      { start, end },
      pageSize + 1 - rows.length,
    );
    rows.push(...(await db.query(text, v)).rows);
    if (start <= oldest * 1000) break;
    end = start;
  }
  return rows;
}

/** The cursor of the last row of page `page` (found once, by offset, only to set the bench up). */
async function cursorBefore(accountId, filter, page) {
  const { text, values } = listStatement(accountId, filter, null);
  const offsetText = text.replace(/limit \$\d+$/, `limit 1 offset ${(page - 1) * pageSize - 1}`);
  const r = await db.query(offsetText, values.slice(0, -1));
  const row = r.rows[0];
  return row ? { createdAt: row.created_at, id: Number(row.id) } : null;
}

async function p95(accountId, filter, after) {
  const times = [];
  let count = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const rows = await readPage(accountId, filter, after);
    times.push(performance.now() - started);
    count = rows.length;
  }
  times.sort((a, b) => a - b);
  return { p95: times[Math.floor(times.length * 0.95)], p50: times[Math.floor(times.length / 2)], count };
}

try {
  console.log(
    `audit bench: database ${dbName}, ${rows.toLocaleString('en')} entries (+${otherRows.toLocaleString('en')} in a second account)`,
  );
  let big;
  let other;
  if (kept) {
    const found = await db.query(`select id, name from accounts where name in ('bench_big', 'bench_other')`);
    big = Number(found.rows.find((r) => r.name === 'bench_big')?.id);
    other = Number(found.rows.find((r) => r.name === 'bench_other')?.id);
    console.log('generation: none (a kept database)');
  } else {
    await migrate();
    const accounts = await db.query(
      `insert into accounts (name, display_name) values ('bench_big', 'bench_big'), ('bench_other', 'bench_other') returning id`,
    );
    [big, other] = accounts.rows.map((r) => Number(r.id));

    const started = performance.now();
    // One partition a month over the generated span (and the default one for anything else).
    await db.query(
      `select audit_ensure_partition(m) from generate_series(now() - interval '400 days', now() + interval '1 month', interval '1 month') m`,
    );
    await db.query('alter table audit_entries disable trigger audit_entries_chain');
    for (const index of indexes) await db.query(`drop index ${index}`);
    await generate(big, rows);
    const inserted = seconds(started);
    await generate(other, otherRows);
    const indexStarted = performance.now();
    for (const file of indexMigrations) {
      const migration = readFileSync(join(root, 'apps/server/src/db/migrations', file), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) {
        if (/CREATE (UNIQUE )?INDEX "audit_entries_/.test(statement))
          await db.query(statement.replace(/--.*$/gm, ''));
      }
    }
    const indexed = seconds(indexStarted);
    await db.query('alter table audit_entries enable trigger audit_entries_chain');
    await db.query('vacuum analyze audit_entries');
    console.log(
      `generation: ${seconds(started)} s in all (rows ${inserted} s, indexes ${indexed} s, then vacuum analyze)`,
    );
  }

  const cases = [
    ['no filter', {}],
    ['status = failure', { status: 0 }],
    ['object type = user', { objectType: 'user' }],
    ['user = user_7', { username: 'user_7' }],
    ['user + object type + failure', { username: 'user_0', objectType: 'session', status: 0 }],
    ['time range (last 30 days)', { from: new Date(Date.now() - 30 * 86_400_000).toISOString() }],
  ];
  console.log(`\np95 (p50) database time of one page of ${pageSize}, ${runs} runs each; target ≤ 20 ms`);
  console.log('filter'.padEnd(34), 'page 1'.padEnd(22), `page ${deepPage.toLocaleString('en')} (keyset)`);
  const show = (m) =>
    m ? `${m.p95.toFixed(2)} ms (${m.p50.toFixed(2)})`.padEnd(22) : 'fewer pages'.padEnd(22);
  for (const [name, filter] of cases) {
    const first = await p95(big, filter, null);
    const cursor = await cursorBefore(big, filter, deepPage);
    const deep = cursor ? await p95(big, filter, cursor) : null;
    judge(first);
    judge(deep);
    console.log(name.padEnd(34), show(first), show(deep));
  }
  const lastMonth = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const textCases = [
    ['object name "object_4242"', { search: 'object_4242' }],
    ['username "user_7"', { search: 'user_7' }],
    ['IP fragment "10.0.3"', { search: '10.0.3' }],
    ['IP fragment "10.0.249.1"', { search: '10.0.249.1' }],
    ['object name + last 30 days', { search: 'object_4242', from: lastMonth }],
    ['username + object type + failure', { search: 'user_0', objectType: 'session', status: 0 }],
    ['IP fragment + user + last 30 days', { search: '10.0.3', username: 'user_3', from: lastMonth }],
    ['no match "object_99999"', { search: 'object_99999' }],
  ];
  console.log(`\nfree text (word index), p95 (p50) and rows of page 1; page 2 by keyset`);
  for (const [name, filter] of textCases) {
    const first = await p95(big, filter, null);
    const cursor = first.count > pageSize ? await cursorBefore(big, filter, 2) : null;
    const second = cursor ? await p95(big, filter, cursor) : null;
    judge(first);
    judge(second);
    console.log(name.padEnd(34), show(first), show(second), `${first.count} rows`);
  }
  const isolated = await p95(other, {}, null);
  judge(isolated);
  console.log(`\n${'second account, page 1'.padEnd(34)} ${show(isolated)}`);
  console.log(`within target: ${within} of ${withTarget}`);
} finally {
  await db.end();
  if (process.env.AUDIT_BENCH_KEEP !== '1' && !kept)
    await admin.query(`drop database if exists ${dbName} with (force)`);
  else console.log(`kept database ${dbName}`);
  await admin.end();
}
