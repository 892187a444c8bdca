/**
 * Completeness of the audit log: each state-changing action of the existing modules, done through
 * the API, leaves the expected entry (operation, status, object type) in the same account's chain,
 * with the request id and client address, and never a password or code in its details. Modules
 * with their own audit tests (contact changes, registration, verification codes, login protection)
 * are checked there; this table covers the sign-in family, policies, passwords and licenses.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  login,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';
import { issueDevLicense, releaseLicense } from '../license/license.service';
import { verifyChain } from './audit.chain';

let t: TTestApp;
let demo: TSeededAccount;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_HUAWEI_LICENSE: '1' } });
  demo = await seedAccount(t.deps, 'demo');
});
afterAll(() => t.close());

type TRow = {
  action: string;
  status: number;
  object_type: string;
  info: string;
  request_id: string | null;
  ip: string | null;
};

async function entriesSince(accountId: number | null, afterId: number): Promise<TRow[]> {
  return rowsOf<TRow>(
    await t.deps.db.execute(sql`
      select action, status, object_type, info::text as info, request_id, ip from audit_entries
      where coalesce(account_id, 0) = ${accountId ?? 0} and id > ${afterId} order by id`),
  );
}

async function lastId(): Promise<number> {
  const rows = rowsOf<{
    id: number;
  }>(await t.deps.db.execute(sql`select coalesce(max(id), 0) as id from audit_entries`));
  return Number(rows[0]?.id ?? 0);
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'cz-lang': 'en-US', ...headers } });

type TCase = {
  name: string;
  run: () => Promise<unknown>;
  /** null: the installation's chain. */
  account?: () => number | null;
  expected: { action: string; status: 0 | 1; objectType: string }[];
};

const cases: TCase[] = [
  {
    name: 'sign-in',
    run: () => login(t.app, 'demo', demo.admin.username, demo.admin.password),
    expected: [{ action: 'auth.login', status: 1, objectType: 'session' }],
  },
  {
    name: 'wrong password',
    run: () => login(t.app, 'demo', demo.member.username, 'Wrong@2026pass'),
    expected: [{ action: 'auth.login', status: 0, objectType: 'session' }],
  },
  {
    name: 'unknown username of a known account',
    run: () => login(t.app, 'demo', 'nobody_here', 'Wrong@2026pass'),
    expected: [{ action: 'auth.login', status: 0, objectType: 'session' }],
  },
  {
    name: 'logout',
    run: async () => {
      const token = await signIn(t.app, 'demo', demo.member);
      return post('/api/logout', {}, bearer(token));
    },
    expected: [
      { action: 'auth.login', status: 1, objectType: 'session' },
      { action: 'auth.logout', status: 1, objectType: 'session' },
    ],
  },
  {
    name: 'session ended because the user was disabled',
    run: async () => {
      const token = await signIn(t.app, 'demo', demo.member);
      await t.deps.db.update(users).set({ isEnabled: false }).where(eq(users.id, demo.member.id));
      await t.app.inject({ url: '/api/portal/user/getUserAuth', headers: bearer(token) });
      await t.deps.db.update(users).set({ isEnabled: true }).where(eq(users.id, demo.member.id));
    },
    expected: [
      { action: 'auth.login', status: 1, objectType: 'session' },
      { action: 'auth.sessionEnded', status: 1, objectType: 'session' },
    ],
  },
  {
    name: 'password policy saved (unchanged)',
    run: async () => {
      const token = await signIn(t.app, 'demo', demo.admin);
      return post(
        '/api/portal/password/policy/save',
        { requiredCharTypes: ['LOWERCASE', 'UPPERCASE'], minLength: 8, expireDays: 0 },
        bearer(token),
      );
    },
    expected: [
      { action: 'auth.login', status: 1, objectType: 'session' },
      { action: 'account.passwordPolicy', status: 1, objectType: 'account' },
    ],
  },
  {
    name: 'login protection policy',
    run: async () => {
      const token = await signIn(t.app, 'demo', demo.admin);
      return post('/api/portal/mfa/policy', { required: false }, bearer(token));
    },
    expected: [
      { action: 'auth.login', status: 1, objectType: 'session' },
      { action: 'account.mfaPolicy', status: 1, objectType: 'account' },
    ],
  },
  {
    name: 'password change',
    run: async () => {
      const token = await signIn(t.app, 'demo', demo.member);
      const res = await post(
        '/api/portal/user/changePassword',
        { oldPassword: demo.member.password, newPassword: 'Member@2027pass' },
        bearer(token),
      );
      demo.member.password = 'Member@2027pass';
      return res;
    },
    expected: [
      { action: 'auth.login', status: 1, objectType: 'session' },
      { action: 'user.changePassword', status: 1, objectType: 'user' },
    ],
  },
  {
    name: 'license activation and release (installation chain)',
    account: () => null,
    run: async () => {
      const license = issueDevLicense({ customer: 'Tenant', days: 30, now: t.clock.now(), id: 'lic-cov' });
      await t.app.inject({
        method: 'POST',
        url: `/api/portal/huaweiLicense/activate?license=${encodeURIComponent(license)}`,
      });
      await releaseLicense(t.deps, 'lic-cov');
    },
    expected: [
      { action: 'license.activate', status: 1, objectType: 'license' },
      { action: 'license.release', status: 1, objectType: 'license' },
    ],
  },
];

describe('every state change writes its audit entry', () => {
  it.each(cases)('$name', async (c) => {
    const before = await lastId();
    const accountId = c.account ? c.account() : demo.id;
    await c.run();
    const rows = await entriesSince(accountId, before);
    expect(
      rows.map((r) => ({ action: r.action, status: Number(r.status), objectType: r.object_type })),
    ).toEqual(c.expected);
    for (const r of rows) {
      expect(r.info).not.toMatch(/Wrong@2026pass|Member@20\d\dpass|Admin@2026pass/);
      if (accountId !== null) {
        expect(r.request_id).toBeTruthy();
        expect(r.ip).toBeTruthy();
      }
    }
    expect((await verifyChain(t.deps.db, accountId ?? 0)).isIntact).toBe(true);
  });

  it('an unknown account name leaves no entry in any account (there is no account to log it in)', async () => {
    const before = await lastId();
    await login(t.app, 'no_such_account', 'someone', 'Wrong@2026pass');
    expect(await lastId()).toBe(before);
  });

  it('attempts refused for a missing captcha or a locked name are logged as failures', async () => {
    for (let i = 0; i < 3; i += 1) await login(t.app, 'demo', 'locked_name', 'Wrong@2026pass');
    const before = await lastId();
    await login(t.app, 'demo', 'locked_name', 'Wrong@2026pass');
    await t.deps.db.execute(
      sql`update login_attempts set locked_until = ${new Date(t.clock.now().getTime() + 60_000)}`,
    );
    await login(t.app, 'demo', 'locked_name', 'Wrong@2026pass');
    const rows = await entriesSince(demo.id, before);
    expect(rows.map((r) => [r.action, Number(r.status), JSON.parse(r.info).reason])).toEqual([
      ['auth.login', 0, 'captcha'],
      ['auth.login', 0, 'locked'],
    ]);
  });
});
