import { ErrorCode } from '@console/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  login,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { insertUser } from '../user/user.repository';

let t: TTestApp;
let demo: TSeededAccount;
beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'demo');
});
afterAll(() => t.close());

const en = { 'cz-lang': 'en-US' };
type TLookup = {
  accountId: number | null;
  id: number | null;
  phone: string | null;
  email: string | null;
  lookupId: string;
};

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...en, ...headers } });
const outbox = async (to: string) =>
  envelope<{ list: { code: string | null; text: string }[] }>(
    await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
  ).data.list;
const lookup = async (accountName: string, username: string) =>
  envelope<TLookup>(await post('/api/portal/user/getUserByUsername', { accountName, username })).data;

describe('reset lookup', () => {
  it('answers the same shape for existing and unknown names, naming no one before a code is verified', async () => {
    const real = await lookup('demo', demo.admin.username);
    const unknownUser = await lookup('demo', 'nobody_here');
    const unknownAccount = await lookup('nosuchaccount', 'whoever_1');
    for (const answer of [real, unknownUser, unknownAccount]) {
      expect(Object.keys(answer).sort()).toEqual(['accountId', 'email', 'id', 'lookupId', 'phone']);
      expect(answer.accountId).toBeNull();
      expect(answer.id).toBeNull();
    }
    expect(real).toMatchObject({ phone: '138****0000', email: 'ad***@demo.example' });
    // Decoys are consistent for the same names.
    const again = await lookup('demo', 'nobody_here');
    expect({ phone: again.phone, email: again.email }).toEqual({
      phone: unknownUser.phone,
      email: unknownUser.email,
    });
  });

  it('resets a password through a code to the user’s phone, ending every session', async () => {
    const id = await insertUser(t.deps.db, {
      accountId: demo.id,
      username: 'forgetful',
      passwordHash: await t.deps.hasher.hash('Forgot@2026pass'),
      phone: '13911112222',
    });
    const before = await signIn(t.app, 'demo', { id, username: 'forgetful', password: 'Forgot@2026pass' });
    const found = await lookup('demo', 'forgetful');
    const lookupQuery = `lookupId=${encodeURIComponent(found.lookupId)}`;
    const sent = envelope(
      await post(
        `/api/portal/common/sendAuthCode?authCodeType=SMS&${lookupQuery}`,
        {},
        { authmethod: 'FIND_PASSWORD' },
      ),
    );
    expect(sent).toMatchObject({ code: 0, data: { target: '+86 139****2222' } });
    const code = String((await outbox('+86 13911112222'))[0]?.code);
    const { checkToken } = envelope<{ checkToken: string }>(
      await post(
        `/api/portal/common/checkAuthCode?authCodeType=SMS&${lookupQuery}`,
        {},
        { authmethod: 'FIND_PASSWORD', authcode: code },
      ),
    ).data;
    const reset = (password: string) =>
      post(
        '/api/portal/user/resetPasswordWithoutLogin',
        { password },
        { authcodetoken: checkToken, authcodetype: 'SMS' },
      );
    expect(envelope(await reset('alllowercase')).code).toBe(ErrorCode.passwordMissingCharTypes);
    // Several rules broken at once: 5064, naming the length range and the required types.
    expect(envelope(await reset('short'))).toMatchObject({
      code: ErrorCode.passwordPolicyViolated,
      message: expect.stringMatching(/8-32.*(lowercase|小写).*(uppercase|大写)/),
    });
    // A refused password leaves the token for the corrected one; then it is spent.
    expect(envelope(await reset('Renewed@2026pass')).code).toBe(0);
    expect(envelope(await reset('Renewed@2026pass')).code).toBe(ErrorCode.codeAlreadyUsed);

    const session = await t.app.inject({
      method: 'POST',
      url: '/api/portal/user/getCurrentUser',
      headers: bearer(before),
      payload: {},
    });
    expect(envelope(session).code).toBe(ErrorCode.sessionRevoked);
    expect(envelope(await login(t.app, 'demo', 'forgetful', 'Forgot@2026pass')).code).toBe(
      ErrorCode.wrongPassword,
    );
    expect(envelope(await login(t.app, 'demo', 'forgetful', 'Renewed@2026pass')).code).toBe(0);

    // A resend to the same phone within the hour goes through the captcha.
    t.clock.advance(61_000);
    expect(
      envelope(
        await post(
          `/api/portal/common/sendAuthCode?authCodeType=SMS&${lookupQuery}`,
          {},
          { authmethod: 'FIND_PASSWORD' },
        ),
      ).code,
    ).toBe(ErrorCode.captchaRequired);
  });

  it('for unknown names, answers a send like any other but delivers nothing, and no code verifies', async () => {
    const decoy = await lookup('demo', 'ghost_user');
    const type = decoy.phone ? 'SMS' : 'EMAIL';
    const sent = envelope<{ target: string }>(
      await post(
        `/api/portal/common/sendAuthCode?authCodeType=${type}&lookupId=${encodeURIComponent(decoy.lookupId)}`,
        {},
        { authmethod: 'FIND_PASSWORD' },
      ),
    );
    expect(sent.code).toBe(0);
    expect(sent.data.target).toContain(type === 'SMS' ? String(decoy.phone) : String(decoy.email));
    const all = envelope<{ list: { to: string }[] }>(await t.app.inject('/api/dev/outbox')).data.list;
    expect(all.some((m) => m.to.startsWith('decoy'))).toBe(false);
    const check = await post(
      `/api/portal/common/checkAuthCode?authCodeType=${type}&lookupId=${encodeURIComponent(decoy.lookupId)}`,
      {},
      { authmethod: 'FIND_PASSWORD', authcode: '123456' },
    );
    expect(envelope(check).code).toBe(ErrorCode.codeMismatch);
  });

  it('refuses forged or expired lookups, and tokens for another purpose', async () => {
    const forged = await post(
      '/api/portal/common/sendAuthCode?authCodeType=SMS&lookupId=v1:Zm9yZ2Vk',
      {},
      { authmethod: 'FIND_PASSWORD' },
    );
    expect(envelope(forged).code).toBe(ErrorCode.verificationFailed);
    const found = await lookup('demo', demo.member.username);
    t.clock.advance(61 * 60_000);
    const stale = await post(
      `/api/portal/common/sendAuthCode?authCodeType=SMS&lookupId=${encodeURIComponent(found.lookupId)}`,
      {},
      { authmethod: 'FIND_PASSWORD' },
    );
    expect(envelope(stale).code).toBe(ErrorCode.challengeExpired);
    const noToken = await post(
      '/api/portal/user/resetPasswordWithoutLogin',
      { password: 'Renewed@2026pass' },
      { authcodetoken: 'made-up' },
    );
    expect(envelope(noToken).code).toBe(ErrorCode.verificationFailed);
  });
});

