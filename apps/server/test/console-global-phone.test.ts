/**
 * The console's own phone changes with a country code other than 86 (spec section 2 "Phone input",
 * section 5): in the domestic edition with the global-phone setting, My profile's phone and the
 * account's registration phone take another code end to end (the SMS code goes to `+<code> <number>`,
 * the mainland format applies only with +86, the code is stored and answered); without the setting
 * another code is refused (4107) and nothing changes.
 */
import { ErrorCode } from '@console/contract/codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../src/db/schema';
import {
  bearer,
  createTestApp,
  envelope,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from './harness';

const en = { 'cz-lang': 'en-US' };

function clientOf(t: TTestApp) {
  const post = (url: string, token: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...en, ...headers }, payload });
  const latestCode = async (to: string): Promise<string> => {
    const list = envelope<{ list: { code: string | null }[] }>(
      await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
    ).data.list;
    const code = list[0]?.code;
    if (!code) throw new Error(`no code for ${to}`);
    return code;
  };
  /** An EDIT_PHONE code sent to the new number and checked: its checkToken. */
  const newPhoneToken = async (token: string, phone: string, phoneCode: string): Promise<string> => {
    const sent = await post('/api/portal/common/sendPhoneAuthCodeWithToken', token, {
      phone,
      phoneCode,
      authMethod: 'EDIT_PHONE',
    });
    expect(envelope(sent).code).toBe(0);
    const checked = await post('/api/portal/common/checkPhoneAuthCode', token, {
      phone,
      phoneCode,
      authMethod: 'EDIT_PHONE',
      code: await latestCode(`+${phoneCode} ${phone}`),
    });
    expect(envelope(checked).code).toBe(0);
    return envelope<{ checkToken: string }>(checked).data.checkToken;
  };
  /** The identity check of My profile: an UPDATE_USER_INFO code to the user's own e-mail. */
  const identityToken = async (token: string, email: string): Promise<string> => {
    const headers = { ...bearer(token), authmethod: 'UPDATE_USER_INFO' };
    await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/sendAuthCode?authCodeType=EMAIL',
      headers,
    });
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/checkAuthCode?authCodeType=EMAIL',
      headers: { ...headers, authcode: await latestCode(email) },
    });
    return envelope<{ checkToken: string }>(checked).data.checkToken;
  };
  return { post, latestCode, newPhoneToken, identityToken };
}

async function userRow(t: TTestApp, id: number) {
  const [row] = await t.deps.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row;
}

async function accountRow(t: TTestApp, id: number) {
  const [row] = await t.deps.db.select().from(accounts).where(eq(accounts.id, id));
  if (!row) throw new Error('no account');
  return row;
}

