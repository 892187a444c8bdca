/**
 * The back office's accounts (issue 40, item 2), through the ops listener's app: the search by
 * every kind a support person types, the account's page, and each act with its refusals, its
 * entries in both audit chains (the customer reads the operator's role and reason in its own
 * audit log), the sessions a suspension ends and the notice its administrators get.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  envelope,
  login,
  mintSession,
  seedAccount,
  seedOpenedInstance,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import {
  accounts,
  auditEntries,
  certifications,
  funds,
  passkeys,
  recharges,
  users,
  vouchers,
} from '../../db/schema';
import { createTotpSecret } from '../../lib/totp';
import { updateOperator } from '../operator/operator.repository';
import { createOperator } from '../operator/operator.service';
import { openOpsSession } from '../operator/operator-session.service';

let t: TTestApp;
let ops: FastifyInstance;
let alpha: TSeededAccount;
let beta: TSeededAccount;
const idOf = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.opsApp();
  for (const role of ['owner', 'support', 'auditor', 'reviewer'] as const) {
    const created = await createOperator(t.deps, null, { username: `acct.${role}`, role }, null);
    await updateOperator(t.deps.db, created.operator.id, {
      mustChangePassword: false,
      totpSecret: t.deps.secrets.seal(createTotpSecret()),
    });
    idOf.set(role, created.operator.id);
  }
  alpha = await seedAccount(t.deps, 'alphaworks');
  beta = await seedAccount(t.deps, 'betaforge', { type: 3 });
  await t.deps.db
    .update(accounts)
    .set({ companyName: 'Alpha Works Trading Co', registrationPhone: '+86 13712345678' })
    .where(eq(accounts.id, alpha.id));
  await t.deps.db
    .update(users)
    .set({ phone: '13655501234', email: 'ops.lead@betaforge.example' })
    .where(eq(users.id, beta.admin.id));
  await t.deps.db.insert(certifications).values({
    accountId: beta.id,
    type: 'enterprise',
    status: 'passed',
    companyName: 'Beta Forge Industrial Ltd',
    creditCode: '91310115MA1K4XYZ9Q',
    sealedData: 'x',
  });
});
afterAll(async () => {
  await t?.close();
});

async function tokenOf(role: string, provenMinutesAgo = 0): Promise<string> {
  const now = t.deps.clock.now();
  const session = await openOpsSession(t.deps.db, { id: idOf.get(role) ?? 0 }, 'operator', now, null);
  if (provenMinutesAgo > 0) t.clock.advance(provenMinutesAgo * 60_000);
  return session.token;
}

async function get<T = unknown>(role: string, url: string) {
  return envelope<T>(
    await ops.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await tokenOf(role)}` } }),
  );
}
async function post<T = unknown>(role: string | string, url: string, payload: object, lang = 'en-US') {
  const token = role.startsWith('ops_') ? role : await tokenOf(role);
  return envelope<T>(
    await ops.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, 'cz-lang': lang },
    }),
  );
}

type TSearch = { list: { id: number; matchedBy: string; matchedValue: string; status: string }[] };
const search = (q: string) => get<TSearch>('auditor', `/api/ops/accounts?q=${encodeURIComponent(q)}`);

async function chainEntries(accountId: number | null, action: string) {
  return t.deps.db
    .select()
    .from(auditEntries)
    .where(
      and(
        accountId === null ? isNull(auditEntries.accountId) : eq(auditEntries.accountId, accountId),
        eq(auditEntries.action, action),
      ),
    )
    .orderBy(asc(auditEntries.id));
}

describe('search', () => {
  it('finds an account by each kind a support person types', async () => {
    const cases: [string, number, string][] = [
      [String(beta.id), beta.id, 'id'],
      ['alphawo', alpha.id, 'name'],
      ['Alpha Works Trading', alpha.id, 'company'],
      ['beta forge industrial', beta.id, 'company'],
      ['MA1K4XYZ', beta.id, 'creditCode'],
      ['3712345', alpha.id, 'phone'],
      ['1365550', beta.id, 'phone'],
      ['ops.lead@betaforge', beta.id, 'email'],
      ['Ops.Lead@BetaForge.example', beta.id, 'email'],
      ['admin@alphaworks.example', alpha.id, 'email'],
      ['member_alphaw', alpha.id, 'username'],
    ];
    for (const [q, id, kind] of cases) {
      const found = await search(q);
      expect(found.code, q).toBe(0);
      const hit = found.data.list.find((a) => a.id === id);
      expect(hit?.matchedBy, q).toBe(kind);
    }
    expect((await search('nothing-like-this-zz')).data.list).toEqual([]);
  });

  it('treats LIKE characters literally and refuses an empty text in the caller’s language', async () => {
    expect((await search('%')).data.list).toEqual([]);
    const empty = envelope(
      await ops.inject({
        method: 'GET',
        url: '/api/ops/accounts?q=',
        headers: { authorization: `Bearer ${await tokenOf('support')}`, 'cz-lang': 'zh-CN' },
      }),
    );
    expect(empty.code).toBe(400);
    expect(empty.message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe("an account's page", () => {
  it('shows status, edition, trial, verification, money, vouchers, instances, users and top-ups at once', async () => {
    const now = t.deps.clock.now();
    await t.deps.db.insert(funds).values({ accountId: beta.id, cashFen: 123_45, outstandingFen: 5_00 });
    await t.deps.db.insert(vouchers).values({
      accountId: beta.id,
      code: 'VOPSPAGE01',
      nameZh: '测试券',
      nameEn: 'Test voucher',
      faceFen: 100_00,
      availableFen: 40_00,
      effectiveAt: new Date(now.getTime() - 86_400_000),
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    });
    await t.deps.db.insert(recharges).values({
      id: 'R20261202OPS0001',
      accountId: beta.id,
      channel: 'alipay',
      amountFen: 500_00,
      status: 'paid',
      expiresAt: new Date(now.getTime() + 3_600_000),
      paidAt: now,
    });
    await seedOpenedInstance(t.deps, beta.id);
    await t.deps.db
      .update(users)
      .set({ mfaEnabled: true, mfaMethod: 'GA', totpSecret: 'sealed', lastLoginAt: now })
      .where(eq(users.id, beta.admin.id));
    await t.deps.db.insert(passkeys).values({
      accountId: beta.id,
      userId: beta.admin.id,
      credentialId: 'ops-page-credential',
      publicKey: Buffer.from('key'),
      deviceType: 'multiDevice',
      name: 'Laptop',
    });

    const page = await get<{
      account: Record<string, unknown>;
      verification: Record<string, unknown>;
      funds: Record<string, unknown>;
      vouchers: unknown[];
      instances: { status: string }[];
      users: {
        username: string;
        isAdmin: boolean;
        hasAuthenticator: boolean;
        passkeys: number;
        lastSignInAt: string | null;
      }[];
      topUps: unknown[];
    }>('auditor', `/api/ops/accounts/page?accountId=${beta.id}`);
    expect(page.code).toBe(0);
    expect(page.data.account).toMatchObject({ status: 'normal', edition: 'formal', trialDaysLeft: null });
    expect(page.data.verification).toMatchObject({ state: 'passed', creditCode: '91310115MA1K4XYZ9Q' });
    expect(page.data.funds).toMatchObject({
      cash: { fen: 12345, currency: 'CNY' },
      arrears: { fen: 500 },
      vouchers: { fen: 4000 },
      voucherCount: 1,
    });
    expect(page.data.vouchers).toEqual([expect.objectContaining({ code: 'VOPSPAGE01', state: 'usable' })]);
    expect(page.data.instances[0]?.status).toBe('opened');
    expect(page.data.users[0]).toMatchObject({
      username: beta.admin.username,
      isAdmin: true,
      hasAuthenticator: true,
      passkeys: 1,
    });
    expect(page.data.users.find((u) => u.username === beta.member.username)).toMatchObject({
      isAdmin: false,
      hasAuthenticator: false,
      passkeys: 0,
    });
    expect(page.data.users[0]?.lastSignInAt).not.toBeNull();
    expect(page.data.topUps).toEqual([
      expect.objectContaining({ id: 'R20261202OPS0001', amount: { fen: 50000, currency: 'CNY' } }),
    ]);

    const trial = await get<{ account: { edition: string; trialDaysLeft: number } }>(
      'support',
      `/api/ops/accounts/page?accountId=${alpha.id}`,
    );
    expect(trial.data.account.edition).toBe('trial');
    expect(trial.data.account.trialDaysLeft).toBeGreaterThan(29);
    expect((await get('support', '/api/ops/accounts/page?accountId=999999')).code).toBe(4310);
  });
});

describe('suspend and resume', () => {
  it('ends the sessions, keeps everyone out, tells the administrators and shows in both chains', async () => {
    const gamma = await seedAccount(t.deps, 'gammasuspend');
    const customer = await mintSession(t.deps, gamma.id, gamma.admin.id);
    const portal = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/portal/audit/list',
        headers: { authorization: `Bearer ${token}`, 'cz-lang': 'en-US' },
        payload: { pageSize: 20 },
      });
    expect(envelope(await portal(customer)).code).toBe(0);

    // A fresh second factor is needed, and the auditor and the reviewer may not suspend.
    const stale = await tokenOf('support', 16);
    expect((await post(stale, '/api/ops/accounts/suspend', { accountId: gamma.id, reason: 'x' })).code).toBe(
      4302,
    );
    expect(
      (await post('auditor', '/api/ops/accounts/suspend', { accountId: gamma.id, reason: 'x' })).code,
    ).toBe(4309);
    const noReason = await post('support', '/api/ops/accounts/suspend', { accountId: gamma.id, reason: ' ' });
    expect(noReason.code).toBe(400);

    const reason = 'Card fraud reported by the bank (ticket 4711)';
    const suspended = await post<{ status: string; endedSessions: number; notified: unknown[] }>(
      'support',
      '/api/ops/accounts/suspend',
      { accountId: gamma.id, reason },
    );
    expect(suspended.code).toBe(0);
    expect(suspended.data.status).toBe('suspended');
    expect(suspended.data.endedSessions).toBe(1);
    expect(suspended.data.notified).toEqual([{ username: gamma.admin.username, channel: 'sms' }]);
    expect((await post('support', '/api/ops/accounts/suspend', { accountId: gamma.id, reason })).code).toBe(
      4312,
    );

    // The customer is signed out (told the server ended the session) and cannot sign in.
    expect(envelope(await portal(customer)).code).toBe(4004);
    const refused = await login(t.app, 'gammasuspend', gamma.admin.username, gamma.admin.password);
    expect(envelope(refused).code).not.toBe(0);

    // Its administrator was told.
    const outbox = envelope<{ list: { to: string; text: string }[] }>(await t.app.inject('/api/dev/outbox'))
      .data.list;
    expect(outbox.some((m) => m.text.includes('gammasuspend') && m.to.includes('13800000000'))).toBe(true);

    // Both chains: the installation's names the operator, the account's the role and the reason.
    const [installation] = await chainEntries(null, 'account.suspend');
    expect(installation?.info).toMatchObject({
      operator: { username: 'acct.support', role: 'support' },
      reason,
      accountId: gamma.id,
    });
    const [own] = await chainEntries(gamma.id, 'account.suspend');
    expect(own).toMatchObject({ userId: null, username: null });
    expect(own?.info).toMatchObject({ operator: { role: 'support' }, reason });

    const resumed = await post<{ status: string; notified: unknown[] }>('owner', '/api/ops/accounts/resume', {
      accountId: gamma.id,
      reason: 'The bank withdrew the report',
    });
    expect(resumed.data).toMatchObject({ status: 'normal' });
    expect(resumed.data.notified).toHaveLength(1);
    expect(
      (await post('owner', '/api/ops/accounts/resume', { accountId: gamma.id, reason: 'again' })).code,
    ).toBe(4313);

    // The customer signs in again and reads both acts in its own audit log, by the platform operator.
    const again = await login(t.app, 'gammasuspend', gamma.admin.username, gamma.admin.password);
    const token = envelope<{ token: string }>(again).data.token;
    const list = envelope<{
      list: { action: string; userId: number | null; info: Record<string, unknown> }[];
    }>(await portal(token)).data.list;
    const suspendEntry = list.find((e) => e.action === 'account.suspend');
    expect(suspendEntry).toMatchObject({ userId: null, info: { operator: { role: 'support' }, reason } });
    expect(list.find((e) => e.action === 'account.resume')?.info).toMatchObject({
      operator: { role: 'owner' },
      reason: 'The bank withdrew the report',
    });

    // The back office reads the same chain.
    const audit = await get<{ list: { action: string }[] }>(
      'auditor',
      `/api/ops/accounts/audit?accountId=${gamma.id}`,
    );
    expect(audit.data.list.map((e) => e.action)).toEqual(
      expect.arrayContaining(['account.suspend', 'account.resume']),
    );
  });
});

describe('trial, formal and login protection', () => {
  it('extends a trial, makes it formal, and refuses what does not apply', async () => {
    const delta = await seedAccount(t.deps, 'deltatrial');
    const extended = await post<{ trialDaysLeft: number }>('support', '/api/ops/accounts/extend-trial', {
      accountId: delta.id,
      days: 14,
      reason: 'Evaluation needs two more weeks',
    });
    expect(extended.code).toBe(0);
    expect(extended.data.trialDaysLeft).toBeGreaterThan(43);
    const tooMany = await post('support', '/api/ops/accounts/extend-trial', {
      accountId: delta.id,
      days: 1000,
      reason: 'x',
    });
    expect(tooMany.code).toBe(400);
    const formal = await post<{ edition: string; trialDaysLeft: null }>(
      'support',
      '/api/ops/accounts/make-formal',
      {
        accountId: delta.id,
        reason: 'Contract signed',
      },
    );
    expect(formal.data).toMatchObject({ edition: 'formal', trialDaysLeft: null });
    expect(
      (await post('support', '/api/ops/accounts/make-formal', { accountId: delta.id, reason: 'again' })).code,
    ).toBe(4314);
    expect(
      (await post('support', '/api/ops/accounts/extend-trial', { accountId: delta.id, days: 3, reason: 'x' }))
        .code,
    ).toBe(4314);
    const [own] = await chainEntries(delta.id, 'account.extendTrial');
    expect(own?.info).toMatchObject({ days: 14, reason: 'Evaluation needs two more weeks' });
    expect((await chainEntries(null, 'account.formal')).length).toBeGreaterThan(0);
  });

  it('stops requiring login protection once, with the reason in the account’s chain', async () => {
    const eps = await seedAccount(t.deps, 'epsilonmfa');
    await t.deps.db.update(accounts).set({ mfaRequired: true }).where(eq(accounts.id, eps.id));
    const off = await post<{ mfaRequired: boolean }>('support', '/api/ops/accounts/mfa-requirement-off', {
      accountId: eps.id,
      reason: 'The SMS provider is down; users cannot get codes',
    });
    expect(off.data.mfaRequired).toBe(false);
    const [row] = await t.deps.db.select().from(accounts).where(eq(accounts.id, eps.id));
    expect(row?.mfaRequired).toBe(false);
    expect(
      (await post('support', '/api/ops/accounts/mfa-requirement-off', { accountId: eps.id, reason: 'again' }))
        .code,
    ).toBe(4315);
    const [own] = await chainEntries(eps.id, 'account.mfaPolicy');
    expect(own?.info).toMatchObject({ required: false, operator: { role: 'support' } });
  });
});

describe('creating accounts and activation codes', () => {
  it('creates an account as the command does, shows the password once, refuses a taken name', async () => {
    const created = await post<{ accountId: number; oneTimePassword: string; loginAddress: string }>(
      'support',
      '/api/ops/accounts',
      {
        accountName: 'Zetanew',
        adminUsername: 'zeta_admin',
        email: 'it@zeta.example',
        reason: 'Signed contract 88',
      },
    );
    expect(created.code).toBe(0);
    expect(created.data.oneTimePassword).toHaveLength(20);
    const first = await login(t.app, 'zetanew', 'zeta_admin', created.data.oneTimePassword);
    expect(envelope(first).code).toBe(5066);
    const [own] = await chainEntries(created.data.accountId, 'account.create');
    expect(own?.info).toMatchObject({ operator: { role: 'support' }, reason: 'Signed contract 88' });

    const taken = await post('support', '/api/ops/accounts', {
      accountName: 'zetanew',
      adminUsername: 'zeta_admin',
      email: 'other@zeta.example',
      reason: 'x',
    });
    expect(taken.code).toBe(4316);
    const contact = await post('support', '/api/ops/accounts', {
      accountName: 'zetaother',
      adminUsername: 'zeta_admin',
      email: 'it@zeta.example',
      reason: 'x',
    });
    expect(contact.code).toBe(4317);
    const neither = await post(
      'support',
      '/api/ops/accounts',
      {
        accountName: 'zetathird',
        adminUsername: 'zeta_admin',
        reason: 'x',
      },
      'zh-CN',
    );
    expect(neither.code).toBe(400);
  });

  it('creates an activation code the customer redeems, keeping only its fingerprint', async () => {
    const eta = await seedAccount(t.deps, 'etaactivate');
    const issued = await post<{ code: string; extendDays: number }>('support', '/api/ops/activation-codes', {
      kind: 'extend',
      extendDays: 20,
      validDays: 7,
      reason: 'Trade fair promotion',
    });
    expect(issued.data.extendDays).toBe(20);
    const [entry] = await chainEntries(null, 'account.activationCode');
    expect(JSON.stringify(entry?.info)).not.toContain(issued.data.code);
    const token = await mintSession(t.deps, eta.id, eta.admin.id);
    const redeemed = envelope<{ effect: string; extendDays: number }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/portal/account/activate',
        headers: { authorization: `Bearer ${token}` },
        payload: { code: issued.data.code },
      }),
    );
    expect(redeemed.data).toMatchObject({ effect: 'extend', extendDays: 20 });
  });
});
