/**
 * Passkeys (WebAuthn, decision 0032) with `@simplewebauthn/server`: a signed-in user registers,
 * names and removes them (registering and removing proven by a code sent to the phone or e-mail,
 * as other changes of login protection are); at sign-in a passkey answers the second step of a
 * password sign-in, or signs in alone where the account allows it (discoverable passkeys, at the
 * account's login address).
 *
 * The relying party is `PUBLIC_URL`: its host is the RP id and its origin the only one accepted.
 * Challenges are single-use rows (digests only), so that any replica finishes what another began.
 * A signature counter that went backwards is refused (the passkey may have been cloned).
 */
import type {
  TPasskeyList,
  TPasskeySignInOptionsRequest,
  TPasskeySignInRequest,
  TRegisterPasskeyRequest,
  TRenamePasskeyRequest,
  TWebAuthnOptions,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { AccountStatus } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { sha256 } from '../../lib/tokens';
import { findAccountById, findAccountByName } from '../account';
import { type TAuditEntry, writeAudit } from '../audit';
import { attemptKey, finishLogin, finishPasskeyLogin, type TLoginResult } from '../auth';
import { consumeLoginChallenge, isNamedBy, liveChallenge, requireUser, wrongCode } from '../mfa';
import { consumeCheckToken } from '../verification';
import {
  deletePasskey,
  findPasskeyByCredential,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  renamePasskey,
  spendChallenge,
  type TChallengePurpose,
  type TPasskeyRow,
  type TWebAuthnChallenge,
} from './passkey.repository';

/** The relying party: `PUBLIC_URL`'s host and origin. */
function relyingParty(deps: TDeps): { rpID: string; origin: string; name: string } {
  const url = new URL(deps.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, name: deps.config.mfaIssuer };
}

/** The opaque user handle a passkey keeps (never the user's id itself). */
function userHandle(deps: TDeps, userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(deps.secrets.digest('webauthn-user', String(userId)));
}

const challengeHash = (challenge: string) => sha256(`webauthn\n${challenge}`);

const timeoutMs = Limits.passkeyChallengeTtlSeconds * 1000;

async function storeChallenge(
  deps: TDeps,
  challenge: string,
  row: { purpose: TChallengePurpose; accountId: number; userId?: number; loginChallengeId?: number },
): Promise<void> {
  const now = deps.clock.now();
  await insertChallenge(deps.db, {
    challengeHash: challengeHash(challenge),
    purpose: row.purpose,
    accountId: row.accountId,
    userId: row.userId ?? null,
    loginChallengeId: row.loginChallengeId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + timeoutMs),
  });
}

/** The challenge the answer's client data names, spent; 4194 unless live and of this purpose. */
async function spendAnswered(
  deps: TDeps,
  clientDataJSON: string,
  purpose: TChallengePurpose,
): Promise<TWebAuthnChallenge> {
  let challenge: unknown;
  try {
    challenge = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))?.challenge;
  } catch {
    throw new AppError(ErrorCode.passkeyNotVerified);
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 256)
    throw new AppError(ErrorCode.passkeyNotVerified);
  const now = deps.clock.now();
  const row = await spendChallenge(deps.db, challengeHash(challenge), now);
  if (!row || row.purpose !== purpose || row.expiresAt.getTime() <= now.getTime())
    throw new AppError(ErrorCode.passkeyChallengeExpired);
  return row;
}

function passkeyAudit(
  auth: TAuth,
  action: 'mfa.passkeyAdd' | 'mfa.passkeyRename' | 'mfa.passkeyRemove',
  passkey: TPasskeyRow,
  info: Record<string, unknown>,
  meta: TRequestMeta,
  now: Date,
): TAuditEntry {
  return {
    accountId: auth.accountId,
    userId: auth.userId,
    username: auth.username,
    action,
    objectType: 'passkey',
    objectId: String(passkey.id),
    objectName: passkey.name,
    isSuccess: true,
    info,
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: now,
  };
}

// ---- the signed-in user's passkeys ------------------------------------------------------

export async function listMyPasskeys(deps: TDeps, auth: TAuth): Promise<TPasskeyList> {
  const [rows, account] = await Promise.all([
    listPasskeys(deps.db, auth.accountId, auth.userId),
    findAccountById(deps.db, auth.accountId),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
      isSynced: r.deviceType === 'multiDevice',
      isBackedUp: r.backedUp,
    })),
    passkeySignIn: account?.passkeySignIn ?? false,
  };
}

/** The code's proof must be the signed-in user's, for a change of login protection. */
async function requireProof(deps: TDeps, auth: TAuth, checkToken: string): Promise<void> {
  const checked = await consumeCheckToken(deps, checkToken, ['MFA_STATUS']);
  if (checked.userId !== auth.userId || checked.accountId !== auth.accountId)
    throw new AppError(ErrorCode.verificationFailed);
}

