import { webcrypto } from 'node:crypto';
import { ErrorCode } from '@console/contract/codes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  knownCaptcha,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TSeededUser,
  type TTestApp,
} from '../../../test/harness';
import { auditEntries, users } from '../../db/schema';
import { totpCode } from '../../lib/totp';
import { insertUser } from '../user/user.repository';

/** What the browser does: RSA-OAEP with SHA-256 through Web Crypto, base64. */
async function encrypt(publicKey: string, code: string): Promise<string> {
  const key = await webcrypto.subtle.importKey(
    'spki',
    Buffer.from(publicKey, 'base64'),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const data = await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(code));
  return Buffer.from(data).toString('base64');
}

type TLoginData = {
  token: string | null;
  uniqueId: string | null;
  publicKey: string | null;
  mfaStatus: { enable: boolean; phone: string | null; email: string | null; gaAlreadyBinding: boolean };
};
type TBind = {
  initialCode: string;
  otpauthUri: string;
  qrCode: string;
  publicKey: string;
  uniqueId: string;
  label: string;
};

const en = { 'cz-lang': 'en-US' };

function loginPayload(user: TSeededUser, extra: Record<string, unknown> = {}) {
  return { accountDisplayName: 'demo', username: user.username, password: user.password, ...extra };
}

describe('international edition: authenticator app', () => {
  let t: TTestApp;
  let demo: TSeededAccount;
  beforeAll(async () => {
    t = await createTestApp({ env: { EDITION: 'international' } });
    demo = await seedAccount(t.deps, 'demo');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...en, ...headers } });
  const login = (user: TSeededUser, extra: Record<string, unknown> = {}) =>
    post('/api/login', loginPayload(user, extra));
  const secondStep = async (
    user: TSeededUser,
    first: TLoginData,
    code: string,
    extra: Record<string, unknown> = {},
  ) =>
    login(user, {
      uniqueId: first.uniqueId,
      code: await encrypt(String(first.publicKey), code),
      authMethod: 'MFA_LOGIN',
      mfaMethodType: 'GA',
      ...extra,
    });

  let secret = '';

  it('binds an authenticator: secret as otpauth URI, QR code and text, switched on only by a right code', async () => {
    const token = await signIn(t.app, 'demo', demo.admin);
    const started = envelope<TBind>(
      await post('/api/portal/mfa/getMfaCode', { mfaMethodType: 'GA' }, bearer(token)),
    );
    expect(started.code).toBe(0);
    secret = started.data.initialCode;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.data.otpauthUri).toContain(`secret=${secret}`);
    expect(started.data.label).toBe('admin_demo@demo');
    expect(started.data.qrCode).toMatch(/^data:image\/png;base64,/);
    // Nothing is switched on yet, and the pending secret is sealed.
    const row = (await t.deps.db.select().from(users).where(eq(users.id, demo.admin.id)))[0];
    expect(row).toMatchObject({ mfaEnabled: false, totpSecret: null });

    const now = t.clock.now();
    const wrong = totpCode(secret, new Date(now.getTime() + 5 * 60_000));
    const refused = envelope(
      await post(
        '/api/portal/mfa/modifyMfaStatus',
        {
          enable: true,
          mfaMethodType: 'GA',
          uniqueId: started.data.uniqueId,
          code: await encrypt(started.data.publicKey, wrong),
        },
        bearer(token),
      ),
    );
    expect(refused).toMatchObject({ code: ErrorCode.codeMismatch, data: { remainingAttempts: 4 } });

    const enabled = envelope<{ enable: boolean; mfaMethodType: string; gaAlreadyBinding: boolean }>(
      await post(
        '/api/portal/mfa/modifyMfaStatus',
        {
          enable: true,
          mfaMethodType: 'GA',
          uniqueId: started.data.uniqueId,
          code: await encrypt(started.data.publicKey, totpCode(secret, now)),
        },
        bearer(token),
      ),
    );
    expect(enabled).toMatchObject({
      code: 0,
      data: { enable: true, mfaMethodType: 'GA', gaAlreadyBinding: true },
    });
    const stored = (await t.deps.db.select().from(users).where(eq(users.id, demo.admin.id)))[0];
    expect(stored?.totpSecret).toMatch(/^v1:/);
    expect(stored?.totpSecret).not.toContain(secret);
    expect(t.deps.secrets.open(String(stored?.totpSecret))).toBe(secret);
    const audit = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.userId, demo.admin.id), eq(auditEntries.action, 'mfa.enable')));
    expect(audit).toHaveLength(1);

    // A bound user cannot start another binding without verifying identity (resetMfaCode).
    expect(
      envelope(await post('/api/portal/mfa/getMfaCode', { mfaMethodType: 'GA' }, bearer(token))).code,
    ).toBe(ErrorCode.gaAlreadyBound);
  });

  it('asks for the second step at sign-in, and refuses a code already used', async () => {
    const first = envelope<TLoginData>(await login(demo.admin));
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ token: null, mfaStatus: { enable: true, gaAlreadyBinding: true } });
    expect(first.data.uniqueId).toBeTruthy();
    expect(first.data.publicKey).toBeTruthy();
    // The code of the step used to bind serves once.
    const reused = envelope(await secondStep(demo.admin, first.data, totpCode(secret, t.clock.now())));
    expect(reused.code).toBe(ErrorCode.codeAlreadyUsed);

    t.clock.advance(30_000);
    const done = await secondStep(demo.admin, first.data, totpCode(secret, t.clock.now()));
    const body = envelope<{ token: string; userVo: { name: string } }>(done);
    expect(body.code).toBe(0);
    expect(body.data.userVo.name).toBe('admin_demo');
    expect(String(done.headers['set-cookie'])).toContain(`cz_token=${body.data.token}`);
    // The session records the second step it passed (the user's list of sessions shows it).
    const mine = envelope<{ list: { isCurrent: boolean; method: string }[] }>(
      await t.app.inject({ url: '/api/portal/user/sessions', headers: bearer(body.data.token) }),
    );
    expect(mine.data.list.find((s) => s.isCurrent)?.method).toBe('password_ga');
    // The sign-in's challenge is spent.
    t.clock.advance(30_000);
    expect(envelope(await secondStep(demo.admin, first.data, totpCode(secret, t.clock.now()))).code).toBe(
      ErrorCode.challengeExpired,
    );
  });

  it('gives no session and no cookie at the first step', async () => {
    const res = await login(demo.admin);
    expect(envelope<TLoginData>(res).data.token).toBeNull();
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 4092 for an undecryptable code, 4095 for wrong ones and ends the sign-in with 4096 at the fifth', async () => {
    const first = envelope<TLoginData>(await login(demo.admin)).data;
    const garbage = await login(demo.admin, {
      uniqueId: first.uniqueId,
      code: 'bm90IGVuY3J5cHRlZA==',
      mfaMethodType: 'GA',
    });
    expect(envelope(garbage)).toMatchObject({
      code: ErrorCode.mfaDecryptFailed,
      message: 'Decryption failed',
    });
    for (let i = 0; i < 3; i += 1) {
      expect(envelope(await secondStep(demo.admin, first, '000000')).code).toBe(ErrorCode.codeMismatch);
    }
    expect(envelope(await secondStep(demo.admin, first, '000000')).code).toBe(ErrorCode.tooManyVerifications);
    // Five wrong codes also lock the sign-in name for a minute, like five wrong passwords.
    expect(envelope(await login(demo.admin)).code).toBe(ErrorCode.wrongPassword);
    t.clock.advance(61_000);
    const right = totpCode(secret, t.clock.now());
    expect(envelope(await secondStep(demo.admin, first, right)).code).toBe(ErrorCode.challengeExpired);
  });

  it('counts wrong codes across sign-ins, so that new challenges do not reset the guessing', async () => {
    const a = envelope<TLoginData>(await login(demo.admin)).data;
    for (let i = 0; i < 3; i += 1)
      expect(envelope(await secondStep(demo.admin, a, '000000')).code).toBe(ErrorCode.codeMismatch);
    // After three failures the password step needs a captcha; the right password does not clear the count.
    expect(envelope(await login(demo.admin)).code).toBe(ErrorCode.captchaRequired);
    const b = envelope<TLoginData>(await login(demo.admin, await knownCaptcha(t.deps))).data;
    expect(b.uniqueId).toBeTruthy();
    expect(envelope(await secondStep(demo.admin, b, '000000')).code).toBe(ErrorCode.codeMismatch);
    expect(envelope(await secondStep(demo.admin, b, '000000')).code).toBe(ErrorCode.codeMismatch);
    // Five in all: locked, even for the right code.
    t.clock.advance(30_000);
    expect(envelope(await secondStep(demo.admin, b, totpCode(secret, t.clock.now()))).code).toBe(
      ErrorCode.tooManyVerifications,
    );
    t.clock.advance(61_000);
    const c = envelope<TLoginData>(await login(demo.admin)).data;
    const done = envelope<{ token: string }>(
      await secondStep(demo.admin, c, totpCode(secret, t.clock.now())),
    );
    expect(done.code).toBe(0);
    const times = await t.app.inject(
      `/api/portal/user/getPwdErrorTimes?accountDisplayName=demo&username=admin_demo`,
    );
    expect(envelope(times).data).toMatchObject({ current: 0, exceed: false });
  });

  it('answers 4160 for an expired sign-in and for another user’s sign-in', async () => {
    const first = envelope<TLoginData>(await login(demo.admin)).data;
    const other = await secondStep(demo.member, first, totpCode(secret, t.clock.now()));
    expect(envelope(other).code).toBe(ErrorCode.challengeExpired);
    t.clock.advance(10 * 60_000 + 1_000);
    const late = envelope(await secondStep(demo.admin, first, totpCode(secret, t.clock.now())));
    expect(late).toMatchObject({
      code: ErrorCode.challengeExpired,
      message: 'Verification failed: this sign-in has expired. Log in again.',
    });
  });

  it('an administrator requires protection for everyone; a user without it binds during sign-in', async () => {
    const memberToken = await signIn(t.app, 'demo', demo.member);
    expect(envelope(await post('/api/portal/mfa/policy', { required: true }, bearer(memberToken))).code).toBe(
      ErrorCode.notAccountAdmin,
    );
    t.clock.advance(30_000);
    const first = envelope<TLoginData>(await login(demo.admin)).data;
    const adminToken = envelope<{ token: string }>(
      await secondStep(demo.admin, first, totpCode(secret, t.clock.now())),
    ).data.token;
    // Requiring it needs the administrator's own second step in the same request
    // (mfa-policy.test.ts has the whole rule): the app's current code under a status challenge.
    expect(envelope(await post('/api/portal/mfa/policy', { required: true }, bearer(adminToken))).code).toBe(
      ErrorCode.mfaEnforcementProofRequired,
    );
    const proof = envelope<{ uniqueId: string; publicKey: string }>(
      await post('/api/portal/mfa/challenge', {}, bearer(adminToken)),
    ).data;
    t.clock.advance(30_000);
    expect(
      envelope(
        await post(
          '/api/portal/mfa/policy',
          {
            required: true,
            uniqueId: proof.uniqueId,
            code: await encrypt(proof.publicKey, totpCode(secret, t.clock.now())),
          },
          bearer(adminToken),
        ),
      ),
    ).toMatchObject({
      code: 0,
      data: { required: true, enforcement: { isPossible: true, usersToSetUp: 1, proof: 'GA' } },
    });

    const step = envelope<TLoginData>(await login(demo.member)).data;
    expect(step).toMatchObject({ token: null, mfaStatus: { enable: true, gaAlreadyBinding: false } });
    // Binding during sign-in is reached with the sign-in's id, without a session.
    const bind = envelope<TBind>(
      await post('/api/portal/mfa/getMfaCode', {
        accountName: 'demo',
        userName: demo.member.username,
        uniqueId: step.uniqueId,
      }),
    );
    expect(bind.code).toBe(0);
    expect(bind.data.uniqueId).toBe(step.uniqueId);
    const wrongName = await post('/api/portal/mfa/getMfaCode', {
      accountName: 'demo',
      userName: 'admin_demo',
      uniqueId: step.uniqueId,
    });
    expect(envelope(wrongName).code).toBe(ErrorCode.verificationFailed);

    const done = envelope<{ token: string }>(
      await secondStep(demo.member, step, totpCode(bind.data.initialCode, t.clock.now()), {
        isMfaReset: true,
      }),
    );
    expect(done.code).toBe(0);
    const status = envelope<{ enable: boolean; gaAlreadyBinding: boolean; accountRequired: boolean }>(
      await t.app.inject({ url: '/api/portal/mfa/status', headers: bearer(done.data.token) }),
    );
    expect(status.data).toMatchObject({ enable: true, gaAlreadyBinding: true, accountRequired: true });

    // While the account requires it, protection cannot be turned off.
    const challenge = envelope<{ uniqueId: string; publicKey: string }>(
      await post('/api/portal/mfa/challenge', {}, bearer(done.data.token)),
    ).data;
    t.clock.advance(30_000);
    const off = await post(
      '/api/portal/mfa/modifyMfaStatus',
      {
        enable: false,
        mfaMethodType: 'GA',
        uniqueId: challenge.uniqueId,
        code: await encrypt(challenge.publicKey, totpCode(bind.data.initialCode, t.clock.now())),
      },
      bearer(done.data.token),
    );
    expect(envelope(off)).toMatchObject({ code: ErrorCode.mfaRequiredByAccount });
    expect(envelope(off).message).toContain('requires login protection');

    await post('/api/portal/mfa/policy', { required: false }, bearer(adminToken));
    const turnedOff = envelope<{ enable: boolean }>(
      await post(
        '/api/portal/mfa/modifyMfaStatus',
        {
          enable: false,
          mfaMethodType: 'GA',
          uniqueId: challenge.uniqueId,
          code: await encrypt(challenge.publicKey, totpCode(bind.data.initialCode, t.clock.now())),
        },
        bearer(done.data.token),
      ),
    );
    expect(turnedOff).toMatchObject({ code: 0, data: { enable: false } });
    expect(envelope<TLoginData>(await login(demo.member)).data.token).not.toBeNull();
  });

  it('rebinds after identity verification by an e-mail code', async () => {
    t.clock.advance(30_000);
    const first = envelope<TLoginData>(await login(demo.admin)).data;
    const token = envelope<{ token: string }>(
      await secondStep(demo.admin, first, totpCode(secret, t.clock.now())),
    ).data.token;
    expect(
      envelope(
        await post('/api/portal/mfa/resetMfaCode', {}, { ...bearer(token), authcodetoken: 'forged-token' }),
      ).code,
    ).toBe(ErrorCode.verificationFailed);
    await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/sendAuthCode?authCodeType=EMAIL',
      headers: { ...bearer(token), authmethod: 'RESET_MFA' },
    });
    const outbox = envelope<{ list: { code: string }[] }>(
      await t.app.inject('/api/dev/outbox?to=admin@demo.example'),
    ).data;
    const checked = envelope<{ checkToken: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/portal/common/checkAuthCode?authCodeType=EMAIL',
        headers: { ...bearer(token), authmethod: 'RESET_MFA', authcode: String(outbox.list[0]?.code) },
      }),
    ).data;
    const rebind = envelope<TBind>(
      await post(
        '/api/portal/mfa/resetMfaCode',
        {},
        { ...bearer(token), authcodetoken: checked.checkToken, authcodetype: 'EMAIL' },
      ),
    );
    expect(rebind.code).toBe(0);
    expect(rebind.data.initialCode).not.toBe(secret);
    const confirmed = await post(
      '/api/portal/mfa/modifyMfaStatus',
      {
        enable: true,
        mfaMethodType: 'GA',
        uniqueId: rebind.data.uniqueId,
        code: await encrypt(rebind.data.publicKey, totpCode(rebind.data.initialCode, t.clock.now())),
      },
      bearer(token),
    );
    expect(envelope(confirmed).code).toBe(0);
    const audit = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.userId, demo.admin.id), eq(auditEntries.action, 'mfa.rebind')));
    expect(audit).toHaveLength(1);
    // The old secret no longer signs in.
    t.clock.advance(30_000);
    const again = envelope<TLoginData>(await login(demo.admin)).data;
    expect(envelope(await secondStep(demo.admin, again, totpCode(secret, t.clock.now()))).code).toBe(
      ErrorCode.codeMismatch,
    );
  });
});

