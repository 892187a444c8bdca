import { ErrorCode } from '@console/contract/codes';
import { eq } from 'drizzle-orm';
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
import { insertUser } from '../user/user.repository';
import { issueCheckToken } from '../verification/code.service';

let t: TTestApp;
let demo: TSeededAccount;
let other: TSeededAccount;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'demo');
  other = await seedAccount(t.deps, 'acme');
});
afterAll(() => t.close());

const en = { 'cz-lang': 'en-US' };
type TPending = {
  id: number;
  userId: number;
  userName: string;
  operator: string;
  email: string | null;
  phone: string | null;
};

async function outbox(to: string) {
  return envelope<{ list: { subject: string; text: string; code: string | null }[] }>(
    await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
  ).data.list;
}
function tokenIn(text: string): string {
  const match = /confirm-change\?t=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in ${text}`);
  return match[1];
}
/** The demo administrator's proof of identity (a verified UPDATE_USER_INFO code of their own). */
async function identity(): Promise<Record<string, string>> {
  const { checkToken } = await issueCheckToken(t.deps, {
    purpose: 'UPDATE_USER_INFO',
    target: { channel: 'email', target: 'admin@demo.example', accountId: demo.id, userId: demo.admin.id },
  });
  return { authcodetoken: checkToken, authcodetype: 'EMAIL', authmethod: 'UPDATE_USER_INFO' };
}
const ask = async (payload: object, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/portal/user/updateUserWithConfirm',
    headers: { ...bearer(token), ...en, ...(await identity()) },
    payload,
  });
const info = (token: string) =>
  t.app.inject({ url: `/api/portal/user/getUserUpdateInfoByConfirmToken?token=${token}`, headers: en });
const agree = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/portal/user/updateUserByConfirmToken?token=${token}`,
    headers: en,
  });

describe('contact changes confirmed by the user', () => {
  beforeAll(async () => {
    admin = await signIn(t.app, 'demo', demo.admin);
  });

  it('change nothing until the user agrees through the link sent to the new address; the old one gets a notice', async () => {
    const id = await insertUser(t.deps.db, {
      accountId: demo.id,
      username: 'mover',
      passwordHash: 'x',
      email: 'old@demo.example',
      phone: '13600000009',
    });
    const asked = envelope<TPending>(await ask({ id, email: 'New@Demo.example' }));
    expect(asked).toMatchObject({
      code: 0,
      data: { userId: id, userName: 'mover', operator: 'admin_demo', email: 'new@demo.example', phone: null },
    });
    expect(
      (await t.deps.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email,
    ).toBe('old@demo.example');

    const [link] = await outbox('new@demo.example');
    expect(link?.subject).toContain('confirm the change');
    expect(link?.text).toContain('admin_demo');
    expect(link?.text).toContain('http://localhost:8080/confirm-change?t=');
    const [notice] = await outbox('old@demo.example');
    expect(notice?.text).toContain('takes effect only if it is agreed');
    expect(notice?.text).not.toContain('confirm-change?t=');

    const token = tokenIn(link?.text ?? '');
    const details = envelope(await info(token));
    expect(details.data).toMatchObject({
      userName: 'mover',
      operator: 'admin_demo',
      email: 'new@demo.example',
      phone: null,
    });
    expect(envelope(await agree(token)).code).toBe(0);
    expect(
      (await t.deps.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email,
    ).toBe('new@demo.example');
    const audit = await t.deps.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.objectId, String(id)));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.contactChangeRequest', 'user.contactChangeConfirmed']),
    );

    // The link serves once.
    expect(envelope(await agree(token))).toMatchObject({
      code: ErrorCode.confirmLinkInvalid,
      message: 'The link is invalid: it was used, revoked or has expired.',
    });
    expect(envelope(await info(token)).code).toBe(ErrorCode.confirmLinkInvalid);
  });

  it('sends the link for a new phone by SMS, and expires it after an hour', async () => {
    const id = await insertUser(t.deps.db, {
      accountId: demo.id,
      username: 'phoner',
      passwordHash: 'x',
      phone: '13600000001',
    });
    expect(envelope(await ask({ id, phone: '13600000002' })).code).toBe(0);
    const [sms] = await outbox('+86 13600000002');
    expect(sms?.text).toContain('confirm-change?t=');
    const [notice] = await outbox('+86 13600000001');
    expect(notice?.text).toContain('admin_demo');
    t.clock.advance(61 * 60_000);
    expect(envelope(await agree(tokenIn(sms?.text ?? ''))).code).toBe(ErrorCode.confirmLinkInvalid);
    expect(
      (await t.deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, id)))[0]?.phone,
    ).toBe('13600000001');
  });

  it('shows pending requests to administrators, who can revoke them; a new request replaces the old', async () => {
    admin = await signIn(t.app, 'demo', demo.admin);
    const id = await insertUser(t.deps.db, {
      accountId: demo.id,
      username: 'waverer',
      passwordHash: 'x',
      email: 'w@demo.example',
      phone: '13600000008',
    });
    const first = envelope<TPending>(await ask({ id, email: 'w1@demo.example' })).data;
    const firstToken = tokenIn((await outbox('w1@demo.example'))[0]?.text ?? '');
    const second = envelope<TPending>(await ask({ id, email: 'w2@demo.example' })).data;
    expect(envelope(await info(firstToken)).code).toBe(ErrorCode.confirmLinkInvalid);
    const pending = envelope<TPending[]>(
      await t.app.inject({ url: '/api/portal/user/pendingChanges', headers: bearer(admin) }),
    ).data;
    expect(pending.map((p) => p.id)).toContain(second.id);
    expect(pending.map((p) => p.id)).not.toContain(first.id);

    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/portal/user/revokePendingChange',
      headers: bearer(admin),
      payload: { id: second.id },
    });
    expect(envelope(revoke).code).toBe(0);
    const secondToken = tokenIn((await outbox('w2@demo.example'))[0]?.text ?? '');
    expect(envelope(await agree(secondToken)).code).toBe(ErrorCode.confirmLinkInvalid);
  });

  it('is for administrators, within their own account, and checks the new values', async () => {
    admin = await signIn(t.app, 'demo', demo.admin);
    const member = await signIn(t.app, 'demo', demo.member);
    expect(envelope(await ask({ id: demo.admin.id, email: 'x@demo.example' }, member)).code).toBe(
      ErrorCode.notAccountAdmin,
    );
    expect((await ask({ id: other.member.id, email: 'x@demo.example' })).statusCode).toBe(404);
    expect((await ask({ id: demo.member.id })).statusCode).toBe(400);
    const badPhone = await ask({ id: demo.member.id, phone: '12345' });
    expect(envelope(badPhone)).toMatchObject({
      code: 400,
      data: { fieldErrors: { phone: 'Please enter a valid phone number' } },
    });
    const acme = await signIn(t.app, 'acme', other.admin);
    const pending = envelope<TPending[]>(
      await t.app.inject({ url: '/api/portal/user/pendingChanges', headers: bearer(acme) }),
    ).data;
    expect(pending.every((p) => p.userName.length > 0 && p.userId !== demo.member.id)).toBe(true);
  });
});
