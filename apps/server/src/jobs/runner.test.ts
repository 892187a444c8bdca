import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness';
import { rowsOf } from '../db/client';
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
