/**
 * Background work on the `jobs` table. A worker claims one due job at a time with
 * `FOR UPDATE SKIP LOCKED`, under a lease (`JOBS_LEASE_SECONDS`, 30 s): any number of server
 * replicas can run workers, a job runs on one of them at a time, and the job of a replica that
 * died is claimed again once its lease ends. While a job runs, a heartbeat renews its lease every
 * third of the lease, so a long job keeps it and a killed replica's job is taken over within about
 * one lease. A claim is `locked_by` and `attempts` together: a worker whose lease was lost (its
 * heartbeat found the job claimed again) never writes the job's outcome over the new claim's.
 * Failures are retried with exponential backoff up to `max_attempts`.
 *
 * Times in the table come from `deps.clock` (claims, heartbeats, completions); the heartbeat's
 * timer runs in real time and renews to `clock.now() + lease`. Tests with a manual clock turn the
 * timer off (`heartbeatMs: 0`) and call `heartbeat()` where a tick should happen.
 */
import { hostname } from 'node:os';
import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDeps } from '../context';
import type { TDb } from '../db/client';
import { jobs } from '../db/schema';

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
  /**
   * Renews the lease of every job this runner is running now (what the heartbeat's timer does);
   * answers how many leases it still holds. A job whose lease was lost is let go of.
   */
  heartbeat(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

export type TJobRunnerOptions = {
  pollMs: number;
  workerId?: string;
  /** How long a claim holds without a heartbeat; `deps.config.jobs.leaseMs` unless given. */
  leaseMs?: number;
  /** How often a running job's lease is renewed: a third of the lease unless given; 0: never by itself. */
  heartbeatMs?: number;
};

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
  const rows = await db
    .insert(jobs)
    .values({
      kind: input.kind,
      payload: input.payload ?? {},
      runAt: input.runAt,
      dedupeKey: input.dedupeKey ?? null,
      maxAttempts: input.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('queued', 'running')` })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Takes back a queued (not yet running) job by its dedupe key; answers whether there was one. */
export async function cancelQueuedJob(db: TDb, dedupeKey: string): Promise<boolean> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, 'queued')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Removes jobs that finished (done or failed) before `before` (the retention job's week). */
export async function deleteFinishedJobs(db: TDb, before: Date): Promise<void> {
  await db.execute(sql`delete from jobs where status in ('done', 'failed') and finished_at < ${before}`);
}

async function claim(db: TDb, workerId: string, now: Date, leaseMs: number): Promise<TJob | null> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(
        and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)),
        and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now)),
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .for('update', { skipLocked: true })
    .limit(1);
  const rows = await db
    .update(jobs)
    .set({
      status: 'running',
      lockedBy: workerId,
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: now,
    })
    .where(eq(jobs.id, due))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    });
  const r = rows[0];
  if (!r) return null;
  const payload = typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload;
  return {
    id: r.id,
    kind: r.kind,
    payload: (payload ?? {}) as Record<string, unknown>,
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
  };
}

export function createJobRunner(
  deps: TDeps,
  handlers: Record<string, TJobHandler>,
  log: FastifyBaseLogger,
  options: TJobRunnerOptions,
): TJobRunner {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}`;
  const leaseMs = options.leaseMs ?? deps.config.jobs.leaseMs;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1, Math.floor(leaseMs / 3));
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let isStopped = false;
  /** The jobs this runner runs now, with the attempt of its claim (a claim is locked_by + attempts). */
  const held = new Map<number, TJob>();

  /** The claim's condition: only the worker still holding this claim renews it or writes the outcome. */
  const isMine = (job: TJob) =>
    and(
      eq(jobs.id, job.id),
      eq(jobs.status, 'running'),
      eq(jobs.lockedBy, workerId),
      eq(jobs.attempts, job.attempts),
    );

  /** Whether the claim is still this runner's; extends its lease when it is. */
  async function renew(job: TJob): Promise<boolean> {
    const now = deps.clock.now();
    const rows = await deps.db
      .update(jobs)
      .set({ lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
      .where(isMine(job))
      .returning({ id: jobs.id });
    if (rows.length > 0) return true;
    if (held.get(job.id) === job) {
      held.delete(job.id);
      log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job lease lost');
    }
    return false;
  }

  async function heartbeat(): Promise<number> {
    let count = 0;
    for (const job of [...held.values()]) {
      try {
        if (await renew(job)) count += 1;
      } catch (error) {
        // The database is unreachable for a moment: the next beat tries again.
        log.warn({ jobId: job.id, err: error }, 'job heartbeat failed');
      }
    }
    return count;
  }

  function dropped(job: TJob): void {
    log.warn(
      { jobId: job.id, kind: job.kind, attempts: job.attempts },
      'job finished after its lease was lost: its outcome is dropped',
    );
  }

  async function runOne(job: TJob): Promise<void> {
    const handler = handlers[job.kind];
    held.set(job.id, job);
    const beat =
      heartbeatMs > 0
        ? setInterval(() => {
            if (held.get(job.id) !== job) return;
            renew(job).catch((error) => log.warn({ jobId: job.id, err: error }, 'job heartbeat failed'));
          }, heartbeatMs)
        : null;
    beat?.unref();
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const result = await handler(job, deps);
      if (beat) clearInterval(beat);
      held.delete(job.id);
      const now = deps.clock.now();
      const isDone = await deps.db.transaction(async (tx) => {
        const done = await tx
          .update(jobs)
          .set({ status: 'done', finishedAt: now, updatedAt: now, lockedBy: null, lockedUntil: null })
          .where(isMine(job))
          .returning({ dedupeKey: jobs.dedupeKey });
        if (done.length === 0) return false;
        if (result && 'nextRunAt' in result) {
          const dedupe = done[0]?.dedupeKey;
          await enqueueJob(tx, {
            kind: job.kind,
            payload: job.payload,
            runAt: result.nextRunAt,
            ...(dedupe ? { dedupeKey: dedupe } : {}),
            maxAttempts: job.maxAttempts,
          });
        }
        return true;
      });
      if (!isDone) dropped(job);
    } catch (error) {
      if (beat) clearInterval(beat);
      held.delete(job.id);
      const now = deps.clock.now();
      const message = error instanceof Error ? error.message : String(error);
      const isFinal = job.attempts >= job.maxAttempts;
      const retryAt = new Date(now.getTime() + Math.min(3_600_000, 1000 * 2 ** job.attempts));
      log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: error }, 'job failed');
      const rows = await deps.db
        .update(jobs)
        .set({
          status: isFinal ? 'failed' : 'queued',
          runAt: isFinal ? now : retryAt,
          lastError: message.slice(0, 2000),
          updatedAt: now,
          finishedAt: isFinal ? now : null,
          lockedBy: null,
          lockedUntil: null,
        })
        .where(isMine(job))
        .returning({ id: jobs.id });
      if (rows.length === 0) dropped(job);
    }
  }

  async function drain(): Promise<number> {
    let count = 0;
    while (!isStopped) {
      const job = await claim(deps.db, workerId, deps.clock.now(), leaseMs);
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
    heartbeat,
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
