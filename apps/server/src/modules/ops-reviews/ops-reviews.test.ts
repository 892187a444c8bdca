/**
 * The back office's review queues (issue 40, item 4) through the ops listener's app against a real
 * database: counts and ages; claims (renewal, a second operator refused with the holder's name,
 * the race of parallel claims, expiry and release); each queue's acts with the customer seeing the
 * outcome through the customers' API and being told in the development outbox; a remittance
 * credited exactly once whatever the concurrency and retries; the licence and slip streamed from
 * the storage on the ops route only; the audit entries in both chains.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@console/contract/codes';
import { AccountType } from '@console/contract/enums';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, envelope, type TTestApp } from '../../../test/harness';
import { accounts, auditEntries, transactions } from '../../db/schema';
import { samples } from '../billing/uploads/upload.fixtures';
import { runCertificationCommand } from '../certification/certification.cli';
import { createOperator } from '../operator';
import { openOpsSession } from '../operator/operator-session.service';
import {
  pendingRemittance,
  reviewCustomer,
  submittedApplication,
  type TReviewCustomer,
  waitingVerification,
} from './ops-reviews.fixtures';

let t: TTestApp;
let ops: FastifyInstance;
let dir: string;
const ids = new Map<string, number>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-ops-reviews-'));
  t = await createTestApp({ env: { UPLOAD_DIR: dir } });
  ops = await t.opsApp();
  for (const [username, role] of [
    ['rev.alice', 'reviewer'],
    ['rev.bob', 'reviewer'],
    ['fin.carol', 'finance'],
    ['fin.dan', 'finance'],
    ['aud.erin', 'auditor'],
    ['own.frank', 'owner'],
  ] as const) {
    ids.set(username, (await createOperator(t.deps, null, { username, role }, null)).operator.id);
  }
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh signed-in session of the operator (second factor just proven). */
async function as(username: string): Promise<string> {
  const id = ids.get(username) ?? 0;
  return (await openOpsSession(t.deps.db, { id }, 'operator', t.deps.clock.now(), null)).token;
}

function call(token: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'en-US') {
  return ops.inject({
    method,
    url,
    headers: { 'cz-lang': lang, ...bearer(token) },
    ...(payload ? { payload } : {}),
  });
}
async function ok<T>(token: string, method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const body = envelope<T>(await call(token, method, url, payload));
  if (body.code !== 0) throw new Error(`${url}: ${body.code} ${body.message}`);
  return body.data;
}
const post = (token: string, url: string, payload: object, lang?: string) =>
  call(token, 'POST', `/api/ops/reviews/${url}`, payload, lang).then((r) =>
    envelope<Record<string, unknown>>(r),
  );

async function customerGet<T>(customer: TReviewCustomer, url: string): Promise<T> {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(customer.token), 'cz-lang': 'zh-CN' },
  });
  return envelope<T>(res).data;
}

async function outboxFor(accountName: string): Promise<{ channel: string; text: string; subject: string }[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
  const list = envelope<{ list: { channel: string; text: string; subject: string }[] }>(res).data.list;
  return list.filter((m) => m.text.includes(accountName));
}

async function auditOf(accountId: number | null, action: string) {
  return t.deps.db
    .select()
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.action, action),
        accountId === null ? undefined : eq(auditEntries.accountId, accountId),
      ),
    );
}

