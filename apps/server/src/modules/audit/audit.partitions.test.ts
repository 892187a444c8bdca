import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  seedAccount,
  type TSeededAccount,
  type TTestApp,
  writeAuditEntry,
} from '../../../test/harness';
import { ensureAuditPartitions, listAuditPartitions, monthStart } from '../../db/audit-partitions';
import { rowsOf } from '../../db/client';
import { verifyChain } from './audit.chain';
import { purgeAuditEntries } from './audit.jobs';
import { countAuditEntries, listAuditEntries, listChains } from './audit.repository';

let t: TTestApp;
let acme: TSeededAccount;
beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.deps, 'acme');
});
afterAll(() => t.close());

const entry = (accountId: number, action: string, extra?: Parameters<typeof writeAuditEntry>[3]) =>
  writeAuditEntry(t, accountId, action, extra);

async function partitionOf(accountId: number, action: string): Promise<string | undefined> {
  const [row] = rowsOf<{ partition: string }>(
    await t.deps.db.execute(
      sql`select tableoid::regclass::text as partition from audit_entries where account_id = ${accountId} and action = ${action}`,
    ),
  );
  return row?.partition;
}

async function search(accountId: number, text: string, extra: { username?: string; status?: number } = {}) {
  const rows = await listAuditEntries(t.deps.db, { accountId, search: text, limit: 100, ...extra });
  return rows.map((r) => r.action).sort();
}

describe('audit free text (word index)', () => {
  let paged: TSeededAccount;
  beforeAll(async () => {
    paged = await seedAccount(t.deps, 'words');
    await entry(paged.id, 'test.object', { objectName: 'warehouse_orders', objectType: 'instance' });
    await entry(paged.id, 'test.username', { username: 'zhang.san@example.com', objectName: null });
    await entry(paged.id, 'test.ip', { ip: '10.0.3.7', objectName: null });
    await entry(paged.id, 'test.otherIp', { ip: '10.0.31.2', objectName: null, isSuccess: false });
    await entry(paged.id, 'test.farIp', { ip: '192.168.1.20', objectName: null });
    await entry(paged.id, 'test.chinese', { objectName: '数据平台生产集群', objectType: 'instance' });
    await entry(paged.id, 'test.info', { info: { note: 'rotated key k-42' }, objectName: null });
  });

  it('finds an object name by a word, by its start and as a whole', async () => {
    expect(await search(paged.id, 'warehouse_orders')).toEqual(['test.object']);
    expect(await search(paged.id, 'WAREHOUSE')).toEqual(['test.object']);
    expect(await search(paged.id, 'orders')).toEqual(['test.object']);
    expect(await search(paged.id, 'wareh')).toEqual(['test.object']);
    expect(await search(paged.id, 'nothing_like_it')).toEqual([]);
  });

  it('finds a username by its start and by a piece of it', async () => {
    expect(await search(paged.id, 'zhang')).toEqual(['test.username']);
    expect(await search(paged.id, 'zhang.san@example.com')).toEqual(['test.username']);
    expect(await search(paged.id, 'example.com')).toEqual(['test.username']);
    // Every word must match: the same entry does not hold "robot".
    expect(await search(paged.id, 'zhang robot')).toEqual([]);
    expect(await search(paged.id, 'robot 10.0.3.7')).toEqual(['test.ip']);
  });

  it('finds an IP address by a fragment at its start or between its dots', async () => {
    expect(await search(paged.id, '10.0.3')).toEqual(['test.ip', 'test.otherIp']);
    expect(await search(paged.id, '10.0.3.7')).toEqual(['test.ip']);
    expect(await search(paged.id, '192.168')).toEqual(['test.farIp']);
    expect(await search(paged.id, '168.1')).toEqual(['test.farIp']);
    // Combined with the other filters.
    expect(await search(paged.id, '10.0.3', { status: 0 })).toEqual(['test.otherIp']);
    expect(await search(paged.id, '10.0.3', { username: 'nobody' })).toEqual([]);
  });

  it('finds a Chinese object name by any part of two characters or more, and by one character', async () => {
    expect(await search(paged.id, '数据平台')).toEqual(['test.chinese']);
    expect(await search(paged.id, '生产集群')).toEqual(['test.chinese']);
    expect(await search(paged.id, '台生')).toEqual(['test.chinese']);
    expect(await search(paged.id, '群')).toEqual(['test.chinese']);
    // Its character pairs occur, but not in this order: no match.
    expect(await search(paged.id, '集群生产')).toEqual([]);
    expect(await search(paged.id, '测试')).toEqual([]);
  });

  it('searches the details and counts through the same condition', async () => {
    expect(await search(paged.id, 'rotated')).toEqual(['test.info']);
    expect(await search(paged.id, 'k-42')).toEqual(['test.info']);
    expect(await countAuditEntries(t.deps.db, { accountId: paged.id, search: '10.0.3' }, 100)).toBe(2);
    // A search of spaces only filters nothing out.
    expect((await search(paged.id, '   ')).filter((a) => a.startsWith('test.'))).toHaveLength(7);
  });
});

