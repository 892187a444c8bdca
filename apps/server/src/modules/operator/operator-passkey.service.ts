/**
 * Operators' passkeys (decision 0050), WebAuthn with `@simplewebauthn/server` as the customers'
 * passkeys (decision 0032): a passkey enrolled at the first sign-in instead of an authenticator
 * app, a passkey as the second step of a sign-in, and as a step-up.
 *
 * The relying party is the back office's own origin (`OPS_ORIGIN`): its host is the RP id, its
 * origin the only one accepted, so a customer console's passkey never answers here nor the
 * reverse. Challenges are single-use rows (digests only) bound to the ops session that asked for
 * them; a signature counter that went backwards is refused.
 */

import type { TWebAuthnOptions } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { Limits } from '@console/contract/limits';
import type {
  TOpsPasskeyAssertionRequest,
  TOpsPasskeyRegisterRequest,
  TOpsRole,
} from '@console/contract/ops';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { TDeps, TOpsAuth, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { sha256 } from '../../lib/tokens';
import {
  revokeOpsSession,
  setSecondFactorAt,
  type TOperatorRow,
  updateOperator,
} from './operator.repository';
import {
  findOperatorPasskeyByCredential,
  insertOperatorChallenge,
  insertOperatorPasskey,
  listOperatorPasskeys,
  recordOperatorPasskeyUse,
  spendOperatorChallenge,
  type TOperatorChallengePurpose,
  type TOperatorPasskeyRow,
} from './operator-passkey.repository';
import { actorOf, auditOperatorAct } from './operator-session.service';
import {
  completeSignIn,
  currentOperator,
  failStep,
  isLocked,
  secondFactorsOf,
} from './operator-sign-in.service';

/** The relying party: `OPS_ORIGIN`'s host and origin. */
function relyingParty(deps: TDeps): { rpID: string; origin: string; name: string } {
  const url = new URL(deps.config.opsOrigin);
  return { rpID: url.hostname, origin: url.origin, name: `${deps.config.mfaIssuer} ops` };
}

/** The opaque user handle an operator's passkey keeps (never the operator's id itself). */
function operatorHandle(deps: TDeps, operatorId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(deps.secrets.digest('webauthn-operator', String(operatorId)));
}

const challengeHash = (challenge: string) => sha256(`ops-webauthn\n${challenge}`);
const timeoutMs = Limits.passkeyChallengeTtlSeconds * 1000;

async function storeChallenge(
  deps: TDeps,
  auth: TOpsAuth,
  challenge: string,
  purpose: TOperatorChallengePurpose,
): Promise<void> {
  const now = deps.clock.now();
  await insertOperatorChallenge(deps.db, {
    challengeHash: challengeHash(challenge),
    purpose,
    operatorId: auth.operatorId,
    sessionId: auth.sessionId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + timeoutMs),
  });
}

/**
 * Spends the challenge the answer's client data names: 4382 unless it is live, of this purpose
 * and this session's.
 */
async function spendAnswered(
  deps: TDeps,
  auth: TOpsAuth,
  clientDataJSON: string,
  purpose: TOperatorChallengePurpose,
): Promise<void> {
  let challenge: unknown;
  try {
    challenge = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))?.challenge;
  } catch {
    throw new AppError(ErrorCode.opsPasskeyNotVerified);
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 256)
    throw new AppError(ErrorCode.opsPasskeyNotVerified);
  const now = deps.clock.now();
  const row = await spendOperatorChallenge(deps.db, challengeHash(challenge), now);
  if (
    !row ||
    row.purpose !== purpose ||
    row.sessionId !== auth.sessionId ||
    row.operatorId !== auth.operatorId ||
    row.expiresAt.getTime() <= now.getTime()
  )
    throw new AppError(ErrorCode.opsPasskeyChallengeExpired);
}

/** Registration options for the operator (their passkeys excluded); the challenge is stored. */
export async function registrationOptions(
  deps: TDeps,
  auth: TOpsAuth,
  operator: TOperatorRow,
): Promise<TWebAuthnOptions> {
  const existing = await listOperatorPasskeys(deps.db, operator.id);
  if (existing.length >= Limits.passkeysPerUser) throw new AppError(ErrorCode.opsPasskeyLimitReached);
  const rp = relyingParty(deps);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    userName: operator.username,
    userDisplayName: operator.username,
    userID: operatorHandle(deps, operator.id),
    timeout: timeoutMs,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(deps, auth, options.challenge, 'register');
  return options as unknown as TWebAuthnOptions;
}

