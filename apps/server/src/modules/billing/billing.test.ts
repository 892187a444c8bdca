import type {
  TBillingCount,
  TBillingDetailPage,
  TFundsAccount,
  TStatementDetail,
  TStatementPage,
  TTransaction,
  TUsageBatchResult,
  TVoucher,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { rowsOf } from '../../db/client';
import { createJobRunner } from '../../jobs/runner';
import { billingJobHandlers } from './billing.jobs';
import { pauseLongArrears } from './funds/arrears.service';
import { creditCash } from './funds/funds.service';
import { discountFen, rateFen } from './money';
import { generateStatements } from './statements/statements.service';
import { signUsage } from './usage/usage-hook';

let t: TTestApp;
const { call, ok } = routeClient(() => t.app);
let demo: TSeededAccount;
let acme: TSeededAccount;
let admin: string;
let member: string;
let acmeAdmin: string;
const names: Record<string, string> = {};
const paused: { name: string; isPaused: boolean }[] = [];

async function instanceName(id: number): Promise<string> {
  const rows = rowsOf<{ instance_name: string }>(
    await t.deps.db.execute(sql`select instance_name from instances where id = ${id}`),
  );
  return rows[0]?.instance_name as string;
}

beforeAll(async () => {
  t = await createTestApp({ env: { ARREARS_GRACE_HOURS: '24' } });
  const provisioner = t.deps.provisioner;
  t.deps.provisioner = {
    ...provisioner,
    setPaused: async (ref, isPaused) => {
      paused.push({ name: ref.instanceName, isPaused });
    },
  };
  // Usage of October 2026 and of the month under way (the test clock starts on 2026-11-01 08:00 UTC).
  t.clock.set(new Date('2026-10-01T00:00:00Z'));
  demo = await seedAccount(t.deps, 'demo');
  acme = await seedAccount(t.deps, 'acme');
  names.lakehouse = await instanceName(await seedOpenedInstance(t.deps, demo.id));
  names.beijing = await instanceName(
    await seedOpenedInstance(t.deps, demo.id, { csp: 'aliyun', region: 'cn-beijing' }),
  );
  names.assistant = await instanceName(await seedOpenedInstance(t.deps, demo.id, { serviceId: 2 }));
  names.acme = await instanceName(await seedOpenedInstance(t.deps, acme.id));
  admin = await signIn(t.app, 'demo', demo.admin);
  member = await signIn(t.app, 'demo', demo.member);
  acmeAdmin = await signIn(t.app, 'acme', acme.admin);
});
afterAll(() => t.close());

let serial = 0;
type TRecordInput = {
  instance?: string;
  sku: string;
  quantity: string;
  start: string;
  account?: string;
  id?: string;
};
function record(r: TRecordInput) {
  serial += 1;
  const start = new Date(r.start);
  return {
    recordId: r.id ?? `rec-${serial}`,
    accountName: r.account ?? 'demo',
    instanceName: names[r.instance ?? 'lakehouse'] as string,
    skuCode: r.sku,
    workspace: 'default',
    periodStart: start.toISOString(),
    periodEnd: new Date(start.getTime() + 3_600_000).toISOString(),
    quantity: r.quantity,
  };
}

async function sendUsage(records: unknown[], options: { signature?: string | null; at?: Date } = {}) {
  const body = JSON.stringify({ records });
  const signature =
    options.signature === undefined
      ? signUsage(t.deps.config.billing.usageHookSecret, body, options.at ?? t.clock.now())
      : options.signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/hooks/usage',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-cz-signature': signature } : {}) },
    payload: body,
  });
}
async function ingest(records: unknown[]): Promise<TUsageBatchResult> {
  const res = await sendUsage(records);
  const body = envelope<TUsageBatchResult>(res);
  if (body.code !== 0) throw new Error(`usage: ${body.code} ${body.message}`);
  return body.data;
}

async function funds(accountId: number) {
  const rows = rowsOf<{ cash_fen: number; outstanding_fen: number; status: number; paused: unknown }>(
    await t.deps.db.execute(sql`
      select f.cash_fen, f.outstanding_fen, a.status, a.services_paused_at as paused
        from accounts a left join funds f on f.account_id = a.id where a.id = ${accountId}`),
  );
  const r = rows[0];
  return {
    cash: Number(r?.cash_fen ?? 0),
    outstanding: Number(r?.outstanding_fen ?? 0),
    status: Number(r?.status),
    isPaused: Boolean(r?.paused),
  };
}

