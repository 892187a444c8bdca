import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, login, type TTestApp } from '../../test/harness';
import { rowsOf } from '../db/client';
import { migrate } from '../db/migrate';
import { accounts, auditEntries, instances, users } from '../db/schema';
import { demoAccounts, demoCredentialLines, seedDemo } from './demo';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed and migrations', () => {
  it('re-running migrations applies nothing', async () => {
    expect(await migrate(t.deps.db)).toEqual([]);
  });

  it('creates the demo data once, even when run concurrently, and keeps later changes', async () => {
    const results = await Promise.all([seedDemo(t.deps), seedDemo(t.deps)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const names = (await t.deps.db.select({ name: accounts.name }).from(accounts)).map((a) => a.name).sort();
    expect(names).toEqual(['acme', 'demo']);
    const opened = await t.deps.db.select({ id: instances.id, name: instances.instanceName }).from(instances);
    expect(opened).toHaveLength(demoAccounts.reduce((n, a) => n + a.instances.length, 0));
    for (const i of opened) expect(i.name).toMatch(/^[a-z][a-z0-9]{7}$/);
    // 90 days of usage, paid by top-ups and a voucher, and the closed months' statements.
    const money = rowsOf<{
      days: number;
      statements: number;
      cash: number;
      outstanding: number;
      vouchers: number;
      recharges: number;
    }>(
      await t.deps.db.execute(sql`
        select (select count(distinct day) from usage_daily u join accounts a on a.id = u.account_id where a.name = 'demo')::int as days,
               (select count(*) from statements s join accounts a on a.id = s.account_id where a.name = 'demo')::int as statements,
               (select cash_fen from funds f join accounts a on a.id = f.account_id where a.name = 'demo') as cash,
               (select outstanding_fen from funds f join accounts a on a.id = f.account_id where a.name = 'demo') as outstanding,
               (select count(*) from vouchers)::int as vouchers,
               (select count(*) from transactions where type = 'recharge')::int as recharges`),
    )[0];
    expect(money?.days).toBe(90);
    expect(money?.statements).toBeGreaterThanOrEqual(3);
    expect(Number(money?.cash)).toBeGreaterThan(0);
    expect(Number(money?.outstanding)).toBe(0);
    expect(money?.vouchers).toBe(1);
    expect(money?.recharges).toBe(5);
    // The welcome voucher is named in both languages: each page shows the name of its own.
    const welcome = rowsOf<{ name_zh: string; name_en: string }>(
      await t.deps.db.execute(sql`select name_zh, name_en from vouchers where code = 'WELCOME-DEMO'`),
    );
    expect(welcome).toEqual([{ name_zh: '新用户欢迎代金券', name_en: 'Welcome voucher' }]);

    await t.deps.db.delete(users).where(eq(users.username, 'analyst_01'));
    expect(await seedDemo(t.deps)).toBe(false);
    expect(await t.deps.db.select().from(users).where(eq(users.username, 'analyst_01'))).toHaveLength(0);
    expect((await t.deps.db.select().from(auditEntries)).length).toBeGreaterThan(0);
  });

  it('dates nothing after now when seeded just after a billing day began', async () => {
    const early = await createTestApp();
    try {
      // 00:10 in the billing day's time zone (UTC+8): yesterday's usage arrives at 00:30.
      early.clock.set(new Date('2026-11-01T16:10:00Z'));
      expect(await seedDemo(early.deps)).toBe(true);
      const [latest] = rowsOf<{ at: Date | string; consumptions: number }>(
        await early.deps.db.execute(sql`
          select max(created_at) as at, count(*) filter (where type = 'consumption')::int as consumptions
            from transactions`),
      );
      // Yesterday's consumption is there, dated now rather than in 20 minutes.
      expect(latest?.consumptions).toBeGreaterThan(0);
      expect(new Date(latest?.at ?? 0).getTime()).toBe(early.clock.now().getTime());
    } finally {
      await early.close();
    }
  });

  it('lets the printed demo users sign in, except the service user', async () => {
    const lines = demoCredentialLines().join('\n');
    for (const account of demoAccounts) {
      for (const user of account.users) {
        expect(lines).toContain(user.password);
        if (user.username === 'analyst_01') continue;
        const body = envelope(await login(t.app, account.displayName, user.username, user.password));
        expect(body.code, user.username).toBe(user.kind === 'service' ? 4022 : 0);
      }
    }
  });
});
