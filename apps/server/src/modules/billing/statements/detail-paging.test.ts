/**
 * Paging the bill details and the statements by keyset: a walk by cursor reads the same rows as by
 * page number, the last page has no cursor, a broad range answers "more than 10,000" and a narrow
 * one its exact count, and a cursor that names no row is refused.
 */
import type { TBillingDetailPage, TStatementPage } from '@console/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  routeClient,
  seedAccount,
  seedOpenedInstance,
  signIn,
  type TTestApp,
} from '../../../../test/harness';

let t: TTestApp;
const { call, ok } = routeClient(() => t.app);
let admin = '';
const range = { range: 'custom', startDate: '2026-09-01', endDate: '2026-10-02' };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-01T00:00:00Z'));
  const account = await seedAccount(t.deps, 'pager');
  const instanceId = await seedOpenedInstance(t.deps, account.id);
  // 32 days × 20 workspaces × every SKU (16): 10,240 daily rows.
  await t.deps.db.execute(sql`
    insert into usage_daily (account_id, day, instance_id, workspace, sku_code, quantity, amount_fen, discounted_fen,
                             voucher_fen, cash_fen, outstanding_fen, records)
    select ${account.id}, d::date, ${instanceId}, 'ws' || lpad(w::text, 2, '0'), k.code, 1, 100, 90, 0, 90, 0, 1
      from generate_series('2026-09-01'::date, '2026-10-02'::date, interval '1 day') as d,
           generate_series(1, 20) as w, skus k`);
  // Fourteen closed months.
  await t.deps.db.execute(sql`
    insert into statements (account_id, month, amount_fen, discounted_fen, voucher_fen, cash_fen, outstanding_fen,
                            generated_at)
    select ${account.id}, to_char(m, 'YYYY-MM'), 100, 90, 0, 90, 0, now()
      from generate_series('2025-09-01'::date, '2026-10-01'::date, interval '1 month') as m`);
  admin = await signIn(t.app, 'pager', account.admin);
});
afterAll(() => t.close());

const keyOf = (r: TBillingDetailPage['list'][number]) => `${r.date}|${r.workspace}|${r.skuCode}`;

describe('the bill details', () => {
  it('counts a broad range up to 10,000 and says there are more; a narrow one exactly', async () => {
    const broad = await ok<TBillingDetailPage>('billingDetailList', admin, { ...range, pageSize: 20 });
    expect(broad).toMatchObject({ total: 10_000, isTotalCapped: true, pageNo: 1, pageSize: 20 });
    expect(broad.list).toHaveLength(20);
    expect(broad.nextCursor).toEqual(expect.any(String));
    const narrow = await ok<TBillingDetailPage>('billingDetailList', admin, {
      ...range,
      workspace: 'ws07',
      pageSize: 20,
    });
    expect(narrow).toMatchObject({ total: 32 * 16, isTotalCapped: false });
    const storage = await ok<TBillingDetailPage>('billingDetailList', admin, {
      ...range,
      workspace: 'ws07',
      category: 'storage',
    });
    expect(storage.total).toBe(32 * 4);
    expect(new Set(storage.list.map((r) => r.category))).toEqual(new Set(['storage']));
  });

  it('reads the same rows page after page by cursor as by page number, newest first', async () => {
    const filter = { ...range, workspace: 'ws03', pageSize: 50 };
    const byNumber: string[] = [];
    const byCursor: string[] = [];
    let cursor: string | null = null;
    for (let pageNo = 1; pageNo <= 11; pageNo += 1) {
      const numbered = await ok<TBillingDetailPage>('billingDetailList', admin, { ...filter, pageNo });
      byNumber.push(...numbered.list.map(keyOf));
      const keyed: TBillingDetailPage = await ok<TBillingDetailPage>('billingDetailList', admin, {
        ...filter,
        pageNo,
        ...(cursor ? { cursor } : {}),
      });
      expect(keyed.pageNo).toBe(pageNo);
      byCursor.push(...keyed.list.map(keyOf));
      cursor = keyed.nextCursor;
      expect(cursor === null).toBe(pageNo === 11);
    }
    expect(byNumber).toHaveLength(512);
    expect(new Set(byNumber).size).toBe(512);
    expect(byCursor).toEqual(byNumber);
    // Newest day first.
    expect(byNumber[0]?.startsWith('2026-10-02|ws03|')).toBe(true);
    expect(byNumber.at(-1)?.startsWith('2026-09-01|ws03|')).toBe(true);
    const days = byNumber.map((k) => k.slice(0, 10));
    expect([...days].sort().reverse()).toEqual(days);
  });

  it('refuses a cursor that names no row', async () => {
    for (const cursor of ['nope', Buffer.from('[1,2]').toString('base64url'), 'x'.repeat(401)]) {
      const res = await call('billingDetailList', admin, { ...range, pageNo: 2, cursor });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('the statements', () => {
  it('reads the same months by cursor as by page number, with the exact count', async () => {
    const byNumber: string[] = [];
    const byCursor: string[] = [];
    let cursor: string | null = null;
    for (let pageNo = 1; pageNo <= 3; pageNo += 1) {
      const numbered = await ok<TStatementPage>('statementList', admin, { pageNo, pageSize: 5 });
      expect(numbered.total).toBe(14);
      byNumber.push(...numbered.list.map((s) => s.month));
      const keyed: TStatementPage = await ok<TStatementPage>('statementList', admin, {
        pageNo,
        pageSize: 5,
        ...(cursor ? { cursor } : {}),
      });
      byCursor.push(...keyed.list.map((s) => s.month));
      cursor = keyed.nextCursor;
    }
    expect(cursor).toBeNull();
    expect(byNumber[0]).toBe('2026-10');
    expect(byNumber.at(-1)).toBe('2025-09');
    expect(byNumber).toHaveLength(14);
    expect(byCursor).toEqual(byNumber);
    const year = await ok<TStatementPage>('statementList', admin, {
      year: 2026,
      pageSize: 5,
      cursor: '2026-06',
    });
    expect(year.list.map((s) => s.month)).toEqual(['2026-05', '2026-04', '2026-03', '2026-02', '2026-01']);
    expect(year.nextCursor).toBeNull();
    expect((await call('statementList', admin, { cursor: '2026-6' })).statusCode).toBe(400);
  });
});
