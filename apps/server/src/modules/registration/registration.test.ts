import { ErrorCode } from '@console/contract/codes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  envelope,
  knownCaptcha,
  login,
  seedAccount,
  type TTestApp,
} from '../../../test/harness';
import { issueDevMarketplaceToken } from '../../adapters/marketplace';
import { accounts, auditEntries, inviteCodes, roles, userRoles, users } from '../../db/schema';

const en = { 'cz-lang': 'en-US' };

async function registerWith(t: TTestApp, fields: Record<string, unknown>, ip = '198.51.100.1') {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...en, ...headers }, remoteAddress: ip });
  const isEmail = typeof fields.email === 'string';
  await post('/api/portal/common/sendAuthCodeForUnregistered', {
    authCodeType: isEmail ? 'EMAIL' : 'SMS',
    ...(isEmail ? { email: fields.email } : { phone: fields.phone }),
    authMethod: 'REGISTER_FORM',
  });
  const to = isEmail ? String(fields.email).toLowerCase() : `+86 ${fields.phone}`;
  const code = envelope<{ list: { code: string }[] }>(
    await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
  ).data.list[0]?.code;
  const check = isEmail
    ? await t.app.inject({
        method: 'POST',
        url: `/api/portal/common/checkAuthCode?authCodeType=EMAIL&email=${encodeURIComponent(String(fields.email))}`,
        headers: { authmethod: 'REGISTER_FORM', authcode: String(code) },
      })
    : await post('/api/portal/common/checkPhoneAuthCode', {
        phone: fields.phone,
        authMethod: 'REGISTER_FORM',
        code,
      });
  const token = envelope<{ checkToken: string }>(check).data.checkToken;
  const captcha = await knownCaptcha(t.deps);
  return post(
    '/api/portal/account/createAccount',
    { agreement: true, captchaId: captcha.captchaId, captcheCode: captcha.captchaCode, ...fields },
    { authcodetoken: token, authcodetype: isEmail ? 'EMAIL' : 'SMS' },
  );
}

