import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  TRouteId,
  TWebhook,
  TWebhookDelivery,
  TWebhookSaveResult,
  TWebhookSecretRotation,
  TWebhookTestResult,
} from '@console/contract';
import { AlertMessagePlaceholder, webhookVerifySample } from '@console/contract/billing-enums';
import { ErrorCode } from '@console/contract/codes';
import enBilling from '@console/phrases/en-us/billing';
import { serverPhrases } from '@console/phrases/server';
import zhBilling from '@console/phrases/zh-cn/billing';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
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
import { eventually, startWorkerProcess } from '../../../../test/job-worker-process';
import { rowsOf } from '../../../db/client';
import { auditEntries } from '../../../db/schema';
import { createJobRunner } from '../../../jobs/runner';
import { systemClock } from '../../../lib/clock';
import { enqueueDelivery, webhookDeliverJobKind, webhookJobHandlers } from './webhooks.jobs';
import { insertDelivery } from './webhooks.repository';
import { newMessageId } from './webhooks.signing';
import { startReceiver, type TReceived, type TReceiver } from './webhooks.test-receiver';

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

/** A pending alert delivery with its job due at `runAt`, as the alert job makes them. */
async function queueDelivery(webhookId: number, runAt: Date) {
  const queued = await insertDelivery(t.deps.db, {
    webhookId,
    accountId: demo.id,
    kind: 'alert',
    messageId: newMessageId(),
    message: 'Balance below 50.00',
    now: t.clock.now(),
  });
  await enqueueDelivery(t.deps.db, queued.id, runAt);
  return queued;
}

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
    // An answer that does not say success: the spec's words, which name the success key.
    expect(failed.message).toBe(serverPhrases['en-US'].errors['4072']);
    expect(failed.data.error).toContain('code');
    expect(failed.data.delivery).toMatchObject({ status: 'failed', attempts: 1 });
    // out of the way of the next tests, which take the account's first webhook
    await ok('deleteWebhook', admin, { id: byPlain.id });
  });

  it('says in words which host could not be reached and why, in the request language', async () => {
    const hook = await ok<TWebhook>(
      'saveWebhook',
      admin,
      webhookInput({ name: 'nowhere', url: 'http://hooks.nonexistent.invalid/robot/send' }),
    );
    const en = envelope<TWebhookTestResult>(await call('testWebhook', admin, { id: hook.id }));
    expect(en.code).toBe(ErrorCode.webhookSendFailed);
    expect(en.message).toBe(
      'Webhook send failed: the host name hooks.nonexistent.invalid does not exist (DNS has no entry for it). Check the address.',
    );
    const zh = envelope(await call('testWebhook', admin, { id: hook.id }, { 'cz-lang': 'zh-CN' }));
    expect(zh.message).toBe(
      'Webhook 发送失败：主机名 hooks.nonexistent.invalid 不存在（DNS 中没有该名称的记录），请检查地址。',
    );
    await ok('deleteWebhook', admin, { id: hook.id });
  });

  it('answers 4072 with the result on failure, and the test is failed at once: the list shows it, nothing is retried', async () => {
    receiver.answer('/refusing', { status: 503, body: 'unavailable' });
    const hook = await ok<TWebhook>(
      'saveWebhook',
      admin,
      webhookInput({ name: 'refusing', url: receiver.url('/refusing') }),
    );
    const res = await call('testWebhook', admin, { id: hook.id });
    expect(res.statusCode).toBe(200);
    const body = envelope<TWebhookTestResult>(res);
    expect(body.code).toBe(ErrorCode.webhookSendFailed);
    // Which host, and what it answered, in words.
    expect(body.message).toBe('Webhook send failed: 127.0.0.1 answered with HTTP status 503.');
    expect(body.data).toMatchObject({ isSuccess: false, responseStatus: 503, error: 'HTTP 503' });
    expect(body.data.delivery).toMatchObject({
      kind: 'test',
      status: 'failed',
      attempts: 1,
      responseStatus: 503,
      error: 'HTTP 503',
    });
    expect(body.data.delivery.finishTime).not.toBeNull();
    const listed = (await ok<TWebhook[]>('webhookList', admin)).find((w) => w.id === hook.id);
    expect(listed?.lastDelivery).toEqual({
      status: 'failed',
      time: body.data.delivery.finishTime,
    });
    // The queued attempt was taken back: the receiver hears nothing more.
    t.clock.advance(3_600_000);
    expect(await deliveries().drain()).toBe(0);
    expect(receiver.received.filter((r) => r.path === '/refusing')).toHaveLength(1);
    expect(await delivery(body.data.delivery.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await auditActions(hook.id)).toContain('webhook.test');
  });

  it('retries a failed alert delivery with backoff until success', async () => {
    admin = await signIn(t.app, 'demo', demo.admin);
    receiver.answer('/flaky', { status: 503, body: 'unavailable' });
    const hook = await ok<TWebhook>(
      'saveWebhook',
      admin,
      webhookInput({ name: 'flaky', url: receiver.url('/flaky') }),
    );
    const { id } = await queueDelivery(hook.id, t.clock.now());
    const runner = deliveries();
    const sentBefore = receiver.received.filter((r) => r.path === '/flaky').length;
    expect(await runner.drain()).toBe(1);
    expect(await delivery(id)).toMatchObject({ status: 'pending', attempts: 1, response_status: 503 });
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
    expect(receiver.received.filter((r) => r.path === '/flaky').length - sentBefore).toBe(3);
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
      kind: 'alert',
      status: 'success',
      attempts: 3,
      responseStatus: 200,
      error: null,
    });
  });

  it('gives up on an alert delivery after 5 attempts, and a slow receiver fails a test by its timeout', async () => {
    admin = await signIn(t.app, 'demo', demo.admin);
    receiver.answer('/down', { status: 500, body: '{}' });
    const hook = await ok<TWebhook>(
      'saveWebhook',
      admin,
      webhookInput({ name: 'down', url: receiver.url('/down') }),
    );
    const { id } = await queueDelivery(hook.id, t.clock.now());
    const runner = deliveries();
    expect(await runner.drain()).toBe(1);
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
    expect(timedOut.message).toMatch(
      /^Webhook send failed: 127\.0\.0\.1 did not answer within \d+ seconds\.$/,
    );
    expect(timedOut.data).toMatchObject({ isSuccess: false, responseStatus: null, error: 'TIMEOUT' });
    expect(timedOut.data.delivery).toMatchObject({ status: 'failed', attempts: 1 });
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

describe('signing: what a receiver checks', () => {
  /** The requests the receiver got on a path (the query included in `path`). */
  const at = (path: string) => receiver.received.filter((r) => r.path.split('?')[0] === path);
  const header = (r: TReceived | undefined, name: string) => r?.headers[name] as string | undefined;
  /** The receiver's side: the official Standard Webhooks verifier on the raw body and headers. */
  const verify = (secret: string, r: TReceived | undefined) =>
    new Webhook(secret).verify(r?.body ?? '', r?.headers as Record<string, string>);

  async function storedSecret(id: number): Promise<string | null> {
    const rows = rowsOf<{ signing_secret: string | null }>(
      await t.deps.db.execute(sql`select signing_secret from webhooks where id = ${id}`),
    );
    return rows[0]?.signing_secret ?? null;
  }

  async function auditText(id: number): Promise<string> {
    const rows = await t.deps.db
      .select({ info: auditEntries.info })
      .from(auditEntries)
      .where(and(eq(auditEntries.objectType, 'webhook'), eq(auditEntries.objectId, String(id))));
    return JSON.stringify(rows);
  }

  async function deliveryRow(id: number) {
    return rowsOf<{ status: string; attempts: number; message_id: string }>(
      await t.deps.db.execute(
        sql`select status, attempts, message_id from webhook_deliveries where id = ${id}`,
      ),
    )[0];
  }

  beforeAll(async () => {
    // Standard Webhooks receivers compare the timestamp with their own clock (5 minutes apart at most).
    t.clock.set(new Date());
    await t.deps.db.execute(sql`delete from jobs`);
    admin = await signIn(t.app, 'demo', demo.admin);
    member = await signIn(t.app, 'demo', demo.member);
    acmeAdmin = await signIn(t.app, 'acme', acme.admin);
  });

  let standard: { id: number; secret: string };

  it('generates a Standard Webhooks secret shown once, kept sealed, and deliveries verify with the official library', async () => {
    receiver.answer('/std', { status: 200, body: '{"code":0}' });
    const saved = await ok<TWebhookSaveResult>(
      'saveWebhook',
      admin,
      webhookInput({ name: 'signed_std', url: receiver.url('/std'), signingMode: 'standard' }),
    );
    const secret = saved.newSigningSecret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(saved).toMatchObject({ signingMode: 'standard', hasSigningSecret: true });
    standard = { id: saved.id, secret };
    // Never again: not in the list, sealed at rest, not in the audit.
    const list = await call('webhookList', admin);
    expect(list.body).not.toContain(secret);
    expect(envelope<TWebhook[]>(list).data.find((w) => w.id === saved.id)).toMatchObject({
      signingMode: 'standard',
      hasSigningSecret: true,
    });
    const sealed = (await storedSecret(saved.id)) as string;
    expect(sealed).not.toContain(secret.slice(6));
    expect(t.deps.secrets.open(sealed)).toBe(secret);
    expect(await auditText(saved.id)).not.toContain(secret.slice(6));
    expect(await auditText(saved.id)).toContain('"signing":"secret generated"');
    // Saving again without a secret keeps it and answers none.
    const again = await ok<TWebhookSaveResult>(
      'saveWebhook',
      admin,
      webhookInput({
        id: saved.id,
        name: 'signed_std',
        url: receiver.url('/std'),
        signingMode: 'standard',
        description: 'signed',
      }),
    );
    expect(again.newSigningSecret).toBeNull();
    expect(t.deps.secrets.open((await storedSecret(saved.id)) as string)).toBe(secret);

    const result = await ok<TWebhookTestResult>('testWebhook', admin, { id: saved.id });
    expect(result.delivery.messageId).toMatch(/^msg_/);
    const got = at('/std').at(-1);
    expect(header(got, 'webhook-id')).toBe(result.delivery.messageId);
    expect(header(got, 'webhook-timestamp')).toBe(String(Math.floor(t.clock.now().getTime() / 1000)));
    expect(header(got, 'webhook-signature')).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const payload = verify(secret, got) as { text: { content: string } };
    expect(payload.text.content).toBe(result.delivery.message);
    // A forged body or another secret does not verify.
    expect(() => verify(secret, { ...(got as TReceived), body: `${got?.body} ` })).toThrow();
    expect(() => verify(`whsec_${randomBytes(32).toString('base64')}`, got)).toThrow();
  });

  it('verifies real deliveries with the sample the settings page shows (in both languages)', async () => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'verify-sample-'));
      const file = join(dir, 'verify.mjs');
      writeFileSync(
        file,
        webhookVerifySample({ 'en-US': enBilling, 'zh-CN': zhBilling }[lang].webhooks.verify.sample),
      );
      const sample = (await import(pathToFileURL(file).href)) as {
        verify(secret: string, rawBody: string, headers: Record<string, unknown>): boolean;
      };
      rmSync(dir, { recursive: true, force: true });
      const got = at('/std').at(-1) as TReceived;
      expect(sample.verify(standard.secret, got.body, got.headers)).toBe(true);
      expect(sample.verify(standard.secret, `${got.body} `, got.headers)).toBe(false);
      expect(sample.verify(`whsec_${randomBytes(32).toString('base64')}`, got.body, got.headers)).toBe(false);
      expect(
        sample.verify(standard.secret, got.body, { ...got.headers, 'webhook-timestamp': '1614265330' }),
      ).toBe(false);
    }
  });

  it('sends the same webhook-id in every attempt of a delivery, each attempt with its own timestamp', async () => {
    receiver.answer('/std-retry', { status: 503, body: 'unavailable' });
    const hook = await ok<TWebhook>(
      'saveWebhook',
      admin,
      webhookInput({
        name: 'signed_retry',
        url: receiver.url('/std-retry'),
        signingMode: 'standard',
        signingSecret: standard.secret,
      }),
    );
    const { id, messageId } = await queueDelivery(hook.id, t.clock.now());
    await deliveries().drain();
    expect(await deliveryRow(id)).toMatchObject({ status: 'pending', attempts: 1 });
    receiver.answer('/std-retry', { status: 200, body: '{"code":0}' });
    t.clock.advance(30_000);
    await deliveries().drain();
    expect(await deliveryRow(id)).toMatchObject({ status: 'success', attempts: 2, message_id: messageId });
    const [first, second] = at('/std-retry');
    expect(at('/std-retry')).toHaveLength(2);
    expect(header(first, 'webhook-id')).toBe(messageId);
    expect(header(second, 'webhook-id')).toBe(messageId);
    expect(Number(header(second, 'webhook-timestamp')) - Number(header(first, 'webhook-timestamp'))).toBe(30);
    verify(standard.secret, first);
    verify(standard.secret, second);
  });

  it('resends the same webhook-id when the job is run again after its worker lost it mid-send', async () => {
    // Worker A sends and hangs waiting for the answer (a replica about to die); its lease ends.
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    receiver.answer('/lost', { status: 200, body: '{"code":0}', hold });
    const hook = await ok<TWebhook>(
      'saveWebhook',
      admin,
      webhookInput({
        name: 'signed_lost',
        url: receiver.url('/lost'),
        signingMode: 'standard',
        signingSecret: standard.secret,
      }),
    );
    const delivery = await queueDelivery(hook.id, t.clock.now());
    const patient = {
      ...t.deps,
      config: { ...t.deps.config, alerts: { ...t.deps.config.alerts, webhookTimeoutMs: 120_000 } },
    };
    const lease = { pollMs: 1000, leaseMs: 10_000, heartbeatMs: 0 };
    const workerA = createJobRunner(patient, webhookJobHandlers(t.app.log), t.app.log, {
      ...lease,
      workerId: 'A',
    });
    const drainingA = workerA.drain();
    await eventually(async () => at('/lost').length === 1, {
      timeoutMs: 10_000,
      what: 'A sent the delivery',
    });
    // Worker B takes the job over once the lease is over and sends it again: the same id.
    receiver.answer('/lost', { status: 200, body: '{"code":0}' });
    t.clock.advance(11_000);
    const workerB = createJobRunner(t.deps, webhookJobHandlers(t.app.log), t.app.log, {
      ...lease,
      workerId: 'B',
    });
    expect(await workerB.drain()).toBe(1);
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: 'success', attempts: 1 });
    const sent = at('/lost');
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => header(r, 'webhook-id'))).toEqual([delivery.messageId, delivery.messageId]);
    for (const r of sent) verify(standard.secret, r);
    // A's answer comes late: the attempt B recorded stands, counted once.
    release();
    await drainingA;
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: 'success', attempts: 1 });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'resends the same webhook-id after a worker process is killed (SIGKILL) between sending and recording',
    async () => {
      receiver.answer('/killed', {
        status: 200,
        body: '{"code":0}',
        hold: new Promise<void>(() => undefined),
      });
      const hook = await ok<TWebhook>(
        'saveWebhook',
        admin,
        webhookInput({
          name: 'signed_killed',
          url: receiver.url('/killed'),
          signingMode: 'standard',
          signingSecret: standard.secret,
        }),
      );
      // The child works on real time: the delivery is due now by the wall clock.
      const delivery = await queueDelivery(hook.id, new Date(Date.now() - 1000));
      const child = startWorkerProcess({
        databaseUrl: t.databaseUrl as string,
        workerId: 'doomed',
        env: { JOBS_LEASE_SECONDS: '3', SECRET_KEY: t.deps.config.secretKey, WEBHOOK_TIMEOUT_MS: '60000' },
      });
      try {
        await eventually(async () => at('/killed').length === 1, {
          timeoutMs: 30_000,
          what: `the worker process sent the delivery ${child.errors()}`,
        });
      } finally {
        await child.kill();
      }
      expect(await deliveryRow(delivery.id)).toMatchObject({ status: 'pending', attempts: 0 });
      receiver.answer('/killed', { status: 200, body: '{"code":0}' });
      const survivor = createJobRunner(
        { ...t.deps, clock: systemClock },
        webhookJobHandlers(t.app.log),
        t.app.log,
        {
          pollMs: 1000,
          leaseMs: 3_000,
          workerId: 'survivor',
        },
      );
      await eventually(
        async () => {
          await survivor.drain();
          return (await deliveryRow(delivery.id))?.status === 'success';
        },
        { timeoutMs: 30_000, everyMs: 250, what: 'the delivery resent by another worker' },
      );
      const sent = at('/killed');
      expect(sent).toHaveLength(2);
      expect(sent.map((r) => header(r, 'webhook-id'))).toEqual([delivery.messageId, delivery.messageId]);
      for (const r of sent) verify(standard.secret, r);
      expect(await deliveryRow(delivery.id)).toMatchObject({ status: 'success', attempts: 1 });
    },
    90_000,
  );

  it('signs DingTalk robot addresses and Feishu bodies with the secret the robot gave', async () => {
    const dingSecret = `SEC${randomBytes(32).toString('hex')}`;
    const base = {
      name: 'ding_robot',
      url: `${receiver.url('/ding')}?access_token=tok`,
      signingMode: 'dingtalk',
    };
    for (const signingSecret of [undefined, '', 'not-a-dingtalk-secret']) {
      const res = await call('saveWebhook', admin, webhookInput({ ...base, signingSecret }));
      expect(res.statusCode).toBe(400);
      expect(envelope<{ fieldErrors: Record<string, string> }>(res).data.fieldErrors.signingSecret).toBe(
        v.webhookSigningSecret,
      );
    }
    const ding = await call('saveWebhook', admin, webhookInput({ ...base, signingSecret: dingSecret }));
    expect(ding.body).not.toContain(dingSecret);
    expect(envelope<TWebhookSaveResult>(ding).data).toMatchObject({
      signingMode: 'dingtalk',
      hasSigningSecret: true,
      newSigningSecret: null,
    });
    const dingId = envelope<TWebhookSaveResult>(ding).data.id;
    await ok('testWebhook', admin, { id: dingId });
    const dingGot = at('/ding').at(-1);
    const query = new URL(`http://receiver${dingGot?.path}`).searchParams;
    expect(query.get('access_token')).toBe('tok');
    const timestamp = query.get('timestamp') as string;
    expect(timestamp).toBe(String(t.clock.now().getTime()));
    // What DingTalk computes on its side.
    expect(query.get('sign')).toBe(
      createHmac('sha256', dingSecret).update(`${timestamp}\n${dingSecret}`).digest('base64'),
    );
    expect(header(dingGot, 'webhook-signature')).toBeUndefined();
    expect(await auditText(dingId)).not.toContain(dingSecret);

    const feishuSecret = 'nIMtb7r3N9pkXyXdtAbx6e';
    const feishu = { name: 'feishu_bot', url: receiver.url('/feishu'), signingMode: 'feishu' };
    const notObject = await call(
      'saveWebhook',
      admin,
      webhookInput({ ...feishu, signingSecret: feishuSecret, paramsTemplate: tpl('[@MSG]') }),
    );
    expect(envelope<{ fieldErrors: Record<string, string> }>(notObject).data.fieldErrors.paramsTemplate).toBe(
      v.webhookTemplate,
    );
    const bot = await ok<TWebhookSaveResult>(
      'saveWebhook',
      admin,
      webhookInput({
        ...feishu,
        signingSecret: feishuSecret,
        paramsTemplate: tpl('{"msg_type":"text","content":{"text":@MSG}}'),
      }),
    );
    const result = await ok<TWebhookTestResult>('testWebhook', admin, { id: bot.id });
    const body = at('/feishu').at(-1)?.json as { timestamp: string; sign: string; content: { text: string } };
    expect(body.timestamp).toBe(String(Math.floor(t.clock.now().getTime() / 1000)));
    // What Feishu computes on its side: the key is "{timestamp}\n{secret}", the message empty.
    expect(body.sign).toBe(createHmac('sha256', `${body.timestamp}\n${feishuSecret}`).digest('base64'));
    expect(body.content.text).toBe(result.delivery.message);
  });

  it('rotates a Standard Webhooks secret: shown once, the old one stops; robots’ secrets are not generated (4140)', async () => {
    const rotated = await ok<TWebhookSecretRotation>('rotateWebhookSecret', admin, { id: standard.id });
    expect(rotated.newSigningSecret).toMatch(/^whsec_/);
    expect(rotated.newSigningSecret).not.toBe(standard.secret);
    expect(rotated.secretUpdateTime).not.toBeNull();
    await ok('testWebhook', admin, { id: standard.id });
    const got = at('/std').at(-1);
    verify(rotated.newSigningSecret, got);
    expect(() => verify(standard.secret, got)).toThrow();
    expect(await auditActions(standard.id)).toContain('webhook.rotateSecret');
    expect(await auditText(standard.id)).toContain('"signing":"secret rotated"');
    expect(await auditText(standard.id)).not.toContain(rotated.newSigningSecret.slice(6));

    const [ding] = (await ok<TWebhook[]>('webhookList', admin)).filter((w) => w.signingMode === 'dingtalk');
    const refused = envelope(await call('rotateWebhookSecret', admin, { id: ding?.id }));
    expect(refused.code).toBe(ErrorCode.webhookSecretNotRotatable);
    expect(refused.message).toBe(serverPhrases['en-US'].errors['4140']);
    expect(envelope(await call('rotateWebhookSecret', member, { id: standard.id })).code).toBe(
      ErrorCode.notAccountAdmin,
    );
    expect((await call('rotateWebhookSecret', acmeAdmin, { id: standard.id })).statusCode).toBe(403);

    // No signing: the secret goes, the id and timestamp stay.
    const plain = await ok<TWebhookSaveResult>(
      'saveWebhook',
      admin,
      webhookInput({ id: standard.id, name: 'signed_std', url: receiver.url('/std'), signingMode: 'none' }),
    );
    expect(plain).toMatchObject({ signingMode: 'none', hasSigningSecret: false, secretUpdateTime: null });
    expect(await storedSecret(standard.id)).toBeNull();
    const unsigned = await ok<TWebhookTestResult>('testWebhook', admin, { id: standard.id });
    const last = at('/std').at(-1);
    expect(header(last, 'webhook-id')).toBe(unsigned.delivery.messageId);
    expect(header(last, 'webhook-signature')).toBeUndefined();
    expect(envelope(await call('rotateWebhookSecret', admin, { id: standard.id })).code).toBe(
      ErrorCode.webhookSecretNotRotatable,
    );
  });
});