async function voucher(
  accountId: number,
  code: string,
  faceFen: number,
  days: number,
  scope: { services?: number[]; regions?: number[] } = {},
) {
  const now = t.clock.now();
  await t.deps.db.execute(sql`
    insert into vouchers (account_id, code, name_zh, name_en, face_fen, available_fen, effective_at, expires_at, service_ids, region_ids)
    values (${accountId}, ${code}, ${code}, ${code}, ${faceFen}, ${faceFen}, ${new Date(now.getTime() - 1000)},
            ${new Date(now.getTime() + days * 86_400_000)},
            ${scope.services ? JSON.stringify(scope.services) : null}::jsonb, ${scope.regions ? JSON.stringify(scope.regions) : null}::jsonb)`);
}

describe('rating', () => {
  it('rates exactly in fen, rounding half up once', () => {
    expect(rateFen('2.5', '40')).toBe(100);
    expect(rateFen('1000', '0.42')).toBe(420);
    expect(rateFen('1', '0.425')).toBe(0);
    expect(rateFen('3', '0.5')).toBe(2);
    expect(rateFen('0.333333', '3')).toBe(1);
    expect(discountFen(101, '0.8')).toBe(81);
    expect(discountFen(5, '0.9')).toBe(5);
  });
});

describe('usage ingestion, deduction and arrears', () => {
  it('refuses unsigned, mis-signed, stale and replayed batches, changing nothing', async () => {
    const records = [record({ sku: 'vc_gp', quantity: '1', start: '2026-10-01T00:00:00Z' })];
    expect((await sendUsage(records, { signature: null })).statusCode).toBe(401);
    expect((await sendUsage(records, { signature: 't=1,v1=00' })).statusCode).toBe(401);
    const stale = await sendUsage(records, { at: new Date(t.clock.now().getTime() - 10 * 60_000) });
    expect(stale.statusCode).toBe(401);
    const body = JSON.stringify({ records });
    const signature = signUsage(t.deps.config.billing.usageHookSecret, body, t.clock.now());
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/hooks/usage',
        headers: { 'content-type': 'application/json', 'x-cz-signature': signature },
        payload: body,
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(401);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/hooks/usage',
      headers: { 'content-type': 'application/json', 'x-cz-signature': signature },
      payload: body.replace('"1"', '"100"'),
    });
    expect(tampered.statusCode).toBe(401);
    // The accepted batch put the account in arrears (no money): 40 fen outstanding.
    expect(await funds(demo.id)).toMatchObject({ cash: 0, outstanding: 40, status: 3 });
  });

  it('is idempotent by record id and reports what it refused', async () => {
    const r = record({ sku: 'vc_ap', quantity: '2', start: '2026-10-01T01:00:00Z' });
    expect(await ingest([r, r])).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
    expect(await ingest([r])).toEqual({ accepted: 0, duplicates: 1, rejected: [] });
    const bad = await ingest([
      { ...record({ sku: 'vc_ap', quantity: '1', start: '2026-10-01T01:00:00Z' }), skuCode: 'nope' },
      { ...record({ sku: 'vc_ap', quantity: '1', start: '2026-10-01T01:00:00Z' }), instanceName: names.acme },
      {
        ...record({ sku: 'vc_ap', quantity: '1', start: '2026-10-01T01:00:00Z' }),
        periodEnd: '2026-09-30T00:00:00Z',
      },
    ]);
    expect(bad.accepted).toBe(0);
    expect(bad.rejected.map((x) => x.reason)).toEqual([
      'UNKNOWN_SKU',
      'INSTANCE_OF_ANOTHER_ACCOUNT',
      'BAD_PERIOD',
    ]);
    expect((await sendUsage([{ recordId: 'x' }])).statusCode).toBe(400);
  });

  it('pays with vouchers in scope, earliest expiry first, then cash; the rest is outstanding', async () => {
    await creditCash(t.deps.db, {
      accountId: demo.id,
      amountFen: 1000,
      type: 'cash',
      channel: 'operator',
      reference: 'test',
      now: t.clock.now(),
    });
    // The 40 + 100 fen outstanding were paid from the 10 yuan: 8.60 left, no arrears.
    expect(await funds(demo.id)).toMatchObject({ cash: 860, outstanding: 0, status: 0 });
    const beijing = rowsOf<{ id: number }>(
      await t.deps.db.execute(sql`select id from regions where csp = 'aliyun' and code = 'cn-beijing'`),
    )[0]?.id as number;
    await voucher(demo.id, 'LATE', 500, 60);
    await voucher(demo.id, 'EARLY', 300, 10);
    await voucher(demo.id, 'ASSISTANT', 10_000, 5, { services: [2] });
    await voucher(demo.id, 'BEIJING', 10_000, 5, { regions: [Number(beijing)] });
    // 10 CRU-hours of GP in Shanghai = 400 fen: EARLY (300) then LATE (100).
    await ingest([record({ sku: 'vc_gp', quantity: '10', start: '2026-10-02T00:00:00Z' })]);
    const vouchers = await ok<{ list: TVoucher[] }>('voucherList', admin, { pageSize: 50 });
    const left = Object.fromEntries(vouchers.list.map((v) => [v.code, v.availableAmount]));
    expect(left).toMatchObject({ EARLY: '0.00', LATE: '4.00', ASSISTANT: '100.00', BEIJING: '100.00' });
    // 20 CRU-hours = 800 fen: LATE pays 400, cash pays 400.
    await ingest([record({ sku: 'vc_gp', quantity: '20', start: '2026-10-02T01:00:00Z' })]);
    expect(await funds(demo.id)).toMatchObject({ cash: 460, outstanding: 0 });
    // The data assistant's usage: its voucher pays, cash untouched.
    await ingest([
      record({ instance: 'assistant', sku: 'decision_vc_gp', quantity: '10', start: '2026-10-02T02:00:00Z' }),
    ]);
    expect(await funds(demo.id)).toMatchObject({ cash: 460 });
    // Beijing: its voucher; 300 GB egress = 15000 fen: 10000 voucher, 460 cash, 4540 outstanding.
    await ingest([
      record({ instance: 'beijing', sku: 'internet_egress', quantity: '300', start: '2026-10-02T03:00:00Z' }),
    ]);
    expect(await funds(demo.id)).toMatchObject({ cash: 0, outstanding: 4540, status: 3 });
    const account = await ok<TFundsAccount>('getFundsAccount', admin);
    expect(account).toMatchObject({ cashAmount: '0.00', outstandingAmount: '45.40', accountStatus: 3 });
    const deductions = await ok<{ list: { voucherCode: string; amount: string }[] }>(
      'deductionList',
      admin,
      {},
    );
    expect(deductions.list.map((d) => d.voucherCode).sort()).toEqual([
      'ASSISTANT',
      'BEIJING',
      'EARLY',
      'LATE',
    ]);
    const tx = await ok<{ list: TTransaction[] }>('transactionList', admin, { type: 'consumption' });
    expect(tx.list.every((x) => x.amount.startsWith('-'))).toBe(true);
  });

  it('applies the account discount by category', async () => {
    await t.deps.db.execute(
      sql`insert into account_discounts (account_id, category, rate) values (${acme.id}, 'compute', 0.8), (${acme.id}, '*', 0.9)`,
    );
    await creditCash(t.deps.db, {
      accountId: acme.id,
      amountFen: 100_000,
      type: 'cash',
      channel: 'operator',
      reference: 't',
      now: t.clock.now(),
    });
    await ingest([
      record({
        account: 'acme',
        instance: 'acme',
        sku: 'vc_gp',
        quantity: '10',
        start: '2026-10-03T00:00:00Z',
      }),
      record({
        account: 'acme',
        instance: 'acme',
        sku: 'internet_egress',
        quantity: '10',
        start: '2026-10-03T00:00:00Z',
      }),
    ]);
    // 400 × 0.8 = 320; 500 × 0.9 = 450.
    expect(await funds(acme.id)).toMatchObject({ cash: 100_000 - 320 - 450 });
  });

  it('pauses services after the grace period of arrears, and a top-up that clears them resumes', async () => {
    t.clock.advance(23 * 3_600_000);
    expect(await pauseLongArrears(t.deps)).toBe(0);
    t.clock.advance(2 * 3_600_000);
    expect(await pauseLongArrears(t.deps)).toBe(1);
    expect((await funds(demo.id)).isPaused).toBe(true);
    const runner = createJobRunner(t.deps, billingJobHandlers(), t.app.log, { pollMs: 1000 });
    await runner.drain();
    expect(
      paused
        .filter((p) => p.isPaused)
        .map((p) => p.name)
        .sort(),
    ).toEqual([names.lakehouse, names.beijing, names.assistant].sort());
    // A top-up that does not clear the arrears keeps them paused.
    await creditCash(t.deps.db, {
      accountId: demo.id,
      amountFen: 40,
      type: 'recharge',
      channel: 'alipay',
      reference: 'r1',
      now: t.clock.now(),
    });
    expect(await funds(demo.id)).toMatchObject({ outstanding: 4500, status: 3, isPaused: true });
    await creditCash(t.deps.db, {
      accountId: demo.id,
      amountFen: 10_000,
      type: 'recharge',
      channel: 'wechat',
      reference: 'r2',
      now: t.clock.now(),
    });
    expect(await funds(demo.id)).toMatchObject({ cash: 5500, outstanding: 0, status: 0, isPaused: false });
    await runner.drain();
    expect(paused.filter((p) => !p.isPaused)).toHaveLength(3);
  });
});

