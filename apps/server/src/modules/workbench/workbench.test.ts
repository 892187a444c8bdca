import {
  type TBillingCount,
  type TWorkbenchOverview,
  WorkbenchConsumptionFilter,
  WorkbenchUserCounts,
} from '@console/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  routeClient,
  seedAccount,
  seedOpenedInstance,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { rowsOf } from '../../db/client';
import { ingestUsage } from '../billing/usage/rating';

/**
 * The workbench's one answer: every part is what the card's own route answers (same request),
 * and a part the caller may not see is null.
 */
describe('workbench overview', () => {
  let t: TTestApp;
  const { ok } = routeClient(() => t.app);
  let demo: TSeededAccount;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    t = await createTestApp();
    demo = await seedAccount(t.deps, 'demo');
    const instanceId = await seedOpenedInstance(t.deps, demo.id);
    const [row] = rowsOf<{ instance_name: string }>(
      await t.deps.db.execute(sql`select instance_name from instances where id = ${instanceId}`),
    );
    // Usage of yesterday and of today's first hours (the clock: 2026-11-01 08:00 UTC, 16:00 in UTC+8).
    const hours = ['2026-10-31T02:00:00Z', '2026-10-31T20:00:00Z', '2026-11-01T01:00:00Z'];
    await ingestUsage(
      t.deps,
      hours.map((start, i) => ({
        recordId: `wb-${i}`,
        accountName: 'demo',
        instanceName: row?.instance_name as string,
        skuCode: 'vc_gp',
        workspace: 'default',
        periodStart: start,
        periodEnd: new Date(Date.parse(start) + 3_600_000).toISOString(),
        quantity: '2',
      })),
    );
    admin = await signIn(t.app, 'demo', demo.admin);
    member = await signIn(t.app, 'demo', demo.member);
  });
  afterAll(() => t.close());

  it("answers each card's part as its own route does, for an administrator", async () => {
    const overview = await ok<TWorkbenchOverview>('getWorkbenchOverview', admin);
    expect(overview.services).toEqual(await ok('serviceList', admin));
    expect(overview.instances).toEqual(await ok('getAccountInstanceList', admin));
    expect(overview.instances).toHaveLength(1);
    expect(overview.mfaStatus).toEqual(await ok('getMfaStatus', admin));
    expect(overview.mfaPolicy).toEqual(await ok('getMfaPolicy', admin));
    expect(overview.users).toEqual({
      regular: await ok('userList', admin, { ...WorkbenchUserCounts.regular }),
      service: await ok('userList', admin, { ...WorkbenchUserCounts.service }),
    });
    expect(overview.users?.regular.total).toBe(2);
    expect(overview.consumption).toEqual(await ok('billingCount', admin, { ...WorkbenchConsumptionFilter }));
    expect(overview.funds).toEqual(await ok('getFundsAccount', admin));
  });

  it("counts today's usage so far: today's amount is the last day of the trend", async () => {
    const overview = await ok<TWorkbenchOverview>('getWorkbenchOverview', admin);
    const count = overview.consumption as TBillingCount;
    const last = count.trend.at(-1);
    expect(last?.date).toBe('2026-11-01');
    expect(count.todayAmount).not.toBe('0.00');
    expect(last?.total).toBe(count.discountTodayAmount);
    expect(count.trend.at(-2)?.total).toBe(count.discountYesterdayAmount);
    expect(count.trend).toHaveLength(30);
  });

  it('leaves out the administrator parts for a member', async () => {
    const overview = await ok<TWorkbenchOverview>('getWorkbenchOverview', member);
    expect(overview.services).toEqual(await ok('serviceList', member));
    expect(overview.instances).toEqual(await ok('getAccountInstanceList', member));
    expect(overview.mfaStatus).toEqual(await ok('getMfaStatus', member));
    expect(overview).toMatchObject({ mfaPolicy: null, users: null, consumption: null, funds: null });
  });

  it("leaves out the billing parts when the account's billing is off", async () => {
    await t.deps.db.execute(sql`update accounts set billing_enabled = false where id = ${demo.id}`);
    try {
      const overview = await ok<TWorkbenchOverview>('getWorkbenchOverview', admin);
      expect(overview).toMatchObject({ consumption: null, funds: null });
      expect(overview.users?.regular.total).toBe(2);
      expect(overview.mfaPolicy).toMatchObject({ required: false, passkeySignIn: false });
    } finally {
      await t.deps.db.execute(sql`update accounts set billing_enabled = true where id = ${demo.id}`);
    }
  });
});

describe('workbench overview on-premise', () => {
  let t: TTestApp;
  const { ok } = routeClient(() => t.app);

  beforeAll(async () => {
    t = await createTestApp({ env: { DEPLOY_MODE: 'onprem' } });
    await seedAccount(t.deps, 'onprem');
  });
  afterAll(() => t.close());

  it('does not read the funds', async () => {
    const admin = await signIn(t.app, 'onprem', {
      id: 0,
      username: 'admin_onprem',
      password: 'Admin@2026pass',
    });
    const overview = await ok<TWorkbenchOverview>('getWorkbenchOverview', admin);
    expect(overview.funds).toBeNull();
    expect(overview.consumption?.startDate).toBeTruthy();
  });
});
