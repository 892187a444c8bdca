/**
 * Decision 0019: actions that need funds answer 4070 (insufficient balance) while the account is
 * in arrears where billing applies: opening a formal-version instance, retrying its opening, and
 * enabling Insight users on a formal instance. Trial versions, accounts without billing, and an
 * account whose top-up paid its arrears are not refused. A refusal changes nothing and is not
 * audited as done.
 */
import { ErrorCode } from '@console/contract/codes';
import { AccountStatus } from '@console/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  envelope,
  routeClient,
  seedAccount,
  seedOpenedInstance,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { accounts, auditEntries, funds, instances, regions, serviceVersions } from '../../db/schema';
import { creditCash } from '../billing';

let t: TTestApp;
const { call } = routeClient(() => t.app);
let owing: TSeededAccount;
let admin: string;

async function versionId(serviceId: number, code: 'trial' | 'formal'): Promise<number> {
  const [row] = await t.deps.db
    .select({ id: serviceVersions.id })
    .from(serviceVersions)
    .where(and(eq(serviceVersions.serviceId, serviceId), eq(serviceVersions.code, code)));
  if (!row) throw new Error(`no ${code} version of service ${serviceId}`);
  return row.id;
}

async function regionId(csp: string, code: string): Promise<number> {
  const [row] = await t.deps.db
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.csp, csp), eq(regions.code, code)));
  if (!row) throw new Error(`no region ${csp}/${code}`);
  return row.id;
}

/** Usage left 50.00 outstanding that nothing paid: the account is in arrears (owe 3). */
async function putInArrears(accountId: number) {
  const now = t.clock.now();
  await t.deps.db
    .insert(funds)
    .values({ accountId, cashFen: 0, outstandingFen: 5000, arrearsSince: now })
    .onConflictDoUpdate({
      target: funds.accountId,
      set: { cashFen: 0, outstandingFen: 5000, arrearsSince: now },
    });
  await t.deps.db.update(accounts).set({ status: AccountStatus.owe }).where(eq(accounts.id, accountId));
}

