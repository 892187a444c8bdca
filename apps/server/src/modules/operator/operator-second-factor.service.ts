/**
 * An operator's own second factors (issue 40 item 8, decision 0050): the list of their passkeys
 * and whether an authenticator app is enrolled; adding a passkey and replacing the authenticator
 * (both after a fresh second factor: the routes are `stepUp`), renaming and removing a passkey.
 * An operator always keeps one second factor: the last cannot be removed. Every change is
 * audited in the installation's chain in its own transaction.
 */

import type { TWebAuthnOptions } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { Limits } from '@console/contract/limits';
import type { TOpsPasskeyRegisterRequest, TOpsSecondFactors } from '@console/contract/ops';
import type { TDeps, TOpsAuth, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { createTotpSecret, matchTotp, otpauthUri } from '../../lib/totp';
import { lockOperator, updateOperator } from './operator.repository';
import {
  countOperatorPasskeys,
  deleteOperatorPasskey,
  listOperatorPasskeys,
  renameOperatorPasskey,
} from './operator-passkey.repository';
import { registrationOptions, storePasskey, verifyRegistration } from './operator-passkey.service';
import { actorOf, auditOperatorAct } from './operator-session.service';
import { currentOperator } from './operator-sign-in.service';

export async function mySecondFactors(deps: TDeps, auth: TOpsAuth): Promise<TOpsSecondFactors> {
  const [operator, passkeys] = await Promise.all([
    currentOperator(deps, auth),
    listOperatorPasskeys(deps.db, auth.operatorId),
  ]);
  return {
    hasAuthenticator: operator.totpSecret !== null,
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
      isSynced: p.deviceType === 'multiDevice',
    })),
    passkeyLimit: Limits.passkeysPerUser,
  };
}

export async function myPasskeyOptions(deps: TDeps, auth: TOpsAuth): Promise<TWebAuthnOptions> {
  return registrationOptions(deps, auth, await currentOperator(deps, auth));
}

export async function addMyPasskey(
  deps: TDeps,
  auth: TOpsAuth,
  body: TOpsPasskeyRegisterRequest,
  meta: TRequestMeta,
): Promise<TOpsSecondFactors> {
  const registered = await verifyRegistration(deps, auth, body);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Serialised per operator, so that two registrations at once do not pass the limit.
    if (!(await lockOperator(tx, auth.operatorId))) throw new AppError(ErrorCode.unauthenticated);
    if ((await countOperatorPasskeys(tx, auth.operatorId)) >= Limits.passkeysPerUser)
      throw new AppError(ErrorCode.opsPasskeyLimitReached);
    await storePasskey(tx, { actor: actorOf(auth), registered, name: body.name, setup: false, meta, now });
  });
  return mySecondFactors(deps, auth);
}

export async function renameMyPasskey(
  deps: TDeps,
  auth: TOpsAuth,
  body: { id: number; name: string },
  meta: TRequestMeta,
): Promise<TOpsSecondFactors> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = (await listOperatorPasskeys(tx, auth.operatorId)).find((p) => p.id === body.id);
    const row = await renameOperatorPasskey(
      tx,
      { operatorId: auth.operatorId, id: body.id },
      body.name.trim(),
    );
    if (!row || !before) throw new AppError(ErrorCode.opsPasskeyNotFound);
    await auditOperatorAct(tx, {
      actor: actorOf(auth),
      action: 'operator.passkeyRename',
      target: { id: auth.operatorId, username: auth.username },
      isSuccess: true,
      info: { passkey: { id: row.id, name: row.name }, from: before.name },
      meta,
      at: now,
    });
  });
  return mySecondFactors(deps, auth);
}

/** Removes one of the operator's passkeys, unless it is their last second factor (4384). */
export async function removeMyPasskey(
  deps: TDeps,
  auth: TOpsAuth,
  id: number,
  meta: TRequestMeta,
): Promise<TOpsSecondFactors> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Locked, so that two removals at once cannot take the last two factors.
    const operator = await lockOperator(tx, auth.operatorId);
    if (!operator) throw new AppError(ErrorCode.unauthenticated);
    const passkeys = await listOperatorPasskeys(tx, auth.operatorId);
    if (!passkeys.some((p) => p.id === id)) throw new AppError(ErrorCode.opsPasskeyNotFound);
    if (operator.totpSecret === null && passkeys.length <= 1)
      throw new AppError(ErrorCode.opsLastSecondFactor);
    const row = await deleteOperatorPasskey(tx, { operatorId: auth.operatorId, id });
    if (!row) throw new AppError(ErrorCode.opsPasskeyNotFound);
    await auditOperatorAct(tx, {
      actor: actorOf(auth),
      action: 'operator.passkeyRemove',
      target: { id: auth.operatorId, username: auth.username },
      isSuccess: true,
      info: { passkey: { id: row.id, name: row.name }, remaining: passkeys.length - 1 },
      meta,
      at: now,
    });
  });
  return mySecondFactors(deps, auth);
}

/**
 * A new authenticator secret to scan: kept aside (sealed) until its first code confirms it; the
 * current authenticator (if any) works until then.
 */
export async function startAuthenticatorReplacement(deps: TDeps, auth: TOpsAuth) {
  const operator = await currentOperator(deps, auth);
  const secret = createTotpSecret();
  await updateOperator(deps.db, operator.id, { totpPendingSecret: deps.secrets.seal(secret) });
  const issuer = `${deps.config.mfaIssuer} ops`;
  const label = operator.username;
  return { secret, otpauthUri: otpauthUri(secret, issuer, label), issuer, label };
}

/** The new authenticator's code: it replaces the operator's authenticator. */
export async function confirmAuthenticatorReplacement(
  deps: TDeps,
  auth: TOpsAuth,
  code: string,
  meta: TRequestMeta,
): Promise<TOpsSecondFactors> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const operator = await lockOperator(tx, auth.operatorId);
    if (!operator) throw new AppError(ErrorCode.unauthenticated);
    const sealed = operator.totpPendingSecret;
    if (sealed === null) throw new AppError(ErrorCode.opsAuthenticatorNotStarted);
    const match = matchTotp(deps.secrets.open(sealed), code, now, null);
    if (match.kind !== 'match') throw new AppError(ErrorCode.opsCodeWrong);
    await updateOperator(tx, operator.id, {
      totpSecret: sealed,
      totpPendingSecret: null,
      totpLastStep: match.step,
    });
    await auditOperatorAct(tx, {
      actor: actorOf(auth),
      action: 'operator.replaceTotp',
      target: { id: operator.id, username: operator.username },
      isSuccess: true,
      info: { hadAuthenticator: operator.totpSecret !== null },
      meta,
      at: now,
    });
  });
  return mySecondFactors(deps, auth);
}
