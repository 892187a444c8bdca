#!/usr/bin/env node
// `npm run bench:login`: password sign-ins per second against the built server on PostgreSQL,
// beside the raw argon2id verify rate of this machine measured in the same run, and their ratio
// (target ≥ 0.95). Breaks a sign-in down: the wall time of a lone sign-in (argon2id, database,
// the rest) and the processor time a sign-in costs under full load (the server's hashing threads,
// its main thread, its other threads, the PostgreSQL backends, this load generator). Also
// compares the latency of a wrong password with that of an unknown user. Figures only; never a
// test. Needs `npm run build` first (it builds the server if missing). BENCH_SECONDS: the length
// of the load windows (default 15).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const cores = availableParallelism();
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const port = Number(process.env.BENCH_PORT ?? 8490);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  `postgres://${process.env.USER ?? 'root'}@127.0.0.1:5432/postgres`;
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const ratioTarget = 0.95;

if (!existsSync(join(root, 'apps/server/dist/main.mjs'))) {
  spawnSync('npm', ['run', 'build', '-w', '@console/server'], { cwd: root, stdio: 'inherit' });
}

// Processor time from /proc (Linux), in milliseconds; null where it cannot be read.
const tickMs = 1000 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);
function cpuOfStat(path) {
  try {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * tickMs;
  } catch {
    return null;
  }
}
/** Processor time of each thread of a process, by thread id. */
function threadCpu(pid) {
  const out = new Map();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const ms = cpuOfStat(`/proc/${pid}/task/${tid}/stat`);
      if (ms !== null) out.set(Number(tid), ms);
    }
  } catch {
    return null;
  }
  return out;
}
const ownCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function rawVerifyRate(windowSeconds, digest) {
  let done = 0;
  const cpuBefore = ownCpu();
  const end = performance.now() + windowSeconds * 1000;
  await Promise.all(
    Array.from({ length: cores }, async () => {
      while (performance.now() < end) {
        await verify(digest, 'Demo@2026pass');
        done += 1;
      }
    }),
  );
  return { rate: done / windowSeconds, cpuPerVerify: (ownCpu() - cpuBefore) / done };
}

/**
 * The load generator: `connections` keep-alive connections, each sending the same sign-in as soon
 * as the previous answer is complete. Lighter than a general-purpose HTTP client (it shares the
 * machine's cores with the server under test); BENCH_CLIENT=autocannon uses autocannon instead.
 */