describe('find account and username', () => {
  async function phoneToken(phone: string, purpose: string): Promise<string> {
    await post('/api/portal/common/sendPhoneAuthCode', { phone, authMethod: purpose });
    const code = String((await outbox(phone))[0]?.code);
    return envelope<{ checkToken: string }>(
      await post('/api/portal/common/checkPhoneAuthCode', { phone, authMethod: purpose, code }),
    ).data.checkToken;
  }

  it('lists every account registered with, or having a user with, a verified phone', async () => {
    const other = await seedAccount(t.deps, 'other');
    await t.deps.db.execute(
      (await import('drizzle-orm'))
        .sql`update accounts set registration_phone = '+86 13800000000' where id = ${demo.id}`,
    );
    t.clock.advance(3_600_000);
    const token = await phoneToken('13800000000', 'FIND_ACCOUNT_FORM');
    const res = envelope<{ name: string; loginAddress: string }[]>(
      await post(
        '/api/portal/account/findAccount',
        { registerData: '13800000000', registerType: 'phone' },
        { authcodetoken: token },
      ),
    );
    expect(res.code).toBe(0);
    expect(res.data.map((a) => a.name).sort()).toEqual(['demo', other.name].sort());
    expect(res.data[0]?.loginAddress).toMatch(/^http:\/\/\w+\.accounts\.localhost:8080$/);
    // The token served once and names that phone only.
    const reuse = await post(
      '/api/portal/account/findAccount',
      { registerData: '13800000000', registerType: 'phone' },
      { authcodetoken: token },
    );
    expect(envelope(reuse).code).toBe(ErrorCode.codeAlreadyUsed);
    t.clock.advance(61_000);
    const elsewhere = await phoneToken('13800000001', 'FIND_ACCOUNT_FORM');
    const mismatch = await post(
      '/api/portal/account/findAccount',
      { registerData: '13800000000', registerType: 'phone' },
      { authcodetoken: elsewhere },
    );
    expect(envelope(mismatch).code).toBe(ErrorCode.verificationFailed);
    const missing = await post('/api/portal/account/findAccount', {
      registerData: '13800000000',
      registerType: 'phone',
    });
    expect(missing.statusCode).toBe(400);
  });

  it('lists the usernames of an account with a verified e-mail', async () => {
    await insertUser(t.deps.db, {
      accountId: demo.id,
      username: 'second_admin',
      passwordHash: 'x',
      email: 'ADMIN@demo.example',
    });
    t.clock.advance(3_600_000);
    await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/sendAuthCode?authCodeType=EMAIL&email=admin%40demo.example',
      headers: { authmethod: 'FIND_USERNAME_FORM' },
    });
    const code = String((await outbox('admin@demo.example'))[0]?.code);
    const token = envelope<{ checkToken: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/portal/common/checkAuthCode?authCodeType=EMAIL&email=admin%40demo.example',
        headers: { authmethod: 'FIND_USERNAME_FORM', authcode: code },
      }),
    ).data.checkToken;
    const res = envelope(
      await post(
        '/api/portal/user/getUsernamesByPhoneOrEmail',
        { accountName: 'demo', registerData: 'admin@demo.example', registerType: 'email' },
        { authcodetoken: token },
      ),
    );
    expect(res.data).toEqual({ usernames: ['admin_demo', 'second_admin'], count: 2 });
  });
});
