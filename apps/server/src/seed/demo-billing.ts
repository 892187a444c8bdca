/**
 * The demo's money (API-CONVENTIONS.md "Demo data"): 90 days of realistic daily usage on the demo
 * account's instances (weekdays busier than weekends, storage growing), rated and paid through the
 * real ingestion, top-ups along the way, a voucher, and the statements of the closed months. Acme,
 * a formal account with a discount, gets 30 days. Deterministic: the same data on every machine.
 */
import type { TDeps } from '../context';
import type { TDb } from '../db/client';
import { dayOf, startOfDay } from '../lib/billing-day';
import { createManualClock } from '../lib/clock';
import { creditCash } from '../modules/billing';
import { generateStatements } from '../modules/billing/statements/statements.service';
import { ingestUsage, type TUsageRecord } from '../modules/billing/usage/rating';
import { insertDemoDiscount, insertDemoVoucher, openedInstances } from './demo-billing.repository';

const dayMs = 86_400_000;

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type TPlan = { sku: string; base: number; spread: number; isDaily?: boolean; growth?: number };

const lakehousePlan: TPlan[] = [
  { sku: 'vc_gp', base: 36, spread: 18 },
  { sku: 'vc_ap', base: 12, spread: 8 },
  { sku: 'vc_integration', base: 6, spread: 4 },
  { sku: 'bulk_ingestion', base: 3, spread: 2 },
  { sku: 'stream_ingestion', base: 4, spread: 2 },
  { sku: 'task_schedule', base: 10, spread: 4 },
  { sku: 'serverless_job', base: 2, spread: 2 },
  { sku: 'managed_storage', base: 1200, spread: 40, isDaily: true, growth: 9 },
  { sku: 'retained_storage', base: 150, spread: 10, isDaily: true, growth: 1 },
  { sku: 'internet_egress', base: 3, spread: 3 },
];

function dayRecords(
  accountName: string,
  instanceName: string,
  plan: readonly TPlan[],
  dayStart: Date,
  index: number,
  next: () => number,
  workspaces: readonly string[],
): TUsageRecord[] {
  const weekday = new Date(`${dayOf(dayStart)}T00:00:00Z`).getUTCDay();
  const load = weekday === 0 || weekday === 6 ? 0.45 : 1;
  const out: TUsageRecord[] = [];
  for (const p of plan) {
    const amount = p.isDaily
      ? p.base + (p.growth ?? 0) * index + next() * p.spread
      : (p.base + next() * p.spread) * load;
    const workspace = p.isDaily
      ? (workspaces[0] as string)
      : (workspaces[Math.floor(next() * workspaces.length)] as string);
    out.push({
      recordId: `demo-${instanceName}-${p.sku}-${dayOf(dayStart)}`,
      accountName,
      instanceName,
      skuCode: p.sku,
      workspace,
      periodStart: dayStart.toISOString(),
      periodEnd: new Date(dayStart.getTime() + dayMs).toISOString(),
      quantity: amount.toFixed(3),
    });
  }
  return out;
}

/** Seeds the money of one demo account over `days` days up to yesterday. */
async function seedAccountMoney(
  deps: TDeps,
  db: TDb,
  input: {
    accountId: number;
    accountName: string;
    days: number;
    seed: number;
    topUps: { daysAgo: number; fen: number; channel: 'wechat' | 'alipay' | 'bank' }[];
    voucher?: { daysAgo: number; fen: number; days: number };
  },
): Promise<void> {
  const now = deps.clock.now();
  const today = startOfDay(dayOf(now)).getTime();
  const instances = await openedInstances(db, input.accountId);
  const next = random(input.seed);
  const clock = createManualClock(new Date(today - input.days * dayMs));
  const dayDeps: TDeps = { ...deps, db, clock };
  for (let index = 0; index < input.days; index += 1) {
    const dayStart = new Date(today - (input.days - index) * dayMs);
    // The day's usage arrives shortly after the day ends, and never later than now: seeded in
    // the first half hour of a billing day, yesterday's usage would otherwise be dated ahead of
    // everything done after the seed (a top-up would not be the newest transaction).
    clock.set(new Date(Math.min(dayStart.getTime() + dayMs + 30 * 60_000, now.getTime())));
    const daysAgo = input.days - index;
    for (const topUp of input.topUps.filter((x) => x.daysAgo === daysAgo)) {
      await creditCash(db, {
        accountId: input.accountId,
        amountFen: topUp.fen,
        type: 'recharge',
        channel: topUp.channel,
        reference: `demo-${daysAgo}`,
        now: new Date(dayStart.getTime() + 9 * 3_600_000),
      });
    }
    if (input.voucher?.daysAgo === daysAgo) {
      const at = new Date(dayStart.getTime() + 10 * 3_600_000);
      await insertDemoVoucher(db, {
        accountId: input.accountId,
        code: `WELCOME-${input.accountName.toUpperCase()}`,
        // Named in both languages: each page shows the name of its own.
        nameZh: '新用户欢迎代金券',
        nameEn: 'Welcome voucher',
        fen: input.voucher.fen,
        effectiveAt: at,
        expiresAt: new Date(at.getTime() + input.voucher.days * dayMs),
      });
    }
    const records = instances.flatMap((i) =>
      i.serviceId === 1
        ? dayRecords(input.accountName, i.instanceName, lakehousePlan, dayStart, index, next, [
            'default',
            'analytics',
          ])
        : i.serviceId === 2
          ? dayRecords(
              input.accountName,
              i.instanceName,
              [
                { sku: 'decision_vc_gp', base: 4, spread: 3 },
                { sku: 'model_input_tokens', base: 900, spread: 500 },
                { sku: 'model_output_tokens', base: 300, spread: 200 },
              ],
              dayStart,
              index,
              next,
              ['default'],
            )
          : [],
    );
    if (records.length > 0) await ingestUsage(dayDeps, records);
  }
  await generateStatements({ ...deps, db });
}

export async function seedDemoBilling(deps: TDeps, db: TDb, accounts: Map<string, number>): Promise<void> {
  const demo = accounts.get('demo');
  if (demo !== undefined) {
    await seedAccountMoney(deps, db, {
      accountId: demo,
      accountName: 'demo',
      days: 90,
      seed: 2026,
      topUps: [
        { daysAgo: 90, fen: 100_000, channel: 'alipay' },
        { daysAgo: 62, fen: 100_000, channel: 'wechat' },
        { daysAgo: 35, fen: 150_000, channel: 'bank' },
        { daysAgo: 8, fen: 100_000, channel: 'wechat' },
      ],
      voucher: { daysAgo: 40, fen: 50_000, days: 90 },
    });
  }
  const acme = accounts.get('acme');
  if (acme !== undefined) {
    await insertDemoDiscount(db, acme, '*', '0.85');
    await seedAccountMoney(deps, db, {
      accountId: acme,
      accountName: 'acme',
      days: 30,
      seed: 7,
      topUps: [{ daysAgo: 30, fen: 2_000_000, channel: 'bank' }],
    });
  }
}
