/**
 * An operator's sign-in in steps (decision 0047): the password, then the authenticator code (or a
 * passkey: operator-passkey.service.ts, decision 0050); at the first sign-in (and after a reset)
 * the one-time password is replaced and a second factor enrolled before anything else works. Also the step-up (the code again, for the acts that
 * need a fresh second factor) and the change of one's own password.
 */
import { ErrorCode } from '@console/contract/codes';
import { OpsPasswordPolicy, type TOpsSecondFactor, type TOpsSignInStep } from '@console/contract/ops';
import type { TDeps, TOpsAuth, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { createTotpSecret, matchTotp, otpauthUri } from '../../lib/totp';
import { requireUnderPolicy } from '../password/password.service';
import {
  findOperatorById,
  findOperatorByUsername,
  lockOperator,
  recordFailedSignIn,
  revokeOperatorSessions,
  revokeOpsSession,
  setSecondFactorAt,
  type TOperatorRow,
  updateOperator,
} from './operator.repository';
import { countOperatorPasskeys } from './operator-passkey.repository';
import { actorOf, auditOperatorAct, openOpsSession, opsSessionTimeouts } from './operator-session.service';
import { operatorView } from './operator-view';

/** Failed steps in a row that pause sign-in, and for how long. */
export const opsFailuresMax = 5;
const lockMs = 15 * 60_000;

const policy = {
  ...OpsPasswordPolicy,
  requiredCharTypes: [...OpsPasswordPolicy.requiredCharTypes],
};

export function isLocked(operator: TOperatorRow, now: Date): boolean {
  return operator.lockedUntil !== null && operator.lockedUntil.getTime() > now.getTime();
}

/** Counts a failed sign-in step (or step-up), with its audit entry: five in a row pause sign-in. */
export async function failStep(
  deps: TDeps,
  operator: TOperatorRow,
  action: string,
  why: string,
  meta: TRequestMeta,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await recordFailedSignIn(tx, operator.id, opsFailuresMax, new Date(now.getTime() + lockMs));
    await auditOperatorAct(tx, {
      actor: { id: operator.id, username: operator.username, role: operator.role },
      action,
      target: { id: operator.id, username: operator.username },
      isSuccess: false,
      info: { why },
      meta,
      at: now,
    });
  });
}

/**
 * The password step. One answer (4300) for an unknown operator, a wrong password, a disabled
 * operator and a paused sign-in, each after the same hashing work.
 */
export async function signInOperator(
  deps: TDeps,
  input: { username: string; password: string },
  meta: TRequestMeta,
): Promise<TOpsSignInStep> {
  const now = deps.clock.now();
  const operator = await findOperatorByUsername(deps.db, input.username);
  if (!operator) {
    await deps.hasher.verifyDummy(input.password);
    await auditOperatorAct(deps.db, {
      actor: null,
      action: 'operator.signIn',
      target: { id: null, username: input.username },
      isSuccess: false,
      info: { why: 'unknown' },
      meta,
      at: now,
    });
    throw new AppError(ErrorCode.opsSignInFailed);
  }
  const isRight = await deps.hasher.verify(operator.passwordHash, input.password);
  if (!isRight || operator.status !== 'active' || isLocked(operator, now)) {
    const why = operator.status !== 'active' ? 'disabled' : isLocked(operator, now) ? 'paused' : 'password';
    if (why === 'password') await failStep(deps, operator, 'operator.signIn', why, meta);
    else {
      await auditOperatorAct(deps.db, {
        actor: null,
        action: 'operator.signIn',
        target: { id: operator.id, username: operator.username },
        isSuccess: false,
        info: { why },
        meta,
        at: now,
      });
    }
    throw new AppError(ErrorCode.opsSignInFailed);
  }
  // A second factor is an authenticator app or a passkey (decision 0050); none: the setup.
  const secondFactors = await secondFactorsOf(deps.db, operator);
  const stage = operator.mustChangePassword || secondFactors.length === 0 ? 'setup' : 'totp';
  const step = await openOpsSession(deps.db, operator, stage, now, meta.ip);
  return {
    stage,
    token: step.token,
    mustChangePassword: operator.mustChangePassword,
    secondFactors: stage === 'setup' ? [] : secondFactors,
    expiresAt: step.expiresAt.toISOString(),
  };
}