export type TRegistered = NonNullable<
  Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo']
>;

/** Verifies a registration answering this session's challenge; 4381 when it does not verify. */
export async function verifyRegistration(
  deps: TDeps,
  auth: TOpsAuth,
  body: TOpsPasskeyRegisterRequest,
): Promise<TRegistered> {
  await spendAnswered(deps, auth, body.credential.response.clientDataJSON, 'register');
  const rp = relyingParty(deps);
  try {
    const verified = await verifyRegistrationResponse({
      response: body.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: () => true, // the challenge row above was this answer's, and is spent
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
    if (verified.verified && verified.registrationInfo) return verified.registrationInfo;
  } catch {
    // not verified: below
  }
  throw new AppError(ErrorCode.opsPasskeyNotVerified);
}

/** Stores a verified passkey of the operator, with its audit entry, in the caller's transaction. */
export async function storePasskey(
  tx: TDb,
  entry: {
    actor: { id: number; username: string; role: TOpsRole };
    registered: TRegistered;
    name: string;
    setup: boolean;
    meta: TRequestMeta;
    now: Date;
  },
): Promise<TOperatorPasskeyRow> {
  const { registered, actor } = entry;
  const row = await insertOperatorPasskey(tx, {
    operatorId: actor.id,
    credentialId: registered.credential.id,
    publicKey: Buffer.from(registered.credential.publicKey),
    counter: registered.credential.counter,
    transports: registered.credential.transports ?? [],
    deviceType: registered.credentialDeviceType,
    backedUp: registered.credentialBackedUp,
    aaguid: registered.aaguid,
    name: entry.name.trim(),
    createdAt: entry.now,
  });
  // Registered already (the browser's exclusion list should have said so).
  if (!row) throw new AppError(ErrorCode.opsPasskeyNotVerified);
  await auditOperatorAct(tx, {
    actor,
    action: 'operator.passkeyAdd',
    target: { id: actor.id, username: actor.username },
    isSuccess: true,
    info: {
      passkey: { id: row.id, name: row.name },
      synced: row.deviceType === 'multiDevice',
      setup: entry.setup,
    },
    meta: entry.meta,
    at: entry.now,
  });
  return row;
}

/** Options of an assertion by one of the operator's passkeys; 4380 for an operator without any. */
async function assertionOptions(
  deps: TDeps,
  auth: TOpsAuth,
  purpose: 'sign_in' | 'step_up',
): Promise<TWebAuthnOptions> {
  const existing = await listOperatorPasskeys(deps.db, auth.operatorId);
  if (existing.length === 0) throw new AppError(ErrorCode.opsPasskeyUnknown);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps).rpID,
    allowCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    userVerification: 'preferred',
    timeout: timeoutMs,
  });
  await storeChallenge(deps, auth, options.challenge, purpose);
  return options as unknown as TWebAuthnOptions;
}

/** Verifies an assertion by one of the operator's passkeys; the errors say what was wrong. */
async function verifyAssertion(
  deps: TDeps,
  auth: TOpsAuth,
  credential: TOpsPasskeyAssertionRequest['credential'],
  purpose: 'sign_in' | 'step_up',
) {
  await spendAnswered(deps, auth, credential.response.clientDataJSON, purpose);
  const passkey = await findOperatorPasskeyByCredential(deps.db, credential.id);
  if (!passkey || passkey.operatorId !== auth.operatorId) throw new AppError(ErrorCode.opsPasskeyUnknown);
  const rp = relyingParty(deps);
  try {
    const verified = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: () => true, // the challenge row was this answer's, and is spent
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
    });
    if (!verified.verified) throw new AppError(ErrorCode.opsPasskeyNotVerified);
    return { passkey, used: verified.authenticationInfo };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /counter value/i.test(error.message))
      throw new AppError(ErrorCode.opsPasskeyCounterRegression);
    throw new AppError(ErrorCode.opsPasskeyNotVerified);
  }
}

/** Verifies an assertion; a refusal counts as a failed step (five pause sign-in). */
async function assertOrFail(
  deps: TDeps,
  auth: TOpsAuth,
  operator: TOperatorRow,
  credential: TOpsPasskeyAssertionRequest['credential'],
  purpose: 'sign_in' | 'step_up',
  meta: TRequestMeta,
) {
  try {
    return await verifyAssertion(deps, auth, credential, purpose);
  } catch (error) {
    if (error instanceof AppError) {
      const action = purpose === 'sign_in' ? 'operator.signIn' : 'operator.stepUp';
      await failStep(deps, operator, action, `passkey:${error.code}`, meta);
    }
    throw error;
  }
}

