/**
 * The back office's support of customers' users (issue 40, item 3), through the ops listener's app:
 * the search across accounts and a user's state, and each act (unlock, end sessions, resend an
 * invitation, reset the login protection) with its refusals, its entries in the installation's
 * chain and the account's own ("Platform operator (support)" with the reason), the sessions ended
 * and the user told (development outbox). Refusals change nothing.
 */
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@console/contract/codes';
import type { TOpsUserDetail, TOpsUserPage } from '@console/contract/ops';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, snapshotDatabase } from '../../../test/db-snapshot';
import {
  bearer,
  createTestApp,
  envelope,
  knownCaptcha,
  login,
  mintSession,
  seedAccount,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { buildOpsApp } from '../../app';
import { accounts, auditEntries, passkeys, users } from '../../db/schema';
import { verifyChains } from '../audit';
import { createOperator } from '../operator/operator.service';
import { openOpsSession } from '../operator/operator-session.service';
import { insertUser } from '../user/user.repository';

const password = 'Support@2026case';

let t: TTestApp;
let ops: FastifyInstance;
let demo: TSeededAccount;
let acme: TSeededAccount;
const tokens = new Map<string, string>();
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { EDITION: 'international' } });
  ops = await buildOpsApp(t.deps);
  await ops.ready();
  demo = await seedAccount(t.deps, 'demo');
  acme = await seedAccount(t.deps, 'acme');
  for (const role of ['owner', 'support', 'reviewer', 'auditor'] as const) {
    const created = await createOperator(t.deps, null, { username: `help.${role}`, role }, null);
    const session = await openOpsSession(t.deps.db, created.operator, 'operator', t.clock.now(), null);
    tokens.set(role, session.token);
  }
});
afterAll(async () => {
  await ops?.close();
  await t?.close();
});

function call(role: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'en-US') {
  const token = tokens.get(role) ?? '';
  return ops.inject({
    method,
    url,
    headers: { 'cz-lang': lang, ...bearer(token) },
    ...(payload ? { payload } : {}),
  });
}

const act = (role: string, what: string, payload: object, lang = 'en-US') =>
  call(role, 'POST', `/api/ops/support/users/${what}`, payload, lang);

async function detail(userId: number): Promise<TOpsUserDetail> {
  const res = envelope<TOpsUserDetail>(
    await call('auditor', 'GET', `/api/ops/support/users/detail?userId=${userId}`),
  );
  expect(res.code).toBe(0);
  return res.data;
}

/** A regular user of the account with the second factors and contacts asked for. */
async function addUser(
  accountId: number,
  factors: { authenticator?: boolean; passkeys?: number } = {},
  values: { email?: string; phone?: string; displayName?: string; kind?: 'regular' | 'service' } = {},
) {
  seq += 1;
  const username = `helped_${seq}`;
  const id = await insertUser(t.deps.db, {
    accountId,
    username,
    passwordHash: await t.deps.hasher.hash(password),
    ...values,
  });
  if (factors.authenticator) {
    await t.deps.db
      .update(users)
      .set({
        mfaEnabled: true,
        mfaMethod: 'GA',
        totpSecret: t.deps.secrets.seal(randomBytes(20).toString('hex')),
      })
      .where(eq(users.id, id));
  }
  for (let i = 0; i < (factors.passkeys ?? 0); i += 1) {
    await t.deps.db.insert(passkeys).values({
      accountId,
      userId: id,
      credentialId: `credential-${username}-${i}`,
      publicKey: Buffer.from('not a real key'),
      deviceType: 'multiDevice',
      name: `Laptop key ${i + 1}`,
    });
  }
  return { id, username };
}

/** The entries of an act on the user: the installation's chain and the account's own. */
async function trail(accountId: number, userId: number, action: string) {
  const rows = await t.deps.db
    .select({
      accountId: auditEntries.accountId,
      userId: auditEntries.userId,
      username: auditEntries.username,
      status: auditEntries.status,
      info: auditEntries.info,
      objectType: auditEntries.objectType,
    })
    .from(auditEntries)
    .where(and(eq(auditEntries.objectId, String(userId)), eq(auditEntries.action, action)))
    .orderBy(asc(auditEntries.id));
  return {
    installation: rows.filter((r) => r.accountId === null),
    account: rows.filter((r) => r.accountId === accountId),
  };
}

