/**
 * Login protection. International edition: an authenticator app (TOTP), bound by scanning a secret
 * and confirming a first code. Domestic edition: a code sent by SMS or e-mail. Codes travel
 * RSA-OAEP encrypted under the public key of a challenge (`uniqueId`), which also counts wrong
 * codes: the fifth ends it. An administrator can require protection of every user; users without
 * it are then led through it at their next sign-in.
 */
import { randomBytes } from 'node:crypto';
import type {
  TLoginRequest,
  TLoginResponse,
  TMfaChallenge,
  TMfaCode,
  TMfaPolicy,
  TMfaState,
  TModifyMfaStatusRequest,
  TSendCodeResult,
  TSendLoginCodeRequest,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { maskEmail, maskPhone } from '@console/contract/contact-rules';
import type { TMfaMethodType } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { createTotpSecret, matchTotp, otpauthUri, type TTotpMatch } from '../../lib/totp';
import { findAccountById } from '../account';
import { writeAudit } from '../audit';
import type { TCaptchaAnswer } from '../verification/captcha.service';
import {
  consumeCheckToken,
  emailTarget,
  phoneTarget,
  sendCode,
  type TCodeTarget,
  verifyCode,
} from '../verification/code.service';
import {
  consumeChallenge,
  countFailedAttempt,
  findChallenge,
  findMfaUser,
  insertChallenge,
  setAccountMfaRequired,
  setPendingSecret,
  type TChallenge,
  type TChallengeKind,
  type TMfaUser,
  updateUserMfa,
} from './mfa.repository';

const isInternational = (deps: TDeps) => deps.config.edition === 'international';

function challengeDigest(deps: TDeps, uniqueId: string): Buffer {
  return deps.secrets.digest('mfa-challenge', uniqueId);
}

async function createChallenge(
  deps: TDeps,
  input: {
    kind: TChallengeKind;
    accountId: number;
    userId: number;
    pendingSecret: string | null;
    ip: string | null;
  },
): Promise<TMfaChallenge & { keyId: number }> {
  const key = await deps.rsaKeys.active();
  const uniqueId = randomBytes(24).toString('base64url');
  const now = deps.clock.now();
  await insertChallenge(deps.db, {
    uniqueIdHash: challengeDigest(deps, uniqueId),
    kind: input.kind,
    accountId: input.accountId,
    userId: input.userId,
    keyId: key.id,
    pendingSecret: input.pendingSecret,
    ip: input.ip,
    now,
    expiresAt: new Date(now.getTime() + Limits.loginChallengeTtlSeconds * 1000),
  });
  return { uniqueId, publicKey: key.publicKey, keyId: key.id };
}

/** A live challenge of `kind` (for `user` when given); 4094 when unknown, spent or expired. */
async function liveChallenge(
  deps: TDeps,
  uniqueId: string | null | undefined,
  kind: TChallengeKind,
  user?: { accountId: number; userId: number },
): Promise<TChallenge> {
  const challenge = uniqueId ? await findChallenge(deps.db, challengeDigest(deps, uniqueId)) : null;
  const isLive =
    challenge !== null &&
    challenge.kind === kind &&
    challenge.consumedAt === null &&
    challenge.expiresAt.getTime() > deps.clock.now().getTime() &&
    (!user || (challenge.accountId === user.accountId && challenge.userId === user.userId));
  if (!challenge || !isLive)
    throw new AppError(ErrorCode.verificationFailed, { messageKey: 'challengeExpired' });
  if (challenge.attempts >= Limits.maxCodeAttempts) throw new AppError(ErrorCode.tooManyVerifications);
  return challenge;
}

/** Counts a wrong code on the challenge; the fifth spends it (4096), else 4095 with attempts left. */
async function wrongCode(
  deps: TDeps,
  challenge: TChallenge,
  code: number = ErrorCode.codeMismatch,
): Promise<never> {
  const attempts = challenge.attempts + 1;
  const isLast = attempts >= Limits.maxCodeAttempts;
  await countFailedAttempt(deps.db, challenge.id, isLast, deps.clock.now());
  if (isLast) throw new AppError(ErrorCode.tooManyVerifications);
  if (code === ErrorCode.codeMismatch) {
    throw new AppError(code, { data: { remainingAttempts: Limits.maxCodeAttempts - attempts } });
  }
  throw new AppError(code);
}

/** Decrypts the code sent for a challenge; an undecryptable code counts as a wrong one (4092). */
async function decryptFor(
  deps: TDeps,
  challenge: TChallenge,
  ciphertext: string | null | undefined,
): Promise<string> {
  if (!ciphertext) return wrongCode(deps, challenge, ErrorCode.mfaDecryptFailed);
  try {
    return await deps.rsaKeys.decrypt(challenge.keyId, ciphertext);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.mfaDecryptFailed) {
      return wrongCode(deps, challenge, ErrorCode.mfaDecryptFailed);
    }
    throw error;
  }
}