describe('summaries, details, statements and exports', () => {
  beforeAll(async () => {
    admin = await signIn(t.app, 'demo', demo.admin);
    member = await signIn(t.app, 'demo', demo.member);
    acmeAdmin = await signIn(t.app, 'acme', acme.admin);
  });

  it('sums the summary from the details, for every filter', async () => {
    await ingest([
      record({ sku: 'managed_storage', quantity: '1000', start: '2026-10-05T00:00:00Z' }),
      record({ sku: 'stream_ingestion', quantity: '3.5', start: '2026-10-05T02:00:00Z' }),
      record({
        sku: 'model_output_tokens',
        instance: 'assistant',
        quantity: '120',
        start: '2026-10-06T02:00:00Z',
      }),
    ]);
    const range = { range: 'custom', startDate: '2026-10-01', endDate: '2026-10-31' };
    for (const filter of [range, { ...range, category: 'compute' }, { ...range, instanceId: undefined }]) {
      const count = await ok<TBillingCount>('billingCount', admin, filter);
      const details = await ok<TBillingDetailPage>('billingDetailList', admin, { ...filter, pageSize: 200 });
      const fen = (v: string) => Math.round(Number(v) * 100);
      const sum = (
        key: 'originalAmount' | 'discountedAmount' | 'voucherDeduction' | 'cashPayment' | 'outstandingAmount',
      ) => details.list.reduce((n, r) => n + fen(r[key]), 0);
      expect(fen(count.totalAmount)).toBe(sum('originalAmount'));
      expect(fen(count.discountTotalAmount)).toBe(sum('discountedAmount'));
      expect(fen(count.voucherAmount)).toBe(sum('voucherDeduction'));
      expect(fen(count.cashAmount) + fen(count.outstandingAmount) + fen(count.voucherAmount)).toBe(
        sum('discountedAmount'),
      );
      expect(count.trend).toHaveLength(31);
    }
    const count = await ok<TBillingCount>('billingCount', admin, range);
    expect(count.vcGpEventAmount).toBe('12.40');
    expect(count.storageOssAmount).toBe('4.20');
    expect(count.externalNetworkAmount).toBe('150.00');
    expect(Number(count.computeAmount)).toBeGreaterThan(Number(count.vcGpEventAmount));
    expect(count.discountPercent).toBe(1);
    // The domestic edition bills in CNY whatever the request's language (decision 0016).
    expect(count.currency).toBe('CNY');
  });

  it('keeps the account rollup per SKU equal to the rollup per instance and workspace', async () => {
    await ingest([
      {
        ...record({ sku: 'managed_storage', quantity: '250', start: '2026-10-07T00:00:00Z' }),
        workspace: 'etl',
      },
      record({ sku: 'managed_storage', quantity: '250', start: '2026-10-07T01:00:00Z', instance: 'beijing' }),
      record({ sku: 'managed_storage', quantity: '0.5', start: '2026-10-07T02:00:00Z' }),
    ]);
    const differences = rowsOf(
      await t.deps.db.execute(sql`
        select * from usage_account_daily a
          full join (select account_id, day, sku_code, sum(quantity) as quantity, sum(amount_fen) as amount_fen,
                            sum(discounted_fen) as discounted_fen, sum(voucher_fen) as voucher_fen,
                            sum(cash_fen) as cash_fen, sum(outstanding_fen) as outstanding_fen, sum(records) as records
                       from usage_daily group by account_id, day, sku_code) d
            using (account_id, day, sku_code)
         where a.quantity is distinct from d.quantity or a.amount_fen is distinct from d.amount_fen
            or a.discounted_fen is distinct from d.discounted_fen or a.voucher_fen is distinct from d.voucher_fen
            or a.cash_fen is distinct from d.cash_fen or a.outstanding_fen is distinct from d.outstanding_fen
            or a.records is distinct from d.records`),
    );
    expect(differences).toEqual([]);
    // The whole account's bill (read from the account rollup) is the sum of its instances' bills
    // and of its workspaces' (read from the rollup per instance and workspace).
    const range = { range: 'custom', startDate: '2026-10-01', endDate: '2026-10-31' };
    const fen = (v: string) => Math.round(Number(v) * 100);
    const whole = await ok<TBillingCount>('billingCount', admin, range);
    const ids = rowsOf<{ id: number }>(
      await t.deps.db.execute(sql`select id from instances where account_id = ${demo.id}`),
    );
    let perInstance = 0;
    for (const { id } of ids) {
      perInstance += fen(
        (await ok<TBillingCount>('billingCount', admin, { ...range, instanceId: id })).totalAmount,
      );
    }
    expect(perInstance).toBe(fen(whole.totalAmount));
    const etl = await ok<TBillingCount>('billingCount', admin, { ...range, workspace: 'etl' });
    const rest = await ok<TBillingCount>('billingCount', admin, { ...range, workspace: 'default' });
    expect(fen(etl.storageOssAmount)).toBeGreaterThan(0);
    expect(fen(etl.totalAmount) + fen(rest.totalAmount)).toBe(fen(whole.totalAmount));
  });

  it('checks ranges and filters, and keeps billing to administrators of the account', async () => {
    const bad = envelope<{ fieldErrors: Record<string, string> }>(
      await call('billingCount', admin, { range: 'custom', startDate: '2026-10-31', endDate: '2026-10-01' }),
    );
    expect(bad.code).toBe(400);
    expect(bad.data.fieldErrors.startDate).toMatch(/start date/);
    expect(
      envelope(
        await call('billingCount', admin, {
          range: 'custom',
          startDate: '2025-01-01',
          endDate: '2026-10-01',
        }),
      ).code,
    ).toBe(400);
    expect(envelope(await call('billingCount', member, {})).code).toBe(ErrorCode.notAccountAdmin);
    const acmeInstance = rowsOf<{ id: number }>(
      await t.deps.db.execute(sql`select id from instances where account_id = ${acme.id} limit 1`),
    )[0]?.id;
    expect(envelope(await call('billingCount', admin, { instanceId: Number(acmeInstance) })).code).toBe(403);
    expect(envelope(await call('billingCount', acmeAdmin, { accountId: demo.id })).code).toBe(403);
  });

  it('writes monthly statements once the month has closed, equal to their month', async () => {
    expect(await generateStatements(t.deps)).toBe(0);
    t.clock.set(new Date('2026-11-01T00:30:00Z'));
    await ingest([record({ sku: 'vc_gp', quantity: '1', start: '2026-11-01T00:00:00Z' })]);
    expect(await generateStatements(t.deps)).toBe(2);
    admin = await signIn(t.app, 'demo', demo.admin);
    member = await signIn(t.app, 'demo', demo.member);
    acmeAdmin = await signIn(t.app, 'acme', acme.admin);
    expect(await generateStatements(t.deps)).toBe(0);
    const page = await ok<TStatementPage>('statementList', admin, { year: 2026 });
    expect(page.list.map((s) => s.month)).toEqual(['2026-10']);
    expect(await ok('statementYears', admin)).toEqual([2026]);
    const october = await ok<TBillingCount>('billingCount', admin, {
      range: 'custom',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    const statement = page.list[0] as TStatementPage['list'][number];
    expect(statement.discountedAmount).toBe(october.discountTotalAmount);
    expect(statement.originalAmount).toBe(october.totalAmount);
    expect(statement.isSettled).toBe(true);
    const detail = await ok<TStatementDetail>('statementDetail', admin, { id: statement.id });
    const fen = (v: string) => Math.round(Number(v) * 100);
    expect(detail.lines.reduce((n, l) => n + fen(l.discountedAmount), 0)).toBe(
      fen(statement.discountedAmount),
    );
    expect(envelope(await call('statementDetail', acmeAdmin, { id: statement.id })).code).toBe(403);
  });

  it('exports details as CSV and XLSX, and a statement', async () => {
    const filter = { range: 'custom', startDate: '2026-10-01', endDate: '2026-10-31' };
    const csv = await call('billingDetailDownload', admin, { ...filter, format: 'csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const details = await ok<TBillingDetailPage>('billingDetailList', admin, { ...filter, pageSize: 200 });
    expect(lines).toHaveLength(details.total + 1);
    // Money columns name the account's currency, the unit price its minor unit.
    expect(lines[0]).toContain('Consumption at original price (CNY)');
    expect(lines[0]).toContain('Cash payment (CNY)');
    expect(lines[0]).toContain('Unit price (fen)');
    const xlsx = await call('billingDetailDownload', admin, { ...filter, format: 'xlsx' });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(details.total + 1);
    const statement = (await ok<TStatementPage>('statementList', admin, {}))
      .list[0] as TStatementPage['list'][number];
    const file = await call('statementDownload', admin, { id: statement.id, format: 'xlsx' });
    expect(file.headers['content-disposition']).toContain('statement-2026-10.xlsx');
    expect(envelope(await call('statementDownload', acmeAdmin, { id: statement.id })).code).toBe(403);
    expect(envelope(await call('billingDetailDownload', member, filter)).code).toBe(
      ErrorCode.notAccountAdmin,
    );
  });

  it('lists the filters and the SKUs with the account discount', async () => {
    const regions = await ok<{ instanceName: string; workspaces: string[] }[]>('cspRegionList', admin);
    expect(regions.find((r) => r.instanceName === names.lakehouse)?.workspaces).toEqual(['default', 'etl']);
    const skus = await ok<{ code: string; discountRate: number; unitPrice: string }[]>('skuList', acmeAdmin);
    expect(skus.find((s) => s.code === 'vc_gp')).toMatchObject({ discountRate: 0.8, unitPrice: '40' });
    expect(skus.find((s) => s.code === 'internet_egress')?.discountRate).toBe(0.9);
  });

  it('filters the summary, the details and the export by one SKU of skuList', async () => {
    const range = { range: 'custom', startDate: '2026-10-01', endDate: '2026-10-31' };
    const skus = await ok<{ code: string }[]>('skuList', admin);
    expect(skus.map((s) => s.code)).toContain('managed_storage');
    const all = await ok<TBillingDetailPage>('billingDetailList', admin, { ...range, pageSize: 200 });
    const filter = { ...range, skuCode: 'managed_storage' };
    const one = await ok<TBillingDetailPage>('billingDetailList', admin, { ...filter, pageSize: 200 });
    expect(one.total).toBeGreaterThan(0);
    expect(one.total).toBeLessThan(all.total);
    expect(new Set(one.list.map((r) => r.skuCode))).toEqual(new Set(['managed_storage']));
    const fen = (v: string) => Math.round(Number(v) * 100);
    const count = await ok<TBillingCount>('billingCount', admin, filter);
    expect(fen(count.discountTotalAmount)).toBe(one.list.reduce((n, r) => n + fen(r.discountedAmount), 0));
    expect(fen(count.discountTotalAmount)).toBeLessThan(
      fen((await ok<TBillingCount>('billingCount', admin, range)).discountTotalAmount),
    );
    const csv = await call('billingDetailDownload', admin, { ...filter, format: 'csv' });
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toHaveLength(one.total + 1);
    // A code no SKU has matches nothing; a malformed one is refused.
    expect(
      (await ok<TBillingDetailPage>('billingDetailList', admin, { ...range, skuCode: 'none' })).total,
    ).toBe(0);
    expect((await call('billingDetailList', admin, { ...range, skuCode: 'x'.repeat(65) })).statusCode).toBe(
      400,
    );
  });
});
