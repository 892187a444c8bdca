/**
 * The back office's operators and sessions (decision 0047), through the ops listener's app: the
 * first sign-in's setup that cannot be skipped, later sign-ins with the authenticator code, the
 * one answer for every refused password, the pause after repeated failures, idle and absolute
 * expiry on the test clock, the step-up, the owner's acts with their audit entries, and the
 * operator command.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  mintSession,
  seedAccount,
  type TTestApp,
} from '../../../test/harness';
import type { TCliContext } from '../../context';
import { auditEntries, operators } from '../../db/schema';
import { totpCode } from '../../lib/totp';
import { verifyChains } from '../audit';
import { operatorCli } from './operator.cli';
import { createOperator } from './operator.service';
import { auditOperatorAccountAct } from './operator-session.service';

let t: TTestApp;
let ops: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.opsApp();
});
afterAll(async () => {
  await t?.close();
});

const strongPassword = 'Operator2026Strong';

function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown, lang = 'en-US') {
  return ops.inject({
    method,
    url,
    headers: { 'cz-lang': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function body<T = unknown>(promise: ReturnType<typeof call>) {
  return envelope<T>(await promise);
}

type TSession = { token: string; secret: string; password: string; username: string };

/** Creates an operator and takes it through the first sign-in: answers its session and secret. */
async function enrolled(
  username: string,
  role: 'owner' | 'support' | 'auditor' = 'owner',
): Promise<TSession> {
  const created = await createOperator(t.deps, null, { username, role }, null);
  const step = await body<{ token: string }>(
    call('POST', '/api/ops/sign-in', null, { username, password: created.oneTimePassword }),
  );
  await body(call('POST', '/api/ops/setup/password', step.data.token, { password: strongPassword }));
  const enrolment = await body<{ secret: string }>(call('POST', '/api/ops/setup/totp', step.data.token));
  const done = await body<{ token: string }>(
    call('POST', '/api/ops/setup/totp/confirm', step.data.token, {
      code: totpCode(enrolment.data.secret, t.clock.now()),
    }),
  );
  expect(done.code).toBe(0);
  t.clock.advance(30_000);
  return { token: done.data.token, secret: enrolment.data.secret, password: strongPassword, username };
}

/** A later sign-in: password, then the code of the next time step. */
async function signIn(s: TSession): Promise<string> {
  t.clock.advance(30_000);
  const step = await body<{ token: string; stage: string }>(
    call('POST', '/api/ops/sign-in', null, { username: s.username, password: s.password }),
  );
  expect(step.data.stage).toBe('totp');
  const done = await body<{ token: string }>(
    call('POST', '/api/ops/sign-in/totp', step.data.token, { code: totpCode(s.secret, t.clock.now()) }),
  );
  expect(done.code).toBe(0);
  return done.data.token;
}

async function installationEntries(objectName: string) {
  return t.deps.db
    .select()
    .from(auditEntries)
    .where(and(isNull(auditEntries.accountId), eq(auditEntries.objectName, objectName)))
    .orderBy(asc(auditEntries.id));
}

