import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  seedAccount,
  type TSeededAccount,
  type TTestDatabase,
} from '../../../../test/harness';
import { loadConfig } from '../../../config';
import type { TDeps } from '../../../context';
import { rowsOf } from '../../../db/client';
import { closeDeps, createDeps } from '../../../deps';
import { createManualClock } from '../../../lib/clock';
import { alertCheckJobKind } from '../alerts/alerts.queue';
import { runBillingAdminCommand } from './billing-admin.cli';

let testDb: TTestDatabase;
let deps: TDeps;
let acme: TSeededAccount;
const clock = createManualClock(new Date('2026-11-01T08:00:00Z'));

beforeAll(async () => {
  testDb = await createTestDatabase();
  deps = createDeps(loadConfig({ DEMO: '0', JOBS: '0' }), testDb.database, clock);
  acme = await seedAccount(deps, 'acme');
});
afterAll(async () => {
  await closeDeps(deps);
  await testDb.drop();
});

type TRun = { code: number; out: string[]; err: string[] };

async function run(command: string, ...args: string[]): Promise<TRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runBillingAdminCommand(deps, command, args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

type TVoucherRow = {
  id: number;
  code: string;
  name_zh: string;
  name_en: string;
  face_fen: number;
  available_fen: number;
  effective_at: Date | string;
  expires_at: Date | string;
  service_ids: unknown;
  region_ids: unknown;
  voided_at: Date | string | null;
  void_reason: string | null;
};

async function vouchers(): Promise<TVoucherRow[]> {
  return rowsOf<TVoucherRow>(
    await deps.db.execute(sql`
      select id, code, name_zh, name_en, face_fen, available_fen, effective_at, expires_at, service_ids, region_ids, voided_at,
             void_reason
        from vouchers where account_id = ${acme.id} order by id`),
  );
}

async function audits(action: string) {
  return rowsOf<{
    user_id: number | null;
    object_type: string;
    object_name: string;
    info: Record<string, unknown>;
  }>(
    await deps.db.execute(sql`
      select user_id, object_type, object_name, info from audit_entries
       where account_id = ${acme.id} and action = ${action} order by id`),
  );
}

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

describe('voucher commands', () => {
  it('refuses wrong inputs with exit status 1 and changes nothing', async () => {
    const wrong: string[][] = [
      ['issue'],
      ['issue', 'acme'],
      ['issue', 'nobody', '100'],
      ['issue', 'acme', '0'],
      ['issue', 'acme', '-5'],
      ['issue', 'acme', '12.345'],
      ['issue', 'acme', 'abc'],
      ['issue', 'acme', '100', '--days', '0'],
      ['issue', 'acme', '100', '--days', '1.5'],
      ['issue', 'acme', '100', '--starts', '2026-13-01'],
      ['issue', 'acme', '100', '--starts', '2026-02-30'],
      ['issue', 'acme', '100', '--starts', '2020-01-01', '--days', '30'],
      ['issue', 'acme', '100', '--services', 'studio,nothing'],
      ['issue', 'acme', '100', '--regions', 'aliyun/nowhere'],
      ['issue', 'acme', '100', '--regions', 'cn-shanghai'],
      ['issue', 'acme', '100', '--name', ' '],
      ['issue', 'acme', '100', '--name-en', ''],
      ['issue', 'acme', '100', '--name-zh', 'x'.repeat(65)],
      ['issue', 'acme', '100', '--bogus', 'x'],
      ['void'],
      ['void', 'VNOSUCHCODE'],
      ['list'],
      ['list', 'nobody'],
      ['frobnicate'],
    ];
    for (const args of wrong) {
      const result = await run('voucher', ...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.err.join('\n'), args.join(' ')).not.toBe('');
    }
    expect(await vouchers()).toEqual([]);
    expect(await audits('voucher.issue')).toEqual([]);
  });

  it('issues vouchers with a random code, scope and dates, audited in the account’s chain', async () => {
    const plain = await run('voucher', 'issue', 'acme', '100');
    expect(plain.code).toBe(0);
    const full = await run(
      'voucher',
      'issue',
      'acme',
      '2500.5',
      '--name',
      'Launch credit',
      '--days',
      '30',
      '--starts',
      '2026-11-05',
      '--services',
      'studio,hengshi',
      '--regions',
      'aliyun/cn-shanghai',
    );
    expect(full.code).toBe(0);
    const named = await run(
      'voucher',
      'issue',
      'acme',
      '30',
      '--name-zh',
      '双十一代金券',
      '--name-en',
      'Singles Day voucher',
    );
    expect(named.code).toBe(0);
    const english = await run(
      'voucher',
      'issue',
      'acme',
      '40',
      '--name',
      'Credit',
      '--name-en',
      'Launch credit',
    );
    expect(english.code).toBe(0);
    const [first, second, third, fourth] = await vouchers();
    expect(first?.code).toMatch(/^V[A-Z2-9]{12}$/);
    expect(first?.code).not.toBe(second?.code);
    expect(plain.out.join('\n')).toContain(first?.code);
    // Without a name, the platform's default name in each language.
    expect(first).toMatchObject({
      name_zh: '100.00 元代金券',
      name_en: 'Voucher of CNY 100.00',
      face_fen: 10_000,
      available_fen: 10_000,
    });
    expect(third).toMatchObject({ name_zh: '双十一代金券', name_en: 'Singles Day voucher' });
    expect(fourth).toMatchObject({ name_zh: 'Credit', name_en: 'Launch credit' });
    expect(new Date(first?.effective_at as string).toISOString()).toBe('2026-11-01T08:00:00.000Z');
    expect(new Date(first?.expires_at as string).toISOString()).toBe('2027-11-01T08:00:00.000Z');
    expect(json(first?.service_ids)).toBeNull();
    expect(json(first?.region_ids)).toBeNull();
    expect(second).toMatchObject({
      name_zh: 'Launch credit',
      name_en: 'Launch credit',
      face_fen: 250_050,
      available_fen: 250_050,
    });
    expect(new Date(second?.effective_at as string).toISOString()).toBe('2026-11-04T16:00:00.000Z');
    expect(new Date(second?.expires_at as string).toISOString()).toBe('2026-12-04T16:00:00.000Z');
    const services = rowsOf<{ id: number }>(
      await deps.db.execute(sql`select id from services where code in ('studio', 'hengshi') order by id`),
    ).map((r) => Number(r.id));
    expect(json(second?.service_ids)).toEqual(services);
    const region = rowsOf<{ id: number }>(
      await deps.db.execute(sql`select id from regions where csp = 'aliyun' and code = 'cn-shanghai'`),
    )[0]?.id;
    expect(json(second?.region_ids)).toEqual([Number(region)]);
    const issued = await audits('voucher.issue');
    expect(issued.map((a) => [a.user_id, a.object_type, a.object_name])).toEqual(
      [first, second, third, fourth].map((v) => [null, 'voucher', v?.code]),
    );
    expect(json(issued[1]?.info)).toMatchObject({
      by: 'operator',
      faceValue: '2500.50',
      name: { 'zh-CN': 'Launch credit', 'en-US': 'Launch credit' },
    });
    expect(json(issued[2]?.info)).toMatchObject({
      name: { 'zh-CN': '双十一代金券', 'en-US': 'Singles Day voucher' },
    });
    const checks = rowsOf<{ n: number }>(
      await deps.db.execute(
        sql`select count(*)::int as n from jobs where kind = ${alertCheckJobKind} and dedupe_key = ${`${alertCheckJobKind}:${acme.id}`}`,
      ),
    );
    expect(checks[0]?.n).toBe(1);
  });

  it('lists and voids vouchers', async () => {
    const [first, second] = await vouchers();
    const listed = await run('voucher', 'list', 'acme');
    expect(listed.code).toBe(0);
    expect(listed.out).toHaveLength(5);
    expect(listed.out[0]?.split('\t').slice(-2)).toEqual(['name (zh-CN)', 'name (en-US)']);
    expect(listed.out.find((l) => l.startsWith(first?.code as string))).toMatch(
      /\t100\.00 元代金券\tVoucher of CNY 100\.00$/,
    );
    expect(listed.out.find((l) => l.startsWith(first?.code as string))).toContain(
      '\tinEffect\t100.00\t100.00\t',
    );
    expect(listed.out.find((l) => l.startsWith(second?.code as string))).toContain('\tpending\t2500.50\t');

    const voided = await run('voucher', 'void', String(first?.code).toLowerCase(), 'issued', 'by', 'mistake');
    expect(voided.code).toBe(0);
    const again = await run('voucher', 'void', first?.code as string);
    expect(again.code).toBe(1);
    expect(again.err.join('')).toContain('voided already');
    const [after] = await vouchers();
    expect(after?.voided_at).not.toBeNull();
    expect(after?.void_reason).toBe('issued by mistake');
    const audit = await audits('voucher.void');
    expect(audit).toHaveLength(1);
    expect(json(audit[0]?.info)).toMatchObject({ reason: 'issued by mistake', availableAmount: '100.00' });
    expect(
      (await run('voucher', 'list', 'acme')).out.find((l) => l.startsWith(first?.code as string)),
    ).toContain('\tvoided\t');
  });
});

describe('discount commands', () => {
  async function discounts() {
    return rowsOf<{ category: string; rate: string }>(
      await deps.db.execute(
        sql`select category, rate::text as rate from account_discounts where account_id = ${acme.id} order by category`,
      ),
    );
  }

  it('refuses wrong inputs and changes nothing', async () => {
    for (const args of [
      ['set', 'acme', 'compute'],
      ['set', 'acme', 'compute', '0'],
      ['set', 'acme', 'compute', '1.2'],
      ['set', 'acme', 'compute', '-0.5'],
      ['set', 'acme', 'compute', '0.12345'],
      ['set', 'acme', 'compute', 'abc'],
      ['set', 'acme', 'gpu', '0.8'],
      ['set', 'nobody', 'compute', '0.8'],
      ['list'],
      ['remove', 'acme'],
    ]) {
      const result = await run('discount', ...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.err.join(''), args.join(' ')).not.toBe('');
    }
    expect(await discounts()).toEqual([]);
  });

  it('sets and lists rates per category or for all, audited', async () => {
    expect((await run('discount', 'set', 'acme', '*', '0.9')).code).toBe(0);
    expect((await run('discount', 'set', 'acme', 'compute', '0.8')).code).toBe(0);
    const changed = await run('discount', 'set', 'acme', 'compute', '0.75');
    expect(changed.out.join('')).toContain('from 0.8000 to 0.7500');
    expect((await run('discount', 'set', 'acme', 'storage', '1')).code).toBe(0);
    expect(await discounts()).toEqual([
      { category: '*', rate: '0.9000' },
      { category: 'compute', rate: '0.7500' },
      { category: 'storage', rate: '1.0000' },
    ]);
    const listed = await run('discount', 'list', 'acme');
    expect(listed.out.slice(1).map((l) => l.split('\t').slice(0, 2))).toEqual([
      ['*', '0.9000'],
      ['compute', '0.7500'],
      ['storage', '1.0000'],
    ]);
    const audit = await audits('discount.set');
    expect(audit.map((a) => [a.user_id, a.object_type, a.object_name])).toEqual(
      Array.from({ length: 4 }, () => [null, 'account', 'acme']),
    );
    expect(json(audit[2]?.info)).toMatchObject({ category: 'compute', rate: '0.7500', previous: '0.8000' });
  });

  it('removes a rate, audited; removing one that is not there changes nothing', async () => {
    const removed = await run('discount', 'remove', 'acme', 'storage');
    expect(removed.code).toBe(0);
    expect(removed.out.join('')).toContain('(1.0000) removed');
    expect((await discounts()).map((d) => d.category)).toEqual(['*', 'compute']);
    const again = await run('discount', 'remove', 'acme', 'storage');
    expect(again.code).toBe(1);
    expect(again.err.join('')).toContain('no discount for storage');
    const audit = await audits('discount.remove');
    expect(audit.map((a) => [a.user_id, a.object_type, a.object_name])).toEqual([[null, 'account', 'acme']]);
    expect(json(audit[0]?.info)).toMatchObject({ category: 'storage', previous: '1.0000' });
  });
});