describe('claims', () => {
  it('a claim is renewed by its holder; another reviewer is refused with the holder named', async () => {
    const customer = await reviewCustomer(t.deps, t.app);
    const id = await waitingVerification(t.app, customer);
    const alice = await as('rev.alice');
    const bob = await as('rev.bob');
    const first = await post(alice, 'verifications/claim', { id });
    expect(first).toMatchObject({ code: 0, data: { itemId: id, operatorName: 'rev.alice', isMine: true } });
    t.clock.advance(60_000);
    const renewed = await post(alice, 'verifications/claim', { id });
    expect(renewed.code).toBe(0);
    expect(Date.parse(String(renewed.data.expiresAt))).toBeGreaterThan(
      Date.parse(String(first.data.expiresAt)),
    );

    const refused = await post(bob, 'verifications/claim', { id });
    expect(refused.code).toBe(ErrorCode.opsReviewClaimedByOther);
    expect(refused.message).toContain('rev.alice');
    expect(refused.data).toMatchObject({ operator: 'rev.alice' });
    const zh = await post(bob, 'verifications/claim', { id }, 'zh-CN');
    expect(zh.message).toContain('rev.alice');
    expect(zh.message).toContain('认领');
    // Bob cannot act on it either, nor release it.
    expect((await post(bob, 'verifications/approve', { id })).code).toBe(ErrorCode.opsReviewClaimedByOther);
    expect((await post(bob, 'verifications/release', { id })).code).toBe(ErrorCode.opsReviewClaimRequired);

    // The list shows who holds it, to both.
    const list = await ok<{
      list: { id: number; claim: { operatorName: string; isMine: boolean } | null }[];
    }>(bob, 'GET', '/api/ops/reviews/list?kind=verification');
    expect(list.list.find((i) => i.id === id)?.claim).toMatchObject({
      operatorName: 'rev.alice',
      isMine: false,
    });

    // Released, Bob takes it; expired, Alice takes it over.
    expect((await post(alice, 'verifications/release', { id })).code).toBe(0);
    expect((await post(bob, 'verifications/claim', { id })).code).toBe(0);
    t.clock.advance(31 * 60_000);
    expect((await post(await as('rev.alice'), 'verifications/claim', { id })).data).toMatchObject({
      operatorName: 'rev.alice',
    });
    expect((await auditOf(null, 'review.claim')).length).toBeGreaterThanOrEqual(4);
    expect((await auditOf(null, 'review.release')).length).toBeGreaterThanOrEqual(1);
  });

  it('of parallel claims by two reviewers exactly one wins; the other hears who holds it', async () => {
    for (let round = 0; round < 5; round++) {
      const customer = await reviewCustomer(t.deps, t.app);
      const id = await waitingVerification(t.app, customer);
      const tokens = [await as('rev.alice'), await as('rev.bob')];
      const answers = await Promise.all(
        [...tokens, ...tokens, ...tokens].map((token) => post(token, 'verifications/claim', { id })),
      );
      const winners = new Set(answers.filter((a) => a.code === 0).map((a) => a.data.operatorName));
      expect(winners.size).toBe(1);
      const winner = [...winners][0];
      for (const a of answers.filter((x) => x.code !== 0)) {
        expect(a.code).toBe(ErrorCode.opsReviewClaimedByOther);
        expect(a.data).toMatchObject({ operator: winner });
      }
    }
  });

  it('a claim needs an item waiting for review, and the role of its queue', async () => {
    const finance = await as('fin.carol');
    const alice = await as('rev.alice');
    expect((await post(alice, 'verifications/claim', { id: 999_999 })).code).toBe(
      ErrorCode.opsReviewItemNotFound,
    );
    const customer = await reviewCustomer(t.deps, t.app);
    const id = await waitingVerification(t.app, customer);
    expect((await post(finance, 'verifications/claim', { id })).code).toBe(ErrorCode.opsRoleForbidden);
    expect((await post(await as('aud.erin'), 'verifications/claim', { id })).code).toBe(
      ErrorCode.opsRoleForbidden,
    );
    // Acting without a claim.
    expect((await post(alice, 'verifications/approve', { id })).code).toBe(ErrorCode.opsReviewClaimRequired);
  });
});

describe('queues', () => {
  it('counts each queue and ages its items, oldest first', async () => {
    const customer = await reviewCustomer(t.deps, t.app);
    const older = await pendingRemittance(t.app, customer, '10.00');
    t.clock.advance(1_200_000);
    const newer = await pendingRemittance(t.app, customer, '20.00');
    const summary = await ok<{ queues: { kind: string; count: number; oldestAgeSeconds: number | null }[] }>(
      await as('aud.erin'),
      'GET',
      '/api/ops/reviews/summary',
    );
    const remittances = summary.queues.find((q) => q.kind === 'remittance');
    expect(remittances?.count).toBeGreaterThanOrEqual(2);
    expect(remittances?.oldestAgeSeconds).toBeGreaterThanOrEqual(1200);
    const list = await ok<{ list: { id: number; ageSeconds: number; amount: string }[] }>(
      await as('aud.erin'),
      'GET',
      '/api/ops/reviews/list?kind=remittance',
    );
    const a = list.list.findIndex((i) => i.id === older);
    const b = list.list.findIndex((i) => i.id === newer);
    expect(a).toBeLessThan(b);
    expect(list.list[a]).toMatchObject({ amount: '10.00' });
    expect(list.list[a]?.ageSeconds).toBe((list.list[b]?.ageSeconds ?? 0) + 1200);
    expect((await call(await as('aud.erin'), 'GET', '/api/ops/reviews/list?kind=nothing')).statusCode).toBe(
      400,
    );
  });
});

