/**
 * What the bill reads (decision 0037): a statement's arrears are what its month incurred, and its
 * status says whether they are paid, top-ups paying the oldest arrears first; today is marked as
 * the day under way; units and voucher names are in the request's language, exports included; a
 * voucher with nothing left is used up, in the list and its filter.
 */
import type {
  TBillingCount,
  TBillingDetailPage,
  TStatementDetail,
  TStatementPage,
  TVoucher,
} from '@console/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  postUsage,
  routeClient,
  seedAccount,
  seedOpenedInstance,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { rowsOf } from '../../db/client';
import { creditCash } from './funds/funds.service';
import { generateStatements } from './statements/statements.service';

let t: TTestApp;
const { call, ok } = routeClient(() => t.app);
const zh = { 'cz-lang': 'zh-CN' };
let demo: TSeededAccount;
let admin: string;
let instanceName: string;
let serial = 0;

/** `quantity` CRU-hours of the GP cluster (40 fen each) in the hour starting at `start`. */
function gp(quantity: string, start: string) {
  serial += 1;
  return {
    recordId: `reading-${serial}`,
    accountName: 'reading',
    instanceName,
    skuCode: 'vc_gp',
    workspace: 'default',
    periodStart: new Date(start).toISOString(),
    periodEnd: new Date(Date.parse(start) + 3_600_000).toISOString(),
    quantity,
  };
}

/** Moves the test clock, and signs in again (a session idles out over days). */
async function moveTo(iso: string) {
  t.clock.set(new Date(iso));
  admin = await signIn(t.app, 'reading', demo.admin);
}

async function topUp(fen: number) {
  await creditCash(t.deps.db, {
    accountId: demo.id,
    amountFen: fen,
    type: 'recharge',
    channel: 'wechat',
    reference: `top-up-${fen}`,
    now: t.clock.now(),
  });
}

async function statements(): Promise<Record<string, TStatementPage['list'][number]>> {
  const page = await ok<TStatementPage>('statementList', admin, {});
  return Object.fromEntries(page.list.map((s) => [s.month, s]));
}

const status = (s: TStatementPage['list'][number] | undefined) =>
  s && { arrears: s.outstandingAmount, owed: s.owedAmount, isSettled: s.isSettled };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-09-01T00:00:00Z'));
  demo = await seedAccount(t.deps, 'reading');
  const id = await seedOpenedInstance(t.deps, demo.id);
  instanceName = rowsOf<{ instance_name: string }>(
    await t.deps.db.execute(sql`select instance_name from instances where id = ${id}`),
  )[0]?.instance_name as string;
  admin = await signIn(t.app, 'reading', demo.admin);
});
afterAll(() => t.close());

describe('statements: arrears incurred, and whether they are paid', () => {
  it('keeps what each month incurred and settles the oldest arrears first', async () => {
    // September: 10 CRU-hours (4.00) with no cash: all of it arrears.
    t.clock.set(new Date('2026-09-05T02:00:00Z'));
    await postUsage(t, [gp('10', '2026-09-05T01:00:00Z')]);
    // A top-up of 3.00 on 1 October pays 3.00 of them; October's usage of 2.00 adds arrears.
    t.clock.set(new Date('2026-10-01T02:00:00Z'));
    await topUp(300);
    t.clock.set(new Date('2026-10-05T02:00:00Z'));
    await postUsage(t, [gp('5', '2026-10-05T01:00:00Z')]);
    await moveTo('2026-11-01T00:30:00Z');
    expect(await generateStatements(t.deps)).toBe(2);

    // 3.00 owed: October's 2.00 (the newest) and 1.00 of September's.
    let months = await statements();
    expect(status(months['2026-10'])).toEqual({ arrears: '2.00', owed: '2.00', isSettled: false });
    expect(status(months['2026-09'])).toEqual({ arrears: '4.00', owed: '1.00', isSettled: false });

    // 1.50 more pays the rest of September first: September is settled, October owes 1.50.
    await topUp(150);
    months = await statements();
    expect(status(months['2026-09'])).toEqual({ arrears: '4.00', owed: '0.00', isSettled: true });
    expect(status(months['2026-10'])).toEqual({ arrears: '2.00', owed: '1.50', isSettled: false });

    // The month's bill says the same as the list.
    const october = await ok<TStatementDetail>('statementDetail', admin, { id: months['2026-10']?.id });
    expect(status(october.statement)).toEqual(status(months['2026-10']));

    // Paid in full: every month settled, and what each incurred stays on its bill.
    await topUp(10_000);
    months = await statements();
    expect(status(months['2026-09'])).toEqual({ arrears: '4.00', owed: '0.00', isSettled: true });
    expect(status(months['2026-10'])).toEqual({ arrears: '2.00', owed: '0.00', isSettled: true });
    // Voucher + cash + arrears is what the month's consumption came to.
    const september = months['2026-09'] as TStatementPage['list'][number];
    expect(september.cashPayment).toBe('0.00');
    expect(september.discountedAmount).toBe('4.00');
  });

  it('lays new arrears on the month under way, never on settled months', async () => {
    // 98.50 of cash are left; 300 CRU-hours (120.00) in November leave 21.50 unpaid.
    await moveTo('2026-11-02T02:00:00Z');
    await postUsage(t, [gp('300', '2026-11-02T01:00:00Z')]);
    const funds = await ok<{ outstandingAmount: string }>('getFundsAccount', admin);
    expect(funds.outstandingAmount).toBe('21.50');
    const months = await statements();
    expect(months['2026-09']?.isSettled).toBe(true);
    expect(months['2026-10']?.isSettled).toBe(true);
  });
});

