/**
 * Top-up end to end over real HTTP: the console calls the development gateway with the providers'
 * real protocols (signed requests and answers), the gateway's page pays, and the provider's signed
 * (for WeChat Pay, encrypted) notification credits the account, exactly once whatever the replays
 * and concurrency. Tampered notifications are refused; the query job settles and closes orders.
 */
import type { TRecharge } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../../test/harness';
import type { TDevPayGateway } from '../../../adapters/payments/dev-gateway';
import { rowsOf } from '../../../db/client';
import { translateValidation } from '../../../i18n';
import { createJobRunner } from '../../../jobs/runner';
import { rechargeJobHandlers } from './recharge.jobs';

let t: TTestApp;
let base: string;
let gateway: TDevPayGateway;
let demo: TSeededAccount;
let acme: TSeededAccount;
let admin: string;
let member: string;
let acmeAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'demo');
  acme = await seedAccount(t.deps, 'acme');
  admin = await signIn(t.app, 'demo', demo.admin);
  member = await signIn(t.app, 'demo', demo.member);
  acmeAdmin = await signIn(t.app, 'acme', acme.admin);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  gateway = t.deps.payments.devGateway as TDevPayGateway;
}, 60_000);
afterAll(() => t.close());

type TEnvelope<T> = { code: number; message: string; data: T };

