/**
 * No account locks itself out with one switch: requiring login protection of every user turns on
 * only when every enabled regular user can complete a second step with what the installation and
 * the user have, and with the administrator's own second step proven in the same request. The
 * policy read says so in advance. Production installations with and without SMS or e-mail, a
 * demonstration installation, and the international edition (authenticator apps).
 */
import { webcrypto } from 'node:crypto';
import { ErrorCode } from '@console/contract/codes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, snapshotDatabase } from '../../../test/db-snapshot';
import {
  bearer,
  createTestApp,
  envelope,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { codeIn, startSmtpServer } from '../../../test/peers';
import { accounts, auditEntries, passkeys, users } from '../../db/schema';
import { totpCode } from '../../lib/totp';
import { insertUser } from '../user/user.repository';

const production = { NODE_ENV: 'production', SECRET_KEY: 'production-secret-key-0123456789abcdef' };
const en = { 'cz-lang': 'en-US' };

type TEnforcement = {
  isPossible: boolean;
  blockedBy: number | null;
  blockedUsers: number;
  blockedUsernames: string[];
  usersToSetUp: number;
  proof: 'GA' | 'CODE' | null;
  proofChannels: string[];
};
type TPolicy = { required: boolean; passkeySignIn: boolean; enforcement: TEnforcement | null };

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

/** The policy calls of one test app. */
function policyCalls(appOf: () => TTestApp) {
  const readPolicy = async (token: string) =>
    envelope<TPolicy>(
      await appOf().app.inject({ url: '/api/portal/mfa/policy', headers: { ...bearer(token), ...en } }),
    );
  const savePolicy = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    appOf().app.inject({
      method: 'POST',
      url: '/api/portal/mfa/policy',
      headers: { ...bearer(token), ...en, ...headers },
      payload: body,
    });
  return { readPolicy, savePolicy };
}

/** A user of the account with only what is given (no phone, no e-mail unless named). */
async function addUser(
  t: TTestApp,
  accountId: number,
  username: string,
  values: { phone?: string; kind?: 'regular' | 'service'; isEnabled?: boolean; isDeleted?: boolean } = {},
): Promise<number> {
  const { isDeleted, ...rest } = values;
  const id = await insertUser(t.deps.db, {
    accountId,
    username,
    passwordHash: await t.deps.hasher.hash('Someone@2026'),
    ...rest,
  });
  if (isDeleted) await t.deps.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, id));
  return id;
}

async function addPasskey(t: TTestApp, accountId: number, userId: number, name: string): Promise<void> {
  await t.deps.db.insert(passkeys).values({
    accountId,
    userId,
    credentialId: `credential-${name}`,
    publicKey: Buffer.from('not a real key'),
    deviceType: 'singleDevice',
    name,
  });
}

