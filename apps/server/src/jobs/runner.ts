/**
 * Background work on the `jobs` table. A worker claims one due job at a time with
 * `FOR UPDATE SKIP LOCKED`, under a lease: any number of server replicas can run workers, a job
 * runs on one of them at a time, and the job of a replica that died is claimed again once its
 * lease ends. Failures are retried with exponential backoff up to `max_attempts`.
 */
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDeps } from '../context';
import { rowsOf, type TDb } from '../db/client';

export type TJob = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
};

export type TJobResult = undefined | { nextRunAt: Date };

export type TJobHandler = (job: TJob, deps: TDeps) => Promise<TJobResult | undefined> | Promise<void>;

export type TJobRunner = {
  /** Claims and runs due jobs until none is due; answers how many ran. */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

const leaseMs = 5 * 60_000;

export async function enqueueJob(
  db: TDb,
  input: {
    kind: string;
    payload?: Record<string, unknown>;
    runAt: Date;
    dedupeKey?: string;
    maxAttempts?: number;
  },
): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into jobs (kind, payload, run_at, dedupe_key, max_attempts)
      values (${input.kind}, ${JSON.stringify(input.payload ?? {})}::jsonb, ${input.runAt},
              ${input.dedupeKey ?? null}, ${input.maxAttempts ?? 5})
      on conflict (dedupe_key) where status in ('queued', 'running') do nothing
      returning id`),
  );
  return rows.length > 0;
}

async function claim(db: TDb, workerId: string, now: Date): Promise<TJob | null> {
  const rows = rowsOf<{ id: number; kind: string; payload: unknown; attempts: number; max_attempts: number }>(
    await db.execute(sql`
      update jobs set status = 'running', locked_by = ${workerId},
                      locked_until = ${new Date(now.getTime() + leaseMs)}, attempts = attempts + 1, updated_at = ${now}
      where id = (
        select id from jobs
        where (status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until < ${now})
        order by run_at, id
        for update skip locked
        limit 1
      )
      returning id, kind, payload, attempts, max_attempts`),
  );
  const r = rows[0];
  if (!r) return null;
  const payload = typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload;
  return {
    id: Number(r.id),
    kind: r.kind,
    payload: (payload ?? {}) as Record<string, unknown>,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
  };
}

export function createJobRunner(
  deps: TDeps,
  handlers: Record<string, TJobHandler>,
  log: FastifyBaseLogger,
  options: { pollMs: number; workerId?: string },
): TJobRunner {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}`;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let isStopped = false;

  async function runOne(job: TJob): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const result = await handler(job, deps);
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        await tx.execute(sql`
          update jobs set status = 'done', finished_at = ${now}, updated_at = ${now}, locked_by = null, locked_until = null
          where id = ${job.id}`);
        if (result && 'nextRunAt' in result) {
          const dedupe = rowsOf<{ dedupe_key: string | null }>(
            await tx.execute(sql`select dedupe_key from jobs where id = ${job.id}`),
          )[0]?.dedupe_key;
          await enqueueJob(tx, {
            kind: job.kind,
            payload: job.payload,
            runAt: result.nextRunAt,
            ...(dedupe ? { dedupeKey: dedupe } : {}),
            maxAttempts: job.maxAttempts,
          });
        }
      });
    } catch (error) {
      const now = deps.clock.now();
      const message = error instanceof Error ? error.message : String(error);
      const isFinal = job.attempts >= job.maxAttempts;
      const retryAt = new Date(now.getTime() + Math.min(3_600_000, 1000 * 2 ** job.attempts));
      log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: error }, 'job failed');
      await deps.db.execute(sql`
        update jobs set status = ${isFinal ? 'failed' : 'queued'}, run_at = ${isFinal ? now : retryAt},
                        last_error = ${message.slice(0, 2000)}, updated_at = ${now},
                        finished_at = ${isFinal ? now : null}, locked_by = null, locked_until = null
        where id = ${job.id}`);
    }
  }

  async function drain(): Promise<number> {
    let count = 0;
    while (!isStopped) {
      const job = await claim(deps.db, workerId, deps.clock.now());
      if (!job) break;
      await runOne(job);
      count += 1;
    }
    return count;
  }

  function schedule(): void {
    if (isStopped) return;
    timer = setTimeout(async () => {
      running = drain().catch((error) => {
        log.warn({ err: error }, 'job polling failed');
        return 0;
      });
      await running;
      running = null;
      schedule();
    }, options.pollMs);
    timer.unref();
  }

  return {
    drain,
    start: () => {
      isStopped = false;
      schedule();
    },
    stop: async () => {
      isStopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