describe('enterprise verifications', () => {
  it('shows the form, the provider and the licence (streamed, ops route only); approving passes it and tells the customer', async () => {
    const customer = await reviewCustomer(t.deps, t.app);
    const id = await waitingVerification(t.app, customer, { name: '营业执照.png', bytes: samples.png });
    const alice = await as('rev.alice');
    const item = await ok<Record<string, unknown>>(
      alice,
      'GET',
      `/api/ops/reviews/verifications/item?id=${id}`,
    );
    expect(item).toMatchObject({
      status: 'verifying',
      account: { id: customer.account.id },
      form: {
        companyName: 'Manual Review Trading Co.',
        creditCode: '91350100M000100Y43',
        legalPersonName: '李*',
      },
      provider: { result: null, isManualReview: true },
      licence: { fileName: '营业执照.png', contentType: 'image/png', size: samples.png.length },
      claim: null,
    });
    expect(JSON.stringify(item)).not.toContain('440524188001010014');
    const file = await call(await as('aud.erin'), 'GET', `/api/ops/reviews/verifications/licence?id=${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^inline;/);
    expect(file.rawPayload.equals(samples.png)).toBe(true);
    // Never on the customers' listener.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/ops/reviews/verifications/licence?id=${id}` }))
        .statusCode,
    ).toBe(404);

    expect((await post(alice, 'verifications/claim', { id })).code).toBe(0);
    const done = await post(alice, 'verifications/approve', { id });
    expect(done).toMatchObject({
      code: 0,
      data: { status: 'passed', isReplay: false, notice: { isSent: true } },
    });
    // A retry answers the same outcome; a reject now is refused.
    expect((await post(alice, 'verifications/approve', { id })).data).toMatchObject({
      status: 'passed',
      isReplay: true,
    });
    expect((await post(alice, 'verifications/reject', { id, reasonCode: 'nameMismatch' })).code).toBe(
      ErrorCode.opsReviewItemDecided,
    );

    const state = await customerGet<{ certification: { status: string }; accountType: number }>(
      customer,
      '/api/portal/billing/certification/status',
    );
    expect(state).toMatchObject({ certification: { status: 'passed' }, accountType: AccountType.formal });
    const told = await outboxFor(customer.account.name);
    expect(told[0]?.text).toContain('企业认证已通过');
    const entries = await auditOf(customer.account.id, 'certification.approve');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.info).toMatchObject({ operator: { role: 'reviewer' } });
    const installation = (await auditOf(null, 'certification.approve')).filter((e) => e.accountId === null);
    expect(
      installation.some(
        (e) => (e.info as { operator?: { username?: string } }).operator?.username === 'rev.alice',
      ),
    ).toBe(true);
  });

  it('rejects with a reason from the list and free text: the customer reads both, in their language, and is told', async () => {
    const customer = await reviewCustomer(t.deps, t.app);
    const id = await waitingVerification(t.app, customer);
    const bob = await as('rev.bob');
    expect((await post(bob, 'verifications/claim', { id })).code).toBe(0);
    // `other` needs words of one's own; an unknown reason is refused.
    const bare = await post(bob, 'verifications/reject', { id, reasonCode: 'other' });
    expect(bare.code).toBe(400);
    expect(bare.data).toMatchObject({ fieldErrors: { note: expect.any(String) } });
    expect((await post(bob, 'verifications/reject', { id, reasonCode: 'nope' })).code).toBe(400);
    const done = await post(bob, 'verifications/reject', {
      id,
      reasonCode: 'expiredLicence',
      note: 'Valid until 2025-06-30.',
    });
    expect(done).toMatchObject({ code: 0, data: { status: 'failed' } });
    const state = await customerGet<{
      certification: { status: string; reasonCode: string; reason: string };
    }>(customer, '/api/portal/billing/certification/status');
    expect(state.certification).toMatchObject({
      status: 'failed',
      reasonCode: 'expiredLicence',
      reason: 'Valid until 2025-06-30.',
    });
    const told = await outboxFor(customer.account.name);
    expect(told[0]?.text).toContain('企业认证未通过');
    const [entry] = await auditOf(customer.account.id, 'certification.reject');
    expect(entry?.info).toMatchObject({ reason: 'expiredLicence: Valid until 2025-06-30.' });
  });

  it('the command keeps working beside the queue', async () => {
    const customer = await reviewCustomer(t.deps, t.app);
    const id = await waitingVerification(t.app, customer);
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    expect(
      await runCertificationCommand(t.deps, 'certification', ['reject', String(id), 'blurred'], io),
    ).toBe(0);
    const alice = await as('rev.alice');
    expect((await post(alice, 'verifications/claim', { id })).code).toBe(ErrorCode.opsReviewItemNotFound);
  });
});

