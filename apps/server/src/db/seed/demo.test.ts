import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, login, type TTestApp } from '../../../test/harness';
import { migrate } from '../migrate';
import { accounts, auditEntries, users } from '../schema';
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

    await t.deps.db.delete(users).where(eq(users.username, 'analyst_01'));
    expect(await seedDemo(t.deps)).toBe(false);
    expect(await t.deps.db.select().from(users).where(eq(users.username, 'analyst_01'))).toHaveLength(0);
    expect((await t.deps.db.select().from(auditEntries)).length).toBeGreaterThan(0);
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
