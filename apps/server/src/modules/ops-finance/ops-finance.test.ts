/**
 * The back office's finance (issue 40 item 5) through the ops listener's app on PostgreSQL:
 * vouchers issued, listed and voided; discounts set, listed and removed; a top-up order looked up
 * by its number; manual adjustments at and above the approval threshold, decided by a second
 * finance operator exactly once (also under concurrent approvals), refused to the requester and
 * to the roles that may not change anything; every act in both audit chains; and the customer's
 * own billing API showing the balance change once, with arrears paid first.
 */
import { OpsRoles, type TOpsAdjustment, type TOpsRole, type TOpsVoucher } from '@console/contract/ops';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, mintSession, seedAccount, type TTestApp } from '../../../test/harness';
import { buildOpsApp } from '../../app';
import { auditEntries, funds, opsAdjustments, opsSessions, recharges, transactions } from '../../db/schema';
import { verifyChains } from '../audit';
import { createOperator } from '../operator';
import { openOpsSession } from '../operator/operator-session.service';

let t: TTestApp;
let ops: FastifyInstance;
const tokenOf = new Map<string, string>();
const idOf = new Map<string, number>();
let account: Awaited<ReturnType<typeof seedAccount>>;
let customerToken: string;

/** Operators of every role, and a second finance operator. */
const operatorNames = [...OpsRoles, 'finance2'] as const;

beforeAll(async () => {
  t = await createTestApp();
  ops = await buildOpsApp(t.deps);
  await ops.ready();
  account = await seedAccount(t.deps, 'fincorp');
  customerToken = await mintSession(t.deps, account.id, account.admin.id);
  for (const name of operatorNames) {
    const role: TOpsRole = name === 'finance2' ? 'finance' : name;
    const created = await createOperator(t.deps, null, { username: `fin.${name}`, role }, null);
    idOf.set(name, created.operator.id);
    tokenOf.set(name, await freshSession(created.operator.id));
  }
});
afterAll(async () => {
  await ops?.close();
  await t?.close();
});

async function freshSession(operatorId: number): Promise<string> {
  return (await openOpsSession(t.deps.db, { id: operatorId }, 'operator', t.deps.clock.now(), null)).token;
}

function call<T = unknown>(
  who: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  lang = 'en-US',
) {
  const token = tokenOf.get(who) ?? who;
  return ops
    .inject({
      method,
      url,
      headers: { 'cz-lang': lang, authorization: `Bearer ${token}` },
      ...(payload === undefined
        ? {}
        : method === 'GET'
          ? { query: payload as Record<string, string> }
          : { payload }),
    })
    .then((res) => envelope<T>(res));
}

async function customer<T>(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { 'cz-lang': 'en-US', authorization: `Bearer ${customerToken}` },
    ...(payload ? { payload } : {}),
  });
  return envelope<T>(res).data;
}

async function customerFunds() {
  return customer<{ cashAmount: string; outstandingAmount: string; accountStatus: number }>(
    'GET',
    '/api/portal/billing/getAccount',
  );
}

async function customerTransactions() {
  return customer<{ list: { type: string; channel: string; amount: string; remark: string | null }[] }>(
    'POST',
    '/api/portal/billing/transaction/list',
    { pageSize: 50 },
  );
}

/** The entries of both chains written by requests of this operator act (by its action). */
async function entriesOf(action: string) {
  return t.deps.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.action, action))
    .orderBy(asc(auditEntries.id));
}

