/**
 * DATABASE_READ_URL (docs/scaling.md): the historic lists and their exports read from the replica,
 * and nothing writes there. The replica here is the test database itself through connections whose
 * transactions are read-only, as on a streaming standby: a write routed to it fails, so every
 * routed call succeeding proves that it only reads; the replica pool's checkouts prove the routing.
 */

import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  postUsage,
  routeClient,
  seedAccount,
  seedOpenedInstance,
  signIn,
  type TTestApp,
} from '../../test/harness';
import { generateStatements } from '../modules/billing/statements/statements.service';
import type { TDb } from './client';
import { rowsOf } from './client';
import * as schema from './schema';

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!isPostgres)('a read replica', () => {
  let t: TTestApp;
  let replica: pg.Pool;
  let checkouts = 0;
  let admin: string;
  let statementId: number;
  const { call, ok } = routeClient(() => t.app);

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date('2026-10-01T00:00:00Z'));
    const demo = await seedAccount(t.deps, 'demo');
    const instanceId = await seedOpenedInstance(t.deps, demo.id);
    const [instance] = rowsOf<{ instance_name: string }>(
      await t.deps.db.execute(sql`select instance_name from instances where id = ${instanceId}`),
    );
    // A day of usage in October, then the October statement.
    await postUsage(
      t,
      Array.from({ length: 24 }, (_, hour) => ({
        recordId: `replica-${hour}`,
        accountName: 'demo',
        instanceName: instance?.instance_name,
        skuCode: 'managed_storage',
        workspace: 'default',
        periodStart: new Date(Date.UTC(2026, 9, 14, hour)).toISOString(),
        periodEnd: new Date(Date.UTC(2026, 9, 14, hour + 1)).toISOString(),
        quantity: '10',
      })),
    );
    t.clock.set(new Date('2026-11-02T08:00:00Z'));
    expect(await generateStatements(t.deps)).toBeGreaterThan(0);
    admin = await signIn(t.app, 'demo', demo.admin);

    replica = new pg.Pool({
      connectionString: t.databaseUrl ?? '',
      max: 2,
      options: '-c default_transaction_read_only=on',
    });
    replica.on('acquire', () => {
      checkouts += 1;
    });
    // The test database is dropped with its connections at the end (\`with (force)\`): a replica
    // connection still closing then hears "terminating connection" (57P01), which is expected.
    replica.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') throw error;
    });
    t.deps.readDb = drizzle(replica, { schema }) as unknown as TDb;
  });

  afterAll(async () => {
    await replica?.end();
    await t?.close();
  });

  /** How many times the call checked out a replica connection. */
  async function replicaCheckouts(work: () => Promise<unknown>): Promise<number> {
    const before = checkouts;
    await work();
    return checkouts - before;
  }

  it('refuses writes, as a standby does', async () => {
    const error = await t.deps.readDb.execute(sql`update accounts set name = name`).then(
      () => null,
      (e: unknown) => e as { cause?: { message?: string } },
    );
    expect(error?.cause?.message).toMatch(/read-only transaction/);
  });

  it('serves the audit log and its export', async () => {
    expect(
      await replicaCheckouts(async () => {
        const page = await ok<{ list: unknown[] }>('auditList', admin, { pageSize: 20 });
        expect(page.list.length).toBeGreaterThan(0);
      }),
    ).toBeGreaterThan(0);
    expect(
      await replicaCheckouts(async () => {
        const res = await call('auditExport', admin, {});
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('auth.login');
      }),
    ).toBeGreaterThan(0);
  });

  it('serves bill details, their count and export, and statements', async () => {
    const range = { range: 'custom', startDate: '2026-10-01', endDate: '2026-10-31' };
    expect(
      await replicaCheckouts(async () => {
        const page = await ok<{ list: unknown[] }>('billingDetailList', admin, { ...range, pageSize: 20 });
        expect(page.list.length).toBeGreaterThan(0);
      }),
    ).toBeGreaterThan(0);
    expect(await replicaCheckouts(() => ok('billingCount', admin, range))).toBeGreaterThan(0);
    expect(
      await replicaCheckouts(async () => {
        const res = await call('billingDetailDownload', admin, { ...range, format: 'csv' });
        expect(res.statusCode).toBe(200);
      }),
    ).toBeGreaterThan(0);
    expect(
      await replicaCheckouts(async () => {
        const page = await ok<{ list: { id: number }[] }>('statementList', admin, { pageSize: 10 });
        statementId = page.list[0]?.id as number;
        expect(statementId).toBeGreaterThan(0);
      }),
    ).toBeGreaterThan(0);
    expect(await replicaCheckouts(() => ok('statementYears', admin, {}))).toBeGreaterThan(0);
    expect(await replicaCheckouts(() => ok('statementDetail', admin, { id: statementId }))).toBeGreaterThan(
      0,
    );
  });

  it('leaves sign-in, the user list and every change on the primary', async () => {
    expect(await replicaCheckouts(() => ok('userList', admin, { pageNo: 1, pageSize: 20 }))).toBe(0);
    expect(await replicaCheckouts(() => ok('getCurrentUser', admin, {}))).toBe(0);
    expect(
      await replicaCheckouts(() =>
        ok('addUser', admin, { username: 'replica_check', password: 'Initial@2026' }),
      ),
    ).toBe(0);
  });
});