describe('remittances', () => {
  it('ten concurrent confirms credit once; a retry after success answers the same outcome', async () => {
    const customer = await reviewCustomer(t.deps, t.app);
    const id = await pendingRemittance(t.app, customer, '1234.50');
    const carol = await as('fin.carol');
    const item = await ok<Record<string, unknown>>(
      carol,
      'GET',
      `/api/ops/reviews/remittances/item?id=${id}`,
    );
    expect(item).toMatchObject({
      status: 'pending',
      amount: '1234.50',
      currency: 'CNY',
      payerName: 'Acme Trading Co., Ltd.',
      payerAccount: '6222 0000 1111',
      expectedRemark: `TOPUP-${customer.account.name}`,
      slip: { contentType: 'image/jpeg' },
    });
    const slip = await call(carol, 'GET', `/api/ops/reviews/remittances/slip?id=${id}`);
    expect(slip.headers['content-type']).toBe('image/jpeg');
    expect(slip.rawPayload.equals(samples.jpeg)).toBe(true);

    expect((await post(carol, 'remittances/claim', { id })).code).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(carol, 'remittances/confirm', { id })),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(0));
    expect(answers.filter((a) => a.data.isReplay === false)).toHaveLength(1);
    const serials = new Set(answers.map((a) => a.data.serialNo));
    expect(serials.size).toBe(1);
    expect([...serials][0]).toEqual(expect.any(String));
    const retry = await post(carol, 'remittances/confirm', { id });
    expect(retry.data).toMatchObject({ status: 'confirmed', isReplay: true, serialNo: [...serials][0] });
    // Another finance operator's retry too, without a claim: the same outcome, no second credit.
    expect((await post(await as('fin.dan'), 'remittances/confirm', { id })).data).toMatchObject({
      isReplay: true,
    });

    const credits = await t.deps.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountId, customer.account.id), eq(transactions.type, 'recharge')));
    expect(credits).toHaveLength(1);
    expect(credits[0]?.amountFen).toBe(123_450);
    const funds = await customerGet<{ cashAmount: string }>(customer, '/api/portal/billing/getAccount');
    expect(funds.cashAmount).toBe('1234.50');
    expect(await auditOf(customer.account.id, 'remittance.confirm')).toHaveLength(1);
    const told = await outboxFor(customer.account.name);
    expect(told.filter((m) => m.text.includes('已到账'))).toHaveLength(1);
  });

  it('confirming moves money: it needs a fresh second factor; rejecting takes a reason', async () => {
    const customer = await reviewCustomer(t.deps, t.app);
    const id = await pendingRemittance(t.app, customer, '50.00');
    const dan = await as('fin.dan');
    expect((await post(dan, 'remittances/claim', { id })).code).toBe(0);
    t.clock.advance(16 * 60_000);
    const fresh = await as('fin.dan');
    // The old session's second factor is stale.
    expect((await post(dan, 'remittances/confirm', { id })).code).toBe(ErrorCode.opsStepUpRequired);
    // A reviewer has no say on remittances.
    expect(
      (await post(await as('rev.alice'), 'remittances/reject', { id, reasonCode: 'notReceived' })).code,
    ).toBe(ErrorCode.opsRoleForbidden);
    const done = await post(fresh, 'remittances/reject', {
      id,
      reasonCode: 'amountMismatch',
      note: 'Received 5.00',
    });
    expect(done).toMatchObject({ code: 0, data: { status: 'rejected' } });
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/portal/billing/remittance/list',
      headers: bearer(customer.token),
      payload: { pageNo: 1, pageSize: 10 },
    });
    expect(envelope<{ list: unknown[] }>(list).data.list[0]).toMatchObject({
      status: 'rejected',
      reviewReason: 'amountMismatch',
      reviewNote: 'Received 5.00',
    });
    expect((await outboxFor(customer.account.name))[0]?.text).toContain('未通过');
    expect((await post(fresh, 'remittances/confirm', { id })).code).toBe(ErrorCode.opsReviewItemDecided);
  });
});