describe('first sign-in', () => {
  it('must replace the one-time password and enrol an authenticator before anything else works', async () => {
    const created = await createOperator(t.deps, null, { username: 'first.owner', role: 'owner' }, null);
    expect(created.oneTimePassword).toHaveLength(20);
    const [row] = await t.deps.db.select().from(operators).where(eq(operators.username, 'first.owner'));
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);

    const step = await body<{ stage: string; token: string; mustChangePassword: boolean }>(
      call('POST', '/api/ops/sign-in', null, { username: 'First.Owner', password: created.oneTimePassword }),
    );
    expect(step).toMatchObject({ code: 0, data: { stage: 'setup', mustChangePassword: true } });
    const token = step.data.token;
    expect(token.startsWith('ops_')).toBe(true);

    // Nothing else works with the setup's token, and the authenticator comes after the password.
    expect((await body(call('GET', '/api/ops/me', token))).code).toBe(4301);
    expect((await body(call('GET', '/api/ops/operators', token))).code).toBe(4301);
    expect((await body(call('POST', '/api/ops/setup/totp', token))).code).toBe(4301);
    expect((await body(call('POST', '/api/ops/sign-in/totp', token, { code: '123456' }))).code).toBe(4304);

    // The operators' password policy, worded in the request's language.
    const weak = await body(call('POST', '/api/ops/setup/password', token, { password: 'short' }, 'zh-CN'));
    expect([5059, 5061, 5064]).toContain(weak.code);
    expect(weak.message).toMatch(/[\u4e00-\u9fff]/);
    const same = await body(
      call('POST', '/api/ops/setup/password', token, { password: created.oneTimePassword }),
    );
    expect(same.code).toBe(5063);
    expect(
      (await body(call('POST', '/api/ops/setup/password', token, { password: strongPassword }))).code,
    ).toBe(0);
    expect(
      (await body(call('POST', '/api/ops/setup/password', token, { password: `${strongPassword}x` }))).code,
    ).toBe(409);
    expect((await body(call('POST', '/api/ops/setup/totp/confirm', token, { code: '123456' }))).code).toBe(
      4301,
    );

    const enrolment = await body<{ secret: string; otpauthUri: string }>(
      call('POST', '/api/ops/setup/totp', token),
    );
    expect(enrolment.data.otpauthUri).toContain('otpauth://totp/');
    const [pending] = await t.deps.db.select().from(operators).where(eq(operators.username, 'first.owner'));
    expect(pending?.totpPendingSecret).not.toContain(enrolment.data.secret);

    const wrongCode = totpCode(enrolment.data.secret, new Date(t.clock.now().getTime() - 600_000));
    expect((await body(call('POST', '/api/ops/setup/totp/confirm', token, { code: wrongCode }))).code).toBe(
      4303,
    );
    const done = await body<{ token: string; operator: { hasAuthenticator: boolean }; idleMinutes: number }>(
      call('POST', '/api/ops/setup/totp/confirm', token, {
        code: totpCode(enrolment.data.secret, t.clock.now()),
      }),
    );
    expect(done).toMatchObject({ code: 0, data: { operator: { hasAuthenticator: true }, idleMinutes: 30 } });
    expect(done.data.token).not.toBe(token);

    // The setup's token has ended; the session's works.
    expect((await call('GET', '/api/ops/me', token)).statusCode).toBe(401);
    const me = await body<{ operator: { username: string; role: string } }>(
      call('GET', '/api/ops/me', done.data.token),
    );
    expect(me.data.operator).toMatchObject({ username: 'first.owner', role: 'owner' });
    expect(JSON.stringify(me)).not.toMatch(/passwordHash|totpSecret|argon2/);

    const actions = (await installationEntries('first.owner')).map((e) => [e.action, e.status]);
    expect(actions).toEqual([
      ['operator.create', 1],
      ['operator.setupPassword', 1],
      ['operator.enrolTotp', 0],
      ['operator.enrolTotp', 1],
      ['operator.signIn', 1],
    ]);
  });
});

describe('later sign-ins', () => {
  it('ask the authenticator code; a wrong or reused code is refused', async () => {
    const s = await enrolled('later.owner');
    const step = await body<{ token: string; stage: string }>(
      call('POST', '/api/ops/sign-in', null, { username: s.username, password: s.password }),
    );
    expect(step.data.stage).toBe('totp');
    expect((await call('GET', '/api/ops/me', step.data.token)).statusCode).toBe(401);
    const reused = totpCode(s.secret, new Date(t.clock.now().getTime() - 30_000));
    expect((await body(call('POST', '/api/ops/sign-in/totp', step.data.token, { code: reused }))).code).toBe(
      4303,
    );
    const done = await body<{ token: string }>(
      call('POST', '/api/ops/sign-in/totp', step.data.token, { code: totpCode(s.secret, t.clock.now()) }),
    );
    expect(done.code).toBe(0);
    // The step's token is spent.
    const again = await call('POST', '/api/ops/sign-in/totp', step.data.token, { code: '000000' });
    expect(again.statusCode).toBe(401);
  });

  it('answer one code for an unknown name, a wrong password and a disabled operator, and pause after five failures', async () => {
    const s = await enrolled('locked.support', 'support');
    const unknown = await body(
      call('POST', '/api/ops/sign-in', null, { username: 'nobody.here', password: 'x' }),
    );
    const wrong = await body(
      call('POST', '/api/ops/sign-in', null, { username: s.username, password: 'Wrong2026Pass' }),
    );
    expect(unknown).toEqual(wrong);
    expect(wrong.code).toBe(4300);
    for (let i = 0; i < 4; i += 1) {
      await call('POST', '/api/ops/sign-in', null, { username: s.username, password: 'Wrong2026Pass' });
    }
    // Paused: the right password gets the same answer for 15 minutes.
    expect(
      (await body(call('POST', '/api/ops/sign-in', null, { username: s.username, password: s.password })))
        .code,
    ).toBe(4300);
    t.clock.advance(15 * 60_000 + 1_000);
    expect(await signIn(s)).toMatch(/^ops_/);
  });
});