describe('vouchers', () => {
  let issued: TOpsVoucher;

  it('a finance operator issues a voucher as the CLI does, audited in both chains with the reason', async () => {
    const res = await call<TOpsVoucher>('finance', 'POST', '/api/ops/finance/vouchers/issue', {
      account: 'FinCorp',
      faceFen: 50_000,
      nameEn: 'Goodwill voucher',
      days: 30,
      reason: 'Compensation for the outage of 30 November',
    });
    expect(res.code).toBe(0);
    issued = res.data;
    expect(issued).toMatchObject({
      accountId: account.id,
      accountName: 'fincorp',
      faceFen: 50_000,
      availableFen: 50_000,
      state: 'inEffect',
      nameEn: 'Goodwill voucher',
      nameZh: '500.00 元代金券',
      voidedAt: null,
    });
    expect(new Date(issued.expiresAt).getTime() - new Date(issued.effectiveAt).getTime()).toBe(
      30 * 86_400_000,
    );
    const rows = await entriesOf('voucher.issue');
    expect(rows.map((r) => r.accountId)).toEqual([null, account.id]);
    expect(rows[0]?.info).toMatchObject({
      operator: { username: 'fin.finance', role: 'finance' },
      reason: 'Compensation for the outage of 30 November',
    });
    expect(rows[1]?.info).toMatchObject({
      operator: { role: 'finance' },
      reason: 'Compensation for the outage of 30 November',
    });
    expect(JSON.stringify(rows[1]?.info)).not.toContain('fin.finance');

    // The customer's own voucher list shows it.
    const list = await customer<{ list: { code: string; availableAmount: string }[] }>(
      'POST',
      '/api/portal/billing/voucher/list',
      { pageSize: 10 },
    );
    expect(list.list).toContainEqual(
      expect.objectContaining({ code: issued.code, availableAmount: '500.00' }),
    );
  });

  it("refuses an unknown account, an unknown service, a voucher expired at issue, and bad input in the caller's language", async () => {
    const base = { account: 'fincorp', faceFen: 100, reason: 'x' };
    expect(
      (await call('finance', 'POST', '/api/ops/finance/vouchers/issue', { ...base, account: 'nobody' })).code,
    ).toBe(4360);
    const service = await call<{ fieldErrors: Record<string, string> }>(
      'finance',
      'POST',
      '/api/ops/finance/vouchers/issue',
      { ...base, services: ['no-such-service'] },
    );
    expect(service.code).toBe(400);
    expect(service.data.fieldErrors.services).toBeTruthy();
    expect(
      (
        await call('finance', 'POST', '/api/ops/finance/vouchers/issue', {
          ...base,
          startsOn: '2025-01-01',
          days: 30,
        })
      ).code,
    ).toBe(4361);
    const bad = await call<{ fieldErrors: Record<string, string> }>(
      'finance',
      'POST',
      '/api/ops/finance/vouchers/issue',
      { account: 'fincorp', faceFen: 0, reason: '' },
      'zh-CN',
    );
    expect(bad.code).toBe(400);
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(['faceFen', 'reason']);
    expect(bad.data.fieldErrors.reason).toMatch(/[\u4e00-\u9fff]/);
  });

  it('lists vouchers of every account or one, by state', async () => {
    const all = await call<{ list: TOpsVoucher[]; total: number; currency: string }>(
      'auditor',
      'GET',
      '/api/ops/finance/vouchers',
    );
    expect(all.code).toBe(0);
    expect(all.data.currency).toBe('CNY');
    expect(all.data.list.map((v) => v.code)).toContain(issued.code);
    const inEffect = await call<{ list: TOpsVoucher[] }>('support', 'GET', '/api/ops/finance/vouchers', {
      account: 'fincorp',
      state: 'inEffect',
    });
    expect(inEffect.data.list.every((v) => v.state === 'inEffect' && v.accountId === account.id)).toBe(true);
    expect((await call('support', 'GET', '/api/ops/finance/vouchers', { account: 'nobody' })).code).toBe(
      4360,
    );
  });

  it('voids a voucher with a reason, once', async () => {
    expect(
      (await call('auditor', 'POST', '/api/ops/finance/vouchers/void', { code: issued.code, reason: 'x' }))
        .code,
    ).toBe(4309);
    const voided = await call<TOpsVoucher>('owner', 'POST', '/api/ops/finance/vouchers/void', {
      code: issued.code.toLowerCase(),
      reason: 'Issued to the wrong account',
    });
    expect(voided.code).toBe(0);
    expect(voided.data).toMatchObject({ state: 'voided', voidReason: 'Issued to the wrong account' });
    expect(
      (await call('owner', 'POST', '/api/ops/finance/vouchers/void', { code: issued.code, reason: 'again' }))
        .code,
    ).toBe(4363);
    expect(
      (await call('owner', 'POST', '/api/ops/finance/vouchers/void', { code: 'VNOSUCHCODE', reason: 'x' }))
        .code,
    ).toBe(4362);
    const listed = await call<{ list: TOpsVoucher[] }>('reviewer', 'GET', '/api/ops/finance/vouchers', {
      state: 'voided',
    });
    expect(listed.data.list.map((v) => v.code)).toEqual([issued.code]);
    expect((await entriesOf('voucher.void')).map((r) => r.accountId)).toEqual([null, account.id]);
  });
});