/** The second factors an operator has: the authenticator app, passkeys. */
export async function secondFactorsOf(db: TDb, operator: TOperatorRow): Promise<TOpsSecondFactor[]> {
  const passkeys = await countOperatorPasskeys(db, operator.id);
  return [
    ...(operator.totpSecret === null ? [] : ['totp' as const]),
    ...(passkeys > 0 ? ['passkey' as const] : []),
  ];
}

export async function currentOperator(deps: TDeps, auth: TOpsAuth): Promise<TOperatorRow> {
  const operator = await findOperatorById(deps.db, auth.operatorId);
  if (operator?.status !== 'active') throw new AppError(ErrorCode.unauthenticated);
  return operator;
}

/**
 * Ends a sign-in step and opens the full session, in the transaction that records the sign-in;
 * `within` adds what the step itself changes (a passkey registered or used) to that transaction.
 */
export async function completeSignIn(
  deps: TDeps,
  auth: TOpsAuth,
  changes: Partial<Pick<TOperatorRow, 'totpSecret' | 'totpPendingSecret' | 'totpLastStep'>>,
  action: 'operator.signIn' | 'operator.enrolTotp',
  meta: TRequestMeta,
  method: TOpsSecondFactor,
  within?: (tx: TDb, now: Date) => Promise<void>,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!(await revokeOpsSession(tx, auth.sessionId, now, 'signed_in'))) {
      throw new AppError(ErrorCode.opsChallengeExpired);
    }
    const updated = await updateOperator(tx, auth.operatorId, {
      ...changes,
      failedSignIns: 0,
      lockedUntil: null,
      lastSignInAt: now,
    });
    if (!updated) throw new AppError(ErrorCode.unauthenticated);
    if (within) await within(tx, now);
    const session = await openOpsSession(tx, updated, 'operator', now, meta.ip);
    const actor = actorOf(auth);
    const target = { id: updated.id, username: updated.username };
    if (action === 'operator.enrolTotp') {
      await auditOperatorAct(tx, { actor, action, target, isSuccess: true, meta, at: now });
    }
    await auditOperatorAct(tx, {
      actor,
      action: 'operator.signIn',
      target,
      isSuccess: true,
      info: { method },
      meta,
      at: now,
    });
    return {
      token: session.token,
      operator: operatorView(updated),
      idleMinutes: opsSessionTimeouts.idleMinutes,
      expiresAt: session.expiresAt.toISOString(),
    };
  });
}

/** The authenticator code of a sign-in: answers the full session. */
export async function verifySignInCode(deps: TDeps, auth: TOpsAuth, code: string, meta: TRequestMeta) {
  const now = deps.clock.now();
  const operator = await currentOperator(deps, auth);
  if (isLocked(operator, now)) {
    await revokeOpsSession(deps.db, auth.sessionId, now, 'paused');
    throw new AppError(ErrorCode.opsChallengeExpired);
  }
  // An operator with passkeys only: no code is right.
  if (operator.totpSecret === null) {
    await failStep(deps, operator, 'operator.signIn', 'noAuthenticator', meta);
    throw new AppError(ErrorCode.opsCodeWrong);
  }
  const match = matchTotp(deps.secrets.open(operator.totpSecret), code, now, operator.totpLastStep);
  if (match.kind !== 'match') {
    await failStep(deps, operator, 'operator.signIn', match.kind === 'reused' ? 'codeReused' : 'code', meta);
    throw new AppError(ErrorCode.opsCodeWrong);
  }
  return completeSignIn(deps, auth, { totpLastStep: match.step }, 'operator.signIn', meta, 'totp');
}

/** First sign-in: replaces the one-time password. */
export async function replaceOneTimePassword(
  deps: TDeps,
  auth: TOpsAuth,
  password: string,
  meta: TRequestMeta,
): Promise<null> {
  const operator = await currentOperator(deps, auth);
  if (!operator.mustChangePassword) throw new AppError(ErrorCode.conflict);
  requireUnderPolicy(password, policy);
  if (await deps.hasher.verify(operator.passwordHash, password)) {
    throw new AppError(ErrorCode.passwordSameAsOld, {
      params: { minLength: policy.minLength, types: policy.requiredCharTypes },
    });
  }
  const passwordHash = await deps.hasher.hash(password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await updateOperator(tx, operator.id, {
      passwordHash,
      mustChangePassword: false,
      passwordChangedAt: now,
    });
    await auditOperatorAct(tx, {
      actor: actorOf(auth),
      action: 'operator.setupPassword',
      target: { id: operator.id, username: operator.username },
      isSuccess: true,
      meta,
      at: now,
    });
  });
  return null;
}

