/**
 * The signed-in user's login protection. International edition: an authenticator app (TOTP),
 * bound by scanning a secret and confirming a first code under a bind challenge, turned off with a
 * code under a status challenge, rebound after identity verification. Domestic edition: a code sent
 * by SMS or e-mail, proven by its checkToken.
 */
import type { TMfaChallenge, TMfaCode, TMfaState, TModifyMfaStatusRequest } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import QRCode from 'qrcode';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { createTotpSecret, matchTotp, otpauthUri } from '../../lib/totp';
import { writeAudit } from '../audit';
import { consumeCheckToken } from '../verification';
import {
  consumeChallenge,
  setPendingSecret,
  type TChallenge,
  type TMfaUser,
  updateUserMfa,
} from './mfa.repository';
import {
  auditOf,
  createChallenge,
  decryptFor,
  isGaBound,
  isInternational,
  isNamedBy,
  liveChallenge,
  mfaStateOf,
  requireInternational,
  requireTotp,
  requireUser,
  targetOf,
} from './mfa-challenge.service';

/** A new secret waiting for its first code, under a new bind challenge of the signed-in user. */
async function startBinding(deps: TDeps, user: TMfaUser, meta: TRequestMeta): Promise<TMfaCode> {
  const secret = createTotpSecret();
  const challenge = await createChallenge(deps, {
    kind: 'bind',
    accountId: user.accountId,
    userId: user.id,
    pendingSecret: deps.secrets.seal(secret),
    ip: meta.ip,
  });
  return bindMaterial(deps, user, secret, challenge);
}

export async function bindMaterial(
  deps: TDeps,
  user: TMfaUser,
  secret: string,
  challenge: TMfaChallenge,
): Promise<TMfaCode> {
  const issuer = deps.config.mfaIssuer;
  const label = `${user.username}@${user.accountName}`;
  const uri = otpauthUri(secret, issuer, label);
  return {
    initialCode: secret,
    otpauthUri: uri,
    qrCode: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 200 }),
    issuer,
    label,
    publicKey: challenge.publicKey,
    uniqueId: challenge.uniqueId,
  };
}

export async function getMfaState(deps: TDeps, auth: TAuth): Promise<TMfaState> {
  return mfaStateOf(await requireUser(deps, auth.accountId, auth.userId));
}

/**
 * Starts binding an authenticator: for the signed-in user (who has none bound), or for the
 * sign-in `uniqueId` of a user who must bind one before the sign-in completes.
 */
export async function getMfaCode(
  deps: TDeps,
  auth: TAuth | null,
  body: { uniqueId?: string | null; accountName?: string | null; userName?: string | null },
  meta: TRequestMeta,
): Promise<TMfaCode> {
  requireInternational(deps);
  if (auth && !body.uniqueId) {
    const user = await requireUser(deps, auth.accountId, auth.userId);
    if (isGaBound(user)) throw new AppError(ErrorCode.gaAlreadyBound);
    return startBinding(deps, user, meta);
  }
  const challenge = await liveChallenge(deps, body.uniqueId, 'login');
  const user = await requireUser(deps, challenge.accountId, challenge.userId);
  // A user with passkeys has a second factor already: the password alone binds no other.
  if (!isNamedBy(user, body.accountName, body.userName) || isGaBound(user) || user.passkeyCount > 0) {
    throw new AppError(ErrorCode.verificationFailed);
  }
  const secret = createTotpSecret();
  await setPendingSecret(deps.db, challenge.id, deps.secrets.seal(secret));
  // The sign-in keeps its id; its code is encrypted under the key the challenge was made with.
  return bindMaterial(deps, user, secret, {
    uniqueId: String(body.uniqueId),
    publicKey: await deps.rsaKeys.publicKey(challenge.keyId),
  });
}

/** Rebinds the authenticator after identity verification by a code sent to the phone or e-mail. */
export async function resetMfaCode(
  deps: TDeps,
  auth: TAuth,
  checkToken: string,
  meta: TRequestMeta,
): Promise<TMfaCode> {
  requireInternational(deps);
  const checked = await consumeCheckToken(deps, checkToken, ['RESET_MFA', 'GET_GA_MFA_CODE']);
  if (checked.userId !== auth.userId || checked.accountId !== auth.accountId)
    throw new AppError(ErrorCode.verificationFailed);
  return startBinding(deps, await requireUser(deps, auth.accountId, auth.userId), meta);
}

export async function createStatusChallenge(
  deps: TDeps,
  auth: TAuth,
  meta: TRequestMeta,
): Promise<TMfaChallenge> {
  const { uniqueId, publicKey } = await createChallenge(deps, {
    kind: 'status',
    accountId: auth.accountId,
    userId: auth.userId,
    pendingSecret: null,
    ip: meta.ip,
  });
  return { uniqueId, publicKey };
}

