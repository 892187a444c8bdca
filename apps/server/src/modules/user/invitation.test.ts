import { webcrypto } from 'node:crypto';
import { ErrorCode } from '@console/contract/codes';
import { and, eq } from 'drizzle-orm';
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
import { accounts, auditEntries, userInvitations, users } from '../../db/schema';
import { totpCode } from '../../lib/totp';

const en = { 'cz-lang': 'en-US' };
const hours72 = 72 * 3600 * 1000;

type TRow = {
  id: number;
  username: string;
  invitation: { state: string; channel: string; expireTime: string } | null;
};

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

function harness(getApp: () => TTestApp) {
  const t = () => getApp();
  const outbox = async (to: string) =>
    envelope<{ list: { channel: string; subject: string; text: string }[] }>(
      await t().app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
    ).data.list;
  const linkIn = (text: string) => {
    const match = /(https?:\/\/[^\s]+)\/userManage\/(\d+)\?token=([A-Za-z0-9_-]+)/.exec(text);
    if (!match?.[2] || !match[3]) throw new Error(`no invitation link in ${text}`);
    return { base: match[1], userId: Number(match[2]), token: match[3] };
  };
  const post = (url: string, payload: object, token?: string) =>
    t().app.inject({
      method: 'POST',
      url,
      headers: { ...(token ? bearer(token) : {}), ...en },
      payload,
    });
  const addUser = (admin: string, payload: object) => post('/api/portal/user/addUser', payload, admin);
  const read = (userId: number, token: string) =>
    t().app.inject({ url: `/api/portal/user/invitation?userId=${userId}&token=${token}`, headers: en });
  const accept = (payload: object) => post('/api/portal/user/acceptInvitation', payload);
  const list = async (admin: string) =>
    envelope<{ list: TRow[] }>(await post('/api/portal/user/userList', { pageNo: 1, pageSize: 200 }, admin))
      .data.list;
  const audits = (accountId: number, action: string) =>
    t()
      .deps.db.select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, accountId), eq(auditEntries.action, action)));
  return { outbox, linkIn, post, addUser, read, accept, list, audits };
}

