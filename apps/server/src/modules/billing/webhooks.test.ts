import type { TRouteId, TWebhook, TWebhookDelivery, TWebhookTestResult } from '@console/contract';
import { AlertMessagePlaceholder } from '@console/contract/billing-enums';
import { ErrorCode } from '@console/contract/codes';
import { serverPhrases } from '@console/phrases/server';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  envelope,
  routeClient,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { rowsOf } from '../../db/client';
import { auditEntries } from '../../db/schema';
import { createJobRunner } from '../../jobs/runner';
import { webhookDeliverJobKind, webhookJobHandlers } from '../../jobs/webhooks';
import { startReceiver, type TReceiver } from './webhooks.test-receiver';

let t: TTestApp;
const { call, ok } = routeClient(() => t.app);
let receiver: TReceiver;
let demo: TSeededAccount;
let acme: TSeededAccount;
let admin: string;
let member: string;
let acmeAdmin: string;
const v = serverPhrases['en-US'].validation;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({ env: { WEBHOOK_TIMEOUT_MS: '500' } });
  demo = await seedAccount(t.deps, 'demo');
  acme = await seedAccount(t.deps, 'acme');
  admin = await signIn(t.app, 'demo', demo.admin);
  member = await signIn(t.app, 'demo', demo.member);
  acmeAdmin = await signIn(t.app, 'acme', acme.admin);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** A template written with @MSG for the placeholder. */
const tpl = (text: string) => text.replaceAll('@MSG', AlertMessagePlaceholder);

function webhookInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'ops_robot',
    description: 'Operations group',
    url: receiver.url('/plain'),
    paramsTemplate: tpl('{"msgtype":"text","text":{"content":@MSG}}'),
    successKey: 'code',
    successValue: '0',
    ...overrides,
  };
}

async function auditActions(objectId: number): Promise<string[]> {
  const rows = await t.deps.db
    .select({ action: auditEntries.action })
    .from(auditEntries)
    .where(and(eq(auditEntries.objectType, 'webhook'), eq(auditEntries.objectId, String(objectId))))
    .orderBy(auditEntries.id);
  return rows.map((r) => r.action);
}

const deliveries = () => createJobRunner(t.deps, webhookJobHandlers(t.app.log), t.app.log, { pollMs: 1000 });

async function delivery(
  id: number,
): Promise<{ status: string; attempts: number; response_status: number | null }> {
  const rows = rowsOf<{ status: string; attempts: number; response_status: number | null }>(
    await t.deps.db.execute(
      sql`select status, attempts, response_status from webhook_deliveries where id = ${id}`,
    ),
  );
  return rows[0] as { status: string; attempts: number; response_status: number | null };
}