describe('domestic edition in production with e-mail configured and SMS not', () => {
  let t: TTestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let demo: TSeededAccount;
  let admin: string;
  let phoneOnly: number;
  let proof: string;
  const { readPolicy, savePolicy } = policyCalls(() => t);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      env: { ...production, SMTP_URL: smtp.url, SMTP_FROM: 'Console <no-reply@console.test>' },
    });
    demo = await seedAccount(t.deps, 'demo');
    // The administrator has a phone and an e-mail address; the member has neither.
    phoneOnly = await addUser(t, demo.id, 'phone_only', { phone: '13900000031' });
    // Who does not count: a service user, a disabled user, a deleted user (none has any contact).
    await addUser(t, demo.id, 'svc_nightly', { kind: 'service' });
    await addUser(t, demo.id, 'left_company', { isEnabled: false });
    await addUser(t, demo.id, 'deleted_one', { isDeleted: true });
    admin = await signIn(t.app, 'demo', demo.admin);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A checkToken of a code mailed to the administrator for `purpose`. */
  async function mailedProof(purpose: string): Promise<string> {
    t.clock.advance(61_000);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/sendAuthCode?authCodeType=EMAIL',
      headers: { ...bearer(admin), ...en, authmethod: purpose },
    });
    expect(envelope(sent).code).toBe(0);
    const code = codeIn(smtp.mails.at(-1)?.raw ?? '');
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/checkAuthCode?authCodeType=EMAIL',
      headers: { ...bearer(admin), ...en, authmethod: purpose, authcode: code },
    });
    return envelope<{ checkToken: string }>(checked).data.checkToken;
  }

  it('says before any click that it cannot be required, and why; members are not told', async () => {
    const policy = await readPolicy(admin);
    expect(policy).toMatchObject({ code: 0, data: { required: false, passkeySignIn: false } });
    expect(policy.data.enforcement).toEqual({
      isPossible: false,
      blockedBy: ErrorCode.mfaEnforcementUsersBlocked,
      blockedUsers: 2,
      blockedUsernames: ['member_demo', 'phone_only'],
      usersToSetUp: 0,
      proof: 'CODE',
      proofChannels: ['EMAIL'],
    });
    const member = await signIn(t.app, 'demo', demo.member);
    expect((await readPolicy(member)).data).toEqual({
      required: false,
      passkeySignIn: false,
      enforcement: null,
    });
  });

  it('refuses to require it while users could not complete a second step (4165), naming them, and changes nothing', async () => {
    proof = await mailedProof('MFA_STATUS');
    const before = await snapshotDatabase(t.deps.database);
    const refused = await savePolicy(admin, { required: true }, { authcodetoken: proof });
    expect(envelope(refused)).toMatchObject({
      code: ErrorCode.mfaEnforcementUsersBlocked,
      message: expect.stringContaining('member_demo, phone_only (2 in all)'),
      data: { blockedUsers: 2, blockedUsernames: ['member_demo', 'phone_only'] },
    });
    expect(envelope(refused).message).toContain('SMS or e-mail is not configured');
    const zh = await savePolicy(admin, { required: true }, { authcodetoken: proof, 'cz-lang': 'zh-CN' });
    expect(envelope(zh).message).toContain('member_demo、phone_only（共 2 位）');
    // Nothing changed, and the administrator's proof was not spent.
    expect(changedTables(before, await snapshotDatabase(t.deps.database))).toEqual([]);
    expect((await readPolicy(admin)).data.required).toBe(false);
  });

  it('counts a user with an address the installation reaches as asked to set up, and one with a passkey as ready', async () => {
    // The member gets an e-mail address (e-mail is configured); the phone-only user a passkey.
    await t.deps.db.update(users).set({ email: 'member@demo.example' }).where(eq(users.id, demo.member.id));
    await addPasskey(t, demo.id, phoneOnly, 'phone-only-key');
    expect((await readPolicy(admin)).data.enforcement).toEqual({
      isPossible: true,
      blockedBy: null,
      blockedUsers: 0,
      blockedUsernames: [],
      usersToSetUp: 1,
      proof: 'CODE',
      proofChannels: ['EMAIL'],
    });
  });

  it('needs the administrator’s own second step in the same request (4168); a forged or other proof is refused', async () => {
    const before = await snapshotDatabase(t.deps.database);
    const bare = envelope(await savePolicy(admin, { required: true }));
    expect(bare).toMatchObject({
      code: ErrorCode.mfaEnforcementProofRequired,
      message: expect.stringContaining('Confirm with your own second step'),
    });
    expect(
      envelope(await savePolicy(admin, { required: true }, { authcodetoken: 'forged-token' })).code,
    ).toBe(ErrorCode.verificationFailed);
    expect(changedTables(before, await snapshotDatabase(t.deps.database))).toEqual([]);
    // A code proven for another purpose (here: rebinding) is no proof of the second step.
    const other = await mailedProof('RESET_MFA');
    expect(envelope(await savePolicy(admin, { required: true }, { authcodetoken: other })).code).toBe(
      ErrorCode.verificationFailed,
    );
    expect((await readPolicy(admin)).data.required).toBe(false);
  });

  it('turns on with a code mailed to the administrator: their own protection with it, audited with the count', async () => {
    const saved = envelope<TPolicy>(await savePolicy(admin, { required: true }, { authcodetoken: proof }));
    expect(saved).toMatchObject({ code: 0, data: { required: true } });
    // The administrator's code reached them by e-mail: their own protection is on, by e-mail.
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, demo.admin.id));
    expect(row).toMatchObject({ mfaEnabled: true, mfaMethod: 'EMAIL' });
    expect(saved.data.enforcement).toMatchObject({ isPossible: true, usersToSetUp: 1 });
    const audits = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, demo.id), eq(auditEntries.userId, demo.admin.id)));
    expect(audits.find((a) => a.action === 'account.mfaPolicy')?.info).toMatchObject({
      required: true,
      proof: 'EMAIL',
      usersToSetUp: 1,
    });
    expect(audits.find((a) => a.action === 'mfa.enable')?.info).toMatchObject({
      method: 'EMAIL',
      during: 'policy',
    });
    // The member is asked for the second step, and its code can leave by e-mail.
    const first = envelope<{ token: string | null; uniqueId: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: en,
        payload: {
          accountDisplayName: 'demo',
          username: demo.member.username,
          password: demo.member.password,
        },
      }),
    );
    expect(first.data.token).toBeNull();
    const sent = envelope(
      await t.app.inject({
        method: 'POST',
        url: '/api/portal/mfa/sendLoginCode',
        headers: en,
        payload: { uniqueId: first.data.uniqueId, authCodeType: 'EMAIL' },
      }),
    );
    expect(sent.code).toBe(0);
  });

  it('saves other settings and turns it off again without a proof', async () => {
    const passkeyOnly = envelope<TPolicy>(await savePolicy(admin, { required: true, passkeySignIn: true }));
    expect(passkeyOnly).toMatchObject({ code: 0, data: { required: true, passkeySignIn: true } });
    const off = envelope<TPolicy>(await savePolicy(admin, { required: false }));
    expect(off).toMatchObject({ code: 0, data: { required: false, passkeySignIn: true } });
  });
});

