/**
 * The back office's dashboard through the ops listener's app, on known seeded data and the test
 * clock: the queues' pending counts (decided items not counted), the 30 billing days (UTC+8) of
 * sign-ups, active accounts (a sign-in or a usage record that day, each account once), top-ups
 * and consumption, the failing jobs and webhook deliveries, and the adapter table without secrets.
 */
import type { TOpsDashboard } from '@console/contract/ops';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, seedAccount, type TTestApp } from '../../../test/harness';
import {
  accounts,
  certifications,
  jobs,
  remittances,
  sessions,
  transactions,
  uploads,
  usageAccountDaily,
  webhookDeliveries,
  webhooks,
} from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { createOperator } from '../operator/operator.service';
import { openOpsSession } from '../operator/operator-session.service';

let t: TTestApp;
let ops: FastifyInstance;
let token: string;
let dashboard: TOpsDashboard;

// The test clock starts at 2026-11-01T08:00Z, which is 16:00 on 2026-11-01 in UTC+8.
const today = '2026-11-01';
const at = (isoUtc: string) => new Date(isoUtc);

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.opsApp();
  const created = await createOperator(t.deps, null, { username: 'dash.auditor', role: 'auditor' }, null);
  token = (await openOpsSession(t.deps.db, created.operator, 'operator', t.clock.now(), null)).token;
  const db = t.deps.db;

  // Sign-ups: two accounts today, one on 10-31 at 23:30 in UTC+8 (15:30Z), one 40 days ago (out).
  const a = await seedAccount(t.deps, 'dasha', { createdAt: at('2026-11-01T01:00:00Z') });
  const b = await seedAccount(t.deps, 'dashb', { createdAt: at('2026-11-01T07:00:00Z') });
  const c = await seedAccount(t.deps, 'dashc', { createdAt: at('2026-10-31T15:30:00Z') });
  const old = await seedAccount(t.deps, 'dashold', { createdAt: at('2026-09-20T03:00:00Z') });

  // Active: a signs in twice today and has usage today (counted once); c signs in on 10-30;
  // old has usage on 10-30 only.
  const session = (accountId: number, userId: number, createdAt: Date) =>
    db.insert(sessions).values({
      tokenHash: sha256(`${accountId}-${createdAt.toISOString()}`),
      accountId,
      userId,
      createdAt,
      lastSeenAt: createdAt,
      expiresAt: new Date(createdAt.getTime() + 3_600_000),
    });
  await session(a.id, a.admin.id, at('2026-11-01T02:00:00Z'));
  await session(a.id, a.member.id, at('2026-11-01T03:00:00Z'));
  await session(c.id, c.admin.id, at('2026-10-30T04:00:00Z'));
  const usage = (accountId: number, day: string, discountedFen: number, skuCode: string) =>
    db.insert(usageAccountDaily).values({
      accountId,
      day,
      skuCode,
      quantity: '1',
      amountFen: discountedFen,
      discountedFen,
      voucherFen: 0,
      cashFen: discountedFen,
      outstandingFen: 0,
      records: 1,
    });
  await usage(a.id, today, 1_250, 'vc_gp');
  await usage(a.id, today, 750, 'vc_ap');
  await usage(old.id, '2026-10-30', 4_000, 'vc_gp');

  // Top-ups: 100.00 and 50.50 today (one by remittance), 20.00 on 10-31; a consumption movement is not one.
  const movement = (
    accountId: number,
    type: 'recharge' | 'consumption',
    amountFen: number,
    createdAt: Date,
  ) =>
    db.insert(transactions).values({
      accountId,
      type,
      channel: type === 'recharge' ? 'wechat' : 'balance',
      amountFen,
      balanceAfterFen: 0,
      serialNo: `dash-${accountId}-${createdAt.getTime()}-${amountFen}`,
      createdAt,
    });
  await movement(a.id, 'recharge', 10_000, at('2026-11-01T02:30:00Z'));
  await movement(b.id, 'recharge', 5_050, at('2026-10-31T16:10:00Z'));
  await movement(b.id, 'recharge', 2_000, at('2026-10-31T10:00:00Z'));
  await movement(a.id, 'consumption', -2_000, at('2026-11-01T04:00:00Z'));

  // Queues: one enterprise verification waiting for review, one decided; two remittances pending,
  // one confirmed; a formal application of a trial account, and a formal account's (handled).
  const certification = (status: 'verifying' | 'passed', manualReview: boolean) =>
    db.insert(certifications).values({
      accountId: a.id,
      type: 'enterprise',
      status,
      manualReview,
      sealedData: 'sealed',
      companyName: 'Dash Ltd',
    });
  await certification('verifying', true);
  await certification('passed', true);
  await certification('verifying', false);
  await db.insert(uploads).values({
    id: 'dash-slip',
    accountId: b.id,
    purpose: 'remittance',
    fileName: 'slip.png',
    contentType: 'image/png',
    size: 1,
    storageKey: 'dash-slip',
    sha256: 'x',
  });
  const remittance = (status: 'pending' | 'confirmed') =>
    db.insert(remittances).values({
      accountId: b.id,
      amountFen: 100_000,
      payerName: 'Dash Ltd',
      uploadId: 'dash-slip',
      status,
    });
  await remittance('pending');
  await remittance('pending');
  await remittance('confirmed');
  await db.update(accounts).set({ formalApplicationSubmitted: true }).where(eq(accounts.id, c.id));
  await db.update(accounts).set({ formalApplicationSubmitted: true, type: 3 }).where(eq(accounts.id, b.id));

  // Jobs: one failed, one retrying (queued after a failure), one queued afresh, one done.
  await db.insert(jobs).values([
    { kind: 'dash.failed', status: 'failed', attempts: 5, lastError: 'provider timeout' },
    { kind: 'dash.retrying', status: 'queued', attempts: 2, lastError: 'HTTP 503' },
    { kind: 'dash.fresh', status: 'queued', attempts: 0 },
    { kind: 'dash.done', status: 'done', attempts: 1 },
  ]);
  // Webhook deliveries: one failed, one pending after a failed attempt, one delivered.
  const [hook] = await db
    .insert(webhooks)
    .values({
      accountId: a.id,
      name: 'ops',
      url: 'https://hooks.example.com/x',
      paramsTemplate: '{}',
      successKey: 'ok',
      successValue: 'true',
    })
    .returning({ id: webhooks.id });
  const delivery = (messageId: string, status: 'pending' | 'success' | 'failed', attempts: number) =>
    db.insert(webhookDeliveries).values({
      webhookId: Number(hook?.id),
      accountId: a.id,
      kind: 'alert',
      messageId,
      message: 'balance low',
      status,
      attempts,
      responseStatus: status === 'success' ? 200 : 500,
      error: status === 'success' ? null : 'HTTP 500',
    });
  await delivery('msg_dash_1', 'failed', 3);
  await delivery('msg_dash_2', 'pending', 1);
  await delivery('msg_dash_3', 'success', 1);

  const res = await ops.inject({
    method: 'GET',
    url: '/api/ops/dashboard',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  dashboard = envelope<TOpsDashboard>(res).data;
});
afterAll(async () => {
  await t?.close();
});