// ---- the first sign-in's setup --------------------------------------------------------------

async function setupOperator(deps: TDeps, auth: TOpsAuth): Promise<TOperatorRow> {
  const operator = await currentOperator(deps, auth);
  if (operator.mustChangePassword) throw new AppError(ErrorCode.opsSetupRequired);
  if ((await secondFactorsOf(deps.db, operator)).length > 0) throw new AppError(ErrorCode.conflict);
  return operator;
}

/** First sign-in (or after a reset), once the password is replaced: a passkey's registration. */
export async function setupPasskeyOptions(deps: TDeps, auth: TOpsAuth): Promise<TWebAuthnOptions> {
  return registrationOptions(deps, auth, await setupOperator(deps, auth));
}

/** Registers the first sign-in's passkey: the setup is complete, the session full. */
export async function setupPasskey(
  deps: TDeps,
  auth: TOpsAuth,
  body: TOpsPasskeyRegisterRequest,
  meta: TRequestMeta,
) {
  const operator = await setupOperator(deps, auth);
  let registered: TRegistered;
  try {
    registered = await verifyRegistration(deps, auth, body);
  } catch (error) {
    if (error instanceof AppError) {
      await failStep(deps, operator, 'operator.passkeyAdd', `passkey:${error.code}`, meta);
    }
    throw error;
  }
  const actor = actorOf(auth);
  // An authenticator begun and left in this setup is dropped: the passkey completed it.
  const changes = { totpPendingSecret: null };
  return completeSignIn(deps, auth, changes, 'operator.signIn', meta, 'passkey', async (tx, now) => {
    await storePasskey(tx, { actor, registered, name: body.name, setup: true, meta, now });
  });
}

// ---- the second step of a sign-in -----------------------------------------------------------

async function signInOperator(deps: TDeps, auth: TOpsAuth): Promise<TOperatorRow> {
  const operator = await currentOperator(deps, auth);
  if (isLocked(operator, deps.clock.now())) {
    await revokeOpsSession(deps.db, auth.sessionId, deps.clock.now(), 'paused');
    throw new AppError(ErrorCode.opsChallengeExpired);
  }
  return operator;
}

export async function signInPasskeyOptions(deps: TDeps, auth: TOpsAuth): Promise<TWebAuthnOptions> {
  await signInOperator(deps, auth);
  return assertionOptions(deps, auth, 'sign_in');
}

/** A sign-in's second step by passkey: answers the full session. */
export async function signInByPasskey(
  deps: TDeps,
  auth: TOpsAuth,
  body: TOpsPasskeyAssertionRequest,
  meta: TRequestMeta,
) {
  const operator = await signInOperator(deps, auth);
  const { passkey, used } = await assertOrFail(deps, auth, operator, body.credential, 'sign_in', meta);
  return completeSignIn(deps, auth, {}, 'operator.signIn', meta, 'passkey', async (tx, now) => {
    await recordOperatorPasskeyUse(tx, passkey.id, {
      counter: used.newCounter,
      at: now,
      ip: meta.ip,
      backedUp: used.credentialBackedUp,
    });
  });
}

// ---- step-up --------------------------------------------------------------------------------

export function stepUpPasskeyOptions(deps: TDeps, auth: TOpsAuth): Promise<TWebAuthnOptions> {
  return assertionOptions(deps, auth, 'step_up');
}

/** A passkey again: the session's second factor is fresh for 15 minutes. */
export async function stepUpByPasskey(
  deps: TDeps,
  auth: TOpsAuth,
  body: TOpsPasskeyAssertionRequest,
  meta: TRequestMeta,
) {
  const operator = await currentOperator(deps, auth);
  const { passkey, used } = await assertOrFail(deps, auth, operator, body.credential, 'step_up', meta);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await recordOperatorPasskeyUse(tx, passkey.id, {
      counter: used.newCounter,
      at: now,
      ip: meta.ip,
      backedUp: used.credentialBackedUp,
    });
    await updateOperator(tx, operator.id, { failedSignIns: 0 });
    await setSecondFactorAt(tx, auth.sessionId, now);
    await auditOperatorAct(tx, {
      actor: actorOf(auth),
      action: 'operator.stepUp',
      target: { id: operator.id, username: operator.username },
      isSuccess: true,
      info: { method: 'passkey', passkey: { id: passkey.id, name: passkey.name } },
      meta,
      at: now,
    });
  });
  return { secondFactorAt: now.toISOString() };
}