describe('invitations, domestic edition (SMS to the phone by default)', () => {
  let t: TTestApp;
  let demo: TSeededAccount;
  let acme: TSeededAccount;
  let admin: string;
  let acmeAdmin: string;
  const h = harness(() => t);

  beforeAll(async () => {
    t = await createTestApp({ env: { EDITION: 'domestic' } });
    demo = await seedAccount(t.deps, 'demo');
    acme = await seedAccount(t.deps, 'acme');
    admin = await signIn(t.app, 'demo', demo.admin);
    acmeAdmin = await signIn(t.app, 'acme', acme.admin);
  });
  afterAll(() => t.close());

  it('adds a user without a password and texts the link; the list says pending; both are audited', async () => {
    const added = envelope<{ id: number }>(
      await h.addUser(admin, { username: 'invited_sms', phone: '13900000011', invite: true }),
    );
    expect(added.code).toBe(0);
    const [sms] = await h.outbox('+86 13900000011');
    expect(sms?.channel).toBe('sms');
    const link = h.linkIn(sms?.text ?? '');
    expect(link.userId).toBe(added.data.id);
    expect(link.base).toBe(t.deps.config.publicUrl);
    // Only the digest is stored, never the token.
    const [stored] = await t.deps.db
      .select()
      .from(userInvitations)
      .where(eq(userInvitations.userId, added.data.id));
    expect(stored?.tokenHash.toString('base64url')).not.toBe(link.token);
    expect(stored?.expiresAt.getTime()).toBe(t.clock.now().getTime() + hours72);
    const row = (await h.list(admin)).find((r) => r.username === 'invited_sms');
    expect(row?.invitation).toMatchObject({ state: 'pending', channel: 'SMS' });
    expect(await h.audits(demo.id, 'user.add')).toHaveLength(1);
    const [invite] = await h.audits(demo.id, 'user.invite');
    expect(invite).toMatchObject({ userId: demo.admin.id, objectId: String(added.data.id) });
    // The user cannot sign in, and the refusal is the one of a wrong password.
    const attempt = envelope(await login(t.app, 'demo', 'invited_sms', 'Anything@2026'));
    const wrong = envelope(await login(t.app, 'demo', 'member_demo', 'Anything@2026'));
    expect(attempt.code).toBe(ErrorCode.wrongPassword);
    expect(attempt.message).toBe(wrong.message);
  });

  it('refuses an invitation without an address, or with a password', async () => {
    const bare = envelope<null>(await h.addUser(admin, { username: 'invited_none', invite: true }));
    expect(bare.code).toBe(ErrorCode.badRequest);
    expect(bare.message).not.toBe('');
    const both = await h.addUser(admin, {
      username: 'invited_both',
      email: 'both@demo.example',
      password: 'Some@2026pass',
      invite: true,
    });
    expect(envelope(both).code).toBe(ErrorCode.badRequest);
    const noEmail = await h.addUser(admin, {
      username: 'invited_nomail',
      phone: '13900000012',
      invite: true,
      inviteChannel: 'EMAIL',
    });
    expect(envelope(noEmail).code).toBe(ErrorCode.badRequest);
  });

  it('reads the link, refuses passwords against the policy, accepts once, and the user signs in', async () => {
    const added = envelope<{ id: number }>(
      await h.addUser(admin, {
        username: 'invited_ok',
        email: 'ok@demo.example',
        phone: '13900000013',
        invite: true,
      }),
    );
    const link = h.linkIn((await h.outbox('+86 13900000013'))[0]?.text ?? '');
    const read = envelope<Record<string, unknown>>(await h.read(link.userId, link.token));
    expect(read).toMatchObject({
      code: 0,
      data: {
        accountName: 'demo',
        username: 'invited_ok',
        channel: 'SMS',
        sentTo: '+86 139****0013',
        passwordPolicy: { minLength: 8 },
        loginProtection: { isRequired: false, method: null },
      },
    });
    const weak = envelope(await h.accept({ ...link, password: 'Short' }));
    expect(weak.code).toBe(ErrorCode.passwordTooShort);
    const noUpper = envelope(await h.accept({ ...link, password: 'lowercase2026' }));
    expect(noUpper.code).toBe(ErrorCode.passwordMissingCharTypes);
    // A token of another user's link, or a made-up one: 4174.
    expect(envelope(await h.read(demo.member.id, link.token)).code).toBe(ErrorCode.invitationInvalid);
    expect(envelope(await h.read(link.userId, 'made-up-token')).code).toBe(ErrorCode.invitationInvalid);

    const accepted = envelope(await h.accept({ ...link, password: 'Invited@2026ok' }));
    expect(accepted).toMatchObject({
      code: 0,
      data: { accountName: 'demo', username: 'invited_ok', mfaMethodType: null },
    });
    const signedIn = envelope<{ token: string }>(await login(t.app, 'demo', 'invited_ok', 'Invited@2026ok'));
    expect(signedIn.code).toBe(0);
    expect(signedIn.data.token).toBeTruthy();
    // Used once: the link now says so, and the list shows no invitation.
    expect(envelope(await h.accept({ ...link, password: 'Invited@2026ok2' })).code).toBe(
      ErrorCode.invitationUsed,
    );
    expect(envelope(await h.read(link.userId, link.token)).code).toBe(ErrorCode.invitationUsed);
    expect((await h.list(admin)).find((r) => r.id === added.data.id)?.invitation).toBeNull();
    const [entry] = await h.audits(demo.id, 'user.invitationAccept');
    expect(entry).toMatchObject({ userId: added.data.id, username: 'invited_ok', status: 1 });
    // Resending an accepted invitation is refused.
    const resend = envelope(await h.post('/api/portal/user/resendInvitation', { id: added.data.id }, admin));
    expect(resend.code).toBe(ErrorCode.invitationUsed);
  });

  it('lets only one of two simultaneous acceptances win', async () => {
    await h.addUser(admin, { username: 'invited_race', phone: '13900000014', invite: true });
    const link = h.linkIn((await h.outbox('+86 13900000014'))[0]?.text ?? '');
    const answers = await Promise.all([
      h.accept({ ...link, password: 'Racer@2026one' }),
      h.accept({ ...link, password: 'Racer@2026two' }),
    ]);
    const codes = answers.map((a) => envelope(a).code).sort();
    expect(codes).toEqual([0, ErrorCode.invitationUsed]);
  });

  it('resends (the old link ends), revokes, and says when a link expired', async () => {
    const added = envelope<{ id: number }>(
      await h.addUser(admin, {
        username: 'invited_re',
        phone: '13900000015',
        email: 're@demo.example',
        invite: true,
      }),
    );
    const first = h.linkIn((await h.outbox('+86 13900000015'))[0]?.text ?? '');
    const resent = envelope<{ state: string; channel: string }>(
      await h.post('/api/portal/user/resendInvitation', { id: added.data.id, channel: 'EMAIL' }, admin),
    );
    expect(resent.data).toMatchObject({ state: 'pending', channel: 'EMAIL' });
    const second = h.linkIn((await h.outbox('re@demo.example'))[0]?.text ?? '');
    expect(second.token).not.toBe(first.token);
    expect(envelope(await h.read(first.userId, first.token)).code).toBe(ErrorCode.invitationRevoked);
    expect(envelope(await h.read(second.userId, second.token)).code).toBe(0);
    expect(await h.audits(demo.id, 'user.invitationResend')).toHaveLength(1);

    // Another account's administrator reaches neither resend nor revoke.
    for (const url of ['/api/portal/user/resendInvitation', '/api/portal/user/revokeInvitation']) {
      const res = await h.post(url, { id: added.data.id }, acmeAdmin);
      expect(res.statusCode).toBe(403);
    }

    const revoked = envelope(await h.post('/api/portal/user/revokeInvitation', { id: added.data.id }, admin));
    expect(revoked.code).toBe(0);
    expect(envelope(await h.read(second.userId, second.token)).code).toBe(ErrorCode.invitationRevoked);
    expect((await h.list(admin)).find((r) => r.id === added.data.id)?.invitation?.state).toBe('revoked');
    expect(await h.audits(demo.id, 'user.invitationRevoke')).toHaveLength(1);
    // Nothing left to revoke.
    expect(
      envelope(await h.post('/api/portal/user/revokeInvitation', { id: added.data.id }, admin)).code,
    ).toBe(ErrorCode.notFound);

    // A new one expires after 72 hours.
    await h.post('/api/portal/user/resendInvitation', { id: added.data.id }, admin);
    const third = h.linkIn((await h.outbox('re@demo.example'))[0]?.text ?? '');
    t.clock.advance(hours72 + 1000);
    try {
      expect(envelope(await h.read(third.userId, third.token)).code).toBe(ErrorCode.invitationExpired);
      expect(envelope(await h.accept({ ...third, password: 'Late@2026pass' })).code).toBe(
        ErrorCode.invitationExpired,
      );
      // (The administrator's session has ended too in 72 hours: a new one.)
      const later = await signIn(t.app, 'demo', demo.admin);
      expect((await h.list(later)).find((r) => r.id === added.data.id)?.invitation?.state).toBe('expired');
    } finally {
      t.clock.advance(-(hours72 + 1000));
    }
  });

  it('turns on phone protection when the account requires it: the phone that got the link is proven', async () => {
    await t.deps.db.update(accounts).set({ mfaRequired: true }).where(eq(accounts.id, demo.id));
    try {
      const added = envelope<{ id: number }>(
        await h.addUser(admin, { username: 'invited_mfa', phone: '13900000016', invite: true }),
      );
      const link = h.linkIn((await h.outbox('+86 13900000016'))[0]?.text ?? '');
      const read = envelope(await h.read(link.userId, link.token));
      expect(read.data).toMatchObject({ loginProtection: { isRequired: true, method: 'PHONE' } });
      const accepted = envelope(await h.accept({ ...link, password: 'Guarded@2026' }));
      expect(accepted.data).toMatchObject({ mfaMethodType: 'PHONE' });
      const [user] = await t.deps.db.select().from(users).where(eq(users.id, added.data.id));
      expect(user).toMatchObject({ mfaEnabled: true, mfaMethod: 'PHONE', mustResetPassword: false });
      const enabled = await h.audits(demo.id, 'mfa.enable');
      expect(enabled.some((e) => e.userId === added.data.id)).toBe(true);
    } finally {
      await t.deps.db.update(accounts).set({ mfaRequired: false }).where(eq(accounts.id, demo.id));
    }
  });
});