describe('formal applications', () => {
  it("shows the account's facts beside the form; making formal turns the account formal and tells the customer", async () => {
    const customer = await reviewCustomer(t.deps, t.app);
    const id = await submittedApplication(t.deps, t.app, customer);
    const alice = await as('rev.alice');
    const item = await ok<Record<string, unknown>>(alice, 'GET', `/api/ops/reviews/formal/item?id=${id}`);
    expect(item).toMatchObject({
      status: 'submitted',
      form: { contactName: 'Li Si', company: 'Acme Trading Co., Ltd.', openServices: [1, 3] },
      account: { id: customer.account.id, type: AccountType.trial, users: 2, verification: null },
    });
    expect((await post(alice, 'formal/claim', { id })).code).toBe(0);
    expect((await post(alice, 'formal/approve', { id })).data).toMatchObject({ status: 'approved' });
    const [row] = await t.deps.db.select().from(accounts).where(eq(accounts.id, customer.account.id));
    expect(row?.type).toBe(AccountType.formal);
    const center = await customerGet<{ formalApplication: { status: string } }>(
      customer,
      '/api/portal/account/center',
    );
    expect(center.formalApplication).toMatchObject({ status: 'approved' });
    expect((await outboxFor(customer.account.name))[0]?.text).toContain('企业版开通申请已通过');
    expect(await auditOf(customer.account.id, 'account.formalApprove')).toHaveLength(1);
  });

  it('declines with a reason: the customer sees it and may apply again', async () => {
    const customer = await reviewCustomer(t.deps, t.app);
    const id = await submittedApplication(t.deps, t.app, customer);
    const owner = await as('own.frank');
    expect((await post(owner, 'formal/claim', { id })).code).toBe(0);
    const done = await post(owner, 'formal/decline', { id, reasonCode: 'verificationRequired', note: '' });
    expect(done.data).toMatchObject({ status: 'declined' });
    const center = await customerGet<{ formalApplicationSubmitted: boolean; formalApplication: unknown }>(
      customer,
      '/api/portal/account/center',
    );
    expect(center).toMatchObject({
      formalApplicationSubmitted: false,
      formalApplication: { status: 'declined', reasonCode: 'verificationRequired' },
    });
    // Told by SMS (the domestic edition's channel), whose approved template names the outcome only.
    const told = await outboxFor(customer.account.name);
    expect(told[0]).toMatchObject({ channel: 'sms' });
    expect(told[0]?.text).toContain('企业版开通申请未通过');
    // A new application waits again.
    const again = await submittedApplication(t.deps, t.app, customer);
    expect(again).not.toBe(id);
    const [entry] = await auditOf(customer.account.id, 'account.formalDecline');
    expect(entry?.info).toMatchObject({ operator: { role: 'owner' }, reason: 'verificationRequired' });
  });
});

describe('roles', () => {
  it('an auditor reads every queue and changes nothing', async () => {
    const erin = await as('aud.erin');
    for (const kind of ['verification', 'remittance', 'formal'] satisfies string[]) {
      expect((await call(erin, 'GET', `/api/ops/reviews/list?kind=${kind}`)).statusCode).toBe(200);
    }
    const customer = await reviewCustomer(t.deps, t.app);
    const id = await pendingRemittance(t.app, customer);
    expect((await post(erin, 'remittances/claim', { id })).code).toBe(ErrorCode.opsRoleForbidden);
  });
});

describe('the international edition', () => {
  it("tells by e-mail, in English, with the chosen reason's words and the operator's own", async () => {
    const intl = await createTestApp({ env: { UPLOAD_DIR: dir, EDITION: 'international' } });
    try {
      const intlOps = await intl.opsApp();
      const customer = await reviewCustomer(intl.deps, intl.app, 'intl');
      const id = await waitingVerification(intl.app, customer);
      const reviewer = await createOperator(
        intl.deps,
        null,
        { username: 'rev.intl', role: 'reviewer' },
        null,
      );
      const token = (
        await openOpsSession(intl.deps.db, reviewer.operator, 'operator', intl.clock.now(), null)
      ).token;
      const act = (url: string, payload: object) =>
        intlOps
          .inject({ method: 'POST', url: `/api/ops/reviews/${url}`, headers: bearer(token), payload })
          .then((r) => envelope<{ notice?: unknown }>(r));
      expect((await act('verifications/claim', { id })).code).toBe(0);
      const done = await act('verifications/reject', {
        id,
        reasonCode: 'creditCodeMismatch',
        note: 'The licence shows 91110000600037341L.',
      });
      expect(done.data.notice).toEqual({ isSent: true, channel: 'email' });
      const res = await intl.app.inject({
        method: 'GET',
        url: `/api/dev/outbox?to=admin@${customer.account.name}.example`,
      });
      const [mail] = envelope<{ list: { channel: string; subject: string; text: string }[] }>(res).data.list;
      expect(mail?.subject).toContain('enterprise verification was not approved');
      expect(mail?.text).toContain(
        'Reason: The unified social credit code does not match the business licence: The licence shows 91110000600037341L.',
      );
    } finally {
      await intl.close();
    }
    // A second app of its own (a database copied, a server started): more than the default time.
  }, 120_000);
});