describe('domestic edition in production with neither SMS nor e-mail', () => {
  let t: TTestApp;
  let demo: TSeededAccount;
  let admin: string;
  const { readPolicy, savePolicy } = policyCalls(() => t);

  beforeAll(async () => {
    t = await createTestApp({ env: production });
    demo = await seedAccount(t.deps, 'demo');
    admin = await signIn(t.app, 'demo', demo.admin);
  });
  afterAll(() => t.close());

  it('refuses while a user could not complete a second step, then while the administrator can receive no code', async () => {
    // Everyone has a phone: no code can reach it.
    await t.deps.db.update(users).set({ phone: '13900000041' }).where(eq(users.id, demo.member.id));
    expect((await readPolicy(admin)).data.enforcement).toMatchObject({
      isPossible: false,
      blockedBy: ErrorCode.mfaEnforcementUsersBlocked,
      blockedUsernames: ['member_demo'],
      proof: null,
      proofChannels: [],
    });
    const before = await snapshotDatabase(t.deps.database);
    expect(envelope(await savePolicy(admin, { required: true })).code).toBe(
      ErrorCode.mfaEnforcementUsersBlocked,
    );
    // With a passkey the member is ready; the administrator still has no code to prove theirs with.
    await addPasskey(t, demo.id, demo.member.id, 'member-key');
    expect((await readPolicy(admin)).data.enforcement).toMatchObject({
      isPossible: false,
      blockedBy: ErrorCode.mfaEnforcementNoCodeChannel,
      blockedUsers: 0,
      usersToSetUp: 0,
    });
    const refused = envelope(await savePolicy(admin, { required: true }));
    expect(refused).toMatchObject({
      code: ErrorCode.mfaEnforcementNoCodeChannel,
      message:
        'To require login protection of every user, you must first be able to complete a second step yourself: this installation cannot send a code to your phone number or e-mail address (SMS or e-mail is not configured, or you have none).',
    });
    expect(changedTables(before, await snapshotDatabase(t.deps.database))).toEqual(['passkeys']);
    expect((await readPolicy(admin)).data.required).toBe(false);
  });

  it('turns an account that already requires it off without a proof (the way back for a locked account)', async () => {
    // As an installation locked out before this rule was kept: required, and nobody can pass.
    await t.deps.db.update(accounts).set({ mfaRequired: true }).where(eq(accounts.id, demo.id));
    const off = envelope<TPolicy>(await savePolicy(admin, { required: false }));
    expect(off).toMatchObject({ code: 0, data: { required: false } });
  });

  it('counts the development stand-ins of a demonstration installation (DEV_ADAPTERS=1) as channels', async () => {
    const demonstration = await createTestApp({ env: { ...production, DEV_ADAPTERS: '1' } });
    try {
      const account = await seedAccount(demonstration.deps, 'demo');
      const token = await signIn(demonstration.app, 'demo', account.admin);
      await demonstration.deps.db
        .update(users)
        .set({ phone: '13900000042' })
        .where(eq(users.id, account.member.id));
      const policy = envelope<TPolicy>(
        await demonstration.app.inject({
          url: '/api/portal/mfa/policy',
          headers: { ...bearer(token), ...en },
        }),
      );
      expect(policy.data.enforcement).toMatchObject({
        isPossible: true,
        usersToSetUp: 1,
        proof: 'CODE',
        proofChannels: ['SMS', 'EMAIL'],
      });
    } finally {
      await demonstration.close();
    }
  });
});

