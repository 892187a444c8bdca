/**
 * Login protection at sign-in, and the account's policy. A sign-in whose password was right and
 * whose user has protection (or whose account requires it) answers a challenge instead of a
 * session: its second step checks the code of the authenticator app (international edition;
 * binding one there when the user has none yet) or a code sent by SMS or e-mail (domestic), sent
 * encrypted under the challenge's public key. An administrator can require protection of every
 * user (`mfa-policy.service.ts`); users without it are then led through it at their next sign-in.
 * The signed-in user's own protection is `mfa-binding.service.ts`; the challenges shared by both,
 * `mfa-challenge.service.ts`.
 */
import type {
  TLoginRequest,
  TLoginResponse,
  TSendCodeResult,
  TSendLoginCodeRequest,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TMfaMethodType } from '@console/contract/enums';
import type { FastifyBaseLogger } from 'fastify';
import type { TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { matchTotp } from '../../lib/totp';
import { writeAudit } from '../audit';
import type { TCaptchaAnswer } from '../captcha';
import { sendCode, verifyCode } from '../verification';
import { consumeChallenge, updateUserMfa } from './mfa.repository';
import {
  auditOf,
  createChallenge,
  decryptFor,
  isGaBound,
  isInternational,
  isNamedBy,
  liveChallenge,
  mfaStateOf,
  requireTotp,
  requireUser,
  targetOf,
  wrongCode,
} from './mfa-challenge.service';

// ---- sign-in ------------------------------------------------------------------------------

/** Whether a sign-in needs the second step: protection is on, required, or the user has passkeys. */
export function needsSecondStep(
  user: { mfaEnabled: boolean; hasPasskey: boolean },
  accountMfaRequired: boolean,
): boolean {
  return user.mfaEnabled || accountMfaRequired || user.hasPasskey;
}

/** The answer of a sign-in whose password was right and which needs the second step. */
export async function startLoginChallenge(
  deps: TDeps,
  account: { id: number },
  userId: number,
  meta: TRequestMeta,
): Promise<TLoginResponse> {
  const user = await requireUser(deps, account.id, userId);
  const hasPasskey = user.passkeyCount > 0;
  // A user with a passkey can always pass; a code needs somewhere to go.
  if (!hasPasskey && !isInternational(deps) && !user.phone && !user.email)
    throw new AppError(ErrorCode.mfaTargetMissing);
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
      passkey: hasPasskey,
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
  /** The factor that passed. */
  method: TMfaMethodType;
}> {
  const challenge = await liveChallenge(deps, input.uniqueId, 'login');
  const user = await requireUser(deps, challenge.accountId, challenge.userId);
  if (!isNamedBy(user, input.accountDisplayName, input.username))
    throw new AppError(ErrorCode.challengeExpired);
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
      if (!challenge.pendingSecret) throw new AppError(ErrorCode.gaNotBound);
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
    method,
  };
}