describe('domestic edition: SMS and e-mail codes', () => {
  let t: TTestApp;
  let demo: TSeededAccount;
  beforeAll(async () => {
    t = await createTestApp({ env: { EDITION: 'domestic' } });
    demo = await seedAccount(t.deps, 'demo');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...en, ...headers } });
  const latestCode = async (to: string) =>
    String(
      envelope<{ list: { code: string }[] }>(
        await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
      ).data.list[0]?.code,
    );

  it('turns protection on with a verified phone code, then signs in with an SMS code', async () => {
    const token = await signIn(t.app, 'demo', demo.admin);
    const sent = envelope(
      await t.app.inject({
        method: 'POST',
        url: '/api/portal/common/sendAuthCode?authCodeType=SMS',
        headers: { ...bearer(token), authmethod: 'MFA_STATUS' },
      }),
    );
    expect(sent).toMatchObject({
      code: 0,
      data: { authCodeType: 'SMS', target: '+86 138****0000', expiresInSeconds: 300 },
    });
    const checked = envelope<{ checkToken: string; checkCodeType: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/portal/common/checkAuthCode?authCodeType=SMS',
        headers: { ...bearer(token), authmethod: 'MFA_STATUS', authcode: await latestCode('13800000000') },
      }),
    ).data;
    const enabled = envelope(
      await post(
        '/api/portal/mfa/modifyMfaStatus',
        { enable: true, mfaMethodType: 'PHONE' },
        { ...bearer(token), authcodetoken: checked.checkToken, authcodetype: checked.checkCodeType },
      ),
    );
    expect(enabled).toMatchObject({ code: 0, data: { enable: true, mfaMethodType: 'PHONE' } });

    const first = envelope<TLoginData>(await post('/api/login', loginPayload(demo.admin))).data;
    expect(first).toMatchObject({
      token: null,
      mfaStatus: { enable: true, phone: '138****0000', email: 'ad***@demo.example' },
    });
    t.clock.advance(61_000);
    const send = envelope(
      await post('/api/portal/mfa/sendLoginCode', { uniqueId: first.uniqueId, authCodeType: 'SMS' }),
    );
    expect(send).toMatchObject({ code: 0, data: { target: '+86 138****0000' } });
    const code = await latestCode('+86 13800000000');
    const done = envelope<{ token: string }>(
      await post(
        '/api/login',
        loginPayload(demo.admin, {
          uniqueId: first.uniqueId,
          code: await encrypt(String(first.publicKey), code),
          authMethod: 'MFA_LOGIN',
          mfaMethodType: 'PHONE',
        }),
      ),
    );
    expect(done.code).toBe(0);
    expect(done.data.token).toBeTruthy();
  });

  it('refuses a code sent for another purpose at the second step', async () => {
    t.clock.advance(61_000);
    const first = envelope<TLoginData>(await post('/api/login', loginPayload(demo.admin))).data;
    await post('/api/portal/common/sendPhoneAuthCode', { phone: '13800000000', authMethod: 'FIND_PASSWORD' });
    const code = await latestCode('13800000000');
    const res = envelope(
      await post(
        '/api/login',
        loginPayload(demo.admin, {
          uniqueId: first.uniqueId,
          code: await encrypt(String(first.publicKey), code),
          mfaMethodType: 'PHONE',
        }),
      ),
    );
    expect(res.code).toBe(ErrorCode.codeMismatch);
  });

  it('answers 4026 when protection is required but the user has neither phone nor e-mail', async () => {
    const id = await insertUser(t.deps.db, {
      accountId: demo.id,
      username: 'no_contact',
      passwordHash: await t.deps.hasher.hash('NoContact@2026'),
      mfaEnabled: true,
    } as Parameters<typeof insertUser>[1]);
    await t.deps.db.update(users).set({ mfaEnabled: true }).where(eq(users.id, id));
    const res = envelope(
      await post('/api/login', {
        accountDisplayName: 'demo',
        username: 'no_contact',
        password: 'NoContact@2026',
      }),
    );
    expect(res.code).toBe(ErrorCode.mfaTargetMissing);
  });

  it('does not offer authenticator binding in the domestic edition', async () => {
    const token = await signIn(t.app, 'demo', demo.member);
    expect(
      (await post('/api/portal/mfa/getMfaCode', { mfaMethodType: 'GA' }, bearer(token))).statusCode,
    ).toBe(400);
  });
});