describe('international edition in production with neither SMS nor e-mail', () => {
  let t: TTestApp;
  let demo: TSeededAccount;
  let admin: string;
  let secret = '';
  const { readPolicy, savePolicy } = policyCalls(() => t);
  const post = (url: string, payload: object, token: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), ...en } });

  beforeAll(async () => {
    t = await createTestApp({ env: { ...production, EDITION: 'international' } });
    demo = await seedAccount(t.deps, 'demo');
    admin = await signIn(t.app, 'demo', demo.admin);
  });
  afterAll(() => t.close());

  /** The current code of the administrator's app, encrypted under a new status challenge. */
  async function statusProof(code: string) {
    const challenge = envelope<{ uniqueId: string; publicKey: string }>(
      await post('/api/portal/mfa/challenge', {}, admin),
    ).data;
    return { uniqueId: challenge.uniqueId, code: await encrypt(challenge.publicKey, code) };
  }

  it('asks the administrator to bind an authenticator app first (4167); users without one bind at sign-in', async () => {
    expect((await readPolicy(admin)).data.enforcement).toEqual({
      isPossible: false,
      blockedBy: ErrorCode.mfaEnforcementNoAuthenticator,
      blockedUsers: 0,
      blockedUsernames: [],
      // The member has no phone, no e-mail and no app: binding one at sign-in needs none of them.
      usersToSetUp: 1,
      proof: null,
      proofChannels: [],
    });
    expect(envelope(await savePolicy(admin, { required: true })).code).toBe(
      ErrorCode.mfaEnforcementNoAuthenticator,
    );
  });

  it('needs the current code of the administrator’s app: none (4168), a wrong one (4095), then the right one', async () => {
    const started = envelope<{ initialCode: string; uniqueId: string; publicKey: string }>(
      await post('/api/portal/mfa/getMfaCode', { mfaMethodType: 'GA' }, admin),
    ).data;
    secret = started.initialCode;
    const bound = await post(
      '/api/portal/mfa/modifyMfaStatus',
      {
        enable: true,
        mfaMethodType: 'GA',
        uniqueId: started.uniqueId,
        code: await encrypt(started.publicKey, totpCode(secret, t.clock.now())),
      },
      admin,
    );
    expect(envelope(bound).code).toBe(0);
    expect((await readPolicy(admin)).data.enforcement).toMatchObject({
      isPossible: true,
      blockedBy: null,
      usersToSetUp: 1,
      proof: 'GA',
    });

    const before = await snapshotDatabase(t.deps.database);
    expect(envelope(await savePolicy(admin, { required: true })).code).toBe(
      ErrorCode.mfaEnforcementProofRequired,
    );
    expect(changedTables(before, await snapshotDatabase(t.deps.database))).toEqual([]);
    t.clock.advance(30_000);
    const now = t.clock.now();
    const wrong = totpCode(secret, new Date(now.getTime() + 10 * 60_000));
    expect(
      envelope(await savePolicy(admin, { required: true, ...(await statusProof(wrong)) })),
    ).toMatchObject({
      code: ErrorCode.codeMismatch,
      data: { remainingAttempts: 4 },
    });
    expect((await readPolicy(admin)).data.required).toBe(false);
    // A sign-in's challenge is not a status challenge.
    const signInStep = envelope<{ uniqueId: string; publicKey: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: en,
        payload: { accountDisplayName: 'demo', username: demo.admin.username, password: demo.admin.password },
      }),
    ).data;
    expect(
      envelope(
        await savePolicy(admin, {
          required: true,
          uniqueId: signInStep.uniqueId,
          code: await encrypt(signInStep.publicKey, totpCode(secret, now)),
        }),
      ).code,
    ).toBe(ErrorCode.challengeExpired);

    const right = await statusProof(totpCode(secret, now));
    const saved = envelope<TPolicy>(await savePolicy(admin, { required: true, ...right }));
    expect(saved).toMatchObject({ code: 0, data: { required: true } });
    const [audit] = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, demo.id), eq(auditEntries.action, 'account.mfaPolicy')));
    expect(audit?.info).toMatchObject({ required: true, proof: 'GA', usersToSetUp: 1 });
    // The code served once: the next sign-in cannot reuse it.
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, demo.admin.id));
    expect(row?.totpLastStep).toBeGreaterThan(0);
  });

  it('leads the member through binding an app at sign-in, with nothing configured', async () => {
    const step = envelope<{
      token: string | null;
      uniqueId: string;
      mfaStatus: { gaAlreadyBinding: boolean };
    }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: en,
        payload: {
          accountDisplayName: 'demo',
          username: demo.member.username,
          password: demo.member.password,
        },
      }),
    ).data;
    expect(step).toMatchObject({ token: null, mfaStatus: { gaAlreadyBinding: false } });
    const bind = await t.app.inject({
      method: 'POST',
      url: '/api/portal/mfa/getMfaCode',
      headers: en,
      payload: { accountName: 'demo', userName: demo.member.username, uniqueId: step.uniqueId },
    });
    expect(envelope(bind).code).toBe(0);
  });
});
