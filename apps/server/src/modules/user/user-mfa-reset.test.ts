/**
 * An administrator resets another user's login protection (decision 0048): the authenticator app
 * and every passkey go, the user's sessions end, the user is told by e-mail or SMS, the audit entry
 * keeps the reason, and the next sign-in asks for protection again only where the account requires
 * it. Refused without the administrator's own code, for oneself, service users, deleted users,
 * users with nothing to reset and users of another account, each refusal changing nothing.
 */
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@console/contract/codes';
import type { TAuthMethod } from '@console/contract/enums';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, snapshotDatabase } from '../../../test/db-snapshot';
import {
  createTestApp,
  envelope,
  login,
  mintSession,
  routeClient,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { accounts, auditEntries, passkeys, users } from '../../db/schema';
import { issueCheckToken } from '../verification/code.service';
import { insertUser } from './user.repository';

const en = { 'cz-lang': 'en-US' };
const password = 'Lost@2026keys';

type TResult = {
  removedAuthenticator: boolean;
  removedPasskeys: number;
  endedSessions: number;
  notice: { isSent: boolean; channel: 'SMS' | 'EMAIL' | null; target: string | null };
};

/** The test app's calls and fixtures. */
function resetKit(appOf: () => TTestApp) {
  const { call } = routeClient(() => appOf().app);
  let seq = 0;

  /** A regular user of the account with the contacts given, and the second factors asked for. */
  async function addUser(
    accountId: number,
    factors: { authenticator?: boolean; passkeys?: number },
    values: { email?: string; phone?: string; kind?: 'regular' | 'service' } = {},
  ): Promise<{ id: number; username: string }> {
    seq += 1;
    const t = appOf();
    const username = `lost_keys_${seq}`;
    const id = await insertUser(t.deps.db, {
      accountId,
      username,
      passwordHash: await t.deps.hasher.hash(password),
      ...values,
    });
    if (factors.authenticator) {
      await t.deps.db
        .update(users)
        .set({
          mfaEnabled: true,
          mfaMethod: 'GA',
          totpSecret: t.deps.secrets.seal(randomBytes(20).toString('hex')),
          totpLastStep: 1,
        })
        .where(eq(users.id, id));
    }
    for (let i = 0; i < (factors.passkeys ?? 0); i += 1) {
      await t.deps.db.insert(passkeys).values({
        accountId,
        userId: id,
        credentialId: `credential-${username}-${i}`,
        publicKey: Buffer.from('not a real key'),
        deviceType: 'singleDevice',
        name: `Key ${i}`,
      });
    }
    return { id, username };
  }

  /** A proof of a verified code of `userId` (what checkAuthCode answers after the code). */
  async function proof(accountId: number, userId: number, purpose: TAuthMethod = 'RESET_USER_MFA') {
    const { checkToken } = await issueCheckToken(appOf().deps, {
      purpose,
      target: { channel: 'email', target: `proof.${userId}@demo.example`, accountId, userId },
    });
    return checkToken;
  }

  function reset(token: string, body: Record<string, unknown>, checkToken?: string) {
    return call(
      'resetUserMfa',
      token,
      body,
      checkToken
        ? { ...en, authcodetoken: checkToken, authcodetype: 'EMAIL', authmethod: 'RESET_USER_MFA' }
        : en,
    );
  }

  async function factorsOf(id: number) {
    const db = appOf().deps.db;
    const [user] = await db
      .select({ mfaEnabled: users.mfaEnabled, mfaMethod: users.mfaMethod, totpSecret: users.totpSecret })
      .from(users)
      .where(eq(users.id, id));
    const keys = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, id));
    return { ...user, passkeys: keys.length };
  }

  async function auditsOf(accountId: number, id: number) {
    return appOf()
      .deps.db.select({
        action: auditEntries.action,
        status: auditEntries.status,
        userId: auditEntries.userId,
        info: auditEntries.info,
      })
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, accountId), eq(auditEntries.objectId, String(id))))
      .orderBy(auditEntries.id);
  }

  return { call, addUser, proof, reset, factorsOf, auditsOf };
}

