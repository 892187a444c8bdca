/**
 * Tests only: a job worker in a process of its own, for the crash tests (runner and webhook
 * deliveries) to kill with SIGKILL in the middle of a job. It works on the database at
 * WORKER_DATABASE_URL with the real clock and the configuration of its environment
 * (JOBS_LEASE_SECONDS, SECRET_KEY), as worker WORKER_ID, and says on standard output when it is
 * ready (`ready`) and when it started a job (`started <id>`).
 *
 * Besides the webhook deliveries it runs `test.hang` jobs, which never end: the worker holds
 * them, and renews their lease, until it is killed.
 *
 *   node --import tsx apps/server/test/job-worker.ts
 */
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createDeps } from '../src/deps';
import { createJobRunner, type TJobHandler } from '../src/jobs/runner';
import { systemClock } from '../src/lib/clock';
import { webhookJobHandlers } from '../src/modules/billing/webhooks/webhooks.jobs';
import { hangJobKind } from './job-worker-process';

const url = process.env.WORKER_DATABASE_URL;
if (!url) throw new Error('WORKER_DATABASE_URL is not set');
const config = loadConfig({ ...process.env, DEMO: '0', JOBS: '1' });
const database = await openDatabase({ url, dataDir: null, poolSize: 2 });
const deps = createDeps(config, database, systemClock);
const log = pino({ level: 'warn' }, pino.destination(2));

const say = (line: string) => process.stdout.write(`${line}\n`);

function announced(handler: TJobHandler): TJobHandler {
  return (job, jobDeps) => {
    say(`started ${job.id}`);
    return handler(job, jobDeps);
  };
}

const handlers: Record<string, TJobHandler> = {
  [hangJobKind]: () => new Promise<never>(() => undefined),
  ...webhookJobHandlers(log),
};
const runner = createJobRunner(
  deps,
  Object.fromEntries(Object.entries(handlers).map(([kind, handler]) => [kind, announced(handler)])),
  log,
  { pollMs: 50, workerId: process.env.WORKER_ID ?? `child:${process.pid}` },
);
runner.start();
// The runner's timers do not hold the process: this does, until the test kills it.
setInterval(() => undefined, 60_000);
say('ready');