export async function modifyMfaStatus(
  deps: TDeps,
  auth: TAuth,
  body: TModifyMfaStatusRequest,
  checkToken: string | undefined,
  meta: TRequestMeta,
): Promise<TMfaState> {
  const user = await requireUser(deps, auth.accountId, auth.userId);
  if (!body.enable && user.accountMfaRequired) throw new AppError(ErrorCode.mfaRequiredByAccount);
  if (body.mfaMethodType === 'GA') {
    requireInternational(deps);
    await (body.enable ? bindAuthenticator : unbindAuthenticator)(deps, user, body, meta);
  } else {
    await setCodeProtection(deps, user, { ...body, mfaMethodType: body.mfaMethodType }, checkToken, meta);
  }
  return mfaStateOf(await requireUser(deps, auth.accountId, auth.userId));
}

/** The live challenge of `kind` of the user's status change, and the code sent under it. */
async function codeUnder(
  deps: TDeps,
  user: TMfaUser,
  body: TModifyMfaStatusRequest,
  kind: 'bind' | 'status',
): Promise<{ challenge: TChallenge; code: string }> {
  const challenge = await liveChallenge(deps, body.uniqueId, kind, {
    accountId: user.accountId,
    userId: user.id,
  });
  return { challenge, code: await decryptFor(deps, challenge, body.code) };
}

/** Spends the challenge and changes the authenticator, with its audit entry, in one transaction. */
async function applyUnder(
  deps: TDeps,
  user: TMfaUser,
  challenge: TChallenge,
  change: { update: Parameters<typeof updateUserMfa>[3]; action: string },
  meta: TRequestMeta,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await consumeChallenge(tx, challenge.id, now);
    await updateUserMfa(tx, user.accountId, user.id, change.update, now);
    await writeAudit(tx, auditOf(user, change.action, { method: 'GA' }, meta, now));
  });
}

/** Turns the authenticator on with the first code of the secret of a bind challenge. */
async function bindAuthenticator(
  deps: TDeps,
  user: TMfaUser,
  body: TModifyMfaStatusRequest,
  meta: TRequestMeta,
): Promise<void> {
  const now = deps.clock.now();
  const { challenge, code } = await codeUnder(deps, user, body, 'bind');
  if (!challenge.pendingSecret) throw new AppError(ErrorCode.verificationFailed);
  const step = await requireTotp(
    deps,
    challenge,
    matchTotp(deps.secrets.open(challenge.pendingSecret), code, now, null),
  );
  const update = {
    mfaEnabled: true,
    mfaMethod: 'GA',
    totpSecret: challenge.pendingSecret,
    totpLastStep: step,
  } as const;
  await applyUnder(
    deps,
    user,
    challenge,
    { update, action: isGaBound(user) ? 'mfa.rebind' : 'mfa.enable' },
    meta,
    now,
  );
}

/** Turns the authenticator off with a code of the bound secret, under a status challenge. */
async function unbindAuthenticator(
  deps: TDeps,
  user: TMfaUser,
  body: TModifyMfaStatusRequest,
  meta: TRequestMeta,
): Promise<void> {
  const now = deps.clock.now();
  const { challenge, code } = await codeUnder(deps, user, body, 'status');
  if (!isGaBound(user) || !user.totpSecret) throw new AppError(ErrorCode.gaNotBound);
  await requireTotp(
    deps,
    challenge,
    matchTotp(deps.secrets.open(user.totpSecret), code, now, user.totpLastStep),
  );
  const update = { mfaEnabled: false, mfaMethod: null, totpSecret: null, totpLastStep: null };
  await applyUnder(deps, user, challenge, { update, action: 'mfa.disable' }, meta, now);
}

/** Turns protection by a code to the phone or e-mail on or off (domestic), proven by its checkToken. */
async function setCodeProtection(
  deps: TDeps,
  user: TMfaUser,
  body: { enable: boolean; mfaMethodType: 'PHONE' | 'EMAIL' },
  checkToken: string | undefined,
  meta: TRequestMeta,
): Promise<void> {
  const now = deps.clock.now();
  if (isInternational(deps)) {
    throw new AppError(ErrorCode.badRequest, { data: { fieldErrors: { mfaMethodType: 'PHONE|EMAIL' } } });
  }
  if (!checkToken) throw new AppError(ErrorCode.verificationFailed);
  const checked = await consumeCheckToken(deps, checkToken, ['MFA_STATUS']);
  const target = targetOf(user, body.mfaMethodType);
  if (!target) throw new AppError(ErrorCode.mfaTargetMissing);
  if (checked.userId !== user.id || checked.channel !== target.channel || checked.target !== target.target) {
    throw new AppError(ErrorCode.verificationFailed);
  }
  await deps.db.transaction(async (tx) => {
    await updateUserMfa(
      tx,
      user.accountId,
      user.id,
      body.enable
        ? { mfaEnabled: true, mfaMethod: body.mfaMethodType }
        : { mfaEnabled: false, mfaMethod: null },
      now,
    );
    await writeAudit(
      tx,
      auditOf(user, body.enable ? 'mfa.enable' : 'mfa.disable', { method: body.mfaMethodType }, meta, now),
    );
  });
}