async function accountStatus(accountId: number) {
  const [row] = await t.deps.db
    .select({ status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.status;
}

async function auditCount(accountId: number, action: string) {
  const rows = await t.deps.db
    .select({ id: auditEntries.id })
    .from(auditEntries)
    .where(and(eq(auditEntries.accountId, accountId), eq(auditEntries.action, action)));
  return rows.length;
}

beforeAll(async () => {
  t = await createTestApp();
  owing = await seedAccount(t.deps, 'owing');
  admin = await signIn(t.app, 'owing', owing.admin);
});
afterAll(() => t.close());
beforeEach(async () => {
  await putInArrears(owing.id);
});

describe('opening an instance in arrears', () => {
  it('refuses a formal version with 4070 in the request’s language, and creates nothing', async () => {
    const body = {
      serviceId: 1,
      versionId: await versionId(1, 'formal'),
      regionId: await regionId('tencent', 'ap-beijing'),
    };
    const before = await t.deps.db
      .select({ id: instances.id })
      .from(instances)
      .where(eq(instances.accountId, owing.id));
    const en = envelope(await call('createInstance', admin, body));
    expect(en).toEqual({
      code: ErrorCode.insufficientBalance,
      message: 'Insufficient balance. Please top up.',
      data: null,
    });
    const zh = envelope(await call('createInstance', admin, body, { 'cz-lang': 'zh-CN' }));
    expect(zh).toMatchObject({ code: 4070, message: '余额不足，请充值。' });
    const after = await t.deps.db
      .select({ id: instances.id })
      .from(instances)
      .where(eq(instances.accountId, owing.id));
    expect(after).toHaveLength(before.length);
    expect(await auditCount(owing.id, 'instance.create')).toBe(0);
  });

  it('lets a trial version open (it costs nothing)', async () => {
    const res = envelope<{ id: number; status: number }>(
      await call('createInstance', admin, {
        serviceId: 1,
        versionId: await versionId(1, 'trial'),
        regionId: await regionId('aws', 'cn-northwest-1'),
      }),
    );
    expect(res.code).toBe(0);
    expect(res.data.status).toBe(0);
  });

  it('opens the formal version once a top-up has paid the arrears', async () => {
    await t.deps.db.transaction((tx) =>
      creditCash(tx, {
        accountId: owing.id,
        amountFen: 10_000,
        type: 'recharge',
        channel: 'wechat',
        reference: 'funding-test',
        now: t.clock.now(),
      }),
    );
    expect(await accountStatus(owing.id)).toBe(AccountStatus.normal);
    const res = envelope(
      await call('createInstance', admin, {
        serviceId: 1,
        versionId: await versionId(1, 'formal'),
        regionId: await regionId('tencent', 'ap-shanghai'),
      }),
    );
    expect(res.code).toBe(0);
    expect(await auditCount(owing.id, 'instance.create')).toBeGreaterThan(0);
  });

  it('refuses to retry a failed formal opening with 4070, and leaves it failed', async () => {
    const id = await seedOpenedInstance(t.deps, owing.id, {
      version: 'formal',
      csp: 'huawei',
      region: 'cn-north-4',
    });
    await t.deps.db.update(instances).set({ status: 2 }).where(eq(instances.id, id));
    expect(envelope(await call('retryInstance', admin, { instanceId: id })).code).toBe(
      ErrorCode.insufficientBalance,
    );
    const [row] = await t.deps.db
      .select({ status: instances.status })
      .from(instances)
      .where(eq(instances.id, id));
    expect(row?.status).toBe(2);
    expect(await auditCount(owing.id, 'instance.retry')).toBe(0);
  });
});

describe('enabling Insight users in arrears', () => {
  it('refuses on a formal Insight instance with 4070; a trial one enables them', async () => {
    const formal = await seedOpenedInstance(t.deps, owing.id, { serviceId: 3, version: 'formal' });
    const refused = envelope(await call('enableInsightUsers', admin, { userIds: [owing.member.id] }));
    expect(refused.code).toBe(ErrorCode.insufficientBalance);
    expect(await auditCount(owing.id, 'insight.enableUser')).toBe(0);

    // The same account with a trial Insight instance instead.
    await t.deps.db.update(instances).set({ status: -1 }).where(eq(instances.id, formal));
    await seedOpenedInstance(t.deps, owing.id, { serviceId: 3, version: 'trial', region: 'cn-beijing' });
    const enabled = envelope<{ count: number }>(
      await call('enableInsightUsers', admin, { userIds: [owing.member.id] }),
    );
    expect(enabled).toMatchObject({ code: 0, data: { count: 1 } });
  });
});

describe('where billing does not apply', () => {
  let other: TTestApp;

  afterAll(() => other?.close());

  it('an account in arrears opens a formal version when the cru billing feature is off', async () => {
    other = await createTestApp({ env: { FEATURE_CRU_BILLING: '0' } });
    const account = await seedAccount(other.deps, 'unbilled');
    const token = await signIn(other.app, 'unbilled', account.admin);
    await other.deps.db
      .update(accounts)
      .set({ status: AccountStatus.owe })
      .where(eq(accounts.id, account.id));
    const [formal] = await other.deps.db
      .select({ id: serviceVersions.id })
      .from(serviceVersions)
      .where(and(eq(serviceVersions.serviceId, 1), eq(serviceVersions.code, 'formal')));
    const [region] = await other.deps.db
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.csp, 'tencent'), eq(regions.code, 'ap-beijing')));
    const res = envelope(
      await routeClient(() => other.app).call('createInstance', token, {
        serviceId: 1,
        versionId: formal?.id,
        regionId: region?.id,
      }),
    );
    expect(res.code).toBe(0);
  });

  it('an account whose own billing is off opens a formal version in arrears', async () => {
    await t.deps.db.update(accounts).set({ billingEnabled: false }).where(eq(accounts.id, owing.id));
    try {
      const res = envelope(
        await call('createInstance', admin, {
          serviceId: 1,
          versionId: await versionId(1, 'formal'),
          regionId: await regionId('aws', 'ap-southeast-1'),
        }),
      );
      expect(res.code).toBe(0);
    } finally {
      await t.deps.db.update(accounts).set({ billingEnabled: true }).where(eq(accounts.id, owing.id));
    }
  });
});