const outbox = async (to: string) =>
  envelope<{ list: { channel: string; subject: string; text: string; code: string | null }[] }>(
    await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
  ).data.list;

/** Five wrong passwords (from the third on with a captcha, as the sign-in asks) lock the name. */
async function lockOut(username: string) {
  for (let i = 0; i < 5; i += 1) {
    const captcha = i >= 3 ? await knownCaptcha(t.deps) : {};
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'cz-lang': 'en-US' },
      payload: { accountDisplayName: 'demo', username, password: 'Wrong@2026pass', ...captcha },
    });
  }
  const locked = envelope<{ exceed: boolean }>(await login(t.app, 'demo', username, password));
  expect(locked).toMatchObject({ code: ErrorCode.wrongPassword, data: { exceed: true } });
}

/** The database's tables, digested (the operators' sessions note every request: not a change). */
const snap = () => snapshotDatabase(t.deps.database, { ignoreColumns: { ops_sessions: ['last_seen_at'] } });

/** The tables changed since `before`. */
async function changedSince(before: Awaited<ReturnType<typeof snap>>) {
  return changedTables(before, await snap());
}

describe('finding users across accounts', () => {
  it('finds by username, e-mail, phone, display name and id, with contacts masked, paged', async () => {
    const mine = await addUser(
      demo.id,
      { passkeys: 1 },
      {
        email: 'Finder.Person@Example.org',
        phone: '13911112222',
        displayName: 'Fiona Finder',
      },
    );
    const theirs = await addUser(acme.id, { authenticator: true }, { displayName: 'Finder of acme' });
    const search = async (q: string, extra = '') =>
      envelope<TOpsUserPage>(
        await call('reviewer', 'GET', `/api/ops/support/users?q=${encodeURIComponent(q)}${extra}`),
      );

    for (const q of [mine.username, 'finder.person@example', '1391111', 'fiona', String(mine.id)]) {
      const page = await search(q);
      expect(page.code, q).toBe(0);
      expect(
        page.data.list.map((u) => u.id),
        q,
      ).toContain(mine.id);
    }
    const byName = await search('finder');
    expect(byName.data.list.map((u) => u.id).sort()).toEqual([mine.id, theirs.id].sort());
    const row = byName.data.list.find((u) => u.id === mine.id);
    expect(row).toMatchObject({
      username: mine.username,
      account: { id: demo.id, name: 'demo', displayName: 'demo' },
      status: 'active',
      email: expect.not.stringContaining('finder.person'),
      phone: '139****2222',
      hasAuthenticator: false,
      passkeys: 1,
    });
    expect(byName.data.list.find((u) => u.id === theirs.id)).toMatchObject({
      account: { id: acme.id },
      hasAuthenticator: true,
    });
    // Paged, newest first; wildcards are taken literally.
    const first = await search('finder', '&pageSize=1');
    expect(first.data).toMatchObject({ total: 2, pageNo: 1, pageSize: 1 });
    expect(first.data.list.map((u) => u.id)).toEqual([theirs.id]);
    const second = await search('finder', '&pageSize=1&pageNo=2');
    expect(second.data.list.map((u) => u.id)).toEqual([mine.id]);
    expect((await search('%%')).data.total).toBe(0);
    // No text is a field error in the caller's language.
    const short = await call('support', 'GET', '/api/ops/support/users?q=%20', undefined, 'zh-CN');
    expect(short.statusCode).toBe(400);
    expect(envelope<{ fieldErrors: Record<string, string> }>(short).data.fieldErrors.q).toMatch(
      /[\u4e00-\u9fff]/,
    );
  });

  it("shows a user's account, roles, factors, sessions, lock and invitation", async () => {
    const user = await addUser(demo.id, { authenticator: true, passkeys: 2 }, { email: 'state@example.org' });
    await mintSession(t.deps, demo.id, user.id);
    await mintSession(t.deps, demo.id, user.id);
    const state = await detail(user.id);
    expect(state).toMatchObject({
      id: user.id,
      account: { id: demo.id, name: 'demo', isMfaRequired: false },
      status: 'active',
      kind: 'regular',
      isAdmin: false,
      lockedUntil: null,
      secondFactors: {
        isEnabled: true,
        method: 'GA',
        hasAuthenticator: true,
        passkeys: [
          { name: 'Laptop key 1', lastUsedAt: null },
          { name: 'Laptop key 2', lastUsedAt: null },
        ],
      },
      activeSessions: 2,
      invitation: null,
    });
    expect(state.email).not.toBe('state@example.org');
    const admin = await detail(demo.admin.id);
    expect(admin.isAdmin).toBe(true);
    expect(admin.roles.map((r) => r.id)).toContain(demo.roleIds.account_admin);
    expect(envelope(await call('support', 'GET', '/api/ops/support/users/detail?userId=999999')).code).toBe(
      ErrorCode.opsSupportUserNotFound,
    );
  });
});