describe('a free-text search over several months', () => {
  let walked: TSeededAccount;
  const at = (months: number, day: number) =>
    new Date(monthStart(t.clock.now(), months).getTime() + day * 86_400_000);
  beforeAll(async () => {
    walked = await seedAccount(t.deps, 'months');
    // Matches in this month, three and five months ago (none in between), with other entries
    // around them; the two-months-ago entry matches another word only.
    const entries: [string, string, Date][] = [
      ['m0.b', 'needle_b', at(0, 2)],
      ['m0.a', 'needle_a', at(0, 1)],
      ['m0.other', 'haystack', at(0, 0)],
      ['m2.other', 'haystack', at(-2, 3)],
      ['m3.b', 'needle_d', at(-3, 5)],
      ['m3.a', 'needle_c', at(-3, 4)],
      ['m5.a', 'needle_e', at(-5, 10)],
    ];
    for (const [action, objectName, createdAt] of entries)
      await entry(walked.id, action, { objectName, createdAt });
  });
  const list = (extra: Partial<Parameters<typeof listAuditEntries>[1]>) =>
    listAuditEntries(t.deps.db, { accountId: walked.id, search: 'needle', limit: 20, ...extra });

  it('fills a page from the newest month back, in order, and goes on from its cursor', async () => {
    expect((await list({})).map((r) => r.action)).toEqual(['m0.b', 'm0.a', 'm3.b', 'm3.a', 'm5.a']);
    const first = await list({ limit: 3 });
    expect(first.map((r) => r.action)).toEqual(['m0.b', 'm0.a', 'm3.b']);
    const last = first.at(-1);
    if (!last) throw new Error('no row');
    const next = await list({ limit: 3, after: { createdAt: last.createdAt, id: last.id } });
    expect(next.map((r) => r.action)).toEqual(['m3.a', 'm5.a']);
  });

  it('keeps to the time range and the other filters', async () => {
    expect((await list({ from: at(-4, 0), to: at(0, 2) })).map((r) => r.action)).toEqual([
      'm0.a',
      'm3.b',
      'm3.a',
    ]);
    expect((await list({ to: at(-3, 0) })).map((r) => r.action)).toEqual(['m5.a']);
    expect((await list({ search: 'haystack' })).map((r) => r.action)).toEqual(['m0.other', 'm2.other']);
    expect(await list({ search: 'nothing_like_it' })).toEqual([]);
    expect(await list({ from: at(1, 0) })).toEqual([]);
    expect(await countAuditEntries(t.deps.db, { accountId: walked.id, search: 'needle' }, 100)).toBe(5);
  });
});

