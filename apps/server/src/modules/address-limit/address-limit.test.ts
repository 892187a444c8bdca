/**
 * Limits per client address (decision 0012): sign-ins, code checks, recovery lookups and
 * registration from one address are asked for the image captcha after a few failures and blocked
 * for a short while after many, whatever names they try; other addresses go on as before.
 */
import { webcrypto } from 'node:crypto';
import { ErrorCode } from '@console/contract/codes';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, snapshotDatabase } from '../../../test/db-snapshot';
import {
  createTestApp,
  envelope,
  knownCaptcha,
  seedAccount,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { addressAttempts, auditEntries, users, verificationCodes } from '../../db/schema';
import { addressKeyOf, addressStateOf } from './address-limit.service';

const en = { 'cz-lang': 'en-US' };
const zh = { 'cz-lang': 'zh-CN' };

type TAnswer = { status: number; code: number; message: string; data: unknown; retryAfter: unknown };

function answerOf(res: LightMyRequestResponse): TAnswer {
  const body = envelope(res);
  return {
    status: res.statusCode,
    code: body.code,
    message: body.message,
    data: body.data,
    retryAfter: res.headers['retry-after'],
  };
}

async function addressRow(t: TTestApp, address: string, scope: string) {
  const rows = await t.deps.db
    .select()
    .from(addressAttempts)
    .where(and(eq(addressAttempts.address, address), eq(addressAttempts.scope, scope)));
  return rows[0] ?? null;
}

describe('addresses and their phases', () => {
  it('counts an IPv4 address as it is, IPv4-mapped ones as IPv4, and IPv6 addresses by their /64', () => {
    expect(addressKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKeyOf('2001:DB8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(addressKeyOf(null)).toBeNull();
    expect(addressKeyOf('')).toBeNull();
    expect(addressKeyOf('not an address')).toBeNull();
  });

  it('is clear, in the captcha phase, blocked, and back in the captcha phase for a window after a block', () => {
    const limits = {
      windowSeconds: 900,
      captchaAfterFailures: 10,
      blockAfterFailures: 100,
      blockSeconds: 300,
    };
    const now = new Date('2026-11-01T08:00:00Z');
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    expect(addressStateOf(null, now, limits)).toEqual({ phase: 'clear', retryAfterSeconds: 0 });
    const row = (failures: number, windowStartedAt: Date, blockedUntil: Date | null = null) => ({
      failures,
      windowStartedAt,
      blockedUntil,
    });
    expect(addressStateOf(row(9, ago(10)), now, limits).phase).toBe('clear');
    expect(addressStateOf(row(10, ago(10)), now, limits).phase).toBe('captcha');
    // A window that ended counts no more.
    expect(addressStateOf(row(99, ago(900)), now, limits).phase).toBe('clear');
    expect(addressStateOf(row(100, ago(60), ago(-240)), now, limits)).toEqual({
      phase: 'blocked',
      retryAfterSeconds: 240,
    });
    expect(addressStateOf(row(100, ago(60), ago(-0.2)), now, limits)).toEqual({
      phase: 'blocked',
      retryAfterSeconds: 1,
    });
    expect(addressStateOf(row(100, ago(1000), ago(899)), now, limits).phase).toBe('captcha');
    expect(addressStateOf(row(100, ago(2000), ago(900)), now, limits).phase).toBe('clear');
  });
});

describe('sign-in sprayed over many usernames from one address (behind a trusted proxy)', () => {
  let t: TTestApp;
  let demo: TSeededAccount;
  const sprayer = '203.0.113.10';
  const neighbour = '203.0.113.20';
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        TRUST_PROXY: '1',
        ADDRESS_LIMIT_WINDOW_SECONDS: '900',
        ADDRESS_CAPTCHA_AFTER_FAILURES: '10',
        ADDRESS_BLOCK_AFTER_FAILURES: '30',
        ADDRESS_BLOCK_SECONDS: '300',
      },
    });
    demo = await seedAccount(t.deps, 'demo');
  });
  afterAll(() => t.close());

  const signIn = (from: string, payload: Record<string, unknown>, headers: Record<string, string> = en) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...headers, 'x-forwarded-for': from },
      payload: { accountDisplayName: 'demo', ...payload },
    });
  const member = () => ({ username: demo.member.username, password: demo.member.password });

  it('asks for the captcha after 10 failures, still signs in with it, answers 429 after 30, and lets a neighbour be', async () => {
    // Forty usernames, two of them real, all with a wrong password.
    const names = Array.from({ length: 40 }, (_, i) =>
      i === 5 ? demo.admin.username : i === 15 ? demo.member.username : `sprayed_${i}`,
    );
    for (const [i, username] of names.slice(0, 10).entries()) {
      const body = envelope(await signIn(sprayer, { username, password: 'Wrong@2026pass' }));
      expect(body.code).toBe(ErrorCode.wrongPassword);
      // Each name failed once: only the address asks for the captcha, from its tenth failure on.
      expect(body.data).toEqual({
        current: 1,
        total: 5,
        exceed: false,
        lockRemainingSeconds: 0,
        captchaRequired: i + 1 >= 10,
      });
    }
    expect((await addressRow(t, sprayer, 'login'))?.failures).toBe(10);

    // In the captcha phase every sign-in from the address needs it, even the right password…
    const noCaptcha = envelope(await signIn(sprayer, member()));
    expect(noCaptcha).toMatchObject({ code: ErrorCode.captchaRequired, data: { captchaRequired: true } });
    const times = await t.app.inject({
      method: 'GET',
      url: `/api/portal/user/getPwdErrorTimes?accountDisplayName=demo&username=${demo.member.username}`,
      headers: { 'x-forwarded-for': sprayer },
    });
    expect(envelope(times).data).toMatchObject({ current: 0, captchaRequired: true });
    // …and with a right one the right password signs in, which does not relieve the count.
    const signedIn = envelope<{ token: string }>(
      await signIn(sprayer, { ...member(), ...(await knownCaptcha(t.deps)) }),
    );
    expect(signedIn.code).toBe(0);
    expect(signedIn.data.token).toBeTruthy();
    expect((await addressRow(t, sprayer, 'login'))?.failures).toBe(10);

    // The neighbour behind another address signs in without a captcha meanwhile.
    expect(envelope(await signIn(neighbour, member())).code).toBe(0);
    const neighbourTimes = await t.app.inject({
      method: 'GET',
      url: `/api/portal/user/getPwdErrorTimes?accountDisplayName=demo&username=${demo.member.username}`,
      headers: { 'x-forwarded-for': neighbour },
    });
    expect(envelope(neighbourTimes).data).toMatchObject({ captchaRequired: false });

    for (const [i, username] of names.slice(10).entries()) {
      const failures = 11 + i;
      const res = await signIn(sprayer, {
        username,
        password: 'Wrong@2026pass',
        ...(await knownCaptcha(t.deps)),
      });
      const answer = answerOf(res);
      if (failures < 30) {
        expect(answer).toMatchObject({ status: 200, code: ErrorCode.wrongPassword });
        expect(answer.data).toMatchObject({ captchaRequired: true, exceed: false });
      } else if (failures === 30) {
        // The thirtieth failure starts the block, and is answered with it.
        expect(answer).toEqual({
          status: 429,
          code: ErrorCode.tooManyRequests,
          message:
            'Too many failed attempts from your network address. For your security, try again in 300 s.',
          data: { retryAfterSeconds: 300 },
          retryAfter: '300',
        });
      } else {
        // Blocked: refused before any password is checked, whatever the name.
        expect(answer).toMatchObject({ status: 429, retryAfter: '300', data: { retryAfterSeconds: 300 } });
      }
    }
    expect((await addressRow(t, sprayer, 'login'))?.failures).toBe(30);

    // Blocked, even the right password with a right captcha; in the user's language.
    const blocked = answerOf(await signIn(sprayer, { ...member(), ...(await knownCaptcha(t.deps)) }, zh));
    expect(blocked).toEqual({
      status: 429,
      code: ErrorCode.tooManyRequests,
      message: '您所在网络地址的失败尝试次数过多，为保障安全，请 300 秒后再试。',
      data: { retryAfterSeconds: 300 },
      retryAfter: '300',
    });
    // The neighbour still signs in, and its failures count on its own address only.
    expect(envelope(await signIn(neighbour, member())).code).toBe(0);
    const neighbourFailure = envelope(
      await signIn(neighbour, { username: 'someone', password: 'Wrong@2026' }),
    );
    expect(neighbourFailure).toMatchObject({
      code: ErrorCode.wrongPassword,
      data: { captchaRequired: false },
    });

    // The block ends after ADDRESS_BLOCK_SECONDS.
    t.clock.advance(299_000);
    expect(answerOf(await signIn(sprayer, member()))).toMatchObject({ status: 429, retryAfter: '1' });
    t.clock.advance(1_000);
    // Then the address is in the captcha phase again: the right password with the captcha signs in.
    expect(envelope(await signIn(sprayer, member())).code).toBe(ErrorCode.captchaRequired);
    expect(envelope(await signIn(sprayer, { ...member(), ...(await knownCaptcha(t.deps)) })).code).toBe(0);

    // Another block needs as many failures again as the first (from 10 to 30): not a single one.
    for (let i = 0; i < 20; i += 1) {
      const answer = answerOf(
        await signIn(sprayer, {
          username: `again_${i}`,
          password: 'Wrong@2026pass',
          ...(await knownCaptcha(t.deps)),
        }),
      );
      expect(answer.code).toBe(i < 19 ? ErrorCode.wrongPassword : ErrorCode.tooManyRequests);
    }

    // A window after the second block ended, the address is clear.
    t.clock.advance(300_000 + 900_000);
    const clear = envelope(await signIn(sprayer, { username: 'fresh_name', password: 'Wrong@2026pass' }));
    expect(clear).toMatchObject({ code: ErrorCode.wrongPassword, data: { captchaRequired: false } });
    expect(envelope(await signIn(sprayer, member())).code).toBe(0);
  });

  it('changes nothing but the named account’s audit log when it refuses a blocked address', async () => {
    const blockedAt = '203.0.113.30';
    for (let i = 0; i < 30; i += 1) {
      await signIn(blockedAt, {
        accountDisplayName: 'nosuchaccount',
        username: `user_${i}`,
        password: 'Wrong@2026pass',
        ...(i >= 10 ? await knownCaptcha(t.deps) : {}),
      });
    }
    const row = await addressRow(t, blockedAt, 'login');
    expect(row?.blockedUntil?.getTime()).toBe(t.clock.now().getTime() + 300_000);

    const captcha = await knownCaptcha(t.deps);
    const before = await snapshotDatabase(t.deps.database);
    const unknown = await signIn(blockedAt, {
      accountDisplayName: 'nosuchaccount',
      username: 'someone',
      password: 'Wrong@2026pass',
      ...captcha,
    });
    expect(unknown.statusCode).toBe(429);
    // Not even the captcha was spent, nor the address's count touched.
    expect(changedTables(before, await snapshotDatabase(t.deps.database))).toEqual([]);
    expect(await addressRow(t, blockedAt, 'login')).toEqual(row);

    const known = await signIn(blockedAt, { ...member(), ...captcha });
    expect(known.statusCode).toBe(429);
    expect(changedTables(before, await snapshotDatabase(t.deps.database))).toEqual([
      'audit_chain_heads',
      'audit_entries',
    ]);
    const [entry] = await t.deps.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.accountId, demo.id))
      .orderBy(asc(auditEntries.id))
      .then((rows) => rows.slice(-1));
    expect(entry).toMatchObject({
      action: 'auth.login',
      status: 0,
      username: demo.member.username,
      userId: demo.member.id,
      ip: blockedAt,
      info: { reason: 'address_blocked' },
    });
    expect(await addressRow(t, blockedAt, 'login')).toEqual(row);
  });
});

