import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness';
import { eventually, hangJobKind, startWorkerProcess } from '../../test/job-worker-process';
import { rowsOf } from '../db/client';
import { systemClock } from '../lib/clock';
import { createJobRunner, enqueueJob, type TJob } from './runner';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const log = { warn: () => {}, info: () => {}, error: () => {} } as never;

async function jobRows() {
  return rowsOf<{ id: number; kind: string; status: string; attempts: number; last_error: string | null }>(
    await t.deps.db.execute(sql`select id, kind, status, attempts, last_error from jobs order by id`),
  );
}

describe('job runner', () => {
  it('runs each job once even with several workers draining at the same time', async () => {
    await t.deps.db.execute(sql`delete from jobs`);
    for (let i = 0; i < 20; i += 1)
      await enqueueJob(t.deps.db, { kind: 'count', payload: { i }, runAt: t.clock.now() });
    const seen: number[] = [];
    const handler = async (job: TJob) => {
      seen.push(job.payload.i as number);
      await new Promise((r) => setTimeout(r, 5));
    };
    const workers = [1, 2, 3].map((n) =>
      createJobRunner(t.deps, { count: handler }, log, { pollMs: 1000, workerId: `w${n}` }),
    );
    const counts = await Promise.all(workers.map((w) => w.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect((await jobRows()).every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });

  it('retries a failing job with backoff and marks it failed after its last attempt', async () => {
    await t.deps.db.execute(sql`delete from jobs`);
    await enqueueJob(t.deps.db, { kind: 'flaky', runAt: t.clock.now(), maxAttempts: 2 });
    const runner = createJobRunner(
      t.deps,
      {
        flaky: async () => {
          throw new Error('provider down');
        },
      },
      log,
      { pollMs: 1000 },
    );
    expect(await runner.drain()).toBe(1);
    expect(await jobRows()).toMatchObject([{ status: 'queued', attempts: 1, last_error: 'provider down' }]);
    expect(await runner.drain()).toBe(0); // not due yet
    t.clock.advance(5_000);
    expect(await runner.drain()).toBe(1);
    expect(await jobRows()).toMatchObject([{ status: 'failed', attempts: 2 }]);
  });

  it('reschedules a recurring job once, whatever the number of schedulers', async () => {
    await t.deps.db.execute(sql`delete from jobs`);
    expect(await enqueueJob(t.deps.db, { kind: 'tick', runAt: t.clock.now(), dedupeKey: 'tick' })).toBe(true);
    expect(await enqueueJob(t.deps.db, { kind: 'tick', runAt: t.clock.now(), dedupeKey: 'tick' })).toBe(
      false,
    );
    const runner = createJobRunner(
      t.deps,
      { tick: async (_job, deps) => ({ nextRunAt: new Date(deps.clock.now().getTime() + 60_000) }) },
      log,
      { pollMs: 1000 },
    );
    expect(await runner.drain()).toBe(1);
    const rows = await jobRows();
    expect(rows.map((r) => r.status)).toEqual(['done', 'queued']);
    t.clock.advance(60_000);
    expect(await runner.drain()).toBe(1);
  });

  it('claims again a job whose worker died after its lease ended', async () => {
    await t.deps.db.execute(sql`delete from jobs`);
    await enqueueJob(t.deps.db, { kind: 'slow', runAt: t.clock.now() });
    await t.deps.db.execute(sql`
      update jobs set status = 'running', locked_by = 'dead-worker', locked_until = ${new Date(t.clock.now().getTime() + 1000)}, attempts = 1`);
    let ran = 0;
    const slow = async () => {
      ran += 1;
    };
    const runner = createJobRunner(t.deps, { slow }, log, { pollMs: 1000 });
    expect(await runner.drain()).toBe(0);
    t.clock.advance(2_000);
    expect(await runner.drain()).toBe(1);
    expect(ran).toBe(1);
  });
});

/** A handler that waits until the test lets it end (or fail), and says when it started. */
function gate() {
  let release: (outcome?: Error) => void = () => undefined;
  let started: () => void = () => undefined;
  const hasStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = new Promise<void>((resolve, reject) => {
    release = (outcome) => (outcome ? reject(outcome) : resolve());
  });
  done.catch(() => undefined);
  const handler = async () => {
    started();
    await done;
    return { nextRunAt: new Date(t.clock.now().getTime() + 3_600_000) };
  };
  return { handler, hasStarted, release };
}

async function jobOf(id: number) {
  return rowsOf<{
    status: string;
    attempts: number;
    locked_by: string | null;
    locked_until: Date | string | null;
    last_error: string | null;
  }>(
    await t.deps.db.execute(
      sql`select status, attempts, locked_by, locked_until, last_error from jobs where id = ${id}`,
    ),
  )[0];
}

async function onlyJobId(): Promise<number> {
  const rows = await jobRows();
  expect(rows).toHaveLength(1);
  return Number(rows[0]?.id);
}

describe('job leases and heartbeats', () => {
  const leaseMs = 10_000;
  /** Heartbeats only when the test says so: the manual clock and real timers do not mix. */
  const manual = { pollMs: 1000, leaseMs, heartbeatMs: 0 };

  it('takes over the job of a worker that stopped beating, and the old worker cannot write over it', async () => {
    await t.deps.db.execute(sql`delete from jobs`);
    await enqueueJob(t.deps.db, { kind: 'report', runAt: t.clock.now() });
    const id = await onlyJobId();
    const a = gate();
    const workerA = createJobRunner(t.deps, { report: a.handler }, log, { ...manual, workerId: 'A' });
    const drainingA = workerA.drain();
    await a.hasStarted;
    expect(await jobOf(id)).toMatchObject({ status: 'running', attempts: 1, locked_by: 'A' });

    // A hangs and beats no more (as if killed): within its lease nobody takes the job…
    const b = gate();
    const workerB = createJobRunner(t.deps, { report: b.handler }, log, { ...manual, workerId: 'B' });
    t.clock.advance(leaseMs - 1_000);
    expect(await workerB.drain()).toBe(0);
    // …once the lease is over, B does.
    t.clock.advance(2_000);
    const drainingB = workerB.drain();
    await b.hasStarted;
    expect(await jobOf(id)).toMatchObject({ status: 'running', attempts: 2, locked_by: 'B' });

    // A wakes up: its heartbeat finds the lease lost, and its late success changes nothing.
    expect(await workerA.heartbeat()).toBe(0);
    a.release();
    expect(await drainingA).toBe(1);
    expect(await jobOf(id)).toMatchObject({ status: 'running', attempts: 2, locked_by: 'B' });
    // B's heartbeat still holds, and B's outcome is the one recorded, with its next run only (A's
    // late success queued none).
    expect(await workerB.heartbeat()).toBe(1);
    b.release();
    expect(await drainingB).toBe(1);
    const rows = await jobRows();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['done', 2],
      ['queued', 0],
    ]);
  });

  it('does not let a late failure requeue a job another worker finished', async () => {
    await t.deps.db.execute(sql`delete from jobs`);
    await enqueueJob(t.deps.db, { kind: 'report', runAt: t.clock.now() });
    const id = await onlyJobId();
    const a = gate();
    const workerA = createJobRunner(t.deps, { report: a.handler }, log, { ...manual, workerId: 'A' });
    const drainingA = workerA.drain();
    await a.hasStarted;
    t.clock.advance(leaseMs + 1_000);
    let ranB = 0;
    const workerB = createJobRunner(
      t.deps,
      {
        report: async () => {
          ranB += 1;
        },
      },
      log,
      { ...manual, workerId: 'B' },
    );
    expect(await workerB.drain()).toBe(1);
    expect(ranB).toBe(1);
    a.release(new Error('provider down'));
    await drainingA;
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 2, locked_by: null, last_error: null });
  });

  it('keeps a long job whose heartbeat renews its lease', async () => {
    await t.deps.db.execute(sql`delete from jobs`);
    await enqueueJob(t.deps.db, { kind: 'report', runAt: t.clock.now() });
    const id = await onlyJobId();
    const a = gate();
    const workerA = createJobRunner(t.deps, { report: a.handler }, log, { ...manual, workerId: 'A' });
    const drainingA = workerA.drain();
    await a.hasStarted;
    let ranB = 0;
    const workerB = createJobRunner(
      t.deps,
      {
        report: async () => {
          ranB += 1;
        },
      },
      log,
      { ...manual, workerId: 'B' },
    );
    // Five leases long, with a beat every 2/3 of a lease: never claimable.
    for (let i = 0; i < 8; i += 1) {
      t.clock.advance((leaseMs * 2) / 3);
      expect(await workerA.heartbeat()).toBe(1);
      expect(await workerB.drain()).toBe(0);
      const row = await jobOf(id);
      expect(new Date(row?.locked_until as string).getTime()).toBe(t.clock.now().getTime() + leaseMs);
    }
    expect(ranB).toBe(0);
    a.release();
    expect(await drainingA).toBe(1);
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 1, locked_by: null });
    expect(await workerA.heartbeat()).toBe(0);
  });

  it('beats by itself every third of the lease (or as told) while a job runs', async () => {
    await t.deps.db.execute(sql`delete from jobs`);
    await enqueueJob(t.deps.db, { kind: 'report', runAt: t.clock.now() });
    const id = await onlyJobId();
    const a = gate();
    const workerA = createJobRunner(t.deps, { report: a.handler }, log, {
      pollMs: 1000,
      leaseMs,
      heartbeatMs: 20,
      workerId: 'A',
    });
    const drainingA = workerA.drain();
    await a.hasStarted;
    t.clock.advance(7_000);
    const expected = t.clock.now().getTime() + leaseMs;
    // The timer runs in real time: wait (at most 10 s) until a beat has extended the lease.
    const deadline = Date.now() + 10_000;
    let lockedUntil = 0;
    while (Date.now() < deadline) {
      lockedUntil = new Date((await jobOf(id))?.locked_until as string).getTime();
      if (lockedUntil === expected) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(lockedUntil).toBe(expected);
    a.release();
    expect(await drainingA).toBe(1);
    expect(await jobOf(id)).toMatchObject({ status: 'done', locked_until: null });
  });

  it('uses the configured lease (JOBS_LEASE_SECONDS) unless told otherwise', async () => {
    await t.deps.db.execute(sql`delete from jobs`);
    await enqueueJob(t.deps.db, { kind: 'report', runAt: t.clock.now() });
    const id = await onlyJobId();
    const a = gate();
    const claimedAt = t.clock.now().getTime();
    const workerA = createJobRunner(t.deps, { report: a.handler }, log, { pollMs: 1000, heartbeatMs: 0 });
    const drainingA = workerA.drain();
    await a.hasStarted;
    expect(new Date((await jobOf(id))?.locked_until as string).getTime()).toBe(
      claimedAt + t.deps.config.jobs.leaseMs,
    );
    a.release();
    await drainingA;
  });
});

