import { ErrorCode } from '@console/contract/codes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { auditEntries, users } from '../../db/schema';

let t: TTestApp;
let demo: TSeededAccount;
let other: TSeededAccount;
let admin: string;
let member: string;
const en = { 'cz-lang': 'en-US' };

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'demo');
  other = await seedAccount(t.deps, 'acme');
  admin = await signIn(t.app, 'demo', demo.admin);
  member = await signIn(t.app, 'demo', demo.member);
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...en, ...headers }, payload });
const update = (token: string, payload: object, headers: Record<string, string> = {}) =>
  post('/api/portal/user/updateProfile', token, payload, headers);

async function latestCode(to: string): Promise<string> {
  const list = envelope<{ list: { code: string | null }[] }>(
    await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
  ).data.list;
  const code = list[0]?.code;
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

/** The identity check: an UPDATE_USER_INFO code to the user's own phone or e-mail. */
async function identityToken(token: string, type: 'SMS' | 'EMAIL', to: string): Promise<string> {
  const query = `authCodeType=${type}`;
  const headers = { ...bearer(token), authmethod: 'UPDATE_USER_INFO' };
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/portal/common/sendAuthCode?${query}`,
    headers,
  });
  expect(envelope(sent).code).toBe(0);
  const checked = await t.app.inject({
    method: 'POST',
    url: `/api/portal/common/checkAuthCode?${query}`,
    headers: { ...headers, authcode: await latestCode(to) },
  });
  return envelope<{ checkToken: string }>(checked).data.checkToken;
}

async function newPhoneToken(token: string, phone: string): Promise<string> {
  await post('/api/portal/common/sendPhoneAuthCodeWithToken', token, { phone, authMethod: 'EDIT_PHONE' });
  const checked = await post('/api/portal/common/checkPhoneAuthCode', token, {
    phone,
    authMethod: 'EDIT_PHONE',
    code: await latestCode(phone),
  });
  return envelope<{ checkToken: string }>(checked).data.checkToken;
}

async function newEmailToken(token: string, email: string): Promise<string> {
  const query = `authCodeType=EMAIL&email=${encodeURIComponent(email)}`;
  const headers = { ...bearer(token), authmethod: 'EDIT_EMAIL' };
  await t.app.inject({ method: 'POST', url: `/api/portal/common/sendAuthCode?${query}`, headers });
  const checked = await t.app.inject({
    method: 'POST',
    url: `/api/portal/common/checkAuthCode?${query}`,
    headers: { ...headers, authcode: await latestCode(email) },
  });
  return envelope<{ checkToken: string }>(checked).data.checkToken;
}

async function userRow(id: number) {
  const [row] = await t.deps.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row;
}
const audits = (userId: number) =>
  t.deps.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.objectId, String(userId)), eq(auditEntries.action, 'user.updateProfile')));

describe('my profile', () => {
  it('changes the display name without a code, audited', async () => {
    const res = await update(member, { displayName: '  Analyst One ' });
    expect(envelope(res)).toMatchObject({ code: 0, data: { displayName: 'Analyst One' } });
    expect(await audits(demo.member.id)).toHaveLength(1);
  });

  it('refuses a new phone without the identity check or without the new phone code, nothing changes', async () => {
    const phoneToken = await newPhoneToken(admin, '13712345678');
    const noIdentity = await update(admin, { phone: '13712345678', phoneCheckToken: phoneToken });
    expect(envelope(noIdentity).code).toBe(ErrorCode.verificationFailed);
    const identity = await identityToken(admin, 'SMS', '+86 13800000000');
    const noTarget = await update(admin, { phone: '13712345678' }, { authcodetoken: identity });
    expect(envelope(noTarget).code).toBe(ErrorCode.verificationFailed);
    expect((await userRow(demo.admin.id)).phone).toBe('13800000000');
  });

  it('refuses an identity token whose code went to another target than the current phone or e-mail', async () => {
    // A code of the identity purpose sent to the new phone itself proves nothing about the user.
    const phone = '13722223333';
    await post('/api/portal/common/sendPhoneAuthCodeWithToken', admin, {
      phone,
      authMethod: 'UPDATE_USER_INFO',
    });
    const fake = envelope<{ checkToken: string }>(
      await post('/api/portal/common/checkPhoneAuthCode', admin, {
        phone,
        authMethod: 'UPDATE_USER_INFO',
        code: await latestCode(phone),
      }),
    ).data.checkToken;
    const res = await update(
      admin,
      { phone, phoneCheckToken: await newPhoneToken(admin, phone) },
      { authcodetoken: fake, authcodetype: 'SMS' },
    );
    expect(envelope(res).code).toBe(ErrorCode.verificationFailed);
  });

  it('changes the phone after the identity check and a code to the new phone', async () => {
    const identity = await identityToken(admin, 'EMAIL', 'admin@demo.example');
    const phoneToken = await newPhoneToken(admin, '13812345678');
    const res = await update(
      admin,
      { phone: '13812345678', phoneCheckToken: phoneToken },
      { authcodetoken: identity, authcodetype: 'EMAIL' },
    );
    expect(envelope(res)).toMatchObject({ code: 0, data: { phone: '13812345678' } });
    const [entry] = (await audits(demo.admin.id)).slice(-1);
    expect(entry?.info).toMatchObject({ phone: '+86 138****5678' });
  });

  it('changes the e-mail after the identity check and a code to the new address', async () => {
    const identity = await identityToken(admin, 'SMS', '+86 13812345678');
    const emailToken = await newEmailToken(admin, 'New.Admin@demo.example');
    const res = await update(
      admin,
      { email: 'New.Admin@demo.example', emailCheckToken: emailToken },
      { authcodetoken: identity, authcodetype: 'SMS' },
    );
    expect(envelope(res)).toMatchObject({ code: 0, data: { email: 'new.admin@demo.example' } });
  });

  it('refuses a malformed mainland phone with a field error', async () => {
    const res = await update(admin, { phone: '12345' }, { authcodetoken: 'x' });
    expect(res.statusCode).toBe(400);
    expect(envelope<{ fieldErrors: Record<string, string> }>(res).data.fieldErrors.phone).toBeTruthy();
  });

  it("refuses another account's accountId (403) and changes nothing", async () => {
    const res = await update(member, { accountId: other.id, displayName: 'Hijack' });
    expect(res.statusCode).toBe(403);
    expect((await userRow(demo.member.id)).displayName).toBe('Analyst One');
  });

  it('refuses a too-long display name', async () => {
    expect((await update(member, { displayName: 'x'.repeat(65) })).statusCode).toBe(400);
  });
});