describe('webhook settings', () => {
  it('checks the rules of section 5 and answers the field errors', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'x' }, 'name', v.webhookName],
      [{ name: 'bad name!' }, 'name', v.webhookName],
      [{ description: 'd'.repeat(201) }, 'description', v.webhookDescription],
      [{ url: 'ftp://example.com' }, 'url', v.webhookUrl],
      [{ paramsTemplate: '{"content":"hello"}' }, 'paramsTemplate', v.webhookTemplatePlaceholder],
      [{ paramsTemplate: tpl('{"content":@MSG') }, 'paramsTemplate', v.webhookTemplate],
      [{ successKey: ' ' }, 'successKey', v.webhookSuccessKey],
      [{ successValue: '' }, 'successValue', v.webhookSuccessValue],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call('saveWebhook', admin, webhookInput(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(envelope<{ fieldErrors: Record<string, string> }>(res).data.fieldErrors?.[field]).toBe(message);
    }
    expect(await ok<TWebhook[]>('webhookList', admin)).toEqual([]);
  });

  it('creates, renames and lists webhooks, names unique in the account', async () => {
    const created = await ok<TWebhook>('saveWebhook', admin, webhookInput({ name: '运维_robot' }));
    expect(created).toMatchObject({
      name: '运维_robot',
      channel: 'custom',
      isEnabled: true,
      lastDelivery: null,
    });
    const second = await ok<TWebhook>('saveWebhook', admin, webhookInput({ name: 'second' }));
    const taken = await call('saveWebhook', admin, webhookInput({ name: '运维_robot' }));
    expect(taken.statusCode).toBe(400);
    expect(envelope<{ fieldErrors: Record<string, string> }>(taken).data.fieldErrors.name).toBe(
      v.webhookNameTaken,
    );
    const renameTaken = await call('saveWebhook', admin, webhookInput({ id: second.id, name: '运维_robot' }));
    expect(renameTaken.statusCode).toBe(400);
    // another account may use the same name
    await ok<TWebhook>('saveWebhook', acmeAdmin, webhookInput({ name: '运维_robot' }));
    const renamed = await ok<TWebhook>(
      'saveWebhook',
      admin,
      webhookInput({ id: created.id, name: 'ops_robot' }),
    );
    expect(renamed.id).toBe(created.id);
    expect((await ok<TWebhook[]>('webhookList', admin)).map((w) => w.name)).toEqual(['ops_robot', 'second']);
    expect(await auditActions(created.id)).toEqual(['webhook.create', 'webhook.update']);
    await ok('deleteWebhook', admin, { id: second.id });
    expect(await auditActions(second.id)).toEqual(['webhook.create', 'webhook.delete']);
    expect((await ok<TWebhook[]>('webhookList', admin)).map((w) => w.name)).toEqual(['ops_robot']);
  });

  it('refuses members (4037) and another account’s webhooks (403)', async () => {
    const [mine] = await ok<TWebhook[]>('webhookList', admin);
    const id = mine?.id as number;
    for (const [route, payload] of [
      ['webhookList', {}],
      ['saveWebhook', webhookInput({ name: 'member_hook' })],
      ['deleteWebhook', { id }],
      ['testWebhook', { id }],
      ['webhookDeliveries', { webhookId: id }],
      ['getAlert', {}],
    ] as [TRouteId, Record<string, unknown>][]) {
      expect(envelope(await call(route, member, payload)).code, route).toBe(ErrorCode.notAccountAdmin);
    }
    for (const [route, payload] of [
      ['saveWebhook', webhookInput({ id, name: 'stolen' })],
      ['deleteWebhook', { id }],
      ['testWebhook', { id }],
      ['webhookDeliveries', { webhookId: id }],
      ['saveWebhook', webhookInput({ name: 'for_demo', accountId: demo.id })],
    ] as [TRouteId, Record<string, unknown>][]) {
      const res = await call(route, acmeAdmin, payload);
      expect(res.statusCode, route).toBe(403);
    }
    const after = await ok<TWebhook[]>('webhookList', admin);
    expect(after.find((w) => w.id === id)?.name).toBe('ops_robot');
    expect(receiver.received.length).toBe(0);
  });
});

