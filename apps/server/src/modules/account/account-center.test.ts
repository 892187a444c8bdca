import { ErrorCode } from '@console/contract/codes';
import { AccountType } from '@console/contract/enums';
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
import { issueDevMarketplaceToken } from '../../adapters/marketplace';
import { accounts, auditEntries } from '../../db/schema';
import { issueActivationCode } from './account-center.service';

let t: TTestApp;
let demo: TSeededAccount;
let other: TSeededAccount;
let admin: string;
let member: string;
let otherAdmin: string;
const en = { 'cz-lang': 'en-US' };

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'demo');
  other = await seedAccount(t.deps, 'acme');
  admin = await signIn(t.app, 'demo', demo.admin);
  member = await signIn(t.app, 'demo', demo.member);
  otherAdmin = await signIn(t.app, 'acme', other.admin);
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...en, ...headers }, payload });

async function auditOf(accountId: number, action: string) {
  return t.deps.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.accountId, accountId), eq(auditEntries.action, action)));
}

async function accountRow(id: number) {
  const [row] = await t.deps.db.select().from(accounts).where(eq(accounts.id, id));
  if (!row) throw new Error('no account');
  return row;
}

async function latestCode(to: string): Promise<string> {
  const list = envelope<{ list: { code: string | null }[] }>(
    await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
  ).data.list;
  const code = list[0]?.code;
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

/** A checkToken of an EDIT_PHONE code sent to `phone`. */
async function phoneToken(token: string, phone: string): Promise<string> {
  const sent = await post('/api/portal/common/sendPhoneAuthCodeWithToken', token, {
    phone,
    authMethod: 'EDIT_PHONE',
  });
  expect(envelope(sent).code).toBe(0);
  const checked = await post('/api/portal/common/checkPhoneAuthCode', token, {
    phone,
    authMethod: 'EDIT_PHONE',
    code: await latestCode(phone),
  });
  return envelope<{ checkToken: string }>(checked).data.checkToken;
}

describe('account center: company name', () => {
  it('an administrator changes it, with an audit entry', async () => {
    const res = await post('/api/portal/account/updateAccountInfo', admin, {
      companyName: '  Demo Co. Ltd  ',
    });
    expect(envelope(res)).toMatchObject({ code: 0, data: { companyName: 'Demo Co. Ltd' } });
    expect((await accountRow(demo.id)).companyName).toBe('Demo Co. Ltd');
    const [entry] = await auditOf(demo.id, 'account.updateCompanyName');
    expect(entry).toMatchObject({ userId: demo.admin.id, objectType: 'account', status: 1 });
    const center = envelope<{ companyName: string }>(
      await t.app.inject({ url: '/api/portal/account/center', headers: bearer(member) }),
    );
    expect(center.data.companyName).toBe('Demo Co. Ltd');
  });

  it('refuses empty and over-long names with field errors, nothing changes', async () => {
    const empty = await post('/api/portal/account/updateAccountInfo', admin, { companyName: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(
      envelope<{ fieldErrors: Record<string, string> }>(empty).data.fieldErrors.companyName,
    ).toBeTruthy();
    const long = await post('/api/portal/account/updateAccountInfo', admin, { companyName: 'x'.repeat(257) });
    expect(long.statusCode).toBe(400);
    expect(envelope(long).message).toBeTruthy();
    expect(
      (await post('/api/portal/account/updateAccountInfo', admin, { companyName: 'x'.repeat(256) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('administrator endpoints of the account center', () => {
  const adminCalls: [string, object][] = [
    ['/api/portal/account/updateAccountInfo', { companyName: 'Hijack' }],
    ['/api/portal/account/updateAccount', { phone: '13711112222' }],
    ['/api/portal/account/activate', { code: 'ABCDE-FGHIJ' }],
    [
      '/api/portal/account/formal/application',
      { username: 'Eve', company: 'Eve Inc', email: 'eve@example.com', agreement: true },
    ],
  ];
  it('answer 403 to ordinary members and change nothing', async () => {
    const before = await accountRow(demo.id);
    for (const [url, payload] of adminCalls) {
      const res = await post(url, member, payload, { authcodetoken: 'x' });
      expect(envelope(res).code, url).toBe(ErrorCode.notAccountAdmin);
    }
    expect(await accountRow(demo.id)).toEqual(before);
  });
  it("answer 403 to another account's accountId and change nothing", async () => {
    const before = await accountRow(demo.id);
    for (const [url, payload] of adminCalls) {
      const res = await post(url, otherAdmin, { ...payload, accountId: demo.id }, { authcodetoken: 'x' });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await accountRow(demo.id)).toEqual(before);
  });
  it('answer 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/account/updateAccountInfo',
      payload: { companyName: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('account center: registration phone', () => {
  it('changes with a code sent to the new phone, masked in the answer, audited', async () => {
    const checkToken = await phoneToken(admin, '13711112222');
    const res = await post(
      '/api/portal/account/updateAccount',
      admin,
      { phone: '13711112222' },
      { authcodetoken: checkToken, authcodetype: 'SMS' },
    );
    expect(envelope(res)).toMatchObject({ code: 0, data: { registrationPhone: '+86 137****2222' } });
    expect((await accountRow(demo.id)).registrationPhone).toBe('+86 13711112222');
    expect(await auditOf(demo.id, 'account.updateRegistrationPhone')).toHaveLength(1);
    // The token serves once.
    const again = await post(
      '/api/portal/account/updateAccount',
      admin,
      { phone: '13711112222' },
      { authcodetoken: checkToken },
    );
    expect(envelope(again).code).toBe(ErrorCode.codeAlreadyUsed);
  });

  it('refuses a token of another number, and a number another account registered (4027)', async () => {
    const token = await phoneToken(admin, '13733334444');
    const wrong = await post(
      '/api/portal/account/updateAccount',
      admin,
      { phone: '13755556666' },
      { authcodetoken: token },
    );
    expect(envelope(wrong).code).toBe(ErrorCode.verificationFailed);
    await t.deps.db
      .update(accounts)
      .set({ registrationPhone: '+86 13799990000' })
      .where(eq(accounts.id, other.id));
    const taken = await post(
      '/api/portal/account/updateAccount',
      admin,
      { phone: '13799990000' },
      { authcodetoken: await phoneToken(admin, '13799990000') },
    );
    expect(envelope(taken).code).toBe(ErrorCode.alreadyRegistered);
    expect((await accountRow(demo.id)).registrationPhone).toBe('+86 13711112222');
  });

  it('refuses a malformed phone with a field error', async () => {
    const res = await post('/api/portal/account/updateAccount', admin, { phone: '' }, { authcodetoken: 'x' });
    expect(res.statusCode).toBe(400);
  });
});

describe('activation codes', () => {
  it('an extend code adds days to the trial, once', async () => {
    const code = issueActivationCode(
      t.deps.config.secretKey,
      { kind: 'extend', extendDays: 15 },
      t.clock.now(),
    );
    const before = envelope<{ remainingTrialDays: number }>(
      await t.app.inject({ url: '/api/portal/account/getAccountDetail', headers: bearer(admin) }),
    ).data.remainingTrialDays;
    const res = await post('/api/portal/account/activate', admin, { code: ` ${code} ` });
    expect(envelope(res)).toMatchObject({
      code: 0,
      data: { source: 'activation', effect: 'extend', extendDays: 15, accountType: AccountType.trial },
    });
    const after = envelope<{ remainingTrialDays: number }>(
      await t.app.inject({ url: '/api/portal/account/getAccountDetail', headers: bearer(admin) }),
    ).data.remainingTrialDays;
    expect(after - before).toBe(15);
    const reuse = await post('/api/portal/account/activate', admin, { code });
    expect(envelope(reuse).code).toBe(ErrorCode.activationCodeInvalid);
    const entries = await auditOf(demo.id, 'account.activate');
    expect(entries.map((e) => e.status).sort()).toEqual([0, 1]);
    expect(JSON.stringify(entries)).not.toContain(code);
  });

  it('refuses unknown and expired codes (4050) with a failure audit entry', async () => {
    expect(envelope(await post('/api/portal/account/activate', admin, { code: 'NOPE-NOPE' })).code).toBe(
      ErrorCode.activationCodeInvalid,
    );
    const code = issueActivationCode(
      t.deps.config.secretKey,
      { kind: 'formal', validDays: -1 },
      t.clock.now(),
    );
    const forged = issueActivationCode('another key', { kind: 'formal' }, t.clock.now());
    expect(envelope(await post('/api/portal/account/activate', admin, { code: forged })).code).toBe(
      ErrorCode.activationCodeInvalid,
    );
    expect(envelope(await post('/api/portal/account/activate', admin, { code })).code).toBe(
      ErrorCode.activationCodeInvalid,
    );
    expect((await accountRow(demo.id)).type).toBe(AccountType.trial);
  });

  it('a formal code turns the trial account formal; a formal account answers 4051', async () => {
    const code = issueActivationCode(t.deps.config.secretKey, { kind: 'formal' }, t.clock.now());
    const res = await post('/api/portal/account/activate', admin, { code });
    expect(envelope(res)).toMatchObject({
      code: 0,
      data: { effect: 'formal', accountType: AccountType.formal },
    });
    expect((await accountRow(demo.id)).type).toBe(AccountType.formal);
    const next = issueActivationCode(t.deps.config.secretKey, { kind: 'extend' }, t.clock.now());
    expect(envelope(await post('/api/portal/account/activate', admin, { code: next })).code).toBe(
      ErrorCode.accountAlreadyFormal,
    );
  });

  it('a cloud-marketplace code is checked by the marketplace and binds its customer to one account', async () => {
    const token = issueDevMarketplaceToken(t.deps.config.secretKey, 'cust-42', null, 3_600_000);
    const res = await post('/api/portal/account/activate', otherAdmin, { code: token });
    expect(envelope(res)).toMatchObject({ code: 0, data: { source: 'marketplace', effect: 'formal' } });
    const row = await accountRow(other.id);
    expect(row).toMatchObject({ type: AccountType.formal, marketplaceCustomerId: 'cust-42' });
    const forged = await post('/api/portal/account/activate', otherAdmin, { code: `${token}x` });
    expect(envelope(forged).code).toBe(ErrorCode.accountAlreadyFormal);
  });
});

describe('upgrade application', () => {
  let third: TSeededAccount;
  let thirdAdmin: string;
  beforeAll(async () => {
    third = await seedAccount(t.deps, 'third');
    thirdAdmin = await signIn(t.app, 'third', third.admin);
  });
  const form = { username: 'Li Lei', company: 'Third Ltd', email: 'li@third.example', agreement: true };

  it('checks the form rules of section 5', async () => {
    const cases: [object, string][] = [
      [{ ...form, username: 'x'.repeat(129) }, 'username'],
      [{ ...form, company: 'x'.repeat(256) }, 'company'],
      [{ ...form, email: `${'x'.repeat(125)}@ex.com` }, 'email'],
      [{ ...form, email: 'not-an-email' }, 'email'],
      [{ ...form, agreement: false }, 'agreement'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/api/portal/account/formal/application', thirdAdmin, payload);
      expect(res.statusCode, field).toBe(400);
      expect(
        envelope<{ fieldErrors: Record<string, string> }>(res).data.fieldErrors[field],
        field,
      ).toBeTruthy();
    }
    expect((await accountRow(third.id)).formalApplicationSubmitted).toBe(false);
  });

  it('records the application once, marks the account, audits; a second one answers 4052', async () => {
    const res = await post('/api/portal/account/formal/application', thirdAdmin, {
      ...form,
      openService: [1, 3],
    });
    expect(envelope(res)).toMatchObject({ code: 0, data: { formalApplicationSubmitted: true } });
    const detail = envelope<{ formalApplicationSubmitted: boolean }>(
      await t.app.inject({ url: '/api/portal/account/getAccountDetail', headers: bearer(thirdAdmin) }),
    );
    expect(detail.data.formalApplicationSubmitted).toBe(true);
    expect(await auditOf(third.id, 'account.formalApplication')).toHaveLength(1);
    const again = await post('/api/portal/account/formal/application', thirdAdmin, form);
    expect(envelope(again).code).toBe(ErrorCode.formalApplicationPending);
  });

  it('a formal account answers 4051', async () => {
    const res = await post('/api/portal/account/formal/application', admin, form);
    expect(envelope(res).code).toBe(ErrorCode.accountAlreadyFormal);
  });
});
