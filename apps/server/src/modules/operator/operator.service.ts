/**
 * Operators of the back office (decision 0047): created by the owner (or the operator command
 * `operator-create`) with a one-time password, disabled and enabled, given another role, and their
 * second factor reset (the authenticator and every passkey). Every act is audited in the
 * installation's chain with who acted, their role and the reason; an act that takes rights away
 * ends the target's sessions.
 */
import { ErrorCode } from '@console/contract/codes';
import type { TOpsOperator, TOpsRole } from '@console/contract/ops';
import type { TDeps, TOpsAuth, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { generateInitialPassword } from '../account/account.service';
import {
  findOperatorById,
  insertOperator,
  listOperators,
  lockOperator,
  revokeOperatorSessions,
  type TOperatorRow,
  updateOperator,
} from './operator.repository';
import { deleteAllOperatorPasskeys } from './operator-passkey.repository';
import { actorOf, auditOperatorAct, type TOpsActor } from './operator-session.service';
import { operatorView } from './operator-view';

export async function listAllOperators(deps: TDeps): Promise<{ list: TOpsOperator[]; total: number }> {
  const rows = await listOperators(deps.db);
  return { list: rows.map(operatorView), total: rows.length };
}

/** The signed-in operator, and when the second factor was last proven in the session. */
export async function getSignedInOperator(deps: TDeps, auth: TOpsAuth) {
  const row = await findOperatorById(deps.db, auth.operatorId);
  if (!row) throw new AppError(ErrorCode.unauthenticated);
  return {
    operator: operatorView(row),
    secondFactorAt: (auth.secondFactorAt ?? auth.expiresAt).toISOString(),
    expiresAt: auth.expiresAt.toISOString(),
  };
}

/**
 * Creates an operator with a one-time password (answered once, never stored in clear): by an
 * owner (`actor`), or by the operator command (`actor` null: the system).
 */
export async function createOperator(
  deps: TDeps,
  actor: TOpsActor | null,
  input: { username: string; role: TOpsRole; reason?: string | undefined },
  meta: TRequestMeta | null,
): Promise<{ operator: TOpsOperator; oneTimePassword: string }> {
  const oneTimePassword = generateInitialPassword();
  const passwordHash = await deps.hasher.hash(oneTimePassword);
  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) => {
    const row = await insertOperator(tx, {
      username: input.username,
      passwordHash,
      role: input.role,
      createdBy: actor?.id ?? null,
      createdAt: now,
    });
    if (!row) throw new AppError(ErrorCode.opsOperatorExists);
    await auditOperatorAct(tx, {
      actor,
      action: 'operator.create',
      target: { id: row.id, username: row.username },
      isSuccess: true,
      reason: input.reason,
      info: { role: row.role },
      meta,
      at: now,
    });
    return row;
  });
  return { operator: operatorView(created), oneTimePassword };
}

type TOperatorAct = 'operator.disable' | 'operator.enable' | 'operator.role' | 'operator.resetSecondFactor';

/**
 * One owner's act on another operator, in one transaction with its audit entry: `change` answers
 * the new values (and whether the target's sessions end). Nobody acts on themselves, so that one
 * owner always remains able to act.
 */
async function actOnOperator(
  deps: TDeps,
  auth: TOpsAuth,
  operatorId: number,
  action: TOperatorAct,
  reason: string,
  meta: TRequestMeta,
  change: (row: TOperatorRow) => {
    values: Partial<TOperatorRow>;
    endsSessions: boolean;
    info: Record<string, unknown>;
    /** More of the act in its transaction; answers what the audit entry adds. */
    also?: (tx: TDb) => Promise<Record<string, unknown>>;
  },
): Promise<TOpsOperator> {
  if (operatorId === auth.operatorId) throw new AppError(ErrorCode.opsSelfAct);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockOperator(tx, operatorId);
    if (!row) throw new AppError(ErrorCode.opsOperatorNotFound);
    const { values, endsSessions, info, also } = change(row);
    const updated = (await updateOperator(tx, operatorId, values)) ?? row;
    const more = also ? await also(tx) : {};
    const ended = endsSessions ? await revokeOperatorSessions(tx, operatorId, now, action.slice(9)) : 0;
    await auditOperatorAct(tx, {
      actor: actorOf(auth),
      action,
      target: { id: row.id, username: row.username },
      isSuccess: true,
      reason,
      info: { ...info, ...more, endedSessions: ended },
      meta,
      at: now,
    });
    return operatorView(updated);
  });
}

export function disableOperator(
  deps: TDeps,
  auth: TOpsAuth,
  input: { operatorId: number; reason: string },
  meta: TRequestMeta,
): Promise<TOpsOperator> {
  return actOnOperator(deps, auth, input.operatorId, 'operator.disable', input.reason, meta, (row) => ({
    values: { status: 'disabled' },
    endsSessions: true,
    info: { from: row.status, to: 'disabled' },
  }));
}

export function enableOperator(
  deps: TDeps,
  auth: TOpsAuth,
  input: { operatorId: number; reason: string },
  meta: TRequestMeta,
): Promise<TOpsOperator> {
  return actOnOperator(deps, auth, input.operatorId, 'operator.enable', input.reason, meta, (row) => ({
    values: { status: 'active', failedSignIns: 0, lockedUntil: null },
    endsSessions: false,
    info: { from: row.status, to: 'active' },
  }));
}

export function reRoleOperator(
  deps: TDeps,
  auth: TOpsAuth,
  input: { operatorId: number; role: TOpsRole; reason: string },
  meta: TRequestMeta,
): Promise<TOpsOperator> {
  return actOnOperator(deps, auth, input.operatorId, 'operator.role', input.reason, meta, (row) => ({
    values: { role: input.role },
    endsSessions: row.role !== input.role,
    info: { from: row.role, to: input.role },
  }));
}

/**
 * Removes the operator's authenticator and every passkey: the next sign-in enrols a second factor
 * again before anything else.
 */
export function resetOperatorSecondFactor(
  deps: TDeps,
  auth: TOpsAuth,
  input: { operatorId: number; reason: string },
  meta: TRequestMeta,
): Promise<TOpsOperator> {
  return actOnOperator(
    deps,
    auth,
    input.operatorId,
    'operator.resetSecondFactor',
    input.reason,
    meta,
    (row) => ({
      values: { totpSecret: null, totpPendingSecret: null, totpLastStep: null },
      endsSessions: true,
      info: { hadAuthenticator: row.totpSecret !== null },
      also: async (tx) => ({ removedPasskeys: await deleteAllOperatorPasskeys(tx, row.id) }),
    }),
  );
}