/** Applies a TOTP match: 4093 for a code already used, a counted 4095 for a wrong one. */
async function requireTotp(deps: TDeps, challenge: TChallenge, match: TTotpMatch): Promise<number> {
  if (match.kind === 'match') return match.step;
  if (match.kind === 'reused') throw new AppError(ErrorCode.codeAlreadyUsed);
  return wrongCode(deps, challenge);
}

async function requireUser(deps: TDeps, accountId: number, userId: number): Promise<TMfaUser> {
  const user = await findMfaUser(deps.db, accountId, userId);
  if (!user) throw new AppError(ErrorCode.unauthenticated);
  return user;
}

const isGaBound = (user: TMfaUser) => user.mfaEnabled && user.mfaMethod === 'GA' && user.totpSecret !== null;

export function mfaStateOf(user: TMfaUser): TMfaState {
  return {
    enable: user.mfaEnabled,
    mfaMethodType: user.mfaEnabled ? user.mfaMethod : null,
    gaAlreadyBinding: isGaBound(user),
    phone: user.phone ? maskPhone(user.phone) : null,
    email: user.email ? maskEmail(user.email) : null,
    accountRequired: user.accountMfaRequired,
  };
}

/** Whether the names typed at sign-in name this user (account name or display name, any case). */
function isNamedBy(
  user: TMfaUser,
  accountName: string | null | undefined,
  username: string | null | undefined,
): boolean {
  const account = accountName?.trim().toLowerCase();
  return (
    (!username || username.trim().toLowerCase() === user.username.toLowerCase()) &&
    (!account ||
      account === user.accountName.toLowerCase() ||
      account === user.accountDisplayName.toLowerCase())
  );
}

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