describe('discounts', () => {
  it('sets, lists and removes an account discount; each act audited', async () => {
    const set = await call<{ rate: string; previous: string | null }>(
      'finance',
      'POST',
      '/api/ops/finance/discounts/set',
      {
        account: 'fincorp',
        category: 'compute',
        rate: '0.85',
        reason: 'Annual contract',
      },
    );
    expect(set).toMatchObject({ code: 0, data: { rate: '0.8500', previous: null } });
    const again = await call<{ previous: string | null }>('owner', 'POST', '/api/ops/finance/discounts/set', {
      account: 'fincorp',
      category: 'compute',
      rate: '0.8',
      reason: 'Renewed',
    });
    expect(again.data.previous).toBe('0.8500');
    const list = await call<{ list: { accountName: string; category: string; rate: string }[] }>(
      'auditor',
      'GET',
      '/api/ops/finance/discounts',
      { account: 'fincorp' },
    );
    expect(list.data.list).toEqual([
      expect.objectContaining({ accountName: 'fincorp', category: 'compute', rate: '0.8000' }),
    ]);
    const bad = await call('finance', 'POST', '/api/ops/finance/discounts/set', {
      account: 'fincorp',
      category: 'compute',
      rate: '1.5',
      reason: 'x',
    });
    expect(bad.code).toBe(400);
    expect(
      (
        await call('support', 'POST', '/api/ops/finance/discounts/remove', {
          account: 'fincorp',
          category: 'compute',
          reason: 'x',
        })
      ).code,
    ).toBe(4309);
    const removed = await call<{ previous: string; rate: null }>(
      'finance',
      'POST',
      '/api/ops/finance/discounts/remove',
      {
        account: 'fincorp',
        category: 'compute',
        reason: 'Contract ended',
      },
    );
    expect(removed).toMatchObject({ code: 0, data: { previous: '0.8000', rate: null } });
    expect(
      (
        await call('finance', 'POST', '/api/ops/finance/discounts/remove', {
          account: 'fincorp',
          category: 'compute',
          reason: 'x',
        })
      ).code,
    ).toBe(4364);
    expect((await call('auditor', 'GET', '/api/ops/finance/discounts', { account: 'fincorp' })).data).toEqual(
      { list: [], total: 0 },
    );
    expect((await entriesOf('discount.set')).length).toBe(4);
    const removal = await entriesOf('discount.remove');
    expect(removal.map((r) => [r.accountId, (r.info as { reason?: string }).reason])).toEqual([
      [null, 'Contract ended'],
      [account.id, 'Contract ended'],
    ]);
  });
});

