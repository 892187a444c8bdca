/**
 * Usage records in monthly partitions: the migration moves the records already kept (and their
 * ids), a record sent twice is rated once even when its second period falls in another month, a
 * month nobody made ahead is made on demand, and the billing job makes the coming months.
 */

import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  postUsage,
  seedAccount,
  seedOpenedInstance,
  type TTestApp,
} from '../../../../test/harness';
import { openDatabase, rowsOf, type TDatabase, type TDb } from '../../../db/client';
import { defaultMigrationsDir, migrate } from '../../../db/migrate';
import { billingJobHandlers, ensureUsagePartitions, usagePartitionsJobKind } from '../billing.jobs';

async function partitionsOf(db: TDb): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'usage_records'::regclass order by c.relname`),
  );
  return rows.map((r) => r.name);
}

/** An empty database (on the PostgreSQL server of TEST_DATABASE_URL, else PGlite) and its removal. */
async function emptyDatabase(): Promise<{ database: TDatabase; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ url: null, dataDir: null });
    return { database, drop: () => database.close() };
  }
  const name = `console_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null, poolSize: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

describe('the migrations of usage: monthly partitions, the account rollup', () => {
  let test: { drop(): Promise<void> } | null = null;
  let dir = '';
  afterAll(async () => {
    await test?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // Every migration runs (up to 0014, then the rest): slow on PGlite.
  it('moves the records kept before into the partitions of their months, and sums their rollups per SKU', {
    timeout: 240_000,
  }, async () => {
    // The migrations before the partitions, on a database of their own.
    dir = mkdtempSync(join(tmpdir(), 'usage-partitions-'));
    cpSync(defaultMigrationsDir, dir, { recursive: true });
    const journalFile = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === '0014_usage_partitions');
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    const empty = await emptyDatabase();
    test = empty;
    const db = empty.database.db;
    await migrate(db, dir);

    const account = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into accounts (name, display_name, type) values ('old', 'old', 2) returning id`,
      ),
    )[0]?.id as number;
    const instance = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into instances (account_id, service_id, version_id, region_id, instance_name, status, url, opened_at)
        select ${account}, 1, v.id, r.id, 'old-instance', 1, 'https://old.example.com', now()
          from service_versions v, regions r
         where v.service_id = 1 and v.code = 'trial' and r.csp = 'aliyun' and r.code = 'cn-shanghai'
        returning id`),
    )[0]?.id as number;
    for (const [recordId, day] of [
      ['old-1', '2025-12-31'],
      ['old-2', '2026-01-01'],
      ['old-3', '2026-01-15'],
    ] as const) {
      await db.execute(sql`
        insert into usage_records (record_id, account_id, instance_id, region_id, sku_code, workspace, period_start,
                                   period_end, bill_day, quantity, unit_price_fen, discount_rate, amount_fen,
                                   discounted_fen, voucher_fen, cash_fen, outstanding_fen)
        select ${recordId}, ${account}, ${instance}, i.region_id, 'vc_gp', 'default',
               ${`${day}T00:00:00+08:00`}::timestamptz, ${`${day}T01:00:00+08:00`}::timestamptz, ${day}::date,
               1, 40, 1, 40, 40, 0, 40, 0
          from instances i where i.id = ${instance}`);
    }

    // Their daily rollups, in two workspaces on one day: 0017 sums them per account, day and SKU.
    await db.execute(sql`
      insert into usage_daily (account_id, day, instance_id, workspace, sku_code, quantity, amount_fen,
                               discounted_fen, voucher_fen, cash_fen, outstanding_fen, records)
      values (${account}, '2025-12-31', ${instance}, 'default', 'vc_gp', 1, 40, 40, 0, 40, 0, 1),
             (${account}, '2026-01-01', ${instance}, 'default', 'vc_gp', 1, 40, 40, 0, 40, 0, 1),
             (${account}, '2026-01-01', ${instance}, 'etl', 'vc_gp', 1.5, 60, 60, 10, 30, 20, 1)`);

    // 0014, and whatever came after it.
    expect((await migrate(db))[0]).toBe('0014_usage_partitions');
    expect(
      rowsOf(
        await db.execute(sql`
          select day::text, sku_code, quantity::text, amount_fen::int, voucher_fen::int, cash_fen::int,
                 outstanding_fen::int, records
            from usage_account_daily where account_id = ${account} order by day`),
      ),
    ).toEqual([
      {
        day: '2025-12-31',
        sku_code: 'vc_gp',
        quantity: '1.000000',
        amount_fen: 40,
        voucher_fen: 0,
        cash_fen: 40,
        outstanding_fen: 0,
        records: 1,
      },
      {
        day: '2026-01-01',
        sku_code: 'vc_gp',
        quantity: '2.500000',
        amount_fen: 100,
        voucher_fen: 10,
        cash_fen: 70,
        outstanding_fen: 20,
        records: 2,
      },
    ]);
    const moved = rowsOf<{ record_id: string; id: number; part: string }>(
      await db.execute(
        sql`select record_id, id::int, tableoid::regclass::text as part from usage_records order by record_id`,
      ),
    );
    expect(moved).toEqual([
      { record_id: 'old-1', id: 1, part: 'usage_records_2025_12' },
      { record_id: 'old-2', id: 2, part: 'usage_records_2026_01' },
      { record_id: 'old-3', id: 3, part: 'usage_records_2026_01' },
    ]);
    const keys = rowsOf<{ record_id: string; bill_day: string }>(
      await db.execute(sql`select record_id, bill_day::text from usage_record_keys order by record_id`),
    );
    expect(keys).toEqual([
      { record_id: 'old-1', bill_day: '2025-12-31' },
      { record_id: 'old-2', bill_day: '2026-01-01' },
      { record_id: 'old-3', bill_day: '2026-01-15' },
    ]);
    // The table that held them is gone; new records number on after the moved ones.
    expect(
      rowsOf<{ t: string | null }>(
        await db.execute(sql`select to_regclass('usage_records_unpartitioned')::text as t`),
      )[0]?.t,
    ).toBeNull();
    const next = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into usage_records (record_id, account_id, instance_id, region_id, sku_code, workspace, period_start,
                                   period_end, bill_day, quantity, unit_price_fen, discount_rate, amount_fen,
                                   discounted_fen, voucher_fen, cash_fen, outstanding_fen)
        select 'new-1', account_id, instance_id, region_id, sku_code, workspace, period_start, period_end, bill_day,
               quantity, unit_price_fen, discount_rate, amount_fen, discounted_fen, voucher_fen, cash_fen,
               outstanding_fen
          from usage_records where record_id = 'old-3'
        returning id::int`),
    )[0]?.id;
    expect(next).toBe(4);
    // Every month between the oldest record and three months ahead has its partition.
    const parts = await partitionsOf(db);
    expect(parts).toContain('usage_records_2025_12');
    expect(parts).toContain('usage_records_2026_01');
    expect(parts).toContain('usage_records_2026_02');
  });
});

describe('ingesting into monthly partitions', () => {
  let t: TTestApp;
  let instanceName = '';

  const ingest = (records: unknown[]) => postUsage(t, records);

  function record(recordId: string, start: string, quantity = '1') {
    return {
      recordId,
      accountName: 'parts',
      instanceName,
      skuCode: 'vc_gp',
      workspace: 'default',
      periodStart: new Date(start).toISOString(),
      periodEnd: new Date(Date.parse(start) + 3_600_000).toISOString(),
      quantity,
    };
  }

  async function kept(recordId: string) {
    return rowsOf<{ bill_day: string; part: string; amount_fen: number }>(
      await t.deps.db.execute(sql`
        select bill_day::text, tableoid::regclass::text as part, amount_fen::int
          from usage_records where record_id = ${recordId}`),
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date('2026-10-20T00:00:00Z'));
    const account = await seedAccount(t.deps, 'parts');
    const id = await seedOpenedInstance(t.deps, account.id);
    instanceName = rowsOf<{ n: string }>(
      await t.deps.db.execute(sql`select instance_name as n from instances where id = ${id}`),
    )[0]?.n as string;
  });
  afterAll(() => t.close());

  it('rates a record sent twice once, even when the second sending names another month', async () => {
    // 2026-10-31 23:30 in UTC+8: the last billing hour of October.
    expect(await ingest([record('edge-1', '2026-10-31T15:30:00Z')])).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [],
    });
    // Sent again with a period in November (another partition): received before, nothing changes.
    expect(await ingest([record('edge-1', '2026-10-31T16:30:00Z', '5')])).toEqual({
      accepted: 0,
      duplicates: 1,
      rejected: [],
    });
    expect(await kept('edge-1')).toEqual([
      { bill_day: '2026-10-31', part: 'usage_records_2026_10', amount_fen: 40 },
    ]);
    const daily = rowsOf<{ day: string; records: number }>(
      await t.deps.db.execute(sql`select day::text, records from usage_daily order by day`),
    );
    expect(daily).toEqual([{ day: '2026-10-31', records: 1 }]);
  });

  it('makes the partition of a month nobody made ahead, and takes the record', async () => {
    expect(await partitionsOf(t.deps.db)).not.toContain('usage_records_2019_06');
    expect(
      await ingest([record('late-1', '2019-06-10T00:00:00Z'), record('late-2', '2019-06-11T00:00:00Z')]),
    ).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: [],
    });
    expect(await kept('late-1')).toEqual([
      { bill_day: '2019-06-10', part: 'usage_records_2019_06', amount_fen: 40 },
    ]);
    expect(await ingest([record('late-1', '2019-06-10T00:00:00Z')])).toMatchObject({
      accepted: 0,
      duplicates: 1,
    });
  });

  it('makes this billing month and the next three ahead, from the billing jobs', async () => {
    expect(billingJobHandlers()[usagePartitionsJobKind]).toBeDefined();
    // 2029-12-31 20:00 UTC is already January 2030 in UTC+8.
    t.clock.set(new Date('2029-12-31T20:00:00Z'));
    await ensureUsagePartitions(t.deps);
    const parts = await partitionsOf(t.deps.db);
    for (const month of ['2030_01', '2030_02', '2030_03', '2030_04']) {
      expect(parts).toContain(`usage_records_${month}`);
    }
    expect(parts).not.toContain('usage_records_2029_12');
    expect(parts).not.toContain('usage_records_2030_05');
    // The job runs again a day later.
    const handler = billingJobHandlers()[usagePartitionsJobKind];
    const result = await handler?.({ id: 0, kind: usagePartitionsJobKind, payload: {} } as never, t.deps);
    expect(result).toEqual({ nextRunAt: new Date('2030-01-01T20:00:00Z') });
  });
});