describe('unlocking a user locked by wrong passwords', () => {
  it('lifts the lock with a reason, in both chains; the user signs in', async () => {
    const user = await addUser(demo.id);
    await lockOut(user.username);
    const locked = await detail(user.id);
    expect(locked.status).toBe('locked');
    expect(locked.lockedUntil).not.toBeNull();
    const reason = 'Called in, identity checked against the contract';

    const answer = envelope<{ lockedUntil: string }>(
      await act('support', 'unlock', { userId: user.id, reason }),
    );
    expect(answer.code).toBe(0);
    expect(answer.data.lockedUntil).toBe(locked.lockedUntil);
    expect((await detail(user.id)).status).toBe('active');
    expect(envelope(await login(t.app, 'demo', user.username, password)).code).toBe(0);

    const entries = await trail(demo.id, user.id, 'user.unlock');
    expect(entries.installation).toEqual([
      expect.objectContaining({
        username: 'help.support',
        status: 1,
        objectType: 'user',
        info: expect.objectContaining({
          operator: expect.objectContaining({ username: 'help.support', role: 'support' }),
          accountId: demo.id,
          reason,
        }),
      }),
    ]);
    expect(entries.account).toEqual([
      expect.objectContaining({
        userId: null,
        username: null,
        info: expect.objectContaining({ operator: { role: 'support' }, reason }),
      }),
    ]);
    // The operator's name stays in the installation's chain.
    expect(JSON.stringify(entries.account)).not.toContain('help.support');
  });

  it('refuses a user who is not locked, without a reason, or unknown, changing nothing', async () => {
    const user = await addUser(demo.id);
    const before = await snap();
    expect(envelope(await act('support', 'unlock', { userId: user.id, reason: 'x' })).code).toBe(
      ErrorCode.opsSupportNotLocked,
    );
    const noReason = await act('support', 'unlock', { userId: user.id, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(envelope<{ fieldErrors: Record<string, string> }>(noReason).data.fieldErrors).toHaveProperty(
      'reason',
    );
    expect(envelope(await act('support', 'unlock', { userId: 999999, reason: 'x' })).code).toBe(
      ErrorCode.opsSupportUserNotFound,
    );
    expect(await changedSince(before)).toEqual([]);
  });
});

describe("ending a user's sessions", () => {
  it('ends every session; the user is told it was ended by the server; both chains keep the reason', async () => {
    const user = await addUser(demo.id);
    const sessions = [
      await mintSession(t.deps, demo.id, user.id),
      await mintSession(t.deps, demo.id, user.id),
    ];
    const reason = 'Laptop stolen, reported by the account owner';
    const answer = envelope<{ endedSessions: number }>(
      await act('owner', 'end-sessions', { userId: user.id, reason }),
    );
    expect(answer).toMatchObject({ code: 0, data: { endedSessions: 2 } });
    for (const session of sessions) {
      const res = await t.app.inject({ url: '/api/portal/user/sessions', headers: bearer(session) });
      expect(envelope(res).code).toBe(ErrorCode.sessionRevoked);
    }
    expect((await detail(user.id)).activeSessions).toBe(0);
    const entries = await trail(demo.id, user.id, 'user.endSessions');
    expect(entries.installation).toHaveLength(1);
    expect(entries.account).toEqual([
      expect.objectContaining({
        info: expect.objectContaining({ operator: { role: 'owner' }, reason, endedSessions: 2 }),
      }),
    ]);
    // Nothing left to end (4322), and nothing written.
    const before = await snap();
    expect(envelope(await act('support', 'end-sessions', { userId: user.id, reason })).code).toBe(
      ErrorCode.opsSupportNoSessions,
    );
    expect(await changedSince(before)).toEqual([]);
  });
});

describe('resending an invitation', () => {
  it('sends a new link through user management’s service; the old one ends', async () => {
    const admin = await login(t.app, 'demo', demo.admin.username, demo.admin.password);
    const adminToken = envelope<{ token: string }>(admin).data.token;
    const added = envelope<{ id: number }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/portal/user/addUser',
        headers: { ...bearer(adminToken), 'cz-lang': 'en-US' },
        payload: { username: 'invited_help', email: 'invited.help@example.org', invite: true },
      }),
    );
    expect(added.code).toBe(0);
    const userId = added.data.id;
    expect((await detail(userId)).status).toBe('invited');
    const [first] = await outbox('invited.help@example.org');
    const reason = 'The first e-mail went to spam';

    const answer = envelope<{ state: string; channel: string }>(
      await act('support', 'resend-invitation', { userId, reason }, 'zh-CN'),
    );
    expect(answer).toMatchObject({ code: 0, data: { state: 'pending', channel: 'EMAIL' } });
    const messages = await outbox('invited.help@example.org');
    expect(messages).toHaveLength(2);
    expect(messages[0]?.text).not.toBe(first?.text);
    expect(messages[0]?.text).toContain('平台技术支持');
    expect(messages[0]?.text).toContain('/userManage/');
    const state = await detail(userId);
    expect(state.invitation).toMatchObject({ state: 'pending', channel: 'EMAIL' });
    expect(state.invitation?.sentTo).not.toContain('invited.help@');
    const entries = await trail(demo.id, userId, 'user.invitationResend');
    expect(entries.installation).toHaveLength(1);
    expect(entries.account).toEqual([
      expect.objectContaining({
        userId: null,
        info: expect.objectContaining({ operator: { role: 'support' }, reason, channel: 'EMAIL' }),
      }),
    ]);
  });

  it('refuses a user without an invitation (4323)', async () => {
    const user = await addUser(demo.id, {}, { email: 'never.invited@example.org' });
    const before = await snap();
    expect(envelope(await act('support', 'resend-invitation', { userId: user.id, reason: 'x' })).code).toBe(
      ErrorCode.opsSupportNoInvitation,
    );
    expect(await changedSince(before)).toEqual([]);
  });
});

