/**
 * Decision 0019: when a bill's detail cannot be read from the usage store, the statement detail
 * and the daily details answer 4073 ("bill detail fetch failed") in the request's language,
 * without the cause; another account's statement stays a 403, and the detail reads again once the
 * store answers.
 */
import { ErrorCode } from '@console/contract/codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  envelope,
  routeClient,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../../test/harness';
import { statements } from '../../../db/schema';

let t: TTestApp;
const { call } = routeClient(() => t.app);
let demo: TSeededAccount;
let admin: string;
let statementId: number;
let otherStatementId: number;

async function addStatement(accountId: number, month: string): Promise<number> {
  const [row] = await t.deps.db
    .insert(statements)
    .values({
      accountId,
      month,
      amountFen: 12_345,
      discountedFen: 11_000,
      voucherFen: 1_000,
      cashFen: 10_000,
      outstandingFen: 0,
      generatedAt: t.clock.now(),
    })
    .returning({ id: statements.id });
  if (!row) throw new Error('no statement');
  return row.id;
}

/** The usage store stops answering (its rollup table is gone) while `run` runs. */
async function withUsageStoreDown(run: () => Promise<void>) {
  await t.deps.db.execute(sql`alter table usage_daily rename to usage_daily_unavailable`);
  try {
    await run();
  } finally {
    await t.deps.db.execute(sql`alter table usage_daily_unavailable rename to usage_daily`);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'detail');
  const other = await seedAccount(t.deps, 'otherdetail');
  admin = await signIn(t.app, 'detail', demo.admin);
  statementId = await addStatement(demo.id, '2026-09');
  otherStatementId = await addStatement(other.id, '2026-09');
});
afterAll(() => t.close());

describe('bill detail fetch failed (4073)', () => {
  it('answers the statement detail while the usage store answers', async () => {
    const res = envelope<{ statement: { id: number } }>(
      await call('statementDetail', admin, { id: statementId }),
    );
    expect(res.code).toBe(0);
    expect(res.data.statement.id).toBe(statementId);
  });

  it('answers 4073 in the request’s language when the store fails, and nothing of the cause', async () => {
    await withUsageStoreDown(async () => {
      const en = await call('statementDetail', admin, { id: statementId });
      expect(en.statusCode).toBe(200);
      expect(envelope(en)).toEqual({
        code: ErrorCode.billDetailFailed,
        message: 'Failed to fetch bill details. Try again later.',
        data: null,
      });
      expect(en.body).not.toMatch(/usage_daily|relation/);
      const zh = envelope(await call('statementDetail', admin, { id: statementId }, { 'cz-lang': 'zh-CN' }));
      expect(zh).toMatchObject({ code: 4073, message: '账单明细获取失败，请稍后重试。' });

      const details = envelope(
        await call('billingDetailList', admin, { range: 'last30Days', pageNo: 1, pageSize: 20 }),
      );
      expect(details.code).toBe(ErrorCode.billDetailFailed);

      // Another account's statement is still refused as such, not a fetch failure.
      const foreign = await call('statementDetail', admin, { id: otherStatementId });
      expect(foreign.statusCode).toBe(403);
    });
  });

  it('reads the detail again once the store answers', async () => {
    expect(envelope(await call('statementDetail', admin, { id: statementId })).code).toBe(0);
  });
});