describe('a worker killed mid-job (a real process, SIGKILL)', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'has its job taken over by another worker once its short lease ends',
    async () => {
      await t.deps.db.execute(sql`delete from jobs`);
      await enqueueJob(t.deps.db, { kind: hangJobKind, runAt: new Date(Date.now() - 1000), maxAttempts: 3 });
      const id = await onlyJobId();
      const child = startWorkerProcess({
        databaseUrl: t.databaseUrl as string,
        workerId: 'doomed',
        env: { JOBS_LEASE_SECONDS: '3' },
      });
      try {
        await child.waitFor(new RegExp(`^started ${id}$`), 30_000);
        expect(await jobOf(id)).toMatchObject({ status: 'running', attempts: 1, locked_by: 'doomed' });
      } finally {
        await child.kill();
      }
      // Another replica, on real time with the same short lease, beating by itself.
      let ran = 0;
      const survivor = createJobRunner(
        { ...t.deps, clock: systemClock },
        {
          [hangJobKind]: async () => {
            ran += 1;
          },
        },
        log,
        { pollMs: 1000, leaseMs: 3_000, workerId: 'survivor' },
      );
      await eventually(async () => (await survivor.drain()) > 0, {
        timeoutMs: 30_000,
        everyMs: 250,
        what: 'the killed worker’s job taken over',
      });
      expect(ran).toBe(1);
      expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 2, locked_by: null });
    },
    60_000,
  );
});