describe('the day under way', () => {
  it('marks only today as partial in the trend', async () => {
    const count = await ok<TBillingCount>('billingCount', admin, { range: 'last7Days' });
    expect(count.trend).toHaveLength(7);
    expect(count.trend.filter((p) => p.isPartial).map((p) => p.date)).toEqual([count.endDate]);
    expect(count.trend.at(-1)).toMatchObject({ date: '2026-11-02', isPartial: true, total: '120.00' });
    const month = await ok<TBillingCount>('billingCount', admin, {
      range: 'custom',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    expect(month.trend.some((p) => p.isPartial)).toBe(false);
  });

  it('keeps discountPercent as the spec has it: 0 when nothing was consumed', async () => {
    await moveTo('2026-11-03T02:00:00Z');
    const today = await ok<TBillingCount>('billingCount', admin, { range: 'today' });
    expect(today.totalAmount).toBe('0.00');
    expect(today.discountPercent).toBe(0);
  });
});

describe('the request’s language', () => {
  const october = { range: 'custom', startDate: '2026-10-01', endDate: '2026-10-31' };

  it('names units in it: details, SKUs and a statement’s lines', async () => {
    const en = await ok<TBillingDetailPage>('billingDetailList', admin, october);
    const cn = await ok<TBillingDetailPage>('billingDetailList', admin, october, zh);
    expect(en.list[0]?.unit).toBe('CRU-hour');
    expect(cn.list[0]?.unit).toBe('CRU·小时');
    const skus = await ok<{ code: string; unit: string }[]>('skuList', admin, {}, zh);
    expect(Object.fromEntries(skus.map((s) => [s.code, s.unit]))).toMatchObject({
      vc_gp: 'CRU·小时',
      managed_storage: 'GiB·天',
      internet_egress: 'GB',
      model_input_tokens: '千 Token',
    });
    const id = (await statements())['2026-10']?.id;
    const detail = await ok<TStatementDetail>('statementDetail', admin, { id }, zh);
    expect(detail.lines.map((l) => l.unit)).toEqual(['CRU·小时']);
  });

  it('writes exports in it: headers, the arrears column and units', async () => {
    const csv = await call('billingDetailDownload', admin, { ...october, format: 'csv' }, zh);
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toContain('产生欠费（CNY）');
    expect(row).toContain('CRU·小时');
    const english = await call('billingDetailDownload', admin, { ...october, format: 'csv' });
    expect(english.body).toContain('Arrears incurred (CNY)');
    expect(english.body).toContain('CRU-hour');

    const id = (await statements())['2026-10']?.id;
    const file = await call('statementDownload', admin, { id, format: 'xlsx' }, zh);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const unit = headers.indexOf('单位');
    expect(unit).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(unit).value).toBe('CRU·小时');
  });
});

describe('vouchers', () => {
  it('shows a voucher’s name in the page’s language, and one with nothing left as used up', async () => {
    const now = t.clock.now();
    await t.deps.db.execute(sql`
      insert into vouchers (account_id, code, name_zh, name_en, face_fen, available_fen, effective_at, expires_at)
      values (${demo.id}, 'VSPENT', '新用户欢迎代金券', 'Welcome voucher', 500, 500,
              ${new Date(now.getTime() - 60_000)}, ${new Date(now.getTime() + 30 * 86_400_000)}),
             (${demo.id}, 'VLEFT', '备用代金券', 'Spare voucher', 100000, 100000,
              ${new Date(now.getTime() - 60_000)}, ${new Date(now.getTime() + 60 * 86_400_000)})`);
    // 2.00 of usage: the voucher that expires first (5.00) pays it, then 3.00 more spend it.
    await postUsage(t, [gp('5', '2026-11-03T00:00:00Z'), gp('7.5', '2026-11-03T01:00:00Z')]);

    const list = await ok<{ list: TVoucher[] }>('voucherList', admin, {});
    const byCode = Object.fromEntries(list.list.map((v) => [v.code, v]));
    expect(byCode.VSPENT).toMatchObject({
      name: 'Welcome voucher',
      availableAmount: '0.00',
      state: 'usedUp',
    });
    expect(byCode.VLEFT).toMatchObject({ state: 'inEffect' });
    const cn = await ok<{ list: TVoucher[] }>('voucherList', admin, {}, zh);
    expect(cn.list.find((v) => v.code === 'VSPENT')?.name).toBe('新用户欢迎代金券');

    // The state filter agrees with the states shown.
    const usedUp = await ok<{ list: TVoucher[]; total: number }>('voucherList', admin, { state: 'usedUp' });
    expect(usedUp.list.map((v) => v.code)).toEqual(['VSPENT']);
    expect(usedUp.total).toBe(1);
    const inEffect = await ok<{ list: TVoucher[] }>('voucherList', admin, { state: 'inEffect' });
    expect(inEffect.list.map((v) => v.code)).toEqual(['VLEFT']);

    // The deductions name the voucher in the page's language too.
    const deductions = await ok<{ list: { voucherCode: string; voucherName: string }[] }>(
      'deductionList',
      admin,
      {},
      zh,
    );
    expect(deductions.list.find((d) => d.voucherCode === 'VSPENT')?.voucherName).toBe('新用户欢迎代金券');
  });
});