describe('audit partitions', () => {
  it('makes a month partition on demand and moves the waiting entries into it', async () => {
    const later = monthStart(t.clock.now(), 5);
    await entry(acme.id, 'test.waiting', { createdAt: new Date(later.getTime() + 3_600_000) });
    expect(await partitionOf(acme.id, 'test.waiting')).toBe('audit_entries_default');
    expect(await ensureAuditPartitions(t.deps.db, later)).toBeGreaterThanOrEqual(1);
    const month = `audit_entries_${later.getUTCFullYear()}_${String(later.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(await partitionOf(acme.id, 'test.waiting')).toBe(month);
    // Moved, not chained again.
    expect((await verifyChain(t.deps.db, acme.id)).isIntact).toBe(true);
    expect(await ensureAuditPartitions(t.deps.db, later)).toBe(0);
  });

  it('retention drops the month past the retention, and every chain stays verifiable', async () => {
    const first = monthStart(t.clock.now(), 1);
    for (let m = 0; m < 3; m += 1) await ensureAuditPartitions(t.deps.db, monthStart(first, m));
    const olds = await seedAccount(t.deps, 'olds');
    // Entries over three months, in chain order, for two accounts.
    for (let m = 0; m < 3; m += 1) {
      for (let i = 0; i < 4; i += 1) {
        const at = new Date(monthStart(first, m).getTime() + 86_400_000 * (i + 1));
        await entry(olds.id, `test.m${m}.${i}`, { createdAt: at });
        await entry(acme.id, `test.m${m}.${i}`, { createdAt: at });
      }
    }
    const lastOfFirst = rowsOf<{ seq: string; hash: Buffer }>(
      await t.deps.db.execute(
        sql`select seq::text, hash from audit_entries where account_id = ${olds.id} and action = 'test.m0.3'`,
      ),
    )[0];
    // Now: the first month is wholly past the retention, the second is not (its first days are).
    const firstName = `audit_entries_${first.getUTCFullYear()}_${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
    const cutoff = new Date(monthStart(first, 1).getTime() + 3 * 86_400_000);
    t.clock.set(new Date(cutoff.getTime() + t.deps.config.auditRetentionDays * 86_400_000));
    const result = await purgeAuditEntries(t.deps);
    expect(result.deleted).toBeGreaterThanOrEqual(8);

    expect((await listAuditPartitions(t.deps.db)).map((p) => p.name)).not.toContain(firstName);
    const kept = rowsOf<{ action: string }>(
      await t.deps.db.execute(
        sql`select action from audit_entries where account_id = ${olds.id} and action like 'test.m%' order by seq`,
      ),
    ).map((r) => r.action);
    // The second month's entries older than the retention stay until their whole month is past it.
    expect(kept).toEqual([
      'test.m1.0',
      'test.m1.1',
      'test.m1.2',
      'test.m1.3',
      'test.m2.0',
      'test.m2.1',
      'test.m2.2',
      'test.m2.3',
    ]);
    const marker = rowsOf<{ seq: string; hash: Buffer }>(
      await t.deps.db.execute(
        sql`select seq::text, hash from audit_chain_purges where account_id = ${olds.id}`,
      ),
    )[0];
    expect(marker?.seq).toBe(lastOfFirst?.seq);
    expect(Buffer.from(marker?.hash ?? []).equals(Buffer.from(lastOfFirst?.hash ?? []))).toBe(true);
    const purgeEntry = rowsOf<{ info: { deleted: number } }>(
      await t.deps.db.execute(
        sql`select info from audit_entries where account_id = ${olds.id} and action = 'audit.purge'`,
      ),
    );
    expect(purgeEntry.map((r) => r.info.deleted)).toEqual([Number(lastOfFirst?.seq)]);

    for (const chain of await listChains(t.deps.db)) {
      const report = await verifyChain(t.deps.db, chain);
      expect({ chain, broken: report.broken }).toEqual({ chain, broken: null });
    }

    // Tampering is still found: an altered entry, then the first kept entry removed.
    const [second] = rowsOf<{ id: string }>(
      await t.deps.db.execute(
        sql`select id::text from audit_entries where account_id = ${olds.id} and action = 'test.m1.1'`,
      ),
    );
    await t.deps.db.execute(sql`update audit_entries set object_name = 'nobody' where id = ${second?.id}`);
    expect((await verifyChain(t.deps.db, olds.id)).broken?.reason).toMatch(/altered/);
    await t.deps.db.execute(sql`update audit_entries set object_name = 'someone' where id = ${second?.id}`);
    expect((await verifyChain(t.deps.db, olds.id)).isIntact).toBe(true);
    await t.deps.db.execute(
      sql`delete from audit_entries where account_id = ${olds.id} and action = 'test.m1.0'`,
    );
    expect((await verifyChain(t.deps.db, olds.id)).broken?.reason).toMatch(/starts at/);
  });
});