async function bindMaterial(
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

function requireInternational(deps: TDeps): void {
  if (!isInternational(deps)) {
    throw new AppError(ErrorCode.badRequest, { data: { fieldErrors: { mfaMethodType: 'GA' } } });
  }
}

// ---- signed-in user ------------------------------------------------------------------------

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
    if (isGaBound(user)) throw new AppError(ErrorCode.verificationFailed, { messageKey: 'gaAlreadyBound' });
    return startBinding(deps, user, meta);
  }
  const challenge = await liveChallenge(deps, body.uniqueId, 'login');
  const user = await requireUser(deps, challenge.accountId, challenge.userId);
  if (!isNamedBy(user, body.accountName, body.userName) || isGaBound(user)) {
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

function targetOf(user: TMfaUser, method: 'PHONE' | 'EMAIL'): TCodeTarget | null {
  if (method === 'PHONE') {
    return user.phone
      ? {
          channel: 'sms',
          target: phoneTarget(user.phone, user.phoneCode),
          accountId: user.accountId,
          userId: user.id,
        }
      : null;
  }
  return user.email
    ? { channel: 'email', target: emailTarget(user.email), accountId: user.accountId, userId: user.id }
    : null;
}

export async function modifyMfaStatus(
  deps: TDeps,
  auth: TAuth,
  body: TModifyMfaStatusRequest,
  checkToken: string | undefined,
  meta: TRequestMeta,
): Promise<TMfaState> {
  const user = await requireUser(deps, auth.accountId, auth.userId);
  if (!body.enable && user.accountMfaRequired) {
    throw new AppError(ErrorCode.forbidden, { messageKey: 'mfaRequiredByAccount' });
  }
  const now = deps.clock.now();
  if (body.mfaMethodType === 'GA') {
    requireInternational(deps);
    const challenge = await liveChallenge(deps, body.uniqueId, body.enable ? 'bind' : 'status', {
      accountId: user.accountId,
      userId: user.id,
    });
    const code = await decryptFor(deps, challenge, body.code);
    if (body.enable) {
      if (!challenge.pendingSecret) throw new AppError(ErrorCode.verificationFailed);
      const step = await requireTotp(
        deps,
        challenge,
        matchTotp(deps.secrets.open(challenge.pendingSecret), code, now, null),
      );
      await deps.db.transaction(async (tx) => {
        await consumeChallenge(tx, challenge.id, now);
        await updateUserMfa(
          tx,
          user.accountId,
          user.id,
          { mfaEnabled: true, mfaMethod: 'GA', totpSecret: challenge.pendingSecret, totpLastStep: step },
          now,
        );
        await writeAudit(
          tx,
          auditOf(user, isGaBound(user) ? 'mfa.rebind' : 'mfa.enable', { method: 'GA' }, meta, now),
        );
      });
    } else {
      if (!isGaBound(user) || !user.totpSecret)
        throw new AppError(ErrorCode.verificationFailed, { messageKey: 'gaNotBound' });
      await requireTotp(
        deps,
        challenge,
        matchTotp(deps.secrets.open(user.totpSecret), code, now, user.totpLastStep),
      );
      await deps.db.transaction(async (tx) => {
        await consumeChallenge(tx, challenge.id, now);
        await updateUserMfa(
          tx,
          user.accountId,
          user.id,
          { mfaEnabled: false, mfaMethod: null, totpSecret: null, totpLastStep: null },
          now,
        );
        await writeAudit(tx, auditOf(user, 'mfa.disable', { method: 'GA' }, meta, now));
      });
    }
  } else {
    if (isInternational(deps)) {
      throw new AppError(ErrorCode.badRequest, { data: { fieldErrors: { mfaMethodType: 'PHONE|EMAIL' } } });
    }
    if (!checkToken) throw new AppError(ErrorCode.verificationFailed);
    const checked = await consumeCheckToken(deps, checkToken, ['MFA_STATUS']);
    const target = targetOf(user, body.mfaMethodType);
    if (!target) throw new AppError(ErrorCode.mfaTargetMissing);
    if (
      checked.userId !== user.id ||
      checked.channel !== target.channel ||
      checked.target !== target.target
    ) {
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
  return mfaStateOf(await requireUser(deps, auth.accountId, auth.userId));
}

function auditOf(
  user: TMfaUser,
  action: string,
  info: Record<string, unknown>,
  meta: TRequestMeta,
  now: Date,
) {
  return {
    accountId: user.accountId,
    userId: user.id,
    username: user.username,
    action,
    objectType: 'user',
    objectId: String(user.id),
    objectName: user.username,
    isSuccess: true,
    info,
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: now,
  };
}

export async function getMfaPolicy(deps: TDeps, auth: TAuth): Promise<TMfaPolicy> {
  const account = await findAccountById(deps.db, auth.accountId);
  return { required: account?.mfaRequired ?? false };
}

export async function saveMfaPolicy(
  deps: TDeps,
  auth: TAuth,
  policy: TMfaPolicy,
  meta: TRequestMeta,
): Promise<TMfaPolicy> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await setAccountMfaRequired(tx, auth.accountId, policy.required, now);
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'account.mfaPolicy',
      objectType: 'account',
      objectId: String(auth.accountId),
      isSuccess: true,
      info: { required: policy.required },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return policy;
}

// ---- sign-in ------------------------------------------------------------------------------

/** Whether a sign-in needs the second step. */
export function needsSecondStep(user: { mfaEnabled: boolean }, accountMfaRequired: boolean): boolean {
  return user.mfaEnabled || accountMfaRequired;
}

/** The answer of a sign-in whose password was right and which needs the second step. */
export async function startLoginChallenge(
  deps: TDeps,
  account: { id: number },
  userId: number,
  meta: TRequestMeta,
): Promise<TLoginResponse> {
  const user = await requireUser(deps, account.id, userId);
  if (!isInternational(deps) && !user.phone && !user.email) throw new AppError(ErrorCode.mfaTargetMissing);
  const challenge = await createChallenge(deps, {
    kind: 'login',
    accountId: user.accountId,
    userId: user.id,
    pendingSecret: null,
    ip: meta.ip,
  });
  const state = mfaStateOf(user);
  return {
    token: null,
    mfaStatus: {
      enable: true,
      phone: state.phone,
      email: state.email,
      gaAlreadyBinding: state.gaAlreadyBinding,
    },
    userVo: null,
    authVos: [],
    publicKey: challenge.publicKey,
    uniqueId: challenge.uniqueId,
    initialCode: null,
  };
}

/** Sends the second-step code of a sign-in to the user's phone or e-mail (domestic edition). */
export async function sendLoginCode(
  deps: TDeps,
  body: TSendLoginCodeRequest,
  meta: TRequestMeta & { lang: Parameters<typeof sendCode>[1]['lang'] },
  log: FastifyBaseLogger,
): Promise<TSendCodeResult> {
  const challenge = await liveChallenge(deps, body.uniqueId, 'login');
  const user = await requireUser(deps, challenge.accountId, challenge.userId);
  const target = targetOf(user, body.authCodeType === 'SMS' ? 'PHONE' : 'EMAIL');
  if (!target) throw new AppError(ErrorCode.mfaTargetMissing);
  const captcha: TCaptchaAnswer = body;
  return sendCode(
    deps,
    { purpose: 'MFA_LOGIN', target, ip: meta.ip, lang: meta.lang, captcha, requestId: meta.requestId },
    log,
  );
}

/**
 * The second step of a sign-in: checks the encrypted code of `uniqueId` (authenticator, binding
 * one during sign-in with `isMfaReset`, or the SMS/e-mail code) and answers whom it signs in.
 */
export async function completeSecondStep(
  deps: TDeps,
  input: TLoginRequest,
  meta: TRequestMeta,
): Promise<{
  accountId: number;
  accountDisplayName: string;
  userId: number;
  username: string;
  phone: string | null;
  email: string | null;
}> {
  const challenge = await liveChallenge(deps, input.uniqueId, 'login');
  const user = await requireUser(deps, challenge.accountId, challenge.userId);
  if (!isNamedBy(user, input.accountDisplayName, input.username)) {
    throw new AppError(ErrorCode.verificationFailed, { messageKey: 'challengeExpired' });
  }
  const code = await decryptFor(deps, challenge, input.code);
  const now = deps.clock.now();
  let update: Parameters<typeof updateUserMfa>[3] | null = null;
  let method: TMfaMethodType;

  if (isInternational(deps)) {
    method = 'GA';
    if (isGaBound(user) && user.totpSecret) {
      const step = await requireTotp(
        deps,
        challenge,
        matchTotp(deps.secrets.open(user.totpSecret), code, now, user.totpLastStep),
      );
      update = { totpLastStep: step };
    } else {
      if (!challenge.pendingSecret)
        throw new AppError(ErrorCode.verificationFailed, { messageKey: 'gaNotBound' });
      const step = await requireTotp(
        deps,
        challenge,
        matchTotp(deps.secrets.open(challenge.pendingSecret), code, now, null),
      );
      update = { mfaEnabled: true, mfaMethod: 'GA', totpSecret: challenge.pendingSecret, totpLastStep: step };
    }
  } else {
    method = input.mfaMethodType === 'EMAIL' ? 'EMAIL' : 'PHONE';
    const target = targetOf(user, method);
    if (!target) throw new AppError(ErrorCode.mfaTargetMissing);
    try {
      await verifyCode(deps, { purpose: 'MFA_LOGIN', target, code });
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.codeMismatch)
        await wrongCode(deps, challenge);
      throw error;
    }
    if (!user.mfaEnabled) update = { mfaEnabled: true, mfaMethod: method };
  }

  await deps.db.transaction(async (tx) => {
    await consumeChallenge(tx, challenge.id, now);
    if (update) await updateUserMfa(tx, user.accountId, user.id, update, now);
    if (update?.mfaEnabled)
      await writeAudit(tx, auditOf(user, 'mfa.enable', { method, during: 'sign-in' }, meta, now));
  });
  return {
    accountId: user.accountId,
    accountDisplayName: user.accountDisplayName,
    userId: user.id,
    username: user.username,
    phone: user.phone,
    email: user.email,
  };
}