describe('international edition (authenticator apps), messages in the development outbox', () => {
  let t: TTestApp;
  let demo: TSeededAccount;
  let acme: TSeededAccount;
  let admin: string;
  let member: string;
  const kit = resetKit(() => t);

  beforeAll(async () => {
    t = await createTestApp({ env: { EDITION: 'international' } });
    demo = await seedAccount(t.deps, 'demo');
    acme = await seedAccount(t.deps, 'acme');
    admin = await signIn(t.app, 'demo', demo.admin);
    member = await signIn(t.app, 'demo', demo.member);
  });
  afterAll(() => t.close());

  const outbox = async (to: string) =>
    envelope<{ list: { channel: string; to: string; subject: string; text: string; code: string | null }[] }>(
      await t.app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`),
    ).data.list;

  it('lists each user’s second factors for the More menu', async () => {
    const both = await kit.addUser(demo.id, { authenticator: true, passkeys: 2 });
    const none = await kit.addUser(demo.id, {});
    const list = envelope<{ list: { id: number; secondFactors: unknown }[] }>(
      await kit.call('userList', admin, { pageNo: 1, pageSize: 200 }),
    ).data.list;
    expect(list.find((u) => u.id === both.id)?.secondFactors).toEqual({
      hasAuthenticator: true,
      passkeys: 2,
    });
    expect(list.find((u) => u.id === none.id)?.secondFactors).toEqual({
      hasAuthenticator: false,
      passkeys: 0,
    });
  });

  it('removes the authenticator and every passkey, ends the sessions, tells the user and audits the reason', async () => {
    const user = await kit.addUser(
      demo.id,
      { authenticator: true, passkeys: 2 },
      { email: 'Lost.Keys@Demo.example' },
    );
    const sessions = [
      await mintSession(t.deps, demo.id, user.id),
      await mintSession(t.deps, demo.id, user.id),
    ];
    const checkToken = await kit.proof(demo.id, demo.admin.id);
    const reason = 'Lost the phone with the authenticator; confirmed by a call';

    const answer = envelope<TResult>(await kit.reset(admin, { userId: user.id, reason }, checkToken));
    expect(answer).toMatchObject({
      code: 0,
      data: {
        removedAuthenticator: true,
        removedPasskeys: 2,
        endedSessions: 2,
        notice: { isSent: true, channel: 'EMAIL' },
      },
    });
    expect(answer.data.notice.target).not.toContain('lost.keys@');
    expect(await kit.factorsOf(user.id)).toEqual({
      mfaEnabled: false,
      mfaMethod: null,
      totpSecret: null,
      passkeys: 0,
    });
    // The user's sessions answer "ended by the server" (4004).
    for (const session of sessions) {
      expect(envelope(await kit.call('getCurrentUser', session)).code).toBe(ErrorCode.sessionRevoked);
    }
    // Told at the address on record, by name, with no code in it.
    const [notice] = await outbox('lost.keys@demo.example');
    expect(notice).toMatchObject({ channel: 'email', code: null });
    expect(notice?.text).toContain(user.username);
    expect(notice?.text).toContain(demo.admin.username);
    const audits = await kit.auditsOf(demo.id, user.id);
    expect(audits).toEqual([
      {
        action: 'user.resetMfa',
        status: 1,
        userId: demo.admin.id,
        info: {
          reason,
          authenticator: true,
          passkeys: 2,
          endedSessions: 2,
          identityCheck: 'email',
          notice: 'email',
        },
      },
    ]);
    // The proof served once.
    expect(envelope(await kit.reset(admin, { userId: user.id, reason }, checkToken)).code).toBe(
      ErrorCode.codeAlreadyUsed,
    );
    // Nothing is left to reset (4351).
    const again = await kit.reset(
      admin,
      { userId: user.id, reason },
      await kit.proof(demo.id, demo.admin.id),
    );
    expect(envelope(again).code).toBe(ErrorCode.mfaResetNothing);
  });

  it('leads the user through binding an authenticator at the next sign-in where the account requires it, else signs in', async () => {
    const user = await kit.addUser(
      demo.id,
      { authenticator: true, passkeys: 1 },
      { email: 'next@demo.example' },
    );
    const reset = await kit.reset(
      admin,
      { userId: user.id, reason: 'Lost both' },
      await kit.proof(demo.id, demo.admin.id),
    );
    expect(envelope(reset).code).toBe(0);

    // Not required: the password alone signs in.
    const direct = envelope<{ token: string | null }>(await login(t.app, 'demo', user.username, password));
    expect(direct.code).toBe(0);
    expect(direct.data.token).toEqual(expect.any(String));

    // Required: the second step binds a new authenticator (none bound, no passkey offered).
    await t.deps.db.update(accounts).set({ mfaRequired: true }).where(eq(accounts.id, demo.id));
    try {
      const asked = envelope<{
        token: string | null;
        mfaStatus: { enable: boolean; gaAlreadyBinding: boolean; passkey: boolean };
        uniqueId: string | null;
      }>(await login(t.app, 'demo', user.username, password));
      expect(asked.code).toBe(0);
      expect(asked.data.token).toBeNull();
      expect(asked.data.mfaStatus).toMatchObject({ enable: true, gaAlreadyBinding: false, passkey: false });
      expect(asked.data.uniqueId).toEqual(expect.any(String));
    } finally {
      await t.deps.db.update(accounts).set({ mfaRequired: false }).where(eq(accounts.id, demo.id));
    }
  });

  it('refuses without the administrator’s own code, and for oneself, service users, deleted users, other accounts and members, changing nothing', async () => {
    const user = await kit.addUser(
      demo.id,
      { authenticator: true, passkeys: 1 },
      { email: 'kept@demo.example' },
    );
    const service = await kit.addUser(demo.id, { passkeys: 1 }, { kind: 'service' });
    const deleted = await kit.addUser(demo.id, { passkeys: 1 });
    await t.deps.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, deleted.id));
    const foreign = await kit.addUser(acme.id, { authenticator: true });
    const nothing = await kit.addUser(demo.id, {});
    const good = await kit.proof(demo.id, demo.admin.id);
    const membersProof = await kit.proof(demo.id, demo.member.id);
    const otherPurpose = await kit.proof(demo.id, demo.admin.id, 'RESET_USER_PASSWORD_MODAL');
    const reason = 'Lost the phone';

    const before = await snapshotDatabase(t.deps.database);
    const codeOf = async (token: string, body: Record<string, unknown>, checkToken?: string) =>
      envelope(await kit.reset(token, body, checkToken)).code;
    // No proof (4350), a made-up one, another user's, another purpose's (4094).
    expect(await codeOf(admin, { userId: user.id, reason })).toBe(ErrorCode.mfaResetNeedsIdentity);
    expect(await codeOf(admin, { userId: user.id, reason }, 'made-up-token')).toBe(
      ErrorCode.verificationFailed,
    );
    expect(await codeOf(admin, { userId: user.id, reason }, membersProof)).toBe(ErrorCode.verificationFailed);
    expect(await codeOf(admin, { userId: user.id, reason }, otherPurpose)).toBe(ErrorCode.verificationFailed);
    // Oneself (4352), a service user (4157), a deleted user (4155), nothing to reset (4351).
    expect(await codeOf(admin, { userId: demo.admin.id, reason }, good)).toBe(ErrorCode.mfaResetSelf);
    expect(await codeOf(admin, { userId: service.id, reason }, good)).toBe(ErrorCode.notRegularUser);
    expect(await codeOf(admin, { userId: deleted.id, reason }, good)).toBe(ErrorCode.userIsDeleted);
    expect(await codeOf(admin, { userId: nothing.id, reason }, good)).toBe(ErrorCode.mfaResetNothing);
    // Another account's user, or another account's id (403); a member (4037).
    expect(await codeOf(admin, { userId: foreign.id, reason }, good)).toBe(ErrorCode.forbidden);
    expect(await codeOf(admin, { accountId: acme.id, userId: user.id, reason }, good)).toBe(
      ErrorCode.forbidden,
    );
    expect(await codeOf(member, { userId: user.id, reason }, membersProof)).toBe(ErrorCode.notAccountAdmin);
    // A reason is required, at most 200 characters (400 naming the field, in the user's language).
    const empty = envelope<{ fieldErrors: Record<string, string> }>(
      await kit.reset(admin, { userId: user.id, reason: '  ' }, good),
    );
    expect(empty.code).toBe(ErrorCode.badRequest);
    expect(Object.keys(empty.data.fieldErrors)).toEqual(['reason']);
    expect(await codeOf(admin, { userId: user.id, reason: 'x'.repeat(201) }, good)).toBe(
      ErrorCode.badRequest,
    );
    // Nothing changed, and the proof was not spent by any refusal: it still serves.
    expect(changedTables(before, await snapshotDatabase(t.deps.database))).toEqual([]);
    expect(await codeOf(admin, { userId: user.id, reason }, good)).toBe(0);
    expect(await kit.factorsOf(foreign.id)).toMatchObject({ mfaMethod: 'GA', passkeys: 0 });
  });
});

describe('domestic edition in production: no channel, or a channel that fails', () => {
  const production = { NODE_ENV: 'production', SECRET_KEY: 'production-secret-key-0123456789abcdef' };
  let t: TTestApp;
  let demo: TSeededAccount;
  let admin: string;
  const kit = resetKit(() => t);

  beforeAll(async () => {
    // E-mail through an SMTP server that refuses connections; no SMS provider.
    t = await createTestApp({
      env: { ...production, SMTP_URL: 'smtp://127.0.0.1:1', SMTP_FROM: 'Console <no-reply@console.test>' },
    });
    demo = await seedAccount(t.deps, 'demo');
    admin = await signIn(t.app, 'demo', demo.admin);
  });
  afterAll(() => t.close());

  it('resets a user no configured channel reaches, and records that the notice was not sent', async () => {
    const user = await kit.addUser(demo.id, { passkeys: 1 }, { phone: '13900000077' });
    const answer = envelope<TResult>(
      await kit.reset(
        admin,
        { userId: user.id, reason: 'Lost the security key' },
        await kit.proof(demo.id, demo.admin.id),
      ),
    );
    expect(answer).toMatchObject({
      code: 0,
      data: {
        removedAuthenticator: false,
        removedPasskeys: 1,
        notice: { isSent: false, channel: null, target: null },
      },
    });
    expect(await kit.factorsOf(user.id)).toMatchObject({ passkeys: 0 });
    const audits = await kit.auditsOf(demo.id, user.id);
    expect(audits.map((a) => [a.action, (a.info as { notice?: string }).notice])).toEqual([
      ['user.resetMfa', 'none'],
    ]);
    // Without a passkey and without a requirement, the password alone signs in.
    const direct = envelope<{ token: string | null }>(await login(t.app, 'demo', user.username, password));
    expect(direct.data.token).toEqual(expect.any(String));
  });

  it('keeps the reset when the notice cannot be sent, and audits the failed notice', async () => {
    const user = await kit.addUser(demo.id, { passkeys: 2 }, { email: 'unreachable@demo.example' });
    const answer = envelope<TResult>(
      await kit.reset(
        admin,
        { userId: user.id, reason: 'Lost the laptop' },
        await kit.proof(demo.id, demo.admin.id),
      ),
    );
    expect(answer).toMatchObject({
      code: 0,
      data: { removedPasskeys: 2, notice: { isSent: false, channel: 'EMAIL' } },
    });
    expect(await kit.factorsOf(user.id)).toMatchObject({ passkeys: 0 });
    const audits = await kit.auditsOf(demo.id, user.id);
    expect(audits.map((a) => [a.action, a.status])).toEqual([
      ['user.resetMfa', 1],
      ['user.resetMfaNotice', 0],
    ]);
    expect(audits[1]?.info).toMatchObject({ channel: 'email', failure: ErrorCode.sendCodeFailed });
    // The admin's session is untouched.
    expect(envelope(await kit.call('getCurrentUser', admin)).code).toBe(0);
  });
});
