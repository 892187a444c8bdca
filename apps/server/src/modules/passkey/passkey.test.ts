/**
 * Passkeys end to end through the API, answered by a software authenticator that builds WebAuthn's
 * bytes itself (test/soft-authenticator.ts): registration proven by a code, the list, renaming and
 * removal with their audit entries; a passkey as the second step of a password sign-in; sign-in by
 * passkey alone where the account allows it; and the refusals (spent or foreign challenges, another
 * site's passkey, unknown passkeys, a counter that went backwards, no user verification).
 */
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
import { createPasskey, signWith, type TSoftPasskey } from '../../../test/soft-authenticator';
import { accounts, auditEntries, passkeys, sessions, users } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { issueCheckToken } from '../verification/code.service';

type TOptions = {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials: { id: string }[];
  authenticatorSelection: { residentKey: string; userVerification: string };
  allowCredentials?: { id: string }[];
  userVerification?: string;
  rpId?: string;
};
type TList = {
  list: { id: number; name: string; lastUsedAt: string | null; isSynced: boolean }[];
  passkeySignIn: boolean;
};
type TLogin = { token: string | null; uniqueId: string | null; mfaStatus: { passkey?: boolean } };

let t: TTestApp;
let demo: TSeededAccount;
let acme: TSeededAccount;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'demo');
  acme = await seedAccount(t.deps, 'acme');
  origin = new URL(t.deps.config.publicUrl).origin;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'cz-lang': 'en-US', ...headers },
  });

async function proof(account: TSeededAccount, userId: number): Promise<Record<string, string>> {
  const checked = await issueCheckToken(t.deps, {
    purpose: 'MFA_STATUS',
    target: { channel: 'email', target: `user.${userId}@proof.example`, accountId: account.id, userId },
  });
  return { authcodetoken: checked.checkToken, authcodetype: 'EMAIL' };
}

async function registrationOptions(
  token: string,
  account: TSeededAccount,
  userId: number,
): Promise<TOptions> {
  const res = envelope<TOptions>(
    await post(
      '/api/portal/user/passkeys/options',
      {},
      { ...bearer(token), ...(await proof(account, userId)) },
    ),
  );
  expect(res.code).toBe(0);
  return res.data;
}

/** Registers a new software passkey for the signed-in user. */
async function register(
  token: string,
  account: TSeededAccount,
  userId: number,
  name: string,
  answer: { counter?: number; synced?: boolean } = {},
): Promise<TSoftPasskey> {
  const options = await registrationOptions(token, account, userId);
  const created = createPasskey(options, { origin, ...answer });
  const res = envelope<TList>(
    await post('/api/portal/user/passkeys/register', { name, credential: created.response }, bearer(token)),
  );
  expect(res.code).toBe(0);
  return created.passkey;
}

const passwordStep = async (account: TSeededAccount, user: TSeededAccount['admin']) =>
  envelope<TLogin>(await login(t.app, account.name, user.username, user.password)).data;

async function signInOptions(body: object) {
  return envelope<TOptions>(await post('/api/login/passkey/options', body));
}

const actionsOf = async (accountId: number, action: string) =>
  t.deps.db
    .select({ objectName: auditEntries.objectName, userId: auditEntries.userId, info: auditEntries.info })
    .from(auditEntries)
    .where(and(eq(auditEntries.accountId, accountId), eq(auditEntries.action, action)));