describe('top-up orders', () => {
  it('looks an order up by its number, without the payment code', async () => {
    const paidAt = new Date('2026-11-01T07:00:00Z');
    await t.deps.db.insert(recharges).values({
      id: 'OrderNumber0000000000001',
      accountId: account.id,
      channel: 'wechat',
      amountFen: 12_345,
      status: 'paid',
      codeUrl: 'weixin://wxpay/bizpayurl?pr=secret',
      providerTradeNo: '4200001234202611010000000001',
      createdAt: new Date('2026-11-01T06:50:00Z'),
      expiresAt: new Date('2026-11-01T08:50:00Z'),
      paidAt,
    });
    await t.deps.db.insert(transactions).values({
      accountId: account.id,
      type: 'recharge',
      channel: 'wechat',
      amountFen: 12_345,
      balanceAfterFen: 12_345,
      serialNo: 'T20261101ORDERSERIAL1',
      reference: 'OrderNumber0000000000001',
      createdAt: paidAt,
    });
    const res = await call<Record<string, unknown>>('reviewer', 'GET', '/api/ops/finance/top-up', {
      orderNo: 'OrderNumber0000000000001',
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      orderNo: 'OrderNumber0000000000001',
      accountId: account.id,
      accountName: 'fincorp',
      channel: 'wechat',
      amountFen: 12_345,
      currency: 'CNY',
      status: 'paid',
      providerTransactionId: '4200001234202611010000000001',
      serialNo: 'T20261101ORDERSERIAL1',
      paidAt: paidAt.toISOString(),
    });
    expect(JSON.stringify(res.data)).not.toContain('weixin://');
    expect((await call('reviewer', 'GET', '/api/ops/finance/top-up', { orderNo: 'nope' })).code).toBe(4365);
    expect((await call('reviewer', 'GET', '/api/ops/finance/top-up')).code).toBe(400);
    // Money in the balance since: leave the account with none for the adjustments below.
    await t.deps.db.delete(transactions).where(eq(transactions.reference, 'OrderNumber0000000000001'));
  });
});