describe('resetting login protection', () => {
  it('removes the authenticator and every passkey, ends the sessions, tells the user, audits in both chains', async () => {
    const user = await addUser(
      demo.id,
      { authenticator: true, passkeys: 2 },
      { email: 'Lost.Passkey@Example.org' },
    );
    const sessions = [
      await mintSession(t.deps, demo.id, user.id),
      await mintSession(t.deps, demo.id, user.id),
    ];
    const reason = 'Lost the only passkey; identity checked by a video call';
    const answer = envelope<{
      removedAuthenticator: boolean;
      removedPasskeys: number;
      endedSessions: number;
      notice: { isSent: boolean; channel: string | null; target: string | null };
    }>(await act('support', 'reset-login-protection', { userId: user.id, reason }));
    expect(answer).toMatchObject({
      code: 0,
      data: {
        removedAuthenticator: true,
        removedPasskeys: 2,
        endedSessions: 2,
        notice: { isSent: true, channel: 'EMAIL' },
      },
    });
    const after = await detail(user.id);
    expect(after.secondFactors).toEqual({
      isEnabled: false,
      method: null,
      hasAuthenticator: false,
      passkeys: [],
    });
    expect(after.activeSessions).toBe(0);
    for (const session of sessions) {
      const res = await t.app.inject({ url: '/api/portal/user/sessions', headers: bearer(session) });
      expect(envelope(res).code).toBe(ErrorCode.sessionRevoked);
    }
    // Told at the address on record, as the platform's support, never by the operator's name.
    const [notice] = await outbox('lost.passkey@example.org');
    expect(notice).toMatchObject({ channel: 'email', code: null });
    expect(notice?.subject).toContain('platform support');
    expect(notice?.text).toContain(user.username);
    expect(notice?.text).not.toContain('help.support');
    // The same entry as an administrator's reset, written by the operator in both chains.
    const entries = await trail(demo.id, user.id, 'user.resetMfa');
    const facts = { reason, authenticator: true, passkeys: 2, endedSessions: 2, notice: 'email' };
    expect(entries.installation).toEqual([
      expect.objectContaining({
        username: 'help.support',
        info: expect.objectContaining({ ...facts, operator: expect.objectContaining({ role: 'support' }) }),
      }),
    ]);
    expect(entries.account).toEqual([
      expect.objectContaining({
        userId: null,
        username: null,
        info: { operator: { role: 'support' }, ...facts },
      }),
    ]);
    // Nothing left to reset (4351).
    expect(envelope(await act('owner', 'reset-login-protection', { userId: user.id, reason })).code).toBe(
      ErrorCode.mfaResetNothing,
    );
  });

  it('at the next sign-in, an account that requires protection leads the user through binding it again', async () => {
    const user = await addUser(demo.id, { passkeys: 1 }, { email: 'next.time@example.org' });
    await t.deps.db.update(accounts).set({ mfaRequired: true }).where(eq(accounts.id, demo.id));
    try {
      expect((await detail(user.id)).account.isMfaRequired).toBe(true);
      expect(
        envelope(await act('support', 'reset-login-protection', { userId: user.id, reason: 'Lost it' })).code,
      ).toBe(0);
      const asked = envelope<{
        token: string | null;
        mfaStatus: { enable: boolean; gaAlreadyBinding: boolean };
      }>(await login(t.app, 'demo', user.username, password));
      expect(asked.code).toBe(0);
      expect(asked.data.token).toBeNull();
      expect(asked.data.mfaStatus).toMatchObject({ enable: true, gaAlreadyBinding: false });
    } finally {
      await t.deps.db.update(accounts).set({ mfaRequired: false }).where(eq(accounts.id, demo.id));
    }
  });

  it('needs a fresh second factor, and refuses service users, deleted users and other roles, changing nothing', async () => {
    const user = await addUser(demo.id, { authenticator: true });
    const service = await addUser(demo.id, { passkeys: 1 }, { kind: 'service' });
    const deleted = await addUser(demo.id, { passkeys: 1 });
    await t.deps.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, deleted.id));
    const reason = 'Lost it';
    // A session whose second factor was proven sixteen minutes ago: stale for this act.
    const staleOperator = await createOperator(
      t.deps,
      null,
      { username: 'help.stale', role: 'support' },
      null,
    );
    const stale = await openOpsSession(
      t.deps.db,
      staleOperator.operator,
      'operator',
      new Date(t.clock.now().getTime() - 16 * 60_000),
      null,
    );
    tokens.set('stale', stale.token);
    const before = await snap();
    const codeOf = async (role: string, userId: number) =>
      envelope(await act(role, 'reset-login-protection', { userId, reason })).code;
    expect(await codeOf('support', service.id)).toBe(ErrorCode.notRegularUser);
    expect(await codeOf('support', deleted.id)).toBe(ErrorCode.userIsDeleted);
    expect(await codeOf('reviewer', user.id)).toBe(ErrorCode.opsRoleForbidden);
    expect(await codeOf('auditor', user.id)).toBe(ErrorCode.opsRoleForbidden);
    expect(await codeOf('stale', user.id)).toBe(ErrorCode.opsStepUpRequired);
    const after = await snap();
    expect(changedTables(before, after)).toEqual([]);
    const [still] = await t.deps.db
      .select({ totpSecret: users.totpSecret })
      .from(users)
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
    expect(still?.totpSecret).not.toBeNull();
  });
});

describe('the trail', () => {
  it("verifies intact in the installation's chain and the accounts' own", async () => {
    const reports = await verifyChains(t.deps.db, [0, demo.id]);
    for (const report of reports) expect(report).toMatchObject({ isIntact: true, broken: null });
  });
});