describe('session lifetimes', () => {
  it('end after 30 minutes idle', async () => {
    const s = await enrolled('idle.owner');
    t.clock.advance(29 * 60_000);
    expect((await body(call('GET', '/api/ops/me', s.token))).code).toBe(0);
    t.clock.advance(29 * 60_000);
    expect((await body(call('GET', '/api/ops/me', s.token))).code).toBe(0);
    t.clock.advance(30 * 60_000);
    expect((await call('GET', '/api/ops/me', s.token)).statusCode).toBe(401);
  });

  it('end 8 hours after the sign-in, however active', async () => {
    const s = await enrolled('long.owner');
    for (let i = 0; i < 23; i += 1) {
      t.clock.advance(20 * 60_000);
      expect((await body(call('GET', '/api/ops/me', s.token))).code).toBe(0);
    }
    t.clock.advance(20 * 60_000);
    expect((await call('GET', '/api/ops/me', s.token)).statusCode).toBe(401);
  });

  it('end at sign-out, and the cookie works with the client header only', async () => {
    const s = await enrolled('cookie.owner');
    const viaCookie = (withHeader: boolean) =>
      ops.inject({
        method: 'POST',
        url: '/api/ops/step-up',
        headers: { cookie: `cz_ops_token=${s.token}`, ...(withHeader ? { 'x-cz-client': 'web' } : {}) },
        payload: { code: '000000' },
      });
    expect((await viaCookie(false)).statusCode).toBe(403);
    expect(
      (
        await ops.inject({
          method: 'GET',
          url: '/api/ops/me',
          headers: { cookie: `cz_ops_token=${s.token}` },
        })
      ).statusCode,
    ).toBe(200);
    const out = await call('POST', '/api/ops/sign-out', s.token);
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('cz_ops_token=;');
    expect((await call('GET', '/api/ops/me', s.token)).statusCode).toBe(401);
  });
});