describe('domestic edition with the global-phone setting', () => {
  let t: TTestApp;
  let demo: TSeededAccount;
  let admin: string;
  let api: ReturnType<typeof clientOf>;

  beforeAll(async () => {
    t = await createTestApp({ env: { EDITION: 'domestic', FEATURE_GLOBAL_PHONE: '1' } });
    demo = await seedAccount(t.deps, 'demo');
    admin = await signIn(t.app, 'demo', demo.admin);
    api = clientOf(t);
  });
  afterAll(() => t.close());

  it('applies the mainland format only with +86 before sending a code', async () => {
    const mainland = await api.post('/api/portal/common/sendPhoneAuthCodeWithToken', admin, {
      phone: '2025550123',
      phoneCode: '86',
      authMethod: 'EDIT_PHONE',
    });
    expect(envelope(mainland)).toMatchObject({
      code: ErrorCode.badRequest,
      data: { fieldErrors: { phone: expect.any(String) } },
    });
    const abroad = await api.post('/api/portal/common/sendPhoneAuthCodeWithToken', admin, {
      phone: '2025550123',
      phoneCode: '1',
      authMethod: 'EDIT_PHONE',
    });
    expect(envelope(abroad).code).toBe(0);
    // The SMS adapter (here the development outbox) receives the number with its country code.
    expect(await api.latestCode('+1 2025550123')).toMatch(/^\d{6}$/);
  });

  it('changes my phone to a number with another country code, stored and answered with it', async () => {
    const identity = await api.identityToken(admin, 'admin@demo.example');
    const phoneToken = await api.newPhoneToken(admin, '7700900123', '44');
    // The proof belongs to +44: the same number under another code is not proven.
    const wrongCode = await api.post(
      '/api/portal/user/updateProfile',
      admin,
      { phone: '7700900123', phoneCode: '1', phoneCheckToken: phoneToken },
      { authcodetoken: identity, authcodetype: 'EMAIL' },
    );
    expect(envelope(wrongCode).code).toBe(ErrorCode.verificationFailed);
    expect((await userRow(t, demo.admin.id)).phone).toBe('13800000000');

    const res = await api.post(
      '/api/portal/user/updateProfile',
      admin,
      { phone: '7700900123', phoneCode: '44', phoneCheckToken: phoneToken },
      { authcodetoken: identity, authcodetype: 'EMAIL' },
    );
    expect(envelope(res)).toMatchObject({ code: 0, data: { phone: '7700900123', phoneCode: '44' } });
    const row = await userRow(t, demo.admin.id);
    expect({ phone: row.phone, phoneCode: row.phoneCode }).toEqual({ phone: '7700900123', phoneCode: '44' });
    const current = await t.app.inject({
      method: 'POST',
      url: '/api/portal/user/getCurrentUser',
      headers: bearer(admin),
    });
    expect(envelope(current).data).toMatchObject({ phone: '7700900123', phoneCode: '44' });
  });

  it('changes the registration phone to a number with another country code', async () => {
    const checkToken = await api.newPhoneToken(admin, '4155550100', '1');
    const res = await api.post(
      '/api/portal/account/updateAccount',
      admin,
      { phone: '4155550100', phoneCode: '1' },
      { authcodetoken: checkToken, authcodetype: 'SMS' },
    );
    expect(envelope(res)).toMatchObject({ code: 0, data: { registrationPhone: '+1 415****0100' } });
    expect((await accountRow(t, demo.id)).registrationPhone).toBe('+1 4155550100');
  });
});

describe('domestic edition without the global-phone setting', () => {
  let t: TTestApp;
  let demo: TSeededAccount;
  let admin: string;
  let api: ReturnType<typeof clientOf>;

  beforeAll(async () => {
    t = await createTestApp({ env: { EDITION: 'domestic', FEATURE_GLOBAL_PHONE: '0' } });
    demo = await seedAccount(t.deps, 'demo');
    admin = await signIn(t.app, 'demo', demo.admin);
    api = clientOf(t);
  });
  afterAll(() => t.close());

  it('refuses another country code for the code, my phone and the registration phone; +86 passes', async () => {
    const send = await api.post('/api/portal/common/sendPhoneAuthCodeWithToken', admin, {
      phone: '2025550123',
      phoneCode: '1',
      authMethod: 'EDIT_PHONE',
    });
    expect(envelope(send)).toMatchObject({
      code: ErrorCode.featureDisabled,
      data: { feature: 'globalPhone' },
    });
    const profile = await api.post('/api/portal/user/updateProfile', admin, {
      phone: '2025550123',
      phoneCode: '1',
      phoneCheckToken: 'x',
    });
    expect(envelope(profile).code).toBe(ErrorCode.featureDisabled);
    const registration = await api.post(
      '/api/portal/account/updateAccount',
      admin,
      { phone: '2025550123', phoneCode: '1' },
      { authcodetoken: 'x', authcodetype: 'SMS' },
    );
    expect(envelope(registration).code).toBe(ErrorCode.featureDisabled);
    expect((await userRow(t, demo.admin.id)).phoneCode).toBe('86');

    // The console sends 86 explicitly while the list is off: accepted.
    const checkToken = await api.newPhoneToken(admin, '13711112222', '86');
    const res = await api.post(
      '/api/portal/account/updateAccount',
      admin,
      { phone: '13711112222', phoneCode: '86' },
      { authcodetoken: checkToken, authcodetype: 'SMS' },
    );
    expect(envelope(res)).toMatchObject({ code: 0, data: { registrationPhone: '+86 137****2222' } });
  });
});
