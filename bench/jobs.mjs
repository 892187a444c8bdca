#!/usr/bin/env node
// `npm run bench:jobs`: throughput of the jobs table (apps/server/src/jobs/runner.ts) on a
// database of its own on the PostgreSQL server: JOBS_BENCH_COUNT (default 20,000) due jobs whose
// handler does nothing, drained by 1, 2, 4 and 8 runners at once (each runner is what one server
// replica runs: claim with FOR UPDATE SKIP LOCKED, run, complete; one job at a time), and the rate
// of enqueuing one job per statement. The runners are the server's own code (run through tsx).
// Figures for docs/scaling.md; never a test. JOBS_BENCH_RUNNERS (default "1,2,4,8").
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config/index.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { closeDeps, createDeps } from '../apps/server/src/deps.ts';
import { createJobRunner, enqueueJob } from '../apps/server/src/jobs/runner.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { createDatabase, dropDatabase } from './lib/replicas.mjs';

const count = Number(process.env.JOBS_BENCH_COUNT ?? 20_000);
const runnerCounts = (process.env.JOBS_BENCH_RUNNERS ?? '1,2,4,8').split(',').map(Number);
const kind = 'bench.noop';

const database = await createDatabase('jobs');
const opened = await openDatabase({ url: database.url, dataDir: null, poolSize: 20 });
const log = pino({ level: 'silent' });
try {
  await migrate(opened.db);
  const deps = createDeps(loadConfig({ DEMO: '0', JOBS: '0' }), opened, systemClock);
  const pool = (await import('pg')).default;
  const raw = new pool.Client({ connectionString: database.url });
  await raw.connect();

  // Enqueue one at a time (what a request or a job does), then a backlog set-wise.
  const enqueueRuns = Math.min(count, 2000);
  let started = performance.now();
  for (let i = 0; i < enqueueRuns; i += 1) {
    await enqueueJob(opened.db, { kind, runAt: new Date(Date.now() - 1000), payload: { i } });
  }
  const enqueueRate = enqueueRuns / ((performance.now() - started) / 1000);
  console.log(
    `enqueue, one statement each: ${Math.round(enqueueRate)} jobs/s (${enqueueRuns} jobs, one connection)`,
  );

  console.log(`\ndrain ${count.toLocaleString('en')} due jobs (handler does nothing):`);
  console.log('runners  jobs/s   ms per job per runner');
  for (const runners of runnerCounts) {
    await raw.query('delete from jobs');
    await raw.query(
      `insert into jobs (kind, payload, run_at)
       select $1, jsonb_build_object('i', g), now() - interval '1 second' from generate_series(1, $2) g`,
      [kind, count],
    );
    await raw.query('analyze jobs');
    const workers = Array.from({ length: runners }, (_, i) =>
      createJobRunner(deps, { [kind]: async () => undefined }, log, {
        pollMs: 60_000,
        workerId: `bench:${i}`,
        heartbeatMs: 0,
      }),
    );
    started = performance.now();
    const done = await Promise.all(workers.map((w) => w.drain()));
    const seconds = (performance.now() - started) / 1000;
    const total = done.reduce((a, b) => a + b, 0);
    const left = (await raw.query(`select count(*)::int as n from jobs where status <> 'done'`)).rows[0].n;
    if (total !== count || left !== 0) throw new Error(`drained ${total} of ${count}; ${left} not done`);
    console.log(
      `${String(runners).padStart(7)}  ${String(Math.round(total / seconds)).padStart(6)}   ${((seconds * 1000 * runners) / total).toFixed(2)}`,
    );
  }
  await raw.end();
  await closeDeps(deps);
} finally {
  await opened.close();
  await dropDatabase(database);
}