describe("the owner's acts", () => {
  it('create, list, re-role, disable and enable operators, audited with role and reason', async () => {
    const owner = await enrolled('acting.owner');
    const created = await body<{
      operator: { id: number; mustChangePassword: boolean };
      oneTimePassword: string;
    }>(
      call('POST', '/api/ops/operators', owner.token, {
        username: 'new.finance',
        role: 'finance',
        reason: 'hired',
      }),
    );
    expect(created).toMatchObject({ code: 0, data: { operator: { mustChangePassword: true } } });
    const id = created.data.operator.id;
    expect(
      (
        await body(
          call('POST', '/api/ops/operators', owner.token, { username: 'new.finance', role: 'auditor' }),
        )
      ).code,
    ).toBe(4305);

    const list = await body<{ list: { username: string }[] }>(call('GET', '/api/ops/operators', owner.token));
    expect(list.data.list.map((o) => o.username)).toContain('new.finance');
    expect(JSON.stringify(list)).not.toMatch(/passwordHash|totpSecret|argon2|oneTime/);

    const badRequest = await call('POST', '/api/ops/operators/role', owner.token, {
      operatorId: id,
      role: 'king',
    });
    expect(badRequest.statusCode).toBe(400);
    const reRoled = await body<{ role: string }>(
      call('POST', '/api/ops/operators/role', owner.token, {
        operatorId: id,
        role: 'reviewer',
        reason: 'moved team',
      }),
    );
    expect(reRoled.data.role).toBe('reviewer');
    expect(
      (
        await body(
          call('POST', '/api/ops/operators/disable', owner.token, { operatorId: 999_999, reason: 'x' }),
        )
      ).code,
    ).toBe(4306);
    const ownId = await selfId(owner);
    const self = await body(
      call('POST', '/api/ops/operators/disable', owner.token, { operatorId: ownId, reason: 'x' }),
    );
    expect(self.code).toBe(4307);

    const disabled = await body<{ status: string }>(
      call('POST', '/api/ops/operators/disable', owner.token, { operatorId: id, reason: 'left the company' }),
    );
    expect(disabled.data.status).toBe('disabled');
    const refused = await body(
      call('POST', '/api/ops/sign-in', null, {
        username: 'new.finance',
        password: created.data.oneTimePassword,
      }),
    );
    expect(refused.code).toBe(4300);
    const enabled = await body<{ status: string }>(
      call('POST', '/api/ops/operators/enable', owner.token, { operatorId: id, reason: 'came back' }),
    );
    expect(enabled.data.status).toBe('active');

    const entries = await installationEntries('new.finance');
    const acts = entries.filter((e) => e.status === 1).map((e) => e.action);
    expect(acts).toEqual(['operator.create', 'operator.role', 'operator.disable', 'operator.enable']);
    const roleEntry = entries.find((e) => e.action === 'operator.role');
    expect(roleEntry).toMatchObject({ accountId: null, username: 'acting.owner', objectType: 'operator' });
    expect(roleEntry?.info).toMatchObject({
      operator: { username: 'acting.owner', role: 'owner' },
      reason: 'moved team',
      from: 'finance',
      to: 'reviewer',
    });
  });

  it("reset an operator's second factor only with a fresh second factor; the operator enrols again", async () => {
    const owner = await enrolled('reset.owner');
    const target = await enrolled('reset.support', 'support');
    const targetId = await selfId(target);
    // Keep the owner's session alive past the 15 minutes of the step-up.
    t.clock.advance(10 * 60_000);
    expect((await body(call('GET', '/api/ops/me', owner.token))).code).toBe(0);
    t.clock.advance(6 * 60_000);
    const stale = await body(
      call('POST', '/api/ops/operators/reset-second-factor', owner.token, {
        operatorId: targetId,
        reason: 'lost phone',
      }),
    );
    expect(stale.code).toBe(4302);
    expect((await body(call('POST', '/api/ops/step-up', owner.token, { code: '000000' }))).code).toBe(4303);
    const proved = await body<{ secondFactorAt: string }>(
      call('POST', '/api/ops/step-up', owner.token, { code: totpCode(owner.secret, t.clock.now()) }),
    );
    expect(proved.data.secondFactorAt).toBe(t.clock.now().toISOString());
    const reset = await body<{ hasAuthenticator: boolean }>(
      call('POST', '/api/ops/operators/reset-second-factor', owner.token, {
        operatorId: targetId,
        reason: 'lost phone',
      }),
    );
    expect(reset).toMatchObject({ code: 0, data: { hasAuthenticator: false } });
    // The target's session ended; the next sign-in enrols an authenticator (the password stays).
    expect((await call('GET', '/api/ops/me', target.token)).statusCode).toBe(401);
    const step = await body<{ token: string; stage: string; mustChangePassword: boolean }>(
      call('POST', '/api/ops/sign-in', null, { username: target.username, password: target.password }),
    );
    expect(step.data).toMatchObject({ stage: 'setup', mustChangePassword: false });
    const enrolment = await body<{ secret: string }>(call('POST', '/api/ops/setup/totp', step.data.token));
    expect(enrolment.data.secret).not.toBe(target.secret);
    const entry = (await installationEntries('reset.support')).find(
      (e) => e.action === 'operator.resetSecondFactor',
    );
    expect(entry?.info).toMatchObject({
      reason: 'lost phone',
      operator: { role: 'owner' },
      endedSessions: 1,
    });
  });

  it('change their own password: the wrong current one is refused, other sessions end', async () => {
    const s = await enrolled('pw.owner');
    const other = await signIn(s);
    const wrong = await body(
      call('POST', '/api/ops/me/password', s.token, {
        currentPassword: 'Nope2026Nope',
        newPassword: 'Another2026Pass',
      }),
    );
    expect(wrong.code).toBe(4308);
    const changed = await body(
      call('POST', '/api/ops/me/password', s.token, {
        currentPassword: s.password,
        newPassword: 'Another2026Pass',
      }),
    );
    expect(changed.code).toBe(0);
    expect((await call('GET', '/api/ops/me', other)).statusCode).toBe(401);
    expect((await body(call('GET', '/api/ops/me', s.token))).code).toBe(0);
    expect(await signIn({ ...s, password: 'Another2026Pass' })).toMatch(/^ops_/);
  });
});