describe('registering, naming and removing passkeys', () => {
  it('asks for the proof of a code, then registers a named passkey the list shows', async () => {
    const token = await signIn(t.app, 'demo', demo.member);
    const bare = await post('/api/portal/user/passkeys/options', {}, bearer(token));
    expect(bare.statusCode).toBe(400);
    const forged = envelope(
      await post('/api/portal/user/passkeys/options', {}, { ...bearer(token), authcodetoken: 'forged' }),
    );
    expect(forged.code).toBe(ErrorCode.verificationFailed);
    // Another user's proof does not serve.
    const theirs = envelope(
      await post(
        '/api/portal/user/passkeys/options',
        {},
        { ...bearer(token), ...(await proof(demo, demo.admin.id)) },
      ),
    );
    expect(theirs.code).toBe(ErrorCode.verificationFailed);

    const options = await registrationOptions(token, demo, demo.member.id);
    expect(options.rp.id).toBe(new URL(t.deps.config.publicUrl).hostname);
    expect(options.user.name).toBe('member_demo@demo');
    // The user handle is opaque: not the user's id.
    expect(Buffer.from(options.user.id, 'base64url').length).toBe(32);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'preferred' });

    const created = createPasskey(options, { origin, synced: true });
    const res = envelope<TList>(
      await post(
        '/api/portal/user/passkeys/register',
        { name: '  MacBook Touch ID  ', credential: created.response },
        bearer(token),
      ),
    );
    expect(res.code).toBe(0);
    expect(res.data.list).toEqual([
      expect.objectContaining({ name: 'MacBook Touch ID', lastUsedAt: null, isSynced: true }),
    ]);
    expect(await actionsOf(demo.id, 'mfa.passkeyAdd')).toEqual([
      expect.objectContaining({ objectName: 'MacBook Touch ID', userId: demo.member.id }),
    ]);
    // The answer again: its challenge is spent.
    const again = envelope(
      await post(
        '/api/portal/user/passkeys/register',
        { name: 'Again', credential: created.response },
        bearer(token),
      ),
    );
    expect(again.code).toBe(ErrorCode.passkeyChallengeExpired);
    // The next options exclude the passkey registered.
    const next = await registrationOptions(token, demo, demo.member.id);
    expect(next.excludeCredentials.map((c) => c.id)).toEqual([created.response.id]);
  });

  it("refuses another site's passkey and another user's challenge, registering nothing", async () => {
    const token = await signIn(t.app, 'demo', demo.admin);
    const options = await registrationOptions(token, demo, demo.admin.id);
    const phished = createPasskey(options, { origin: 'https://console.evil.example' });
    const wrongOrigin = envelope(
      await post(
        '/api/portal/user/passkeys/register',
        { name: 'Evil', credential: phished.response },
        bearer(token),
      ),
    );
    expect(wrongOrigin.code).toBe(ErrorCode.passkeyNotVerified);

    const other = await registrationOptions(token, demo, demo.admin.id);
    const acmeToken = await signIn(t.app, 'acme', acme.admin);
    const stolen = createPasskey(other, { origin });
    const foreign = envelope(
      await post(
        '/api/portal/user/passkeys/register',
        { name: 'Stolen', credential: stolen.response },
        bearer(acmeToken),
      ),
    );
    expect(foreign.code).toBe(ErrorCode.passkeyChallengeExpired);
    expect(await t.deps.db.select().from(passkeys).where(eq(passkeys.userId, demo.admin.id))).toEqual([]);
  });

  it('renames and removes (removal proven by a code), each audited; others cannot touch them', async () => {
    const token = await signIn(t.app, 'acme', acme.member);
    await register(token, acme, acme.member.id, 'YubiKey 5');
    const listed = envelope<TList>(
      await t.app.inject({ url: '/api/portal/user/passkeys', headers: bearer(token) }),
    );
    const id = listed.data.list[0]?.id as number;
    const renamed = envelope<TList>(
      await post('/api/portal/user/passkeys/rename', { id, name: 'Blue key' }, bearer(token)),
    );
    expect(renamed.data.list.map((p) => p.name)).toEqual(['Blue key']);
    expect(await actionsOf(acme.id, 'mfa.passkeyRename')).toEqual([
      expect.objectContaining({
        objectName: 'Blue key',
        info: expect.objectContaining({ from: 'YubiKey 5' }),
      }),
    ]);
    // Another user (the administrator, even) cannot rename or remove it.
    const adminToken = await signIn(t.app, 'acme', acme.admin);
    expect(
      (await post('/api/portal/user/passkeys/rename', { id, name: 'Mine' }, bearer(adminToken))).statusCode,
    ).toBe(404);
    const notTheirs = await post(
      '/api/portal/user/passkeys/remove',
      { id },
      { ...bearer(adminToken), ...(await proof(acme, acme.admin.id)) },
    );
    expect(notTheirs.statusCode).toBe(404);
    const withoutProof = envelope(
      await post('/api/portal/user/passkeys/remove', { id }, { ...bearer(token), authcodetoken: 'forged' }),
    );
    expect(withoutProof.code).toBe(ErrorCode.verificationFailed);
    const removed = envelope<TList>(
      await post(
        '/api/portal/user/passkeys/remove',
        { id },
        { ...bearer(token), ...(await proof(acme, acme.member.id)) },
      ),
    );
    expect(removed.data.list).toEqual([]);
    expect(await actionsOf(acme.id, 'mfa.passkeyRemove')).toEqual([
      expect.objectContaining({ objectName: 'Blue key' }),
    ]);
    // Without passkeys (and without protection) the password alone signs in again.
    expect((await passwordStep(acme, acme.member)).token).toEqual(expect.any(String));
  });
});

