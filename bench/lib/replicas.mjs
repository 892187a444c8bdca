// Bench databases and server replicas: a database of its own on a PostgreSQL server, migrated and
// seeded by starting the built server once with DEMO=1; N replicas of the built server on ports
// P, P+1, …; each replica's resident memory (VmRSS from /proc/<pid>/status) sampled over time.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { sleep } from './stats.mjs';

export const root = resolve(import.meta.dirname, '../..');
/** The built server (BENCH_SERVER_BUNDLE: another build, e.g. one next to it in dist/). */
export const bundle = resolve(root, process.env.BENCH_SERVER_BUNDLE ?? 'apps/server/dist/main.mjs');
export const defaultAdminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  `postgres://${process.env.USER ?? 'root'}@127.0.0.1:5432/postgres`;

/** Builds the server (and the web app) when the bundle is missing or lacks `mustContain`. */
export function ensureBuilt(mustContain = []) {
  const text = existsSync(bundle) ? readFileSync(bundle, 'utf8') : '';
  const hasWeb = existsSync(join(root, 'apps/web/dist/index.html'));
  if (!text || !hasWeb || mustContain.some((s) => !text.includes(s))) {
    spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
}

/** A fresh database `console_bench_<name>_<hex>` on the server of `adminUrl`. */
export async function createDatabase(name, adminUrl = defaultAdminUrl) {
  const dbName = `console_bench_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${dbName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return { name: dbName, url: url.toString(), adminUrl };
}

export async function dropDatabase(database) {
  const admin = new pg.Client({ connectionString: database.adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database.name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A folder for the replicas' logs. */
export function logDir(name) {
  const dir = join(tmpdir(), `console-bench-${name}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Starts the built server. `env` adds to (or overrides) PORT, DATABASE_URL, DEMO, JOBS, LOG_LEVEL;
 * its output goes to `logFile` when given.
 */
export function startServer({ port, databaseUrl, env = {}, logFile = null }) {
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DEMO: '1',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (logFile) {
    const out = createWriteStream(logFile, { flags: 'a' });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
  } else {
    child.stdout.resume();
    child.stderr.pipe(process.stderr);
  }
  child.port = port;
  child.base = `http://127.0.0.1:${port}`;
  child.exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  return child;
}

/** Waits until `/readyz` answers 200. */
export async function waitReady(base, timeoutMs = 60_000, child = null) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`the server on ${base} exited (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`the server on ${base} did not become ready`);
}

export async function stopServer(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await child.exited;
  clearTimeout(timer);
}

/** Migrates the database and creates the demo data: the server started once with DEMO=1. */
export async function migrateAndSeed(databaseUrl, { port, env = {}, logFile = null }) {
  const server = startServer({ port, databaseUrl, env: { ...env, DEMO: '1', JOBS: '0' }, logFile });
  try {
    await waitReady(server.base, 120_000, server);
    return server;
  } catch (error) {
    await stopServer(server);
    throw error;
  }
}

/** `count` replicas on ports basePort, basePort + 1, …, all ready. */
export async function startReplicas({ count, basePort, databaseUrl, env = {}, logPrefix = null }) {
  const replicas = [];
  for (let i = 0; i < count; i += 1) {
    replicas.push(
      startServer({
        port: basePort + i,
        databaseUrl,
        env,
        logFile: logPrefix ? `${logPrefix}-${i + 1}.log` : null,
      }),
    );
  }
  try {
    await Promise.all(replicas.map((r) => waitReady(r.base, 120_000, r)));
  } catch (error) {
    await Promise.all(replicas.map((r) => stopServer(r)));
    throw error;
  }
  return replicas;
}

/** Resident memory of a process in bytes (0 when it is gone). */
export function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process used so far, in seconds (0 when it is gone). */
export function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime: fields 14 and 15 of the line (11 and 12 after the command name), in ticks
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Samples each replica's VmRSS (and CPU time, and the machine's load average) every `intervalMs`:
 * { samples: [{ t, rss: [bytes…], cpu: [seconds…], load }], stop() }.
 */
export function sampleMemory(replicas, intervalMs = 5000) {
  const started = Date.now();
  const samples = [];
  const take = () =>
    samples.push({
      t: (Date.now() - started) / 1000,
      rss: replicas.map((r) => rssOf(r.pid)),
      cpu: replicas.map((r) => cpuSecondsOf(r.pid)),
      load: loadavg()[0],
    });
  take();
  const timer = setInterval(take, intervalMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}