describe('registration (domestic edition)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    // Cloud-marketplace registration is a feature of its own (off by default).
    t = await createTestApp({ env: { FEATURE_MARKETPLACE_REGISTER: '1' } });
    await seedAccount(t.deps, 'demo');
    await t.deps.db
      .update(accounts)
      .set({ registrationPhone: '+86 13800000000' })
      .where(eq(accounts.name, 'demo'));
  });
  afterAll(() => t.close());

  it('creates a 30-day trial account with an 8-letter name and its first user as administrator', async () => {
    const res = envelope<{
      id: number;
      name: string;
      displayName: string;
      loginAddress: string;
      registrationKey: string;
    }>(
      await registerWith(t, {
        username: 'founder_1',
        password: 'Founder@2026',
        phone: '13912345678',
        registerCompany: 'New Co',
      }),
    );
    expect(res.code).toBe(0);
    expect(res.data.name).toMatch(/^[a-z]{8}$/);
    expect(res.data.displayName).toBe(res.data.name);
    expect(res.data.loginAddress).toBe(`http://${res.data.name}.accounts.localhost:8080`);
    const [account] = await t.deps.db.select().from(accounts).where(eq(accounts.id, res.data.id));
    expect(account).toMatchObject({
      type: 2,
      status: 0,
      companyName: 'New Co',
      registrationPhone: '+86 13912345678',
    });
    const [admin] = await t.deps.db
      .select({ username: users.username, phone: users.phone, role: roles.code })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(users.accountId, res.data.id));
    expect(admin).toEqual({ username: 'founder_1', phone: '13912345678', role: 'account_admin' });
    const audit = await t.deps.db.select().from(auditEntries).where(eq(auditEntries.accountId, res.data.id));
    expect(audit.map((a) => a.action)).toContain('account.register');
    expect(envelope(await login(t.app, res.data.name, 'founder_1', 'Founder@2026')).code).toBe(0);

    // The questionnaire, with the key answered at registration.
    const info = (registrationInfo: unknown, key = res.data.registrationKey) =>
      t.app.inject({
        method: 'POST',
        url: '/api/portal/account/updateRegistrationInfo',
        headers: en,
        payload: {
          id: res.data.id,
          registrationKey: key,
          registrationInfo: JSON.stringify(registrationInfo),
        },
      });
    expect((await info({ registration_reason: ['product_manager'] }, 'wrong-key')).statusCode).toBe(403);
    expect(
      envelope(await info({ registration_reason: ['other'], registration_reason_other: [''] })),
    ).toMatchObject({
      code: 400,
      data: { fieldErrors: { registration_reason_other: 'Please describe your other goal' } },
    });
    expect(envelope(await info({ registration_reason: [] })).code).toBe(400);
    expect(
      envelope(
        await info({
          registration_reason: ['rd_engineer', 'other'],
          registration_reason_other: ['Data lake'],
        }),
      ).code,
    ).toBe(0);
    const [saved] = await t.deps.db
      .select({ info: accounts.registrationInfo })
      .from(accounts)
      .where(eq(accounts.id, res.data.id));
    expect(saved?.info).toEqual({
      registration_reason: ['rd_engineer', 'other'],
      registration_reason_other: ['Data lake'],
    });
  });

  it('tells that a phone is already registered only after its code was verified', async () => {
    const res = await registerWith(t, {
      username: 'copycat_1',
      password: 'Copycat@2026',
      phone: '13800000000',
    });
    expect(envelope(res)).toMatchObject({
      code: ErrorCode.alreadyRegistered,
      message: 'This phone number or e-mail address is already registered.',
    });
  });

  it('needs the captcha, the agreement, a verified code for that phone, and a password under the policy', async () => {
    t.clock.advance(3_600_000);
    const noCaptcha = await registerWith(t, {
      username: 'careful_1',
      password: 'Careful@2026',
      phone: '13912340001',
      captchaId: null,
      captcheCode: null,
    });
    expect(envelope(noCaptcha).code).toBe(ErrorCode.captchaRequired);
    t.clock.advance(61_000);
    const noAgreement = await registerWith(t, {
      username: 'careful_1',
      password: 'Careful@2026',
      phone: '13912340002',
      agreement: false,
    });
    expect(envelope(noAgreement)).toMatchObject({
      code: 400,
      data: { fieldErrors: { agreement: 'Please read and agree to the user agreement' } },
    });
    t.clock.advance(61_000);
    const weak = await registerWith(t, {
      username: 'careful_1',
      password: 'weakpassword',
      phone: '13912340003',
    });
    expect(envelope(weak).code).toBe(ErrorCode.passwordMissingCharTypes);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/portal/account/createAccount',
      headers: { authcodetoken: 'forged' },
      payload: {
        username: 'careful_1',
        password: 'Careful@2026',
        phone: '13912340004',
        agreement: true,
        ...(await knownCaptcha(t.deps)),
        captcheCode: 'wxyz',
      },
    });
    expect(envelope(forged).code).toBe(ErrorCode.verificationFailed);
  });

  it('allows five registrations an hour from one address', async () => {
    t.clock.advance(3_600_000);
    for (let i = 0; i < 5; i += 1) {
      const res = await registerWith(
        t,
        { username: `burst_${i}x`, password: 'Burst@2026pass', phone: `1370000110${i}` },
        '198.51.100.7',
      );
      expect(envelope(res).code, `registration ${i + 1}`).toBe(0);
    }
    const sixth = await registerWith(
      t,
      { username: 'burst_6x', password: 'Burst@2026pass', phone: '13700001106' },
      '198.51.100.7',
    );
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBe('3600');
  });

  it('registers from the cloud marketplace with a valid token, once per customer', async () => {
    t.clock.advance(3_600_000);
    const check = (token: string) =>
      t.app.inject(`/api/portal/account/checkAwsMktToken?awsMktToken=${encodeURIComponent(token)}`);
    expect(envelope(await check('mkt1.forged.token')).code).toBe(ErrorCode.marketplaceTokenInvalid);
    const token = issueDevMarketplaceToken(t.deps.config.secretKey, 'cust-42', 'free-trial', 3_600_000);
    expect(envelope(await check(token))).toMatchObject({
      code: 0,
      data: { customerId: 'cust-42', offerType: 'free-trial' },
    });
    const first = await registerWith(t, {
      username: 'mkt_user',
      password: 'Market@2026',
      phone: '13912349999',
      awsMktToken: token,
      awsMktOfferType: 'free-trial',
    });
    // createAccount ignores marketplace fields; the marketplace route takes them.
    expect(envelope(first).code).toBe(0);
    t.clock.advance(61_000);
    const url = '/api/portal/account/createAwsMktAccount';
    const res = await (async () => {
      const phone = '13912348888';
      await t.app.inject({
        method: 'POST',
        url: '/api/portal/common/sendAuthCodeForUnregistered',
        payload: { authCodeType: 'SMS', phone },
        remoteAddress: '198.51.100.9',
      });
      const code = envelope<{ list: { code: string }[] }>(
        await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(`+86 ${phone}`)}`),
      ).data.list[0]?.code;
      const checked = envelope<{ checkToken: string }>(
        await t.app.inject({
          method: 'POST',
          url: '/api/portal/common/checkPhoneAuthCode',
          payload: { phone, authMethod: 'REGISTER_FORM', code },
        }),
      ).data.checkToken;
      return t.app.inject({
        method: 'POST',
        url,
        headers: { authcodetoken: checked },
        remoteAddress: '198.51.100.9',
        payload: {
          username: 'mkt_owner',
          password: 'Market@2026',
          phone,
          agreement: true,
          awsMktToken: token,
          awsMktOfferType: 'free-trial',
          ...(await knownCaptcha(t.deps)),
          captcheCode: 'wxyz',
        },
      });
    })();
    const created = envelope<{ id: number }>(res);
    expect(created.code).toBe(0);
    const [account] = await t.deps.db
      .select({ customer: accounts.marketplaceCustomerId })
      .from(accounts)
      .where(eq(accounts.id, created.data.id));
    expect(account?.customer).toBe('cust-42');
  });
});

describe('registration (international edition)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { EDITION: 'international' } });
    await t.deps.db.insert(inviteCodes).values({ code: 'ONCE2026', maxUses: 1 });
  });
  afterAll(() => t.close());

  it('registers with an e-mail and an invite code, which serves its number of uses', async () => {
    const missing = await registerWith(t, {
      username: 'intl_user',
      password: 'Intl@2026pass',
      email: 'intl@example.com',
    });
    expect(envelope(missing)).toMatchObject({
      code: 400,
      data: { fieldErrors: { inviteCode: 'Please enter your invite code' } },
    });
    const bad = await registerWith(t, {
      username: 'intl_user',
      password: 'Intl@2026pass',
      email: 'intl2@example.com',
      inviteCode: 'NOPE',
    });
    expect(envelope(bad).code).toBe(ErrorCode.inviteCodeInvalid);
    const ok = await registerWith(t, {
      username: 'intl_user',
      password: 'Intl@2026pass',
      email: 'Intl3@Example.com',
      inviteCode: 'ONCE2026',
    });
    expect(envelope(ok).code).toBe(0);
    const [code] = await t.deps.db.select().from(inviteCodes).where(eq(inviteCodes.code, 'ONCE2026'));
    expect(code?.usedCount).toBe(1);
    const [row] = await t.deps.db
      .execute(sql`select registration_email from accounts where registration_email is not null`)
      .then((r) => (r as unknown as { rows: { registration_email: string }[] }).rows);
    expect(row?.registration_email).toBe('intl3@example.com');
    const usedUp = await registerWith(t, {
      username: 'intl_two',
      password: 'Intl@2026pass',
      email: 'intl4@example.com',
      inviteCode: 'ONCE2026',
    });
    expect(envelope(usedUp).code).toBe(ErrorCode.inviteCodeInvalid);
  });
});
