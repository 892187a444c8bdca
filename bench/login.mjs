#!/usr/bin/env node
// `npm run bench:login`: password sign-ins per second against the built server on PostgreSQL,
// beside the raw argon2id verify rate of this machine measured in the same run, and their ratio
// (target ≥ 0.9). Also compares the latency of a wrong password with that of an unknown user.
// Figures only; never a test. Needs `npm run build` first (it builds the server if missing).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
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

if (!existsSync(join(root, 'apps/server/dist/main.mjs'))) {
  spawnSync('npm', ['run', 'build', '-w', '@console/server'], { cwd: root, stdio: 'inherit' });
}

async function rawVerifyRate(windowSeconds) {
  const digest = await hash('Demo@2026pass', argon2Options);
  let done = 0;
  const end = performance.now() + windowSeconds * 1000;
  await Promise.all(
    Array.from({ length: cores }, async () => {
      while (performance.now() < end) {
        await verify(digest, 'Demo@2026pass');
        done += 1;
      }
    }),
  );
  return done / windowSeconds;
}

async function serverLoginRate(windowSeconds, body) {
  const result = await autocannon({
    url: `http://localhost:${port}/api/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections: cores * 4,
    duration: windowSeconds,
  });
  return { rate: result.requests.total / windowSeconds, result };
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

const dbName = `console_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
await admin.end();
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;

const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.mjs')], {
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: dbUrl.toString(),
    DEMO: '1',
    JOBS: '0',
    LOG_LEVEL: 'error',
    // The timing of failures below fails 80 sign-ins from this one address: keep the limits per
    // address (decision 0012) out of the way. They still read and count on every sign-in.
    ADDRESS_CAPTCHA_AFTER_FAILURES: '10000',
    ADDRESS_BLOCK_AFTER_FAILURES: '100000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let i = 0; i < 100; i += 1) {
    const ok = await fetch(`http://localhost:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = { accountDisplayName: 'demo', username: 'admin_demo', password: 'Demo@2026pass' };

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

  // Raw and server windows alternate, so that a change in the machine's load affects both alike.
  const rounds = 3;
  const window = Math.max(3, Math.round(seconds / rounds));
  console.log(
    `Alternating ${rounds} rounds of ${window} s: raw argon2id verifies (${cores} in parallel), then sign-ins…`,
  );
  const raws = [];
  const servers = [];
  let last;
  for (let i = 0; i < rounds; i += 1) {
    raws.push(await rawVerifyRate(window));
    last = await serverLoginRate(window, login);
    servers.push(last.rate);
  }
  const raw = raws.reduce((a, b) => a + b, 0) / rounds;
  const rate = servers.reduce((a, b) => a + b, 0) / rounds;
  const ratio = rate / raw;
  const result = last.result;
  console.log('');
  console.log(
    `raw argon2id verify     ${raw.toFixed(1)} /s (m=19456 KiB, t=2, p=1; ${cores} cores; rounds ${raws.map((r) => r.toFixed(1)).join(', ')})`,
  );
  console.log(
    `server sign-ins         ${rate.toFixed(1)} /s (rounds ${servers.map((r) => r.toFixed(1)).join(', ')}; last round p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors})`,
  );
  console.log(`ratio                   ${ratio.toFixed(3)} (target ≥ 0.9)`);
  console.log(`wrong password median   ${median(wrong).toFixed(2)} ms`);
  console.log(
    `unknown user median     ${median(unknown).toFixed(2)} ms (difference ${(median(unknown) - median(wrong)).toFixed(2)} ms)`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${dbName} with (force)`);
  await cleanup.end();
}
