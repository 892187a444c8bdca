import type { TAlertConfig, TWebhook } from '@console/contract';
import { AlertMessagePlaceholder } from '@console/contract/billing-enums';
import { serverPhrases } from '@console/phrases/server';
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
import { rowsOf } from '../../../db/client';
import { createJobRunner } from '../../../jobs/runner';
import { addDays, dayOf } from '../../../lib/billing-day';
import { insertUser } from '../../user/user.repository';
import { creditCash } from '../funds/funds.service';
import { startReceiver, type TReceiver } from '../webhooks/webhooks.test-receiver';
import { alertJobHandlers, scheduleAlertSweep } from './alerts.jobs';
import { alertSweepJobKind, enqueueAlertCheck } from './alerts.queue';

let t: TTestApp;
const { call, ok } = routeClient(() => t.app);
let receiver: TReceiver;
let demo: TSeededAccount;
let acme: TSeededAccount;
let admin: string;
let member: string;
let acmeAdmin: string;
let hook: TWebhook;
const v = serverPhrases['en-US'].validation;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'demo');
  acme = await seedAccount(t.deps, 'acme');
  admin = await signIn(t.app, 'demo', demo.admin);
  member = await signIn(t.app, 'demo', demo.member);
  acmeAdmin = await signIn(t.app, 'acme', acme.admin);
  hook = await ok<TWebhook>('saveWebhook', admin, {
    name: 'alerts',
    url: receiver.url('/alerts'),
    paramsTemplate: `{"text":${AlertMessagePlaceholder}}`,
    successKey: 'code',
    successValue: '0',
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function fieldErrors(payload: Record<string, unknown>): Promise<Record<string, string>> {
  const res = await call('updateAlert', admin, payload);
  expect(res.statusCode).toBe(400);
  return envelope<{ fieldErrors: Record<string, string> }>(res).data.fieldErrors;
}

const runner = () => createJobRunner(t.deps, alertJobHandlers(t.app.log), t.app.log, { pollMs: 1000 });

/** Evaluates the account now and sends what it queued (messages, webhook deliveries). */
async function check(accountId: number): Promise<void> {
  await enqueueAlertCheck(t.deps.db, accountId, t.clock.now());
  await runner().drain();
}

async function setCash(accountId: number, cashFen: number, outstandingFen = 0): Promise<void> {
  await t.deps.db.execute(sql`
    insert into funds (account_id, cash_fen, outstanding_fen) values (${accountId}, ${cashFen}, ${outstandingFen})
    on conflict (account_id) do update set cash_fen = excluded.cash_fen, outstanding_fen = excluded.outstanding_fen`);
}

/** Spend on each of the last 7 full billing days, plus amounts today and 8 days ago that do not count. */
async function spend(accountId: number, perDayFen: number): Promise<void> {
  const now = t.clock.now();
  const days = [0, -1, -2, -3, -4, -5, -6, -7, -8];
  for (const offset of days) {
    const fen = offset === 0 || offset === -8 ? 1_000_000 : perDayFen;
    await t.deps.db.execute(sql`
      insert into usage_daily (account_id, day, instance_id, workspace, sku_code, quantity, amount_fen, discounted_fen,
                               voucher_fen, cash_fen, outstanding_fen, records)
      values (${accountId}, ${addDays(dayOf(now), offset)}::date, 1, 'default', 'gp_cru', '1', ${fen}, ${fen}, 0, ${fen}, 0, 1)
      on conflict do nothing`);
  }
}

async function messages(target: string): Promise<{ subject: string; text: string }[]> {
  return rowsOf<{ subject: string; text: string }>(
    await t.deps.db.execute(sql`select subject, text from outbox where recipient = ${target} order by id`),
  );
}

async function sentKinds(accountId: number): Promise<string[]> {
  const rows = rowsOf<{ kind: string; user_id: number | null; object_type: string }>(
    await t.deps.db.execute(sql`
      select info->>'kind' as kind, user_id, object_type from audit_entries
       where account_id = ${accountId} and action = 'alert.send' order by id`),
  );
  for (const r of rows) {
    expect(r.user_id).toBeNull();
    expect(r.object_type).toBe('account');
  }
  return rows.map((r) => r.kind);
}

async function activeStates(accountId: number): Promise<string[]> {
  return rowsOf<{ kind: string }>(
    await t.deps.db.execute(
      sql`select kind from alert_states where account_id = ${accountId} and is_active order by kind`,
    ),
  ).map((r) => r.kind);
}

const validUpdate = () => ({
  isLowBalanceEnabled: true,
  lowBalanceAmount: '50',
  isSmartEnabled: true,
  recipientUserIds: [demo.admin.id, demo.member.id],
  methods: ['email', 'sms', 'webhook'],
  webhookIds: [hook.id],
});

describe('alert settings', () => {
  it('answers the defaults until the account saves its own', async () => {
    const config = await ok<TAlertConfig>('getAlert', admin);
    expect(config).toEqual({
      isLowBalanceEnabled: true,
      lowBalanceAmount: '50.00',
      isSmartEnabled: true,
      smartDays: [7, 5, 3, 1],
      recipientUserIds: [demo.admin.id],
      methods: ['email'],
      webhookIds: [],
      updateTime: null,
    });
    expect(envelope(await call('getAlert', member)).code).toBe(4037);
    expect(envelope(await call('updateAlert', member, validUpdate())).code).toBe(4037);
  });

  it('refuses recipients and webhooks that are not the account’s', async () => {
    const service = await insertUser(t.deps.db, {
      accountId: demo.id,
      username: 'svc_jdbc',
      passwordHash: 'x',
      kind: 'service',
    });
    const gone = await insertUser(t.deps.db, {
      accountId: demo.id,
      username: 'gone_user',
      passwordHash: 'x',
    });
    await t.deps.db.execute(sql`update users set deleted_at = now() where id = ${gone}`);
    const acmeHook = await ok<TWebhook>('saveWebhook', acmeAdmin, {
      name: 'acme_hook',
      url: receiver.url('/acme'),
      paramsTemplate: `{"text":${AlertMessagePlaceholder}}`,
      successKey: 'code',
      successValue: '0',
    });
    for (const recipients of [[acme.admin.id], [service], [gone], [999_999]]) {
      const errors = await fieldErrors({ ...validUpdate(), recipientUserIds: recipients });
      expect(errors.recipientUserIds).toBe(v.alertRecipients);
    }
    expect((await fieldErrors({ ...validUpdate(), recipientUserIds: [] })).recipientUserIds).toBe(
      v.alertRecipients,
    );
    expect((await fieldErrors({ ...validUpdate(), webhookIds: [acmeHook.id] })).webhookIds).toBe(
      v.alertWebhooks,
    );
    expect((await fieldErrors({ ...validUpdate(), webhookIds: [] })).webhookIds).toBe(v.alertWebhooks);
    expect((await fieldErrors({ ...validUpdate(), lowBalanceAmount: '0' })).lowBalanceAmount).toBe(
      v.amountPositive,
    );
    expect((await fieldErrors({ ...validUpdate(), lowBalanceAmount: '1.234' })).lowBalanceAmount).toBe(
      v.amountFormat,
    );
    const other = await call('updateAlert', admin, { ...validUpdate(), accountId: acme.id });
    expect(other.statusCode).toBe(403);
    expect((await ok<TAlertConfig>('getAlert', admin)).updateTime).toBeNull();
  });

  it('saves the settings with an audit entry', async () => {
    const saved = await ok<TAlertConfig>('updateAlert', admin, validUpdate());
    expect(saved).toMatchObject({
      lowBalanceAmount: '50.00',
      recipientUserIds: [demo.admin.id, demo.member.id],
      methods: ['email', 'sms', 'webhook'],
      webhookIds: [hook.id],
      smartDays: [7, 5, 3, 1],
    });
    expect(saved.updateTime).not.toBeNull();
    expect(await ok<TAlertConfig>('getAlert', admin)).toEqual(saved);
    const audit = rowsOf<{ user_id: number; object_type: string }>(
      await t.deps.db.execute(
        sql`select user_id, object_type from audit_entries where account_id = ${demo.id} and action = 'alert.update'`,
      ),
    );
    expect(audit).toEqual([{ user_id: demo.admin.id, object_type: 'account' }]);
  });
});

describe('alert evaluation', () => {
  const email = 'admin@demo.example';
  const phone = '+86 13800000000';
  const zh = serverPhrases['zh-CN'].mail.billing;

  it('sends nothing while the balance lasts', async () => {
    await setCash(demo.id, 10_000);
    await spend(demo.id, 1000); // 10 yuan a day over the last 7 full days: 10 days covered
    await check(demo.id);
    expect(await messages(email)).toEqual([]);
    expect(await sentKinds(demo.id)).toEqual([]);
    expect(await activeStates(demo.id)).toEqual([]);
  });

  it('sends the low-balance alert and the tightest smart alert once per crossing', async () => {
    await setCash(demo.id, 4500); // 45 yuan: under 50, 4.5 days
    await check(demo.id);
    expect(await sentKinds(demo.id)).toEqual(['low', 'smart5']);
    expect(await activeStates(demo.id)).toEqual(['low', 'smart5', 'smart7']);
    const mails = await messages(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toContain('demo');
    expect(mails[0]?.subject).toContain('50.00 元');
    expect(mails[0]?.text).toContain('45.00 元');
    expect(mails[1]?.subject).toContain('4.5');
    expect(mails[1]?.text).toContain('10.00 元');
    expect(zh.smart.subject).toContain('{{days}}');
    const sms = await messages(phone);
    expect(sms.map((m) => m.text)).toHaveLength(2);
    expect(sms[0]?.text).toContain('45.00 元');
    const hooks = receiver.received.filter((r) => r.path === '/alerts');
    expect(hooks).toHaveLength(2);
    expect((hooks[0]?.json as { text: string } | undefined)?.text).toBe(sms[0]?.text);
    const deliveries = rowsOf<{ status: string; kind: string }>(
      await t.deps.db.execute(sql`select status, kind from webhook_deliveries where webhook_id = ${hook.id}`),
    );
    expect(deliveries).toEqual([
      { status: 'success', kind: 'alert' },
      { status: 'success', kind: 'alert' },
    ]);

    // checked again (ingestion, sweep): nothing new while nothing crosses
    await check(demo.id);
    await scheduleAlertSweep(t.deps);
    await runner().drain();
    expect(await sentKinds(demo.id)).toEqual(['low', 'smart5']);
    expect(await messages(email)).toHaveLength(2);
  });

  it('sends the next smart alert when the balance falls further', async () => {
    await setCash(demo.id, 2500); // 2.5 days
    await check(demo.id);
    expect(await sentKinds(demo.id)).toEqual(['low', 'smart5', 'smart3']);
    expect(await activeStates(demo.id)).toEqual(['low', 'smart3', 'smart5', 'smart7']);
    expect((await messages(email)).at(-1)?.subject).toContain('2.5');
  });

  it('clears with a top-up and fires again at the next crossing', async () => {
    await t.deps.db.transaction((tx) =>
      creditCash(tx, {
        accountId: demo.id,
        amountFen: 10_000,
        type: 'recharge',
        channel: 'wechat',
        reference: 'test',
        now: t.clock.now(),
      }),
    );
    await check(demo.id);
    expect(await activeStates(demo.id)).toEqual([]);
    expect(await sentKinds(demo.id)).toHaveLength(3);
    await setCash(demo.id, 4000); // usage ate it again: 4 days
    await check(demo.id);
    expect(await sentKinds(demo.id)).toEqual(['low', 'smart5', 'smart3', 'low', 'smart5']);
    expect(await messages(email)).toHaveLength(5);
  });

  it('counts vouchers in effect and outstanding amounts; the sweep notices a voucher that expires', async () => {
    const now = t.clock.now();
    const hour = 3_600_000;
    for (const [code, from, to, voided] of [
      ['VINEFFECT', -hour, hour, null],
      ['VPENDING', 3 * hour, 48 * hour, null],
      ['VEXPIRED', -48 * hour, -hour, null],
      ['VVOIDED', -hour, 48 * hour, now],
    ] as [string, number, number, Date | null][]) {
      await t.deps.db.execute(sql`
        insert into vouchers (account_id, code, name_zh, name_en, face_fen, available_fen, effective_at, expires_at, voided_at)
        values (${demo.id}, ${code}, ${code}, ${code}, 5000, 5000, ${new Date(now.getTime() + from)},
                ${new Date(now.getTime() + to)}, ${voided})`);
    }
    // 40 cash + 50 voucher − 20 outstanding = 70 yuan: 7 days
    await setCash(demo.id, 4000, 2000);
    await check(demo.id);
    expect(await activeStates(demo.id)).toEqual(['smart7']);
    // the voucher expires: 20 yuan, 2 days
    t.clock.advance(2 * hour);
    await scheduleAlertSweep(t.deps);
    await runner().drain();
    expect(await activeStates(demo.id)).toEqual(['low', 'smart3', 'smart5', 'smart7']);
    expect((await sentKinds(demo.id)).slice(5)).toEqual(['low', 'smart3']);
    const next = rowsOf<{ run_at: Date | string }>(
      await t.deps.db.execute(
        sql`select run_at from jobs where kind = ${alertSweepJobKind} and status = 'queued'`,
      ),
    );
    expect(new Date(next[0]?.run_at as string).getTime()).toBe(t.clock.now().getTime() + 10 * 60_000);
  });

  it('sends e-mail to the administrators with the default settings, and no smart alert without spend', async () => {
    await setCash(acme.id, 1000);
    await check(acme.id);
    expect(await sentKinds(acme.id)).toEqual(['low']);
    expect(await activeStates(acme.id)).toEqual(['low']);
    expect(await messages('admin@acme.example')).toHaveLength(1);
    expect(await messages('+86 13800000000')).toHaveLength(7);
  });

  it('a disabled alert goes inactive and crosses again once enabled', async () => {
    admin = await signIn(t.app, 'demo', demo.admin);
    await ok('updateAlert', admin, { ...validUpdate(), isLowBalanceEnabled: false, isSmartEnabled: false });
    await runner().drain();
    expect(await activeStates(demo.id)).toEqual([]);
    const before = (await sentKinds(demo.id)).length;
    await ok('updateAlert', admin, { ...validUpdate(), lowBalanceAmount: '10.5', isSmartEnabled: false });
    await runner().drain();
    expect(await activeStates(demo.id)).toEqual([]);
    await ok('updateAlert', admin, { ...validUpdate(), lowBalanceAmount: '30', isSmartEnabled: false });
    await runner().drain();
    expect((await sentKinds(demo.id)).slice(before)).toEqual(['low']);
    expect((await messages(email)).at(-1)?.subject).toContain('30.00 元');
  });
});