describe('the trail', () => {
  it("every operator act above is in the installation's hash chain, which verifies intact", async () => {
    const [report] = await verifyChains(t.deps.db, [0]);
    expect(report).toMatchObject({ chain: 0, isIntact: true, broken: null });
    expect(report?.entries).toBeGreaterThan(20);
  });

  it("an act on an account is in both chains; the account's own log names the operator's role only", async () => {
    const account = await seedAccount(t.deps, 'opstrail');
    const actor = { id: 77, username: 'ops.trail', role: 'support' as const };
    await t.deps.db.transaction((tx) =>
      auditOperatorAccountAct(tx, {
        actor,
        accountId: account.id,
        action: 'user.unlock',
        objectType: 'user',
        objectId: String(account.admin.id),
        objectName: account.admin.username,
        reason: 'Locked out after a phone change',
        meta: { ip: '10.0.0.9', userAgent: null, requestId: 'req-trail' },
        at: t.deps.clock.now(),
      }),
    );
    const rows = await t.deps.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.requestId, 'req-trail'))
      .orderBy(asc(auditEntries.id));
    expect(rows.map((r) => [r.accountId, r.username, r.userId])).toEqual([
      [null, 'ops.trail', null],
      [account.id, null, null],
    ]);
    expect(rows[0]?.info).toMatchObject({
      operator: actor,
      accountId: account.id,
      reason: 'Locked out after a phone change',
    });
    expect(rows[1]?.info).toEqual({
      operator: { role: 'support' },
      reason: 'Locked out after a phone change',
    });

    // The account's administrators read it in their own log, and its export names the role.
    const token = await mintSession(t.deps, account.id, account.admin.id);
    const list = envelope<{ list: { username: string | null; info: Record<string, unknown> }[] }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/portal/audit/list',
        headers: { 'cz-lang': 'en-US', ...bearer(token) },
        payload: { pageSize: 10 },
      }),
    );
    expect(list.code).toBe(0);
    const seen = list.data.list.find((e) => e.info.reason === 'Locked out after a phone change');
    expect(seen).toMatchObject({ username: null, info: { operator: { role: 'support' } } });
    for (const [lang, name] of [
      ['en-US', 'Platform operator (support)'],
      ['zh-CN', '平台运营人员（技术支持）'],
    ] as const) {
      const csv = await t.app.inject({
        method: 'GET',
        url: '/api/portal/audit/export',
        headers: { 'cz-lang': lang, ...bearer(token) },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(name);
      expect(csv.body).not.toContain('ops.trail');
    }
    const [report] = await verifyChains(t.deps.db, [account.id]);
    expect(report).toMatchObject({ isIntact: true });
  });
});

async function selfId(s: TSession): Promise<number> {
  const me = await body<{ operator: { id: number } }>(call('GET', '/api/ops/me', s.token));
  return me.data.operator.id;
}

describe('operator-create', () => {
  const context = (): TCliContext => ({ config: t.deps.config, withDeps: (work) => work(t.deps) });
  async function run(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const status = await operatorCli.run(context(), 'operator-create', args, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { status, out, err };
  }

  it('prints a one-time password that the first sign-in must replace', async () => {
    const made = await run('cli.reviewer', '--role', 'reviewer');
    expect(made.status).toBe(0);
    const line = made.out.find((l) => l.startsWith('One-time password'));
    const password = line?.split(': ')[1] ?? '';
    expect(password).toHaveLength(20);
    const step = await body<{ stage: string }>(
      call('POST', '/api/ops/sign-in', null, { username: 'cli.reviewer', password }),
    );
    expect(step.data.stage).toBe('setup');
    const [entry] = await installationEntries('cli.reviewer');
    expect(entry).toMatchObject({ action: 'operator.create', username: null, accountId: null });
    // The password is never kept in the audit entry.
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('refuses a wrong role, a bad name and a taken name', async () => {
    expect((await run('someone', '--role', 'king')).status).toBe(2);
    expect((await run('someone')).status).toBe(2);
    expect((await run('9bad', '--role', 'support')).status).toBe(2);
    expect((await run('cli.reviewer', '--role', 'support')).status).toBe(1);
  });
});