export async function passkeyRegistrationOptions(
  deps: TDeps,
  auth: TAuth,
  checkToken: string,
): Promise<TWebAuthnOptions> {
  await requireProof(deps, auth, checkToken);
  const [user, existing, account] = await Promise.all([
    requireUser(deps, auth.accountId, auth.userId),
    listPasskeys(deps.db, auth.accountId, auth.userId),
    findAccountById(deps.db, auth.accountId),
  ]);
  if (existing.length >= Limits.passkeysPerUser) throw new AppError(ErrorCode.passkeyLimitReached);
  const rp = relyingParty(deps);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    userName: `${user.username}@${user.accountDisplayName}`,
    userDisplayName: user.username,
    userID: userHandle(deps, user.id),
    timeout: timeoutMs,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: {
      // Discoverable where the account signs in by passkey alone; asked for everywhere, so that a
      // later change of the policy finds passkeys that can serve it.
      residentKey: account?.passkeySignIn ? 'required' : 'preferred',
      userVerification: 'preferred',
    },
  });
  await storeChallenge(deps, options.challenge, {
    purpose: 'register',
    accountId: auth.accountId,
    userId: auth.userId,
  });
  return options as unknown as TWebAuthnOptions;
}

export async function registerPasskey(
  deps: TDeps,
  auth: TAuth,
  body: TRegisterPasskeyRequest,
  meta: TRequestMeta,
): Promise<TPasskeyList> {
  const challenge = await spendAnswered(deps, body.credential.response.clientDataJSON, 'register');
  if (challenge.accountId !== auth.accountId || challenge.userId !== auth.userId)
    throw new AppError(ErrorCode.passkeyChallengeExpired);
  const rp = relyingParty(deps);
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
  try {
    const verified = await verifyRegistrationResponse({
      response: body.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: () => true, // the challenge row above was this answer's, and is spent
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
    info = verified.verified ? verified.registrationInfo : undefined;
  } catch {
    info = undefined;
  }
  if (!info) throw new AppError(ErrorCode.passkeyNotVerified);
  const now = deps.clock.now();
  const name = body.name.trim();
  const registered = info;
  await deps.db.transaction(async (tx) => {
    const count = (await listPasskeys(tx, auth.accountId, auth.userId)).length;
    if (count >= Limits.passkeysPerUser) throw new AppError(ErrorCode.passkeyLimitReached);
    const row = await insertPasskey(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      credentialId: registered.credential.id,
      publicKey: Buffer.from(registered.credential.publicKey),
      counter: registered.credential.counter,
      transports: registered.credential.transports ?? [],
      deviceType: registered.credentialDeviceType,
      backedUp: registered.credentialBackedUp,
      aaguid: registered.aaguid,
      name,
      createdAt: now,
    });
    // Registered already (the browser's exclusion list should have said so).
    if (!row) throw new AppError(ErrorCode.passkeyNotVerified);
    await writeAudit(
      tx,
      passkeyAudit(
        auth,
        'mfa.passkeyAdd',
        row,
        { synced: row.deviceType === 'multiDevice', aaguid: row.aaguid },
        meta,
        now,
      ),
    );
  });
  return listMyPasskeys(deps, auth);
}

export async function renameMyPasskey(
  deps: TDeps,
  auth: TAuth,
  body: TRenamePasskeyRequest,
  meta: TRequestMeta,
): Promise<TPasskeyList> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = (await listPasskeys(tx, auth.accountId, auth.userId)).find((p) => p.id === body.id);
    const row = await renamePasskey(
      tx,
      { accountId: auth.accountId, userId: auth.userId, id: body.id },
      body.name.trim(),
    );
    if (!row || !before) throw new AppError(ErrorCode.notFound);
    await writeAudit(tx, passkeyAudit(auth, 'mfa.passkeyRename', row, { from: before.name }, meta, now));
  });
  return listMyPasskeys(deps, auth);
}

export async function removeMyPasskey(
  deps: TDeps,
  auth: TAuth,
  id: number,
  checkToken: string,
  meta: TRequestMeta,
): Promise<TPasskeyList> {
  await requireProof(deps, auth, checkToken);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await deletePasskey(tx, { accountId: auth.accountId, userId: auth.userId, id });
    if (!row) throw new AppError(ErrorCode.notFound);
    await writeAudit(tx, passkeyAudit(auth, 'mfa.passkeyRemove', row, {}, meta, now));
  });
  return listMyPasskeys(deps, auth);
}

// ---- sign-in ------------------------------------------------------------------------------

/** An account that lets its users sign in by passkey alone; 4193 for any other name. */
async function passkeyAccount(deps: TDeps, accountDisplayName: string) {
  const account = await findAccountByName(deps.db, accountDisplayName);
  if (
    !account?.passkeySignIn ||
    account.status === AccountStatus.stopped ||
    account.status === AccountStatus.deleted
  )
    throw new AppError(ErrorCode.passkeySignInDisabled);
  return account;
}