describe('adjustments', () => {
  const threshold = 1_000_000;

  async function create(
    who: string,
    direction: 'credit' | 'debit',
    amountFen: number,
    reason = 'Goodwill credit',
  ) {
    return call<TOpsAdjustment>(who, 'POST', '/api/ops/finance/adjustments', {
      account: 'fincorp',
      direction,
      amountFen,
      reason,
    });
  }

  it('at the threshold takes effect at once; the customer sees a platform movement with the reason', async () => {
    expect((await customerFunds()).cashAmount).toBe('0.00');
    // No cash to take: a debit is refused and nothing is recorded.
    expect((await create('finance', 'debit', 100)).code).toBe(4369);
    expect(await t.deps.db.select().from(opsAdjustments)).toEqual([]);
    const made = await create('finance', 'credit', threshold, 'Refund of the double charge in October');
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({
      status: 'applied',
      needsApproval: false,
      amountFen: threshold,
      requestedBy: { username: 'fin.finance', role: 'finance' },
      decidedBy: null,
      balanceAfterFen: threshold,
    });
    expect(made.data.serialNo).toMatch(/^T\d{8}/);
    expect((await customerFunds()).cashAmount).toBe('10000.00');
    const [movement] = (await customerTransactions()).list;
    expect(movement).toMatchObject({
      type: 'cash',
      channel: 'operator',
      amount: '10000.00',
      remark: 'Refund of the double charge in October',
    });
    const rows = await entriesOf('adjustment.apply');
    expect(rows.map((r) => r.accountId)).toEqual([null, account.id]);
    expect(rows[1]?.info).toMatchObject({
      operator: { role: 'finance' },
      reason: 'Refund of the double charge in October',
      direction: 'credit',
      amount: '10000.00',
    });
  });

  it('above the threshold waits; the requester cannot decide it, nor the roles that change nothing', async () => {
    const made = await create('finance', 'credit', threshold + 1, 'Settlement of the SLA claim');
    expect(made.data).toMatchObject({
      status: 'pending',
      needsApproval: true,
      serialNo: null,
      decidedBy: null,
    });
    expect((await customerFunds()).cashAmount).toBe('10000.00');
    const id = made.data.id;
    expect(
      (await call('finance', 'POST', '/api/ops/finance/adjustments/approve', { adjustmentId: id })).code,
    ).toBe(4368);
    expect(
      (
        await call('finance', 'POST', '/api/ops/finance/adjustments/reject', {
          adjustmentId: id,
          reason: 'x',
        })
      ).code,
    ).toBe(4368);
    for (const role of ['auditor', 'support', 'reviewer'])
      expect(
        (await call(role, 'POST', '/api/ops/finance/adjustments/approve', { adjustmentId: id })).code,
      ).toBe(4309);
    // The requester sees theirs waiting, with the threshold.
    const pending = await call<{ list: TOpsAdjustment[]; approvalThresholdFen: number }>(
      'finance',
      'GET',
      '/api/ops/finance/adjustments',
      { status: 'pending' },
    );
    expect(pending.data.approvalThresholdFen).toBe(threshold);
    expect(pending.data.list.map((a) => [a.id, a.requestedBy.username])).toEqual([[id, 'fin.finance']]);
    expect((await customerFunds()).cashAmount).toBe('10000.00');
    expect((await entriesOf('adjustment.request')).map((r) => r.accountId)).toEqual([null, account.id]);
  });

  it('a second finance operator approves: concurrent approvals credit exactly once', async () => {
    const [waiting] = (
      await call<{ list: TOpsAdjustment[] }>('finance2', 'GET', '/api/ops/finance/adjustments', {
        status: 'pending',
      })
    ).data.list;
    const id = waiting?.id ?? 0;
    const before = (await customerTransactions()).list.length;
    const answers = await Promise.all(
      ['finance2', 'owner', 'finance2', 'owner', 'finance2', 'owner'].map((who) =>
        call<TOpsAdjustment>(who, 'POST', '/api/ops/finance/adjustments/approve', {
          adjustmentId: id,
          note: 'Checked',
        }),
      ),
    );
    const codes = answers.map((a) => a.code).sort();
    expect(codes).toEqual([0, 4367, 4367, 4367, 4367, 4367]);
    const approved = answers.find((a) => a.code === 0)?.data;
    expect(approved).toMatchObject({
      status: 'applied',
      decisionNote: 'Checked',
      balanceAfterFen: 2 * threshold + 1,
    });
    expect(['fin.finance2', 'fin.owner']).toContain(approved?.decidedBy?.username);
    expect((await customerFunds()).cashAmount).toBe('20000.01');
    const after = (await customerTransactions()).list;
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({
      type: 'cash',
      channel: 'operator',
      amount: '10000.01',
      remark: 'Settlement of the SLA claim',
    });
    expect(
      (await call('owner', 'POST', '/api/ops/finance/adjustments/approve', { adjustmentId: id })).code,
    ).toBe(4367);
    const rows = await entriesOf('adjustment.approve');
    expect(rows.map((r) => r.accountId)).toEqual([null, account.id]);
    expect(rows[1]?.info).toMatchObject({ reason: 'Settlement of the SLA claim', note: 'Checked' });
  });

  it('a rejected adjustment moves nothing and cannot be approved afterwards', async () => {
    const made = await create('owner', 'debit', threshold + 500);
    expect(made.data.status).toBe('pending');
    expect(
      (await call('finance', 'POST', '/api/ops/finance/adjustments/reject', { adjustmentId: made.data.id }))
        .code,
    ).toBe(400);
    const rejected = await call<TOpsAdjustment>('finance', 'POST', '/api/ops/finance/adjustments/reject', {
      adjustmentId: made.data.id,
      reason: 'No ticket for this debit',
    });
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      decisionNote: 'No ticket for this debit',
      serialNo: null,
    });
    expect(
      (await call('finance2', 'POST', '/api/ops/finance/adjustments/approve', { adjustmentId: made.data.id }))
        .code,
    ).toBe(4367);
    expect(
      (await call('finance2', 'POST', '/api/ops/finance/adjustments/approve', { adjustmentId: 999_999 }))
        .code,
    ).toBe(4366);
    expect((await customerFunds()).cashAmount).toBe('20000.01');
    const [entry] = (await entriesOf('adjustment.reject')).filter((r) => r.accountId === account.id);
    expect(entry?.info).toMatchObject({ reason: 'No ticket for this debit' });
  });

  it('a debit takes at most the cash there is, and never makes arrears', async () => {
    const short = await create('finance', 'debit', 2_000_002);
    expect(short.code).toBe(0); // above the threshold: pending, checked when approved
    expect(
      (await call('owner', 'POST', '/api/ops/finance/adjustments/approve', { adjustmentId: short.data.id }))
        .code,
    ).toBe(4369);
    const still = await t.deps.db.select().from(opsAdjustments).where(eq(opsAdjustments.id, short.data.id));
    expect(still[0]?.status).toBe('pending');
    const debit = await create('finance', 'debit', 1_000);
    expect(debit.data).toMatchObject({ status: 'applied', balanceAfterFen: 2_000_001 - 1_000 });
    expect((await customerFunds()).cashAmount).toBe('19990.01');
    expect((await customerTransactions()).list[0]).toMatchObject({ type: 'cash', amount: '-10.00' });
    await call('owner', 'POST', '/api/ops/finance/adjustments/reject', {
      adjustmentId: short.data.id,
      reason: 'Too much',
    });
  });

  it('a credit pays arrears first, as a top-up does (decision 0037)', async () => {
    // The account spent all its cash and owes 300.00 more.
    await t.deps.db
      .update(funds)
      .set({ cashFen: 0, outstandingFen: 30_000, arrearsSince: t.deps.clock.now() })
      .where(eq(funds.accountId, account.id));
    const made = await create('finance', 'credit', 50_000, 'Goodwill');
    expect(made.data).toMatchObject({ status: 'applied', balanceAfterFen: 20_000 });
    const view = await customerFunds();
    expect(view).toMatchObject({ cashAmount: '200.00', outstandingAmount: '0.00' });
    const [arrears, credit] = (await customerTransactions()).list;
    expect(credit).toMatchObject({ type: 'cash', amount: '500.00' });
    expect(arrears).toMatchObject({ type: 'consumption', amount: '-300.00', remark: 'arrears' });
  });

  it("asks the second factor again when it is stale, and refuses bad input in the caller's language", async () => {
    const stale = await openOpsSession(
      t.deps.db,
      { id: idOf.get('finance2') ?? 0 },
      'operator',
      t.deps.clock.now(),
      null,
    );
    await t.deps.db
      .update(opsSessions)
      .set({ secondFactorAt: new Date(t.deps.clock.now().getTime() - 16 * 60_000) })
      .where(eq(opsSessions.id, stale.sessionId));
    const adjustments = await t.deps.db.select().from(opsAdjustments);
    expect(
      (
        await call(stale.token, 'POST', '/api/ops/finance/adjustments', {
          account: 'fincorp',
          direction: 'credit',
          amountFen: 1,
          reason: 'x',
        })
      ).code,
    ).toBe(4302);
    expect(await t.deps.db.select().from(opsAdjustments)).toEqual(adjustments);
    const bad = await call<{ fieldErrors: Record<string, string> }>(
      'finance',
      'POST',
      '/api/ops/finance/adjustments',
      { account: 'fincorp', direction: 'sideways', amountFen: 1.5, reason: ' ' },
      'zh-CN',
    );
    expect(bad.code).toBe(400);
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(['amountFen', 'direction', 'reason']);
    expect(
      (
        await call('finance', 'POST', '/api/ops/finance/adjustments', {
          account: 'nobody',
          direction: 'credit',
          amountFen: 1,
          reason: 'x',
        })
      ).code,
    ).toBe(4360);
    expect(
      (
        await call('auditor', 'POST', '/api/ops/finance/adjustments', {
          account: 'fincorp',
          direction: 'credit',
          amountFen: 1,
          reason: 'x',
        })
      ).code,
    ).toBe(4309);
  });
});

describe('the trail', () => {
  it('both chains verify intact', async () => {
    const reports = await verifyChains(t.deps.db, [0, account.id]);
    for (const report of reports) expect(report).toMatchObject({ isIntact: true, broken: null });
  });
});
