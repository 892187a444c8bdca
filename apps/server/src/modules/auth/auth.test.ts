import { ErrorCode } from '@console/contract/codes';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  cookie,
  createTestApp,
  envelope,
  knownCaptcha,
  login,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { accounts, auditEntries, loginAttempts, sessions, users } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { insertUser } from '../user/user.repository';

let t: TTestApp;
let demo: TSeededAccount;
let other: TSeededAccount;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'demo');
  other = await seedAccount(t.deps, 'acme');
});
afterAll(() => t.close());

async function currentUser(headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/portal/user/getCurrentUser', headers, payload: {} });
}

describe('POST /api/login', () => {
  it('signs in, answers the login response, sets an HttpOnly cookie and stores only the token digest', async () => {
    const res = await login(t.app, 'demo', demo.admin.username, demo.admin.password);
    expect(res.statusCode).toBe(200);
    const body = envelope<{
      token: string;
      userVo: { accountId: number; id: number; name: string; accountDisplayName: string };
      authVos: { resourceName: string; resourceType: number }[];
      mfaStatus: { enable: boolean; phone: string | null };
    }>(res);
    expect(body.code).toBe(0);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.userVo).toEqual({
      accountId: demo.id,
      accountDisplayName: 'demo',
      id: demo.admin.id,
      name: demo.admin.username,
    });
    expect(body.data.mfaStatus).toMatchObject({ enable: false, phone: '138****0000' });
    const menus = body.data.authVos.filter((a) => a.resourceType === 0).map((a) => a.resourceName);
    expect(menus.sort()).toEqual(['auditManage', 'billing', 'serviceManage', 'userManage', 'workbench']);

    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain(`cz_token=${body.data.token}`);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');

    const stored = await t.deps.db.select().from(sessions).where(eq(sessions.userId, demo.admin.id));
    expect(stored.some((s) => s.tokenHash.equals(sha256(body.data.token)))).toBe(true);
    for (const s of stored) expect(s.tokenHash.toString('utf8')).not.toContain(body.data.token);

    const audit = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.userId, demo.admin.id), eq(auditEntries.action, 'auth.login')));
    expect(audit.some((a) => a.status === 1)).toBe(true);
  });

  it('accepts the account name in any letter case and the MFA fields of the payload', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        accountDisplayName: 'DEMO',
        username: demo.member.username,
        password: demo.member.password,
        ip: '203.0.113.7',
        mfaMethodType: 'GA',
        uniqueId: null,
        code: null,
        authMethod: 'MFA_LOGIN',
        isMfaReset: false,
      },
    });
    const body = envelope<{ token: string; authVos: { resourceName: string }[] }>(res);
    expect(body.code).toBe(0);
    expect(body.data.authVos.map((a) => a.resourceName).sort()).toEqual(['serviceManage', 'workbench']);
  });

  it('counts wrong passwords, asks for a captcha after three, and locks the name for one minute after five', async () => {
    const user = { id: 0, username: 'counter_user', password: 'Counter@2026' };
    user.id = await insertUser(t.deps.db, {
      accountId: demo.id,
      username: user.username,
      passwordHash: await t.deps.hasher.hash(user.password),
    });
    const attempt = (password: string, captcha?: { captchaId: string; captchaCode: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'cz-lang': 'en-US' },
        payload: { accountDisplayName: 'demo', username: user.username, password, ...captcha },
      });
    for (let i = 1; i <= 3; i += 1) {
      const body = envelope(await attempt('Wrong@2026'));
      expect(body.code).toBe(ErrorCode.wrongPassword);
      expect(body.message).toBe('Incorrect account name, username or password');
      expect(body.data).toEqual({
        current: i,
        total: 5,
        exceed: false,
        lockRemainingSeconds: 0,
        captchaRequired: i >= 3,
      });
    }
    // From the third failure on, a sign-in needs an image captcha, even with the right password.
    expect(envelope(await attempt(user.password)).code).toBe(ErrorCode.captchaRequired);
    expect(envelope(await attempt(user.password, { captchaId: '-1', captchaCode: '' })).code).toBe(
      ErrorCode.captchaRequired,
    );
    const wrongCaptcha = await knownCaptcha(t.deps, 'abcd');
    expect(envelope(await attempt(user.password, { ...wrongCaptcha, captchaCode: 'zzzz' })).code).toBe(
      ErrorCode.captchaInvalid,
    );
    // A captcha serves once, even answered wrongly.
    expect(envelope(await attempt(user.password, wrongCaptcha)).code).toBe(ErrorCode.captchaInvalid);

    const fourth = envelope(await attempt('Wrong@2026', await knownCaptcha(t.deps)));
    expect(fourth.data).toEqual({
      current: 4,
      total: 5,
      exceed: false,
      lockRemainingSeconds: 0,
      captchaRequired: true,
    });
    const fifth = envelope(await attempt('Wrong@2026', await knownCaptcha(t.deps, 'WxYz')));
    expect(fifth.code).toBe(ErrorCode.wrongPassword);
    expect(fifth.data).toEqual({
      current: 5,
      total: 5,
      exceed: true,
      lockRemainingSeconds: 60,
      captchaRequired: false,
    });
    expect(fifth.message).toMatch(/Locked for 1 minute/);

    // While locked even the right password is refused.
    t.clock.advance(30_000);
    const locked = envelope(await attempt(user.password, await knownCaptcha(t.deps)));
    expect(locked.code).toBe(ErrorCode.wrongPassword);
    expect(locked.data).toMatchObject({ exceed: true, lockRemainingSeconds: 30 });

    const times = await t.app.inject({
      method: 'GET',
      url: `/api/portal/user/getPwdErrorTimes?accountDisplayName=demo&username=${user.username}`,
    });
    expect(envelope(times).data).toEqual({
      current: 5,
      total: 5,
      exceed: true,
      lockRemainingSeconds: 30,
      captchaRequired: false,
    });

    // The lock ends after one minute and the right password then signs in and clears the count.
    t.clock.advance(31_000);
    const after = envelope(await attempt(user.password));
    expect(after.code).toBe(0);
    const cleared = await t.app.inject({
      method: 'GET',
      url: `/api/portal/user/getPwdErrorTimes?accountDisplayName=demo&username=${user.username}`,
    });
    expect(envelope(cleared).data).toEqual({
      current: 0,
      total: 5,
      exceed: false,
      lockRemainingSeconds: 0,
      captchaRequired: false,
    });
  });

  it('answers an unknown account or username exactly like a wrong password', async () => {
    await insertUser(t.deps.db, {
      accountId: demo.id,
      username: 'known_user',
      passwordHash: await t.deps.hasher.hash('Known@2026pass'),
    });
    const known = { account: 'demo', username: 'known_user' };
    const cases = [
      { account: 'nosuchaccount', username: 'whoever_1' },
      { account: 'demo', username: 'nobody_here' },
    ];
    const answers: unknown[][] = [];
    for (const target of [known, ...cases]) {
      const seen: unknown[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await login(t.app, target.account, target.username, 'Wrong@2026');
        const body = envelope(res);
        seen.push({ status: res.statusCode, code: body.code, message: body.message, data: body.data });
      }
      answers.push(seen);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    t.clock.advance(61_000);
  });

  it('audits failed sign-ins into an existing account, with the typed username', async () => {
    const failed = () =>
      t.deps.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.accountId, demo.id), eq(auditEntries.status, 0)))
        .orderBy(asc(auditEntries.id));
    const before = (await failed()).length;
    await login(t.app, 'demo', 'someone_else', 'Wrong@2026');
    await login(t.app, 'nosuchaccount', 'someone_else', 'Wrong@2026');
    const after = await failed();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({ action: 'auth.login', username: 'someone_else', userId: null });
    expect(after.at(-1)?.info).toMatchObject({ reason: 'wrong_password', failures: 1 });
  });

  it('refuses disabled, deleted and service users, stopped accounts, and forced resets, only after the right password', async () => {
    const password = 'State@2026pass';
    const hash = await t.deps.hasher.hash(password);
    const make = (
      username: string,
      extra: Parameters<typeof insertUser>[1] extends infer P ? Partial<P> : never,
    ) => insertUser(t.deps.db, { accountId: demo.id, username, passwordHash: hash, ...extra });
    await make('disabled_user', { isEnabled: false });
    const deletedId = await make('deleted_user', {});
    await t.deps.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, deletedId));
    await make('service_user', { kind: 'service', serviceKind: 'custom' });
    await make('reset_user', { mustResetPassword: true });

    const expectCode = async (account: string, username: string, code: number) => {
      const body = envelope(await login(t.app, account, username, password));
      expect(body.code, username).toBe(code);
      expect(body.message.length).toBeGreaterThan(0);
      const wrong = envelope(await login(t.app, account, username, 'Wrong@2026'));
      expect(wrong.code, `${username} with a wrong password`).toBe(ErrorCode.wrongPassword);
    };
    await expectCode('demo', 'disabled_user', ErrorCode.userDisabled);
    await expectCode('demo', 'deleted_user', ErrorCode.userDeleted);
    await expectCode('demo', 'service_user', ErrorCode.serviceUserNoWebLogin);
    await expectCode('demo', 'reset_user', ErrorCode.passwordMustReset);

    const { accountId } = { accountId: other.id };
    await t.deps.db.update(accounts).set({ status: 1 }).where(eq(accounts.id, accountId));
    const stopped = envelope(await login(t.app, 'acme', other.member.username, other.member.password));
    expect(stopped.code).toBe(ErrorCode.accountUnavailable);
    await t.deps.db.update(accounts).set({ status: 0 }).where(eq(accounts.id, accountId));

    const refusedSessions = await t.deps.db.select().from(sessions).where(eq(sessions.accountId, demo.id));
    const names = new Set(refusedSessions.map((s) => s.userId));
    expect(names.has(deletedId)).toBe(false);
  });

  it('answers validation errors in the request language with field errors, changing nothing', async () => {
    const before = await t.deps.db.select().from(loginAttempts);
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'cz-lang': 'en-US' },
      payload: { accountDisplayName: 'demo1', username: '', password: '' },
    });
    expect(en.statusCode).toBe(400);
    expect(envelope(en)).toMatchObject({
      code: 400,
      data: {
        fieldErrors: {
          accountDisplayName: 'Only letters are supported for account names',
          username: 'Please enter username',
          password: 'Please enter password',
        },
      },
    });
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: 'cz-lang=zh-CN' },
      payload: { username: 'x', password: 'y' },
    });
    expect(envelope(zh)).toMatchObject({
      code: 400,
      data: { fieldErrors: { accountDisplayName: '请输入账户名' } },
    });
    expect(await t.deps.db.select().from(loginAttempts)).toEqual(before);
  });
});