async function api<T>(
  method: 'GET' | 'POST',
  path: string,
  token: string,
  payload?: Record<string, unknown>,
): Promise<{ status: number; body: TEnvelope<T> }> {
  const isGet = method === 'GET';
  const qs = isGet && payload ? `?${new URLSearchParams(payload as Record<string, string>)}` : '';
  const res = await fetch(`${base}${path}${qs}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'cz-lang': 'en-US',
      ...(isGet ? {} : { 'content-type': 'application/json' }),
    },
    ...(isGet ? {} : { body: JSON.stringify(payload ?? {}) }),
  });
  return { status: res.status, body: (await res.json()) as TEnvelope<T> };
}

async function topUp(channel: 'wechat' | 'alipay', amount: string, token = admin): Promise<TRecharge> {
  const { body } = await api<TRecharge>('GET', '/api/portal/billing/getPayQrcode', token, {
    channel,
    amount,
    agreement: 'true',
  });
  if (body.code !== 0) throw new Error(`getPayQrcode: ${body.code} ${body.message}`);
  return body.data;
}

async function recharge(id: string, token = admin) {
  return api<TRecharge>('GET', `/api/portal/billing/recharge/${id}`, token);
}

async function cashFen(accountId: number): Promise<number> {
  const rows = rowsOf<{ cash_fen: number }>(
    await t.deps.db.execute(sql`select cash_fen from funds where account_id = ${accountId}`),
  );
  return Number(rows[0]?.cash_fen ?? 0);
}

async function transactionsOf(reference: string) {
  return rowsOf<{ type: string; channel: string; amount_fen: number; account_id: number }>(
    await t.deps.db.execute(
      sql`select type, channel, amount_fen, account_id from transactions where reference = ${reference}`,
    ),
  );
}

async function rechargeRow(id: string) {
  return rowsOf<{ status: string; notify_count: number; provider_trade_no: string | null }>(
    await t.deps.db.execute(
      sql`select status, notify_count, provider_trade_no from recharges where id = ${id}`,
    ),
  )[0];
}

async function auditActions(id: string): Promise<string[]> {
  const rows = rowsOf<{ action: string; user_id: number | null }>(
    await t.deps.db.execute(
      sql`select action, user_id from audit_entries where object_type = 'recharge' and object_id = ${id} order by id`,
    ),
  );
  return rows.map((r) => r.action);
}

async function notify(channel: 'wechat' | 'alipay', n: { headers: Record<string, string>; body: string }) {
  const res = await fetch(`${base}/api/hooks/pay/${channel}`, {
    method: 'POST',
    headers: n.headers,
    body: n.body,
  });
  return { status: res.status, text: await res.text() };
}

function pagePath(order: TRecharge): string {
  return new URL(order.codeUrl as string).pathname;
}

describe('top-up through the development gateway, over HTTP', () => {
  it('WeChat Pay: QR code, the gateway page, pay, signed and encrypted notification, credited', async () => {
    const before = await cashFen(demo.id);
    const order = await topUp('wechat', '100');
    expect(order).toMatchObject({ channel: 'wechat', amount: '100.00', status: 'pending' });
    expect(order.rechargeId).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(order.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(pagePath(order)).toBe(`/api/dev/pay/${order.rechargeId}`);

    const page = await fetch(`${base}${pagePath(order)}`, { headers: { 'cz-lang': 'en-US' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('WeChat Pay');
    expect(html).toContain('100.00');
    expect(html).toContain('>Pay</button>');
    const zh = await (
      await fetch(`${base}${pagePath(order)}`, { headers: { cookie: 'cz-lang=zh-CN' } })
    ).text();
    expect(zh).toContain('微信支付');
    expect(zh).toContain('>支付</button>');

    const paid = await fetch(`${base}${pagePath(order)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'cz-lang': 'en-US' },
      body: 'action=pay',
    });
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('The merchant was notified');

    const after = await recharge(order.rechargeId);
    expect(after.body.data).toMatchObject({ status: 'paid', qrCode: null });
    expect(after.body.data.paidTime).not.toBeNull();
    expect(await cashFen(demo.id)).toBe(before + 10_000);
    expect(await transactionsOf(order.rechargeId)).toEqual([
      { type: 'recharge', channel: 'wechat', amount_fen: 10_000, account_id: demo.id },
    ]);
    expect(await auditActions(order.rechargeId)).toEqual(['recharge.create', 'recharge.paid']);
    expect((await rechargeRow(order.rechargeId))?.provider_trade_no).toMatch(/^4200\d{24}$/);

    // Paying again at the gateway is refused; nothing more is credited.
    const again = await fetch(`${base}${pagePath(order)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    expect(again.status).toBe(409);
    expect(await cashFen(demo.id)).toBe(before + 10_000);
  });

  it('Alipay: precreate, the gateway page, pay, RSA2-signed notification answered "success", credited', async () => {
    const before = await cashFen(demo.id);
    const order = await topUp('alipay', '88.88');
    expect(order).toMatchObject({ channel: 'alipay', amount: '88.88', status: 'pending' });
    const html = await (await fetch(`${base}${pagePath(order)}`, { headers: { 'cz-lang': 'en-US' } })).text();
    expect(html).toContain('Alipay');
    expect(html).toContain('88.88');
    const cancelled = await fetch(`${base}${pagePath(order)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'cz-lang': 'en-US' },
      body: 'action=cancel',
    });
    expect(await cancelled.text()).toContain('Payment cancelled');
    expect((await recharge(order.rechargeId)).body.data.status).toBe('pending');

    const paid = await fetch(`${base}${pagePath(order)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'cz-lang': 'en-US' },
      body: 'action=pay',
    });
    expect(await paid.text()).toContain('The merchant was notified');
    expect((await recharge(order.rechargeId)).body.data.status).toBe('paid');
    expect(await cashFen(demo.id)).toBe(before + 8888);
    expect(await transactionsOf(order.rechargeId)).toEqual([
      { type: 'recharge', channel: 'alipay', amount_fen: 8888, account_id: demo.id },
    ]);
  });
});

describe('notifications', () => {
  it('WeChat Pay: the same notification delivered 10 times concurrently credits once', async () => {
    const before = await cashFen(demo.id);
    const order = await topUp('wechat', '20');
    await gateway.pay(order.rechargeId, { notify: false });
    const n = await gateway.notification(order.rechargeId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify('wechat', n)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(204));
    expect(await cashFen(demo.id)).toBe(before + 2000);
    expect(await transactionsOf(order.rechargeId)).toHaveLength(1);
    expect(await rechargeRow(order.rechargeId)).toMatchObject({ status: 'paid', notify_count: 10 });
    // A later replay is answered success and changes nothing.
    expect((await notify('wechat', n)).status).toBe(204);
    expect(await cashFen(demo.id)).toBe(before + 2000);
    expect((await auditActions(order.rechargeId)).filter((a) => a === 'recharge.paid')).toHaveLength(1);
  });

  it('WeChat Pay: tampered signature, amount, merchant or an old timestamp is refused and credits nothing', async () => {
    const before = await cashFen(demo.id);
    const order = await topUp('wechat', '30');
    await gateway.pay(order.rechargeId, { notify: false });
    const valid = await gateway.notification(order.rechargeId);

    const badSignature = {
      ...valid,
      headers: {
        ...valid.headers,
        'wechatpay-signature': `${valid.headers['wechatpay-signature']?.slice(0, -8)}AAAAAAA=`,
      },
    };
    const changedBody = { ...valid, body: valid.body.replace('"summary":"支付成功"', '"summary":"paid"') };
    const noHeaders = { ...valid, headers: { 'content-type': 'application/json' } };
    const otherAmount = await gateway.notification(order.rechargeId, { amountFen: 1 });
    const otherMerchant = await gateway.notification(order.rechargeId, { mchId: '1900000999' });
    const otherApp = await gateway.notification(order.rechargeId, { appId: 'wx0000000000000bad' });
    const stale = await gateway.notification(order.rechargeId, {
      timestamp: new Date(t.clock.now().getTime() - 6 * 60_000),
    });
    for (const n of [badSignature, changedBody, noHeaders, otherAmount, otherMerchant, otherApp, stale]) {
      const answer = await notify('wechat', n);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'FAIL' });
    }
    expect(await cashFen(demo.id)).toBe(before);
    expect(await rechargeRow(order.rechargeId)).toMatchObject({ status: 'pending', notify_count: 0 });
    // The amount mismatch came from the provider's own key: it is in the account's audit log.
    expect(await auditActions(order.rechargeId)).toEqual(['recharge.create', 'recharge.notifyRefused']);
    // The genuine one still credits.
    expect((await notify('wechat', valid)).status).toBe(204);
    expect(await cashFen(demo.id)).toBe(before + 3000);
  });

  it('Alipay: 10 concurrent deliveries credit once; tampered ones answer "failure" and credit nothing', async () => {
    const before = await cashFen(demo.id);
    const order = await topUp('alipay', '12.34');
    await gateway.pay(order.rechargeId, { notify: false });
    const valid = await gateway.notification(order.rechargeId);
    const form = new URLSearchParams(valid.body);
    const edited = (change: (f: URLSearchParams) => void) => {
      const copy = new URLSearchParams(form);
      change(copy);
      return { ...valid, body: copy.toString() };
    };
    const tampered = [
      edited((f) => f.set('total_amount', '1234.00')),
      edited((f) => f.set('sign', `${form.get('sign')?.slice(0, -8)}AAAAAAA=`)),
      edited((f) => f.delete('sign')),
      edited((f) => f.set('sign_type', 'RSA')),
      await gateway.notification(order.rechargeId, { amountFen: 1 }),
      await gateway.notification(order.rechargeId, { appId: '9021000000000999' }),
      await gateway.notification(order.rechargeId, { sellerId: '2088000000000999' }),
    ];
    for (const n of tampered) expect((await notify('alipay', n)).text).toBe('failure');
    expect(await cashFen(demo.id)).toBe(before);

    const answers = await Promise.all(Array.from({ length: 10 }, () => notify('alipay', valid)));
    expect(answers.map((a) => a.text)).toEqual(Array(10).fill('success'));
    expect(await cashFen(demo.id)).toBe(before + 1234);
    expect(await transactionsOf(order.rechargeId)).toHaveLength(1);
    expect((await notify('alipay', valid)).text).toBe('success');
    expect(await cashFen(demo.id)).toBe(before + 1234);
  });

  it('a notification for an order the console does not know is refused', async () => {
    const order = await topUp('wechat', '1');
    await gateway.pay(order.rechargeId, { notify: false });
    const n = await gateway.notification(order.rechargeId);
    await t.deps.db.execute(sql`update recharges set id = 'Zz' || id where id = ${order.rechargeId}`);
    expect((await notify('wechat', n)).status).toBe(400);
  });
});

describe('rules and access', () => {
  const field = async (query: Record<string, string>) => {
    const { status, body } = await api<{ fieldErrors: Record<string, string> }>(
      'GET',
      '/api/portal/billing/getPayQrcode',
      admin,
      query,
    );
    expect(status).toBe(400);
    return body.data.fieldErrors;
  };
  const en = (key: string) => translateValidation('en-US', key);

  it('applies the rules of spec section 5', async () => {
    expect(await field({ channel: 'wechat', amount: '0', agreement: 'true' })).toEqual({
      amount: en('amountPositive'),
    });
    expect(await field({ channel: 'alipay', amount: '0.001', agreement: 'true' })).toEqual({
      amount: en('amountFormat'),
    });
    expect(await field({ channel: 'wechat', amount: '-5', agreement: 'true' })).toEqual({
      amount: en('amountFormat'),
    });
    expect(await field({ channel: 'wechat', amount: '50000.01', agreement: 'true' })).toEqual({
      amount: en('wechatAmountMax'),
    });
    expect(await field({ channel: 'wechat', amount: '10' })).toEqual({ agreement: en('agreementRequired') });
    expect(await field({ channel: 'wechat', amount: '10', agreement: 'false' })).toEqual({
      agreement: en('agreementRequired'),
    });
    // At the limit WeChat Pay is fine, and Alipay takes more.
    expect((await topUp('wechat', '50000')).amount).toBe('50000.00');
    expect((await topUp('alipay', '50000.01')).amount).toBe('50000.01');
  });

  it("answers 4071 with the provider's refusal, and the order is failed", async () => {
    gateway.refuseNext = { code: 'NO_AUTH', message: 'merchant not allowed' };
    const { body } = await api<null>('GET', '/api/portal/billing/getPayQrcode', admin, {
      channel: 'wechat',
      amount: '5',
      agreement: 'true',
    });
    expect(body.code).toBe(ErrorCode.rechargeFailed);
    expect(body.message).toContain('NO_AUTH merchant not allowed');
    const failed = rowsOf<{ status: string; fail_reason: string }>(
      await t.deps.db.execute(
        sql`select status, fail_reason from recharges where account_id = ${demo.id} and status = 'failed'`,
      ),
    );
    expect(failed).toEqual([{ status: 'failed', fail_reason: 'NO_AUTH merchant not allowed' }]);
    gateway.refuseNext = { code: 'ACQ.ACCESS_FORBIDDEN', message: 'no access' };
    const alipay = await api<null>('GET', '/api/portal/billing/getPayQrcode', admin, {
      channel: 'alipay',
      amount: '5',
      agreement: 'true',
    });
    expect(alipay.body.code).toBe(ErrorCode.rechargeFailed);
    expect(alipay.body.message).toContain('ACQ.ACCESS_FORBIDDEN');
  });

  it("refuses another account's order (403), unknown ones (404) and members (4037)", async () => {
    const order = await topUp('wechat', '3');
    expect((await recharge(order.rechargeId, acmeAdmin)).status).toBe(403);
    expect((await recharge('NoSuchOrder0000000000000')).status).toBe(404);
    expect((await recharge(order.rechargeId, member)).body.code).toBe(ErrorCode.notAccountAdmin);
    const byMember = await api<null>('GET', '/api/portal/billing/getPayQrcode', member, {
      channel: 'wechat',
      amount: '1',
      agreement: 'true',
    });
    expect(byMember.body.code).toBe(ErrorCode.notAccountAdmin);
    const withOtherAccount = await api<null>('GET', '/api/portal/billing/getPayQrcode', admin, {
      channel: 'wechat',
      amount: '1',
      agreement: 'true',
      accountId: String(acme.id),
    });
    expect(withOtherAccount.status).toBe(403);
  });
});

describe('the query job', () => {
  const runner = () => createJobRunner(t.deps, rechargeJobHandlers(t.app.log), t.app.log, { pollMs: 1000 });

  it('settles a paid order whose notification was lost, once, 10 minutes after its creation', async () => {
    const before = await cashFen(acme.id);
    const order = await topUp('wechat', '66.6', acmeAdmin);
    await gateway.pay(order.rechargeId, { notify: false });
    t.clock.advance(9 * 60_000);
    await runner().drain();
    expect((await rechargeRow(order.rechargeId))?.status).toBe('pending');
    t.clock.advance(60_000);
    await runner().drain();
    expect((await rechargeRow(order.rechargeId))?.status).toBe('paid');
    expect(await cashFen(acme.id)).toBe(before + 6660);
    // The late notification changes nothing.
    expect((await notify('wechat', await gateway.notification(order.rechargeId))).status).toBe(204);
    t.clock.advance(3_600_000);
    await runner().drain();
    expect(await cashFen(acme.id)).toBe(before + 6660);
    expect(await transactionsOf(order.rechargeId)).toHaveLength(1);
    expect(await auditActions(order.rechargeId)).toEqual(['recharge.create', 'recharge.paid']);
  });

  it('keeps asking while unpaid, and closes unpaid orders when they expire (here and at the provider)', async () => {
    const before = await cashFen(acme.id);
    const token = await signIn(t.app, 'acme', acme.admin);
    const wechat = await topUp('wechat', '10', token);
    const alipay = await topUp('alipay', '10', token);
    const paidLater = await topUp('alipay', '7', token);
    for (let minutes = 0; minutes < 60; minutes += 5) {
      t.clock.advance(5 * 60_000);
      await runner().drain();
    }
    expect((await rechargeRow(wechat.rechargeId))?.status).toBe('pending');
    await gateway.pay(paidLater.rechargeId, { notify: false });
    for (let minutes = 0; minutes < 70; minutes += 5) {
      t.clock.advance(5 * 60_000);
      await runner().drain();
    }
    expect((await rechargeRow(wechat.rechargeId))?.status).toBe('closed');
    expect((await rechargeRow(alipay.rechargeId))?.status).toBe('closed');
    expect((await rechargeRow(paidLater.rechargeId))?.status).toBe('paid');
    expect(gateway.order(wechat.rechargeId)?.status).toBe('CLOSED');
    expect(await cashFen(acme.id)).toBe(before + 700);
    expect(await auditActions(wechat.rechargeId)).toEqual(['recharge.create', 'recharge.close']);
    const later = await signIn(t.app, 'acme', acme.admin);
    expect((await recharge(wechat.rechargeId, later)).body.data).toMatchObject({
      status: 'closed',
      qrCode: null,
    });
    // The closed order cannot be paid at the gateway any more.
    expect(await gateway.pay(wechat.rechargeId)).toBeNull();
    const jobs = rowsOf<{ n: number }>(
      await t.deps.db.execute(
        sql`select count(*)::int as n from jobs where kind = 'recharge.query' and status in ('queued', 'running')
             and payload->>'rechargeId' in (${wechat.rechargeId}, ${alipay.rechargeId}, ${paidLater.rechargeId})`,
      ),
    );
    expect(jobs[0]?.n).toBe(0);
  });
});

describe('production mode', () => {
  it('has no development gateway, and a top-up without provider settings is not configured (4103)', async () => {
    const p = await createTestApp({
      env: { NODE_ENV: 'production', SECRET_KEY: 'p'.repeat(40), USAGE_HOOK_SECRET: 'u'.repeat(40) },
    });
    try {
      const account = await seedAccount(p.deps, 'prod');
      const token = await signIn(p.app, 'prod', account.admin);
      for (const [method, url] of [
        ['GET', '/api/dev/pay/Order0000000000000000001'],
        ['POST', '/api/dev/pay/Order0000000000000000001'],
        ['POST', '/api/dev/alipay/gateway.do'],
        ['POST', '/api/dev/wechatpay/v3/pay/transactions/native'],
      ] as const) {
        expect((await p.app.inject({ method, url })).statusCode, url).toBe(404);
      }
      const res = await p.app.inject({
        url: '/api/portal/billing/getPayQrcode?channel=wechat&amount=1&agreement=true',
        headers: { authorization: `Bearer ${token}`, 'cz-lang': 'en-US' },
      });
      expect(res.json()).toMatchObject({
        code: ErrorCode.paymentNotConfigured,
        message:
          'Top-ups by WeChat Pay are not configured on this installation; contact the platform operator.',
        data: { channel: 'wechat' },
      });
      const alipay = await p.app.inject({
        url: '/api/portal/billing/getPayQrcode?channel=alipay&amount=1&agreement=true',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(alipay.json()).toMatchObject({
        code: ErrorCode.paymentNotConfigured,
        message: '本安装未配置支付宝充值，请联系平台运维人员。',
      });
      const orders = await p.deps.db.execute(sql`select count(*)::int as n from recharges`);
      expect(rowsOf<{ n: number }>(orders)[0]?.n).toBe(0);
      const notify = await p.app.inject({ method: 'POST', url: '/api/hooks/pay/alipay', payload: 'a=1' });
      expect(notify.body).toBe('failure');
    } finally {
      await p.close();
    }
  });

  it('takes no WeChat Pay or Alipay order from a USD account (international edition): bank transfer only', async () => {
    const p = await createTestApp({ env: { EDITION: 'international' } });
    try {
      const account = await seedAccount(p.deps, 'globalco');
      const token = await signIn(p.app, 'globalco', account.admin);
      for (const channel of ['wechat', 'alipay']) {
        const res = await p.app.inject({
          url: `/api/portal/billing/getPayQrcode?channel=${channel}&amount=100&agreement=true`,
          headers: { authorization: `Bearer ${token}`, 'cz-lang': 'en-US' },
        });
        expect(res.json()).toMatchObject({ code: ErrorCode.paymentNotConfigured, data: { channel } });
      }
      const orders = await p.deps.db.execute(sql`select count(*)::int as n from recharges`);
      expect(rowsOf<{ n: number }>(orders)[0]?.n).toBe(0);
      const funds = await p.app.inject({
        url: '/api/portal/billing/getAccount',
        headers: { authorization: `Bearer ${token}`, 'cz-lang': 'zh-CN' },
      });
      expect(funds.json()).toMatchObject({ code: 0, data: { currency: 'USD' } });
    } finally {
      await p.close();
    }
  });
});
