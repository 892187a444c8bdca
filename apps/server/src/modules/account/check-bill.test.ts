/**
 * `GET /account/checkBill`: billing applies when the deployment's cru billing feature is on and the
 * account is billed. getAccountBaseInfo keeps its `billingEnabled` field with the same answer, and
 * the workbench overview leaves its billing parts out when billing does not apply.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { accounts } from '../../db/schema';

const en = { 'cz-lang': 'en-US' };

async function checkBill(t: TTestApp, token: string, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/api/portal/account/checkBill${query}`,
    headers: { ...bearer(token), ...en },
  });
}

async function baseInfo(t: TTestApp, token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/portal/account/getAccountBaseInfo',
    headers: { ...bearer(token), ...en },
    payload: {},
  });
  return envelope<{ billingEnabled: boolean }>(res).data;
}

async function overviewBilling(t: TTestApp, token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/portal/workbench/overview',
    headers: { ...bearer(token), ...en },
  });
  const body = envelope<{ consumption: unknown }>(res);
  if (!body.data) throw new Error(JSON.stringify(body));
  return body.data.consumption;
}

describe('checkBill with the cru billing feature on', () => {
  let t: TTestApp;
  let demo: TSeededAccount;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    t = await createTestApp();
    demo = await seedAccount(t.deps, 'billed');
    admin = await signIn(t.app, 'billed', demo.admin);
    member = await signIn(t.app, 'billed', demo.member);
  });
  afterAll(() => t.close());

  it('answers that billing applies to a billed account, to administrators and members alike', async () => {
    for (const token of [admin, member]) {
      const res = await checkBill(t, token);
      expect(res.statusCode).toBe(200);
      expect(envelope(res)).toEqual({
        code: 0,
        message: expect.any(String),
        data: { billingEnabled: true, isFeatureEnabled: true, isAccountBilled: true },
      });
    }
    expect((await baseInfo(t, admin)).billingEnabled).toBe(true);
    expect(await overviewBilling(t, admin)).not.toBeNull();
  });

  it('answers no for an account whose billing is off, and getAccountBaseInfo agrees', async () => {
    await t.deps.db.update(accounts).set({ billingEnabled: false }).where(eq(accounts.id, demo.id));
    try {
      expect(envelope(await checkBill(t, admin)).data).toEqual({
        billingEnabled: false,
        isFeatureEnabled: true,
        isAccountBilled: false,
      });
      expect((await baseInfo(t, admin)).billingEnabled).toBe(false);
      // The workbench's billing card is not filled for an account without billing.
      expect(await overviewBilling(t, admin)).toBeNull();
    } finally {
      await t.deps.db.update(accounts).set({ billingEnabled: true }).where(eq(accounts.id, demo.id));
    }
  });

  it('takes the session account’s own id, refuses another account’s, and needs a session', async () => {
    expect(envelope(await checkBill(t, admin, `?accountId=${demo.id}`)).code).toBe(0);
    const other = await checkBill(t, admin, `?accountId=${demo.id + 1000}`);
    expect(other.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/portal/account/checkBill' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('checkBill with the cru billing feature off', () => {
  let t: TTestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { FEATURE_CRU_BILLING: '0' } });
    const account = await seedAccount(t.deps, 'unbilled');
    admin = await signIn(t.app, 'unbilled', account.admin);
  });
  afterAll(() => t.close());

  it('answers no although the account itself is billed (the route itself is not switched off)', async () => {
    const res = await checkBill(t, admin);
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({
      billingEnabled: false,
      isFeatureEnabled: false,
      isAccountBilled: true,
    });
    expect((await baseInfo(t, admin)).billingEnabled).toBe(false);
    expect(await overviewBilling(t, admin)).toBeNull();
  });
});