export async function passkeySignInOptions(
  deps: TDeps,
  body: TPasskeySignInOptionsRequest,
): Promise<TWebAuthnOptions> {
  const rp = relyingParty(deps);
  if (body.uniqueId) {
    const challenge = await liveChallenge(deps, body.uniqueId, 'login');
    const existing = await listPasskeys(deps.db, challenge.accountId, challenge.userId);
    if (existing.length === 0) throw new AppError(ErrorCode.passkeyUnknown);
    const options = await generateAuthenticationOptions({
      rpID: rp.rpID,
      allowCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      userVerification: 'preferred',
      timeout: timeoutMs,
    });
    await storeChallenge(deps, options.challenge, {
      purpose: 'second_step',
      accountId: challenge.accountId,
      userId: challenge.userId,
      loginChallengeId: challenge.id,
    });
    return options as unknown as TWebAuthnOptions;
  }
  const account = await passkeyAccount(deps, body.accountDisplayName ?? '');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: [],
    userVerification: 'required',
    timeout: timeoutMs,
  });
  await storeChallenge(deps, options.challenge, { purpose: 'passwordless', accountId: account.id });
  return options as unknown as TWebAuthnOptions;
}

/** Verifies an assertion by one of the passkey's; the errors say what was wrong. */
async function verifyAssertion(
  deps: TDeps,
  passkey: TPasskeyRow,
  credential: TPasskeySignInRequest['credential'],
  requireUserVerification: boolean,
) {
  const rp = relyingParty(deps);
  try {
    const verified = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: () => true, // the challenge row was this answer's, and is spent
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
    });
    if (!verified.verified) throw new AppError(ErrorCode.passkeyNotVerified);
    return verified.authenticationInfo;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /counter value/i.test(error.message))
      throw new AppError(ErrorCode.passkeyCounterRegression);
    throw new AppError(ErrorCode.passkeyNotVerified);
  }
}

/**
 * Signs in with a passkey's assertion: the second step of a password sign-in (`uniqueId`), whose
 * failures count on its challenge like wrong codes, or a sign-in by passkey alone.
 */
export async function passkeySignIn(
  deps: TDeps,
  body: TPasskeySignInRequest,
  meta: TRequestMeta,
): Promise<TLoginResult> {
  if (body.uniqueId) return secondStepByPasskey(deps, { ...body, uniqueId: body.uniqueId }, meta);
  const challenge = await spendAnswered(deps, body.credential.response.clientDataJSON, 'passwordless');
  const account = await passkeyAccount(deps, body.accountDisplayName);
  if (challenge.accountId !== account.id) throw new AppError(ErrorCode.passkeyChallengeExpired);
  const passkey = await findPasskeyByCredential(deps.db, body.credential.id);
  if (!passkey || passkey.accountId !== account.id) throw new AppError(ErrorCode.passkeyUnknown);
  const handle = body.credential.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(deps, passkey.userId)).toString('base64url'))
    throw new AppError(ErrorCode.passkeyUnknown);
  const used = await verifyAssertion(deps, passkey, body.credential, true);
  const { username } = await requireUser(deps, account.id, passkey.userId);
  await recordPasskeyUse(deps.db, passkey.id, {
    counter: used.newCounter,
    at: deps.clock.now(),
    ip: meta.ip,
    backedUp: used.credentialBackedUp,
  });
  return finishPasskeyLogin(deps, { accountDisplayName: account.displayName, username }, meta);
}

async function secondStepByPasskey(
  deps: TDeps,
  body: TPasskeySignInRequest & { uniqueId: string },
  meta: TRequestMeta,
): Promise<TLoginResult> {
  const login = await liveChallenge(deps, body.uniqueId, 'login');
  const user = await requireUser(deps, login.accountId, login.userId);
  if (!isNamedBy(user, body.accountDisplayName, body.username))
    throw new AppError(ErrorCode.challengeExpired);
  let used: Awaited<ReturnType<typeof verifyAssertion>>;
  let passkey: TPasskeyRow | null;
  try {
    const challenge = await spendAnswered(deps, body.credential.response.clientDataJSON, 'second_step');
    if (challenge.loginChallengeId !== login.id) throw new AppError(ErrorCode.passkeyChallengeExpired);
    passkey = await findPasskeyByCredential(deps.db, body.credential.id);
    if (!passkey || passkey.userId !== user.id || passkey.accountId !== user.accountId)
      throw new AppError(ErrorCode.passkeyUnknown);
    used = await verifyAssertion(deps, passkey, body.credential, false);
  } catch (error) {
    // Counted on the sign-in's challenge like a wrong code: the fifth ends it.
    if (error instanceof AppError) return wrongCode(deps, login, error.code);
    throw error;
  }
  const now = deps.clock.now();
  const usedKey = passkey;
  await deps.db.transaction(async (tx) => {
    await consumeLoginChallenge(tx, login.id, now);
    await recordPasskeyUse(tx, usedKey.id, {
      counter: used.newCounter,
      at: now,
      ip: meta.ip,
      backedUp: used.credentialBackedUp,
    });
  });
  return finishLogin(
    deps,
    {
      accountId: user.accountId,
      accountDisplayName: user.accountDisplayName,
      userId: user.id,
      username: user.username,
      phone: user.phone,
      email: user.email,
    },
    attemptKey(body.accountDisplayName, body.username ?? user.username),
    meta,
    'password_passkey',
  );
}