async function signInLoad(windowSeconds, connections, body) {
  if (process.env.BENCH_CLIENT === 'autocannon') {
    const r = await autocannon({
      url: `http://localhost:${port}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections,
      duration: windowSeconds,
    });
    return {
      total: r.requests.total,
      completed: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors,
      p50: r.latency.p50,
      p99: r.latency.p99,
    };
  }
  const request = Buffer.from(
    `POST /api/login HTTP/1.1\r\nhost: localhost:${port}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  const end = performance.now() + windowSeconds * 1000;
  const latencies = [];
  let completed = 0;
  let non2xx = 0;
  let errors = 0;
  const one = () =>
    new Promise((resolveDone) => {
      const socket = connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      let buffered = Buffer.alloc(0);
      let started = 0;
      const send = () => {
        if (performance.now() >= end) {
          socket.end();
          return;
        }
        started = performance.now();
        socket.write(request);
      };
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
        const headerEnd = buffered.indexOf('\r\n\r\n');
        if (headerEnd < 0) return;
        const head = buffered.subarray(0, headerEnd).toString('latin1');
        const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
        if (length === undefined) {
          errors += 1;
          socket.destroy();
          return;
        }
        if (buffered.length < headerEnd + 4 + Number(length)) return;
        buffered = buffered.subarray(headerEnd + 4 + Number(length));
        const now = performance.now();
        completed += 1;
        // The rate counts the answers within the window; the processor time, all of them.
        if (now <= end) latencies.push(now - started);
        if (!head.startsWith('HTTP/1.1 2')) non2xx += 1;
        send();
      });
      socket.on('error', () => {
        errors += 1;
      });
      socket.on('close', resolveDone);
    });
  await Promise.all(Array.from({ length: connections }, one));
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
  return { total: latencies.length, completed, non2xx, errors, p50: at(0.5), p99: at(0.99) };
}

async function post(path, body) {
  const started = performance.now();
  const res = await fetch(`http://localhost:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  return { ms: performance.now() - started, code: json.code };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const mean = (xs) => sum(xs) / xs.length;
const ms = (v) => (v === null || Number.isNaN(v) ? '   n/a' : v.toFixed(2).padStart(6));

const dbName = `console_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;

/** Milliseconds the database spent running statements (pg_stat_database.active_time, PostgreSQL 14+). */
async function dbActiveMs() {
  // Backends report their figures when idle, at most once a second.
  await new Promise((r) => setTimeout(r, 1_200));
  const { rows } = await admin.query('select active_time from pg_stat_database where datname = $1', [dbName]);
  return rows[0]?.active_time ?? null;
}
/** Processor time of the PostgreSQL backends that serve the bench database (same machine only). */
async function dbBackendCpu() {
  const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [dbName]);
  const times = rows.map((r) => cpuOfStat(`/proc/${r.pid}/stat`));
  return times.some((t) => t === null) ? null : new Map(rows.map((r, i) => [r.pid, times[i]]));
}
const cpuDelta = (before, after) =>
  before && after ? sum([...after].map(([id, t]) => t - (before.get(id) ?? 0))) : null;

const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.mjs')], {
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: dbUrl.toString(),
    DEMO: '1',
    JOBS: '0',
    LOG_LEVEL: 'error',
    // One hashing thread per core (the default, made explicit: the breakdown counts them).
    HASH_CONCURRENCY: String(cores),
    // The timing of failures below fails 80 sign-ins from this one address: keep the limits per
    // address (decision 0012) out of the way. They still read and count on every sign-in.
    ADDRESS_CAPTCHA_AFTER_FAILURES: '10000',
    ADDRESS_BLOCK_AFTER_FAILURES: '100000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  // Migrations and the demo data take a while on a busy machine.
  for (let i = 0; ; i += 1) {
    const ok = await fetch(`http://localhost:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i >= 600 || server.exitCode !== null) throw new Error('the server did not get ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = { accountDisplayName: 'demo', username: 'admin_demo', password: 'Demo@2026pass' };
  const digest = await hash('Demo@2026pass', argon2Options);

  // Timing of failures: a wrong password for a real user against an unknown username.
  const wrong = [];
  const unknown = [];
  for (let i = 0; i < 40; i += 1) {
    const w = await post('/api/login', { ...login, password: 'Wrong@2026pass' });
    const u = await post('/api/login', { ...login, username: `nobody_${i}` });
    if (w.code !== 4019 || u.code !== 4019) throw new Error(`unexpected codes ${w.code} ${u.code}`);
    wrong.push(w.ms);
    unknown.push(u.ms);
    await post('/api/login', login); // clears the count
  }

  // A lone sign-in, one at a time: its wall time beside that of a lone raw verify, and the time
  // the database spent on it.
  const lone = 30;
  const loneVerify = [];
  for (let i = 0; i < lone; i += 1) {
    const started = performance.now();
    await verify(digest, 'Demo@2026pass');
    loneVerify.push(performance.now() - started);
  }
  const activeBefore = await dbActiveMs();
  const loneSignIn = [];
  for (let i = 0; i < lone; i += 1) {
    const r = await post('/api/login', login);
    if (r.code !== 0) throw new Error(`unexpected code ${r.code}`);
    loneSignIn.push(r.ms);
  }
  const activeAfter = await dbActiveMs();
  const loneDb = activeBefore === null || activeAfter === null ? null : (activeAfter - activeBefore) / lone;

  // Raw and server windows alternate, so that a change in the machine's load affects both alike.
  const rounds = 3;
  const window = Math.max(3, Math.round(seconds / rounds));
  console.log(
    `Alternating ${rounds} rounds of ${window} s: raw argon2id verifies (${cores} in parallel), then sign-ins…`,
  );
  const raws = [];
  const servers = [];
  const cpu = { total: 0, threads: new Map(), database: 0, client: 0, n: 0, isDatabaseKnown: true };
  let last;
  for (let i = 0; i < rounds; i += 1) {
    raws.push(await rawVerifyRate(window, digest));
    const threadsBefore = threadCpu(server.pid);
    const dbBefore = await dbBackendCpu();
    const clientBefore = ownCpu();
    last = await signInLoad(window, cores * 4, JSON.stringify(login));
    cpu.client += ownCpu() - clientBefore;
    const threadsAfter = threadCpu(server.pid);
    const dbAfter = await dbBackendCpu();
    servers.push(last.total / window);
    cpu.n += last.completed;
    if (threadsBefore && threadsAfter) {
      for (const [tid, t] of threadsAfter) {
        cpu.threads.set(tid, (cpu.threads.get(tid) ?? 0) + t - (threadsBefore.get(tid) ?? 0));
      }
    }
    const db = cpuDelta(dbBefore, dbAfter);
    if (db === null) cpu.isDatabaseKnown = false;
    else cpu.database += db;
  }
  const raw = mean(raws.map((r) => r.rate));
  const rate = mean(servers);
  const ratio = rate / raw;

  // The hashing threads are the busiest ones after the main thread (HASH_CONCURRENCY of them).
  const perSignIn = (v) => v / cpu.n;
  const main = cpu.threads.get(server.pid) ?? null;
  const others = [...cpu.threads].filter(([tid]) => tid !== server.pid).map(([, t]) => t);
  others.sort((a, b) => b - a);
  const hashing = cpu.threads.size > 0 ? sum(others.slice(0, cores)) : null;
  const otherThreads = cpu.threads.size > 0 ? sum(others.slice(cores)) : null;
  const rawCpu = mean(raws.map((r) => r.cpuPerVerify));
  const rest = [main, otherThreads, cpu.isDatabaseKnown ? cpu.database : null, cpu.client];
  const beside = rest.every((v) => v !== null) ? sum(rest) : null;

  console.log('');
  console.log(
    `raw argon2id verify     ${raw.toFixed(1)} /s (m=19456 KiB, t=2, p=1; ${cores} cores; rounds ${raws.map((r) => r.rate.toFixed(1)).join(', ')})`,
  );
  console.log(
    `server sign-ins         ${rate.toFixed(1)} /s (rounds ${servers.map((r) => r.toFixed(1)).join(', ')}; last round p50 ${last.p50} ms, p99 ${last.p99} ms, non-2xx ${last.non2xx}, errors ${last.errors})`,
  );
  console.log(
    `ratio                   ${ratio.toFixed(3)} (rounds ${servers.map((s, i) => (s / raws[i].rate).toFixed(3)).join(', ')}; target ≥ ${ratioTarget})`,
  );
  console.log('');
  console.log(`A lone sign-in, wall time (median of ${lone}; database: mean):`);
  const loneTotal = median(loneSignIn);
  const loneArgon = median(loneVerify);
  console.log(`  whole sign-in         ${ms(loneTotal)} ms`);
  console.log(`  argon2id verify       ${ms(loneArgon)} ms (a raw verify alone)`);
  console.log(`  database              ${ms(loneDb)} ms (statements' active time)`);
  console.log(
    `  the rest              ${ms(loneDb === null ? null : loneTotal - loneArgon - loneDb)} ms (HTTP, JavaScript, round trips, scheduling)`,
  );
  console.log(`Processor time per sign-in under full load (${cpu.n} sign-ins):`);
  console.log(
    `  argon2id              ${ms(hashing === null ? null : perSignIn(hashing))} ms (the server's ${cores} hashing threads; a raw verify: ${rawCpu.toFixed(2)} ms)`,
  );
  console.log(
    `  database              ${ms(cpu.isDatabaseKnown ? perSignIn(cpu.database) : null)} ms (PostgreSQL backends of the bench database)`,
  );
  console.log(
    `  the rest              ${ms(main === null || otherThreads === null ? null : perSignIn(main + otherThreads))} ms (server main thread ${ms(main === null ? null : perSignIn(main)).trim()}, its other threads ${ms(otherThreads === null ? null : perSignIn(otherThreads)).trim()})`,
  );
  console.log(
    `  load generator        ${ms(perSignIn(cpu.client))} ms (${process.env.BENCH_CLIENT === 'autocannon' ? 'autocannon' : 'keep-alive connections'}, in this process)`,
  );
  if (beside !== null && hashing !== null) {
    console.log(
      `  argon2id share        ${(hashing / (hashing + beside)).toFixed(3)} (the ceiling of the ratio when the cores are the limit)`,
    );
  }
  console.log('');
  const difference = median(unknown) - median(wrong);
  console.log(`wrong password median   ${median(wrong).toFixed(2)} ms`);
  console.log(
    `unknown user median     ${median(unknown).toFixed(2)} ms (difference ${difference.toFixed(2)} ms)`,
  );
  const cases = [ratio >= ratioTarget];
  console.log(`within target: ${cases.filter(Boolean).length} of ${cases.length}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