describe('invitations, international edition (e-mail, authenticator app)', () => {
  let t: TTestApp;
  let demo: TSeededAccount;
  let admin: string;
  const h = harness(() => t);

  beforeAll(async () => {
    t = await createTestApp({ env: { EDITION: 'international' } });
    demo = await seedAccount(t.deps, 'demo');
    admin = await signIn(t.app, 'demo', demo.admin);
  });
  afterAll(() => t.close());

  it('mails the link by default and binds an authenticator when the account requires protection', async () => {
    await t.deps.db.update(accounts).set({ mfaRequired: true }).where(eq(accounts.id, demo.id));
    const added = envelope<{ id: number }>(
      await h.addUser(admin, {
        username: 'invited_ga',
        email: 'ga@demo.example',
        phone: '13900000021',
        invite: true,
      }),
    );
    expect(added.code).toBe(0);
    const [mail] = await h.outbox('ga@demo.example');
    expect(mail?.subject).toContain('invited you');
    const link = h.linkIn(mail?.text ?? '');
    expect(envelope(await h.read(link.userId, link.token)).data).toMatchObject({
      channel: 'EMAIL',
      loginProtection: { isRequired: true, method: 'GA' },
    });
    // Without the authenticator's code the password alone is not enough.
    expect(envelope(await h.accept({ ...link, password: 'Global@2026ok' })).code).toBe(ErrorCode.badRequest);
    const binding = envelope<{ initialCode: string; publicKey: string; uniqueId: string }>(
      await h.post('/api/portal/user/invitation/mfaCode', link),
    ).data;
    expect(binding.initialCode).toMatch(/^[A-Z2-7]+$/);
    const wrong = envelope(
      await h.accept({
        ...link,
        password: 'Global@2026ok',
        uniqueId: binding.uniqueId,
        code: await encrypt(binding.publicKey, '000000'),
      }),
    );
    expect(wrong.code).toBe(ErrorCode.codeMismatch);
    // Nothing was spent by the wrong code.
    expect(envelope(await h.read(link.userId, link.token)).code).toBe(0);
    const code = totpCode(binding.initialCode, t.clock.now());
    const accepted = envelope(
      await h.accept({
        ...link,
        password: 'Global@2026ok',
        uniqueId: binding.uniqueId,
        code: await encrypt(binding.publicKey, code),
      }),
    );
    expect(accepted).toMatchObject({ code: 0, data: { mfaMethodType: 'GA', username: 'invited_ga' } });
    // The sign-in now asks for the bound authenticator's code.
    const first = envelope<{ token: string | null; mfaStatus: { gaAlreadyBinding: boolean } }>(
      await login(t.app, 'demo', 'invited_ga', 'Global@2026ok'),
    );
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ token: null, mfaStatus: { gaAlreadyBinding: true } });
  });
});

describe('invitation links under the limits per client address (decision 0012)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ADDRESS_CAPTCHA_AFTER_FAILURES: '2', ADDRESS_BLOCK_AFTER_FAILURES: '3' },
    });
  });
  afterAll(() => t.close());

  it('counts unknown tokens and blocks the address after too many', async () => {
    const read = (token: string) =>
      t.app.inject({ url: `/api/portal/user/invitation?userId=1&token=${token}`, headers: en });
    expect(envelope(await read('guess-1')).code).toBe(ErrorCode.invitationInvalid);
    expect(envelope(await read('guess-2')).code).toBe(ErrorCode.invitationInvalid);
    const third = await read('guess-3');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeTruthy();
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/portal/user/acceptInvitation',
      headers: en,
      payload: { userId: 1, token: 'guess-4', password: 'Guess@2026pass' },
    });
    expect(blocked.statusCode).toBe(429);
  });
});