describe('send test', () => {
  it('succeeds by a plain key, with the message JSON-escaped in the template', async () => {
    receiver.answer('/plain', { status: 200, body: '{"code":0,"msg":"ok"}' });
    const [hook] = await ok<TWebhook[]>('webhookList', admin);
    const result = await ok<TWebhookTestResult>('testWebhook', admin, { id: hook?.id });
    expect(result).toMatchObject({ isSuccess: true, responseStatus: 200, error: null });
    expect(result.delivery).toMatchObject({ kind: 'test', status: 'success', attempts: 1 });
    const got = receiver.received.at(-1);
    expect(got?.path).toBe('/plain');
    expect(got?.headers['content-type']).toContain('application/json');
    const content = (got?.json as { text: { content: string } } | undefined)?.text.content;
    expect(content).toContain('ops_robot');
    expect(content).toBe(result.delivery.message);
    const listed = await ok<TWebhook[]>('webhookList', admin);
    expect(listed[0]?.lastDelivery?.status).toBe('success');
    expect(await auditActions(hook?.id as number)).toContain('webhook.test');
  });

  it('succeeds by a JSON path ($.data.code, data.items[0].ok), the placeholder inside a string', async () => {
    receiver.answer('/path', {
      status: 200,
      body: '{"data":{"code":"200","items":[{"ok":true}]},"code":1}',
    });
    const byDollar = await ok<TWebhook>(
      'saveWebhook',
      admin,
      webhookInput({
        name: 'path_dollar',
        url: receiver.url('/path'),
        paramsTemplate: tpl('{"content":"[console] @MSG","tags":["billing"]}'),
        successKey: '$.data.code',
        successValue: '200',
      }),
    );
    const result = await ok<TWebhookTestResult>('testWebhook', admin, { id: byDollar.id });
    expect(result.isSuccess).toBe(true);
    const sent = receiver.received.at(-1)?.json as { content: string; tags: string[] };
    expect(sent.content).toBe(`[console] ${result.delivery.message}`);
    const byDots = await ok<TWebhook>(
      'saveWebhook',
      admin,
      webhookInput({
        name: 'path_dots',
        url: receiver.url('/path'),
        successKey: 'data.items[0].ok',
        successValue: 'true',
      }),
    );
    expect((await ok<TWebhookTestResult>('testWebhook', admin, { id: byDots.id })).isSuccess).toBe(true);
    // the plain key "code" is 1 here: not a success
    const byPlain = await ok<TWebhook>(
      'saveWebhook',
      admin,
      webhookInput({ name: 'path_plain', url: receiver.url('/path') }),
    );
    const failed = envelope<TWebhookTestResult>(await call('testWebhook', admin, { id: byPlain.id }));
    expect(failed.code).toBe(ErrorCode.webhookSendFailed);
    expect(failed.data.error).toContain('code');
    // its retries are not what the next tests look at
    await ok('deleteWebhook', admin, { id: byPlain.id });
  });

  it('answers 4072 with the result on failure; the delivery job retries with backoff until success', async () => {
    receiver.answer('/flaky', { status: 503, body: 'unavailable' });
    const hook = await ok<TWebhook>(
      'saveWebhook',
      admin,
      webhookInput({ name: 'flaky', url: receiver.url('/flaky') }),
    );
    const res = await call('testWebhook', admin, { id: hook.id });
    expect(res.statusCode).toBe(200);
    const body = envelope<TWebhookTestResult>(res);
    expect(body.code).toBe(ErrorCode.webhookSendFailed);
    expect(body.message).toBe(serverPhrases['en-US'].errors['4072']);
    expect(body.data).toMatchObject({ isSuccess: false, responseStatus: 503, error: 'HTTP 503' });
    expect(body.data.delivery).toMatchObject({ status: 'pending', attempts: 1 });
    const id = body.data.delivery.id;
    const runner = deliveries();
    const sentBefore = receiver.received.filter((r) => r.path === '/flaky').length;
    // not before the first wait (30 s)
    t.clock.advance(29_000);
    await runner.drain();
    expect((await delivery(id)).attempts).toBe(1);
    t.clock.advance(1_000);
    await runner.drain();
    expect(await delivery(id)).toMatchObject({ status: 'pending', attempts: 2, response_status: 503 });
    // the next wait is 4 times longer (2 min)
    t.clock.advance(119_000);
    await runner.drain();
    expect((await delivery(id)).attempts).toBe(2);
    receiver.answer('/flaky', { status: 200, body: '{"code":0}' });
    t.clock.advance(1_000);
    await runner.drain();
    expect(await delivery(id)).toMatchObject({ status: 'success', attempts: 3, response_status: 200 });
    expect(receiver.received.filter((r) => r.path === '/flaky').length - sentBefore).toBe(2);
    // nothing left to do
    t.clock.advance(3_600_000);
    expect(await runner.drain()).toBe(0);
    admin = await signIn(t.app, 'demo', demo.admin);
    const log = await ok<{ list: TWebhookDelivery[]; total: number }>('webhookDeliveries', admin, {
      webhookId: hook.id,
    });
    expect(log.total).toBe(1);
    expect(log.list[0]).toMatchObject({
      id,
      status: 'success',
      attempts: 3,
      responseStatus: 200,
      error: null,
    });
  });

  it('gives up after 5 attempts, and a slow receiver times out', async () => {
    admin = await signIn(t.app, 'demo', demo.admin);
    receiver.answer('/down', { status: 500, body: '{}' });
    const hook = await ok<TWebhook>(
      'saveWebhook',
      admin,
      webhookInput({ name: 'down', url: receiver.url('/down') }),
    );
    const id = envelope<TWebhookTestResult>(await call('testWebhook', admin, { id: hook.id })).data.delivery
      .id;
    const runner = deliveries();
    for (const wait of [30_000, 120_000, 480_000, 1_920_000]) {
      t.clock.advance(wait);
      expect(await runner.drain()).toBe(1);
    }
    expect(await delivery(id)).toMatchObject({ status: 'failed', attempts: 5, response_status: 500 });
    t.clock.advance(24 * 3_600_000);
    expect(await runner.drain()).toBe(0);
    const jobs = rowsOf<{ n: number }>(
      await t.deps.db.execute(
        sql`select count(*)::int as n from jobs where kind = ${webhookDeliverJobKind} and status = 'queued'`,
      ),
    );
    expect(jobs[0]?.n).toBe(0);
    admin = await signIn(t.app, 'demo', demo.admin);

    receiver.answer('/slow', { status: 200, body: '{"code":0}', delayMs: 2000 });
    const slow = await ok<TWebhook>(
      'saveWebhook',
      admin,
      webhookInput({ name: 'slow', url: receiver.url('/slow') }),
    );
    const started = Date.now();
    const timedOut = envelope<TWebhookTestResult>(await call('testWebhook', admin, { id: slow.id }));
    expect(Date.now() - started).toBeLessThan(1900);
    expect(timedOut.code).toBe(ErrorCode.webhookSendFailed);
    expect(timedOut.data).toMatchObject({ isSuccess: false, responseStatus: null, error: 'TIMEOUT' });
  });

  it('lists deliveries newest first, and deleting a webhook removes it from the alert settings', async () => {
    const [hook] = await ok<TWebhook[]>('webhookList', admin);
    await ok('testWebhook', admin, { id: hook?.id });
    const log = await ok<{ list: TWebhookDelivery[]; total: number }>('webhookDeliveries', admin, {
      webhookId: hook?.id,
      pageSize: 1,
    });
    expect(log.total).toBe(2);
    expect(log.list).toHaveLength(1);
    const all = await ok<{ list: TWebhookDelivery[] }>('webhookDeliveries', admin, { webhookId: hook?.id });
    expect(all.list.map((d) => d.id)).toEqual([...all.list.map((d) => d.id)].sort((a, b) => b - a));

    await ok('updateAlert', admin, {
      isLowBalanceEnabled: true,
      lowBalanceAmount: '50',
      isSmartEnabled: true,
      recipientUserIds: [demo.admin.id],
      methods: ['email', 'webhook'],
      webhookIds: [hook?.id],
    });
    await ok('deleteWebhook', admin, { id: hook?.id });
    const alert = await ok<{ methods: string[]; webhookIds: number[] }>('getAlert', admin);
    expect(alert.webhookIds).toEqual([]);
    expect(alert.methods).toEqual(['email']);
    const left = rowsOf<{ n: number }>(
      await t.deps.db.execute(
        sql`select count(*)::int as n from webhook_deliveries where webhook_id = ${hook?.id}`,
      ),
    );
    expect(left[0]?.n).toBe(0);
  });
});