/** First sign-in (or after a reset), once the password is replaced: a new secret to scan. */
export async function startTotpEnrolment(deps: TDeps, auth: TOpsAuth) {
  const operator = await currentOperator(deps, auth);
  if (operator.mustChangePassword) throw new AppError(ErrorCode.opsSetupRequired);
  if ((await secondFactorsOf(deps.db, operator)).length > 0) throw new AppError(ErrorCode.conflict);
  const secret = createTotpSecret();
  await updateOperator(deps.db, operator.id, { totpPendingSecret: deps.secrets.seal(secret) });
  const issuer = `${deps.config.mfaIssuer} ops`;
  const label = operator.username;
  return { secret, otpauthUri: otpauthUri(secret, issuer, label), issuer, label };
}

/** Confirms the enrolment with the authenticator's code: the setup is complete, the session full. */
export async function confirmTotpEnrolment(deps: TDeps, auth: TOpsAuth, code: string, meta: TRequestMeta) {
  const now = deps.clock.now();
  const operator = await currentOperator(deps, auth);
  if (operator.mustChangePassword || operator.totpPendingSecret === null) {
    throw new AppError(ErrorCode.opsSetupRequired);
  }
  const sealed = operator.totpPendingSecret;
  const match = matchTotp(deps.secrets.open(sealed), code, now, null);
  if (match.kind !== 'match') {
    await failStep(deps, operator, 'operator.enrolTotp', 'code', meta);
    throw new AppError(ErrorCode.opsCodeWrong);
  }
  return completeSignIn(
    deps,
    auth,
    { totpSecret: sealed, totpPendingSecret: null, totpLastStep: match.step },
    'operator.enrolTotp',
    meta,
    'totp',
  );
}

/** The authenticator code again: the session's second factor is fresh for 15 minutes. */
export async function stepUpOperator(deps: TDeps, auth: TOpsAuth, code: string, meta: TRequestMeta) {
  const now = deps.clock.now();
  const operator = await currentOperator(deps, auth);
  if (operator.totpSecret === null) {
    await failStep(deps, operator, 'operator.stepUp', 'noAuthenticator', meta);
    throw new AppError(ErrorCode.opsCodeWrong);
  }
  const match = matchTotp(deps.secrets.open(operator.totpSecret), code, now, operator.totpLastStep);
  if (match.kind !== 'match') {
    await failStep(deps, operator, 'operator.stepUp', match.kind === 'reused' ? 'codeReused' : 'code', meta);
    throw new AppError(ErrorCode.opsCodeWrong);
  }
  await deps.db.transaction(async (tx) => {
    const locked = await lockOperator(tx, operator.id);
    if (!locked || (locked.totpLastStep !== null && match.step <= locked.totpLastStep)) {
      throw new AppError(ErrorCode.opsCodeWrong);
    }
    await updateOperator(tx, operator.id, { totpLastStep: match.step, failedSignIns: 0 });
    await setSecondFactorAt(tx, auth.sessionId, now);
    await auditOperatorAct(tx, {
      actor: actorOf(auth),
      action: 'operator.stepUp',
      target: { id: operator.id, username: operator.username },
      isSuccess: true,
      info: { method: 'totp' },
      meta,
      at: now,
    });
  });
  return { secondFactorAt: now.toISOString() };
}

/** Changes one's own password; the operator's other sessions end. */
export async function changeOwnPassword(
  deps: TDeps,
  auth: TOpsAuth,
  input: { currentPassword: string; newPassword: string },
  meta: TRequestMeta,
): Promise<null> {
  const operator = await currentOperator(deps, auth);
  if (!(await deps.hasher.verify(operator.passwordHash, input.currentPassword))) {
    throw new AppError(ErrorCode.opsPasswordWrong);
  }
  requireUnderPolicy(input.newPassword, policy);
  if (input.newPassword === input.currentPassword) {
    throw new AppError(ErrorCode.passwordSameAsOld, {
      params: { minLength: policy.minLength, types: policy.requiredCharTypes },
    });
  }
  const passwordHash = await deps.hasher.hash(input.newPassword);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await updateOperator(tx, operator.id, { passwordHash, passwordChangedAt: now });
    const ended = await revokeOperatorSessions(tx, operator.id, now, 'password_changed', auth.sessionId);
    await auditOperatorAct(tx, {
      actor: actorOf(auth),
      action: 'operator.changePassword',
      target: { id: operator.id, username: operator.username },
      isSuccess: true,
      info: { endedSessions: ended },
      meta,
      at: now,
    });
  });
  return null;
}