describe('a passkey as the second step', () => {
  let key: TSoftPasskey;
  beforeAll(async () => {
    const token = await signIn(t.app, 'demo', demo.admin);
    key = await register(token, demo, demo.admin.id, 'Security key', { counter: 5 });
  });

  it('makes the password step ask for it, and signs in with it once', async () => {
    const first = await passwordStep(demo, demo.admin);
    expect(first.token).toBeNull();
    expect(first.mfaStatus.passkey).toBe(true);
    const options = await signInOptions({ uniqueId: first.uniqueId });
    expect(options.code).toBe(0);
    expect(options.data.allowCredentials?.map((c) => c.id)).toEqual([key.credentialId.toString('base64url')]);
    const answer = signWith(key, options.data, { origin });
    const body = {
      uniqueId: first.uniqueId,
      accountDisplayName: 'DEMO',
      username: demo.admin.username,
      credential: answer,
    };
    const res = await post('/api/login/passkey', body);
    const signed = envelope<TLogin>(res);
    expect(signed.code).toBe(0);
    expect(signed.data.token).toEqual(expect.any(String));
    expect(res.cookies.map((c) => c.name)).toContain('cz_token');
    const [session] = await t.deps.db
      .select({ method: sessions.signInMethod })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(signed.data.token as string)));
    expect(session?.method).toBe('password_passkey');
    const [stored] = await t.deps.db.select().from(passkeys).where(eq(passkeys.userId, demo.admin.id));
    expect(stored?.counter).toBe(6);
    expect(stored?.lastUsedAt).not.toBeNull();
    // The sign-in's challenge is spent: the same answer (or a new one) cannot sign in again.
    expect(envelope(await post('/api/login/passkey', body)).code).toBe(ErrorCode.challengeExpired);
  });

  it('refuses a counter that went backwards, and an unknown passkey; the fifth failure ends the sign-in', async () => {
    const first = await passwordStep(demo, demo.admin);
    const attempt = async (credential: unknown) => {
      return envelope(
        await post('/api/login/passkey', {
          uniqueId: first.uniqueId,
          accountDisplayName: 'demo',
          username: demo.admin.username,
          credential,
        }),
      ).code;
    };
    const optionsFor = async () => (await signInOptions({ uniqueId: first.uniqueId })).data;
    expect(await attempt(signWith(key, await optionsFor(), { origin, counter: 2 }))).toBe(
      ErrorCode.passkeyCounterRegression,
    );
    const stranger = createPasskey(await registrationOptionsFor(), { origin }).passkey;
    expect(await attempt(signWith(stranger, await optionsFor(), { origin }))).toBe(ErrorCode.passkeyUnknown);
    expect(await attempt(signWith(key, await optionsFor(), { origin: 'https://evil.example' }))).toBe(
      ErrorCode.passkeyNotVerified,
    );
    expect(await attempt(signWith(key, { challenge: 'never-issued' }, { origin }))).toBe(
      ErrorCode.passkeyChallengeExpired,
    );
    expect(await attempt(signWith(key, await optionsFor(), { origin, counter: 1 }))).toBe(
      ErrorCode.tooManyVerifications,
    );
    // The sign-in is over: its challenge gives no more options.
    const refused = await signInOptions({ uniqueId: first.uniqueId });
    expect(refused.code).toBe(ErrorCode.challengeExpired);
  });
});

/** Registration options of a throwaway user (for a passkey the console never registered). */
async function registrationOptionsFor(): Promise<TOptions> {
  return {
    challenge: 'x',
    rp: { id: new URL(t.deps.config.publicUrl).hostname, name: 'x' },
    user: { id: Buffer.alloc(32, 7).toString('base64url'), name: 'x', displayName: 'x' },
    excludeCredentials: [],
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  };
}