describe('sessions', () => {
  it('authenticates by bearer token and by cookie, and logout ends the session on the server', async () => {
    const token = await signIn(t.app, 'demo', demo.member);
    expect(envelope(await currentUser(bearer(token))).data).toMatchObject({
      id: demo.member.id,
      name: demo.member.username,
      accountId: demo.id,
      accountName: 'demo',
      isAccountAdmin: false,
    });
    expect((await currentUser(cookie(token))).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: cookie(token) });
    expect(envelope(out).code).toBe(0);
    expect(String(out.headers['set-cookie'])).toMatch(/cz_token=;/);

    const after = await currentUser(bearer(token));
    expect(after.statusCode).toBe(401);
    expect(envelope(after).code).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(again.statusCode).toBe(401);

    const audit = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.userId, demo.member.id), eq(auditEntries.action, 'auth.logout')));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('refuses a cookie-authenticated mutation without X-CZ-Client and changes nothing', async () => {
    const token = await signIn(t.app, 'demo', demo.member);
    const refused = await t.app.inject({ method: 'POST', url: '/api/logout', headers: cookie(token, false) });
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused).code).toBe(403);
    // Still signed in: the logout did not happen.
    expect((await currentUser(bearer(token))).statusCode).toBe(200);
    // GET reads need no header.
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/portal/user/getUserAuth',
      headers: cookie(token, false),
    });
    expect(get.statusCode).toBe(200);
  });

  it('ends a session after the idle timeout, and keeps an active one alive', async () => {
    const token = await signIn(t.app, 'demo', demo.member);
    t.clock.advance(20 * 60_000);
    expect((await currentUser(bearer(token))).statusCode).toBe(200);
    t.clock.advance(20 * 60_000);
    expect((await currentUser(bearer(token))).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await currentUser(bearer(token))).statusCode).toBe(401);
  });

  it('ends a session at the absolute limit even when it stays active', async () => {
    const token = await signIn(t.app, 'demo', demo.member);
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      t.clock.advance(20 * 60_000);
      expect((await currentUser(bearer(token))).statusCode, `after ${minutes} minutes`).toBe(200);
    }
    t.clock.advance(20 * 60_000);
    expect((await currentUser(bearer(token))).statusCode).toBe(401);
  });

  it('ends the sessions of a user who is disabled, with code 4004', async () => {
    const id = await insertUser(t.deps.db, {
      accountId: demo.id,
      username: 'soon_disabled',
      passwordHash: await t.deps.hasher.hash('Soon@2026pass'),
    });
    const token = await signIn(t.app, 'demo', { id, username: 'soon_disabled', password: 'Soon@2026pass' });
    await t.deps.db.update(users).set({ isEnabled: false }).where(eq(users.id, id));
    const res = await currentUser(bearer(token));
    expect(envelope(res).code).toBe(ErrorCode.sessionRevoked);
    const again = await currentUser(bearer(token));
    expect(envelope(again).code).toBe(ErrorCode.sessionRevoked);
  });

  it("refuses another account's accountId with 403 and answers only the session's account", async () => {
    const token = await signIn(t.app, 'demo', demo.admin);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/portal/account/getAccountDetail?accountId=${other.id}`,
      headers: bearer(token),
    });
    expect(detail.statusCode).toBe(403);
    expect(envelope(detail).data).toBeNull();
    const base = await t.app.inject({
      method: 'POST',
      url: '/api/portal/account/getAccountBaseInfo',
      headers: bearer(token),
      payload: { accountId: other.id },
    });
    expect(base.statusCode).toBe(403);
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/portal/user/getCurrentUser',
      headers: bearer(token),
      payload: { accountId: other.id },
    });
    expect(user.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/portal/account/getAccountDetail?accountId=${demo.id}`,
      headers: bearer(token),
    });
    expect(envelope<{ accountVo: { id: number } }>(own).data.accountVo.id).toBe(demo.id);
  });

  it('findCurrentUser answers the user of a live session, and `user: null` with code 0 without one', async () => {
    const find = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/portal/user/findCurrentUser', headers });
    const token = await signIn(t.app, 'demo', demo.member);
    const live = await find(cookie(token, false));
    expect(live.statusCode).toBe(200);
    expect(envelope<{ user: { id: number; accountName: string } }>(live).data.user).toMatchObject({
      id: demo.member.id,
      accountName: 'demo',
    });
    // No session, a token that does not exist, a signed-out one and one the server ended: the
    // same empty answer, never 401 (the login page asks this on every load).
    expect(envelope(await find({}))).toMatchObject({ code: 0, data: { user: null } });
    expect((await find({})).statusCode).toBe(200);
    expect(envelope(await find(bearer('not-a-real-token')))).toMatchObject({ code: 0, data: { user: null } });
    const id = await insertUser(t.deps.db, {
      accountId: demo.id,
      username: 'found_then_disabled',
      passwordHash: await t.deps.hasher.hash('Found@2026pass'),
    });
    const ended = await signIn(t.app, 'demo', {
      id,
      username: 'found_then_disabled',
      password: 'Found@2026pass',
    });
    await t.deps.db.update(users).set({ isEnabled: false }).where(eq(users.id, id));
    const revoked = await find(cookie(ended, false));
    expect(revoked.statusCode).toBe(200);
    expect(envelope(revoked)).toMatchObject({ code: 0, data: { user: null } });
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token), payload: {} });
    expect(envelope(await find(bearer(token)))).toMatchObject({ code: 0, data: { user: null } });
  });

  it('answers 401 without a session or with a token that does not exist', async () => {
    expect((await currentUser({})).statusCode).toBe(401);
    expect((await currentUser(bearer('not-a-real-token'))).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/portal/user/getUserAuth',
      headers: { 'cz-lang': 'en-US' },
    });
    expect(envelope(res)).toEqual({ code: 401, message: 'Session expired, please login again', data: null });
  });
});