const dayOf = (day: string) => dashboard.days.find((d) => d.day === day);

describe('the dashboard', () => {
  it("counts the queues' pending items from their modules", () => {
    expect(dashboard.queues).toEqual({ verifications: 1, remittances: 2, formalApplications: 1 });
  });

  it('answers 30 billing days, oldest first, today last, days without activity as zeros', () => {
    expect(dashboard.days).toHaveLength(30);
    expect(dashboard.days[0]?.day).toBe('2026-10-03');
    expect(dashboard.days.at(-1)?.day).toBe(today);
    expect(dayOf('2026-10-10')).toEqual({
      day: '2026-10-10',
      signUps: 0,
      activeAccounts: 0,
      topUpFen: 0,
      consumptionFen: 0,
    });
  });

  it('counts sign-ups and active accounts per billing day (UTC+8)', () => {
    expect(dayOf(today)).toMatchObject({ signUps: 2, activeAccounts: 1 });
    expect(dayOf('2026-10-31')).toMatchObject({ signUps: 1, activeAccounts: 0 });
    // c signed in and old had usage on 10-30: two accounts.
    expect(dayOf('2026-10-30')).toMatchObject({ signUps: 0, activeAccounts: 2 });
    expect(dashboard.days.reduce((sum, d) => sum + d.signUps, 0)).toBe(3);
  });

  it('sums top-ups and consumption in fen per billing day, in the installation’s currency', () => {
    expect(dashboard.currency).toBe('CNY');
    // 16:10Z on 10-31 is 00:10 on 11-01 in UTC+8.
    expect(dayOf(today)).toMatchObject({ topUpFen: 15_050, consumptionFen: 2_000 });
    expect(dayOf('2026-10-31')).toMatchObject({ topUpFen: 2_000, consumptionFen: 0 });
    expect(dayOf('2026-10-30')).toMatchObject({ consumptionFen: 4_000 });
  });

  it('lists the failing jobs and webhook deliveries with their totals', () => {
    expect(dashboard.failingJobs.total).toBe(2);
    expect(dashboard.failingJobs.list.map((j) => [j.kind, j.state]).sort()).toEqual([
      ['dash.failed', 'failed'],
      ['dash.retrying', 'retrying'],
    ]);
    expect(dashboard.failingDeliveries.total).toBe(2);
    expect(dashboard.failingDeliveries.list.map((d) => d.state).sort()).toEqual(['failed', 'retrying']);
    expect(dashboard.failingDeliveries.list[0]).toMatchObject({ accountName: 'dasha', error: 'HTTP 500' });
  });

  it('shows the adapter table: each adapter with its state, provider and setting, no secret', () => {
    const names = dashboard.adapters.map((a) => a.name);
    expect(names).toEqual([
      'provisioner',
      'marketplace',
      'identity',
      'wechatPay',
      'alipay',
      'sms',
      'email',
      'license',
      'storage',
    ]);
    expect(dashboard.adapters.find((a) => a.name === 'sms')).toEqual({
      name: 'sms',
      state: 'development',
      provider: null,
      setting: 'SMS_PROVIDER',
    });
    expect(dashboard.adapters.find((a) => a.name === 'storage')).toMatchObject({
      state: 'configured',
      provider: 'folder',
    });
    expect(JSON.stringify(dashboard)).not.toContain(t.deps.config.secretKey);
  });
});