describe('sign-in by passkey alone', () => {
  let key: TSoftPasskey;
  beforeAll(async () => {
    const token = await signIn(t.app, 'acme', acme.member);
    key = await register(token, acme, acme.member.id, 'Phone');
  });

  it('is refused until an administrator allows it, then signs in by the discoverable passkey', async () => {
    expect((await signInOptions({ accountDisplayName: 'acme' })).code).toBe(ErrorCode.passkeySignInDisabled);
    expect((await signInOptions({ accountDisplayName: 'no-such-account' })).code).toBe(
      ErrorCode.passkeySignInDisabled,
    );
    const adminToken = await signIn(t.app, 'acme', acme.admin);
    const saved = envelope(
      await post('/api/portal/mfa/policy', { required: false, passkeySignIn: true }, bearer(adminToken)),
    );
    expect(saved).toMatchObject({ code: 0, data: { required: false, passkeySignIn: true } });
    // The spec's call without the new field leaves it as it is.
    await post('/api/portal/mfa/policy', { required: false }, bearer(adminToken));
    const policy = envelope(
      await t.app.inject({ url: '/api/portal/mfa/policy', headers: bearer(adminToken) }),
    );
    expect(policy.data).toMatchObject({ required: false, passkeySignIn: true });

    const options = await signInOptions({ accountDisplayName: 'ACME' });
    expect(options.code).toBe(0);
    expect(options.data).toMatchObject({ allowCredentials: [], userVerification: 'required' });
    const res = await post('/api/login/passkey', {
      accountDisplayName: 'acme',
      credential: signWith(key, options.data, { origin }),
    });
    const signed = envelope<TLogin & { userVo: { name: string } }>(res);
    expect(signed.code).toBe(0);
    expect(signed.data.userVo.name).toBe(acme.member.username);
    const [session] = await t.deps.db
      .select({ method: sessions.signInMethod })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(signed.data.token as string)));
    expect(session?.method).toBe('passkey');
    expect(await actionsOf(acme.id, 'auth.login')).toContainEqual(
      expect.objectContaining({
        userId: acme.member.id,
        info: expect.objectContaining({ method: 'passkey' }),
      }),
    );
  });

  it('asks for user verification, the account the options were for, and a user who may sign in', async () => {
    const options = await signInOptions({ accountDisplayName: 'acme' });
    const unverified = envelope(
      await post('/api/login/passkey', {
        accountDisplayName: 'acme',
        credential: signWith(key, options.data, { origin, userVerified: false }),
      }),
    );
    expect(unverified.code).toBe(ErrorCode.passkeyNotVerified);

    // Options of acme answered at demo's address: refused, whether demo allows passkeys alone or not.
    const atDemo = async () => {
      const other = await signInOptions({ accountDisplayName: 'acme' });
      return envelope(
        await post('/api/login/passkey', {
          accountDisplayName: 'demo',
          credential: signWith(key, other.data, { origin }),
        }),
      ).code;
    };
    expect(await atDemo()).toBe(ErrorCode.passkeySignInDisabled);
    await t.deps.db.update(accounts).set({ passkeySignIn: true }).where(eq(accounts.id, demo.id));
    expect(await atDemo()).toBe(ErrorCode.passkeyChallengeExpired);
    await t.deps.db.update(accounts).set({ passkeySignIn: false }).where(eq(accounts.id, demo.id));

    await t.deps.db.update(users).set({ isEnabled: false }).where(eq(users.id, acme.member.id));
    const disabled = await signInOptions({ accountDisplayName: 'acme' });
    const refused = envelope(
      await post('/api/login/passkey', {
        accountDisplayName: 'acme',
        credential: signWith(key, disabled.data, { origin }),
      }),
    );
    expect(refused.code).toBe(ErrorCode.userDisabled);
    await t.deps.db.update(users).set({ isEnabled: true }).where(eq(users.id, acme.member.id));
  });
});

describe('the international edition', () => {
  let intl: TTestApp;
  afterAll(() => intl?.close());

  it('binds no authenticator during the sign-in of a user whose passkey is the second factor', async () => {
    intl = await createTestApp({ env: { EDITION: 'international' } });
    const account = await seedAccount(intl.deps, 'globex');
    const token = await signIn(intl.app, 'globex', account.member);
    const send = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      intl.app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: { 'cz-lang': 'en-US', ...headers },
      });
    const checked = await issueCheckToken(intl.deps, {
      purpose: 'MFA_STATUS',
      target: {
        channel: 'email',
        target: 'member@globex.example',
        accountId: account.id,
        userId: account.member.id,
      },
    });
    const options = envelope<TOptions>(
      await send(
        '/api/portal/user/passkeys/options',
        {},
        { ...bearer(token), authcodetoken: checked.checkToken },
      ),
    ).data;
    const intlOrigin = new URL(intl.deps.config.publicUrl).origin;
    const created = createPasskey(options, { origin: intlOrigin });
    expect(
      envelope(
        await send(
          '/api/portal/user/passkeys/register',
          { name: 'Key', credential: created.response },
          bearer(token),
        ),
      ).code,
    ).toBe(0);

    const first = envelope<TLogin & { mfaStatus: { gaAlreadyBinding: boolean } }>(
      await login(intl.app, 'globex', account.member.username, account.member.password),
    ).data;
    expect(first.mfaStatus).toMatchObject({ passkey: true, gaAlreadyBinding: false });
    // Binding an authenticator now would let the password alone past the second step.
    const binding = envelope(
      await send('/api/portal/mfa/getMfaCode', {
        uniqueId: first.uniqueId,
        accountName: 'globex',
        userName: account.member.username,
        mfaMethodType: 'GA',
      }),
    );
    expect(binding.code).toBe(ErrorCode.verificationFailed);
    const options2 = envelope<TOptions>(
      await send('/api/login/passkey/options', { uniqueId: first.uniqueId }),
    ).data;
    const signed = envelope<TLogin>(
      await send('/api/login/passkey', {
        uniqueId: first.uniqueId,
        accountDisplayName: 'globex',
        username: account.member.username,
        credential: signWith(created.passkey, options2, { origin: intlOrigin }),
      }),
    );
    expect(signed.data.token).toEqual(expect.any(String));
  });
});