describe('tight limits (captcha after 2 failures, block after 4 for 60 s, no trusted proxy)', () => {
  let t: TTestApp;
  let demo: TSeededAccount;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ADDRESS_LIMIT_WINDOW_SECONDS: '600',
        ADDRESS_CAPTCHA_AFTER_FAILURES: '2',
        ADDRESS_BLOCK_AFTER_FAILURES: '4',
        ADDRESS_BLOCK_SECONDS: '60',
        FEATURE_MARKETPLACE_REGISTER: '1',
      },
    });
    demo = await seedAccount(t.deps, 'demo');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...en, ...headers }, remoteAddress });
  const latestCode = async (to: string) =>
    String(
      envelope<{ list: { code: string }[] }>(
        await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
      ).data.list[0]?.code,
    );
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
  const failedEntries = (accountId: number, afterId: number) =>
    t.deps.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.accountId, accountId), gt(auditEntries.id, afterId), eq(auditEntries.status, 0)),
      )
      .orderBy(asc(auditEntries.id));
  const lastAuditId = async () =>
    Math.max(0, ...(await t.deps.db.select({ id: auditEntries.id }).from(auditEntries)).map((r) => r.id));

  describe('sign-in', () => {
    it('answers existing and unknown names alike, step by step, and audits blocks in the named account', async () => {
      const targets = [
        { account: 'demo', username: demo.member.username, address: '198.51.100.11' },
        { account: 'demo', username: 'nobody_here', address: '198.51.100.12' },
        { account: 'nosuchaccount', username: 'whoever_1', address: '198.51.100.13' },
      ];
      const firstId = await lastAuditId();
      const sequences: TAnswer[][] = [];
      for (const target of targets) {
        const attempt = async (captcha: boolean) =>
          answerOf(
            await post(
              '/api/login',
              {
                accountDisplayName: target.account,
                username: target.username,
                password: 'Wrong@2026pass',
                ...(captcha ? await knownCaptcha(t.deps) : {}),
              },
              target.address,
            ),
          );
        sequences.push([
          await attempt(false),
          await attempt(false),
          await attempt(false),
          await attempt(true),
          await attempt(true),
          await attempt(true),
        ]);
      }
      expect(sequences[1]).toEqual(sequences[0]);
      expect(sequences[2]).toEqual(sequences[0]);
      expect(sequences[0]?.map((a) => a.code)).toEqual([
        ErrorCode.wrongPassword,
        ErrorCode.wrongPassword,
        ErrorCode.captchaRequired,
        ErrorCode.wrongPassword,
        ErrorCode.tooManyRequests,
        ErrorCode.tooManyRequests,
      ]);
      expect(sequences[0]?.[1]?.data).toMatchObject({ current: 2, captchaRequired: true });
      expect(sequences[0]?.[5]).toMatchObject({ status: 429, retryAfter: '60' });

      // In the existing account: the failures, the one that started the block, and the refusal.
      const entries = await failedEntries(demo.id, firstId);
      const reasonsOf = (username: string) =>
        entries.filter((e) => e.username === username).map((e) => e.info as Record<string, unknown>);
      for (const username of [demo.member.username, 'nobody_here']) {
        expect(reasonsOf(username)).toEqual([
          { reason: 'wrong_password', failures: 1, locked: false },
          { reason: 'wrong_password', failures: 2, locked: false },
          { reason: 'captcha' },
          { reason: 'wrong_password', failures: 3, locked: false },
          { reason: 'wrong_password', failures: 4, locked: false, addressBlocked: true },
          { reason: 'address_blocked' },
        ]);
      }
      // A name of no account has no account log to write to.
      expect(entries.filter((e) => e.username === 'whoever_1')).toEqual([]);
    });

    it('follows the socket address when no proxy is trusted: X-Forwarded-For does not get around a block', async () => {
      const address = '198.51.100.14';
      for (let i = 0; i < 4; i += 1) {
        await post(
          '/api/login',
          {
            accountDisplayName: 'demo',
            username: `x_${i}`,
            password: 'Wrong@2026pass',
            ...(i >= 2 ? await knownCaptcha(t.deps) : {}),
          },
          address,
          { 'x-forwarded-for': `192.0.2.${i}` },
        );
      }
      expect((await addressRow(t, address, 'login'))?.failures).toBe(4);
      expect(await addressRow(t, '192.0.2.1', 'login')).toBeNull();
      const res = await post(
        '/api/login',
        { accountDisplayName: 'demo', username: demo.admin.username, password: demo.admin.password },
        address,
        { 'x-forwarded-for': '192.0.2.77' },
      );
      expect(res.statusCode).toBe(429);
    });

    it('counts wrong second-step codes on the address too, and refuses the second step while blocked', async () => {
      const address = '198.51.100.15';
      await t.deps.db
        .update(users)
        .set({ mfaEnabled: true, mfaMethod: 'PHONE' })
        .where(eq(users.id, demo.admin.id));
      try {
        const payload = {
          accountDisplayName: 'demo',
          username: demo.admin.username,
          password: demo.admin.password,
        };
        const first = envelope<{ uniqueId: string; publicKey: string }>(
          await post('/api/login', payload, address),
        );
        expect(first.code).toBe(0);
        const key = await webcrypto.subtle.importKey(
          'spki',
          Buffer.from(first.data.publicKey, 'base64'),
          { name: 'RSA-OAEP', hash: 'SHA-256' },
          false,
          ['encrypt'],
        );
        const encrypted = async (code: string) =>
          Buffer.from(
            await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(code)),
          ).toString('base64');
        const step = async (code: string) =>
          answerOf(
            await post(
              '/api/login',
              {
                ...payload,
                uniqueId: first.data.uniqueId,
                code: await encrypted(code),
                mfaMethodType: 'PHONE',
              },
              address,
            ),
          );
        // The captcha phase does not apply to the second step (the password step passed it).
        expect((await step('000000')).code).toBe(ErrorCode.codeMismatch);
        expect((await step('000000')).code).toBe(ErrorCode.codeMismatch);
        expect((await step('000000')).code).toBe(ErrorCode.codeMismatch);
        expect(await step('000000')).toMatchObject({ status: 429, retryAfter: '60' });
        expect(await step('123456')).toMatchObject({ status: 429, retryAfter: '60' });
        expect((await addressRow(t, address, 'login'))?.failures).toBe(4);
      } finally {
        await t.deps.db
          .update(users)
          .set({ mfaEnabled: false, mfaMethod: null })
          .where(eq(users.id, demo.admin.id));
      }
    });
  });

  describe('code checks', () => {
    it('need the captcha after 2 wrong codes, answer 429 after 4 (audited), and let another address check', async () => {
      const address = '198.51.100.21';
      const other = '198.51.100.22';
      const target = `authCodeType=SMS&accountId=${demo.id}&userId=${demo.admin.id}`;
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/portal/common/sendAuthCode?${target}`,
        headers: { ...en, authmethod: 'FIND_PASSWORD' },
        remoteAddress: other,
      });
      expect(envelope(sent).code).toBe(0);
      const code = await latestCode('+86 13800000000');
      const check = (from: string, value: string, captcha?: { captchaId: string; captchaCode: string }) =>
        t.app.inject({
          method: 'POST',
          url: `/api/portal/common/checkAuthCode?${target}${
            captcha ? `&captchaId=${captcha.captchaId}&captchaCode=${captcha.captchaCode}` : ''
          }`,
          headers: { ...en, authmethod: 'FIND_PASSWORD', authcode: value },
          remoteAddress: from,
        });
      const firstId = await lastAuditId();

      expect(envelope(await check(address, otherThan(code)))).toMatchObject({
        code: ErrorCode.codeMismatch,
        data: { remainingAttempts: 4 },
      });
      expect(envelope(await check(address, otherThan(code))).code).toBe(ErrorCode.codeMismatch);
      // The captcha phase: without one, or with a wrong one, nothing is checked.
      expect(envelope(await check(address, otherThan(code))).code).toBe(ErrorCode.captchaRequired);
      const wrong = await knownCaptcha(t.deps, 'abcd');
      expect(envelope(await check(address, code, { ...wrong, captchaCode: 'zzzz' })).code).toBe(
        ErrorCode.captchaInvalid,
      );
      expect(envelope(await check(address, otherThan(code), await knownCaptcha(t.deps)))).toMatchObject({
        code: ErrorCode.codeMismatch,
        data: { remainingAttempts: 2 },
      });
      const blocking = answerOf(await check(address, otherThan(code), await knownCaptcha(t.deps)));
      expect(blocking).toMatchObject({ status: 429, retryAfter: '60', data: { retryAfterSeconds: 60 } });

      // Blocked: not even the right code is checked (the code keeps its attempts).
      const [codeRow] = await t.deps.db
        .select()
        .from(verificationCodes)
        .orderBy(asc(verificationCodes.id))
        .then((rows) => rows.slice(-1));
      expect(answerOf(await check(address, code, await knownCaptcha(t.deps)))).toMatchObject({ status: 429 });
      const phoneCheck = await post(
        '/api/portal/common/checkPhoneAuthCode',
        { phone: '13800000000', authMethod: 'FIND_PASSWORD', code },
        address,
      );
      expect(phoneCheck.statusCode).toBe(429);
      expect(
        (
          await t.deps.db
            .select()
            .from(verificationCodes)
            .where(eq(verificationCodes.id, Number(codeRow?.id)))
        )[0],
      ).toEqual(codeRow);

      // The account of the target's user learns of the block and of the refusal.
      const entries = await failedEntries(demo.id, firstId);
      expect(entries.map((e) => [e.action, e.objectType, e.objectName, e.ip, e.info])).toEqual([
        [
          'verification.check',
          'phone',
          '+86 138****0000',
          address,
          { purpose: 'FIND_PASSWORD', reason: 'wrong_code', failures: 4, addressBlocked: true },
        ],
        [
          'verification.check',
          'phone',
          '+86 138****0000',
          address,
          { purpose: 'FIND_PASSWORD', reason: 'address_blocked' },
        ],
      ]);

      // Another address checks the right code meanwhile.
      const elsewhere = envelope<{ checkToken: string }>(await check(other, code));
      expect(elsewhere.code).toBe(0);
      expect(elsewhere.data.checkToken).toBeTruthy();

      // After the block, the address checks a new code with the captcha.
      t.clock.advance(60_000);
      const resent = await t.app.inject({
        method: 'POST',
        url: `/api/portal/common/sendAuthCode?${target}&captchaId=${(await knownCaptcha(t.deps)).captchaId}&captchaCode=wxyz`,
        headers: { ...en, authmethod: 'FIND_PASSWORD' },
        remoteAddress: other,
      });
      expect(envelope(resent).code).toBe(0);
      const next = await latestCode('+86 13800000000');
      expect(envelope(await check(address, next)).code).toBe(ErrorCode.captchaRequired);
      expect(envelope(await check(address, next, await knownCaptcha(t.deps))).code).toBe(0);
    });
  });

  describe('recovery lookups', () => {
    it('count every reset lookup alike (found or not): captcha after 2, 429 after 4', async () => {
      const address = '198.51.100.31';
      const lookup = (username: string) =>
        post('/api/portal/user/getUserByUsername', { accountName: 'demo', username }, address).then(answerOf);
      const lookupWith = async (username: string) =>
        answerOf(
          await post(
            '/api/portal/user/getUserByUsername',
            { accountName: 'demo', username, ...(await knownCaptcha(t.deps)) },
            address,
          ),
        );
      expect((await lookup(demo.admin.username)).code).toBe(0);
      expect((await lookup('nobody_here')).code).toBe(0);
      const [known, unknown] = [await lookup(demo.admin.username), await lookup('nobody_here')];
      expect(known).toEqual(unknown);
      expect(known).toMatchObject({ code: ErrorCode.captchaRequired, data: { captchaRequired: true } });
      expect((await lookupWith(demo.admin.username)).code).toBe(0);
      // The fourth lookup is answered, and blocks the address for the next ones.
      expect((await lookupWith('nobody_here')).code).toBe(0);
      const [knownBlocked, unknownBlocked] = [
        await lookupWith(demo.admin.username),
        await lookupWith('nobody_here'),
      ];
      expect(knownBlocked).toEqual(unknownBlocked);
      expect(knownBlocked).toMatchObject({ status: 429, retryAfter: '60' });
      // The lookups by a verified code share the limit.
      const found = await post(
        '/api/portal/account/findAccount',
        { registerData: '13800000000', registerType: 'phone' },
        address,
        { authcodetoken: 'no-such-token', authcodetype: 'SMS' },
      );
      expect(found.statusCode).toBe(429);
      t.clock.advance(60_000);
      expect((await lookup(demo.admin.username)).code).toBe(ErrorCode.captchaRequired);
      expect((await lookupWith(demo.admin.username)).code).toBe(0);
    });

    it('count refused proofs of the account and username lookups, and still find with a real one after the block', async () => {
      const address = '198.51.100.32';
      const find = (token: string) =>
        post(
          '/api/portal/account/findAccount',
          { registerData: '13800000000', registerType: 'phone' },
          address,
          { authcodetoken: token, authcodetype: 'SMS' },
        ).then(answerOf);
      expect((await find('no-such-token')).code).toBe(ErrorCode.verificationFailed);
      expect((await find('no-such-token')).code).toBe(ErrorCode.verificationFailed);
      // A lookup by a verified code carries no captcha: the code check before it had the captcha phase.
      expect((await find('no-such-token')).code).toBe(ErrorCode.verificationFailed);
      const usernames = await post(
        '/api/portal/user/getUsernamesByPhoneOrEmail',
        { accountName: 'demo', registerData: '13800000000', registerType: 'phone' },
        address,
        { authcodetoken: 'no-such-token', authcodetype: 'SMS' },
      );
      expect(answerOf(usernames)).toMatchObject({ status: 429, retryAfter: '60' });
      expect((await find('no-such-token')).status).toBe(429);

      // A real proof, verified from elsewhere, serves once the block ended.
      const elsewhere = '198.51.100.33';
      t.clock.advance(61_000);
      await post(
        '/api/portal/common/sendPhoneAuthCode',
        { phone: '13800000000', authMethod: 'FIND_ACCOUNT_FORM' },
        elsewhere,
      );
      const checked = envelope<{ checkToken: string }>(
        await post(
          '/api/portal/common/checkPhoneAuthCode',
          {
            phone: '13800000000',
            authMethod: 'FIND_ACCOUNT_FORM',
            code: await latestCode('+86 13800000000'),
          },
          elsewhere,
        ),
      );
      expect(checked.code).toBe(0);
      const accounts = await find(checked.data.checkToken);
      expect(accounts).toMatchObject({ code: 0, data: [{ name: 'demo' }] });
    });
  });

  describe('registration', () => {
    const registration = async (from: string, fields: Record<string, unknown>) => {
      const phone = String(fields.phone);
      const other = '198.51.100.49';
      await post(
        '/api/portal/common/sendAuthCodeForUnregistered',
        { authCodeType: 'SMS', phone, authMethod: 'REGISTER_FORM' },
        other,
      );
      const checked = envelope<{ checkToken: string }>(
        await post(
          '/api/portal/common/checkPhoneAuthCode',
          { phone, authMethod: 'REGISTER_FORM', code: await latestCode(`+86 ${phone}`) },
          other,
        ),
      );
      const captcha = await knownCaptcha(t.deps);
      return post(
        '/api/portal/account/createAccount',
        { agreement: true, captchaId: captcha.captchaId, captcheCode: captcha.captchaCode, ...fields },
        from,
        { authcodetoken: checked.data.checkToken, authcodetype: 'SMS' },
      ).then(answerOf);
    };

    it('blocks an address guessing invite codes for 60 s, then registers from it', async () => {
      const address = '198.51.100.41';
      const fields = (i: number) => ({
        username: `founder_${i}`,
        password: 'Founder@2026',
        phone: `1391234560${i}`,
        inviteCode: `GUESS${i}`,
      });
      for (let i = 1; i <= 3; i += 1) {
        expect((await registration(address, fields(i))).code).toBe(ErrorCode.inviteCodeInvalid);
      }
      expect(await registration(address, fields(4))).toMatchObject({
        status: 429,
        retryAfter: '60',
        data: { retryAfterSeconds: 60 },
      });
      const { inviteCode: _guess, ...valid } = fields(5);
      const captcha = await knownCaptcha(t.deps);
      const before = await snapshotDatabase(t.deps.database);
      const refused = await post(
        '/api/portal/account/createAccount',
        { agreement: true, captchaId: captcha.captchaId, captcheCode: captcha.captchaCode, ...valid },
        address,
        { authcodetoken: 'whatever', authcodetype: 'SMS' },
      );
      expect(refused.statusCode).toBe(429);
      // Refused before anything: not even the captcha was spent.
      expect(changedTables(before, await snapshotDatabase(t.deps.database))).toEqual([]);
      t.clock.advance(60_000);
      expect(await registration(address, valid)).toMatchObject({
        code: 0,
        data: { displayName: expect.any(String) },
      });
    });

    it('counts marketplace tokens that do not resolve on the same address', async () => {
      const address = '198.51.100.42';
      const checkToken = () =>
        t.app
          .inject({
            method: 'GET',
            url: '/api/portal/account/checkAwsMktToken?awsMktToken=forged',
            headers: en,
            remoteAddress: address,
          })
          .then(answerOf);
      for (let i = 0; i < 3; i += 1)
        expect((await checkToken()).code).toBe(ErrorCode.marketplaceTokenInvalid);
      expect(await checkToken()).toMatchObject({ status: 429, retryAfter: '60' });
      expect(await checkToken()).toMatchObject({ status: 429 });
    });
  });
});
