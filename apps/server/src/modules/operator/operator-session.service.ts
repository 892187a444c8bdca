/**
 * The back office's sessions (decision 0047): a token of their own kind (`ops_` and 256 random
 * bits; only its SHA-256 is stored), 30 minutes idle and 8 hours in all; a sign-in step's session
 * lasts 15 minutes and is good for that step only. Also the installation-audit entry of every
 * operator act.
 */
import type { TAuditObjectType } from '@console/contract/audit-rules';
import { ErrorCode } from '@console/contract/codes';
import {
  OpsTokenPrefix,
  opsAbsoluteHours,
  opsIdleMinutes,
  opsStepMinutes,
  type TOpsRole,
} from '@console/contract/ops';
import type { TDeps, TOpsAuth, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { createToken, sha256 } from '../../lib/tokens';
import { writeAudit, writeAuditEntries } from '../audit';
import {
  findOpsSessionByTokenHash,
  insertOpsSession,
  revokeOpsSession,
  type TOperatorRow,
  type TOpsSessionStage,
  touchOpsSession,
} from './operator.repository';

const idleMs = opsIdleMinutes * 60_000;
const absoluteMs = opsAbsoluteHours * 3_600_000;
const stepMs = opsStepMinutes * 60_000;

export type TOpsActor = { id: number; username: string; role: TOpsRole };

export function actorOf(auth: TOpsAuth): TOpsActor {
  return { id: auth.operatorId, username: auth.username, role: auth.role };
}

/**
 * One entry of the installation's audit chain (no account) about an operator: who acted (an
 * operator with their role, or the system for the operator commands), on whom, and why.
 */
export function auditOperatorAct(
  db: TDb,
  entry: {
    actor: TOpsActor | null;
    action: string;
    /** What the act was on: an operator (the default), or the catalogue, a licence, an invite code… */
    objectType?: TAuditObjectType;
    target: { id: number | string | null; username: string };
    isSuccess: boolean;
    reason?: string | undefined;
    info?: Record<string, unknown>;
    meta: TRequestMeta | null;
    at: Date;
  },
): Promise<void> {
  return writeAudit(db, {
    accountId: null,
    userId: null,
    username: entry.actor?.username ?? null,
    action: entry.action,
    objectType: entry.objectType ?? 'operator',
    objectId: entry.target.id === null ? null : String(entry.target.id),
    objectName: entry.target.username,
    isSuccess: entry.isSuccess,
    info: {
      operator: entry.actor
        ? { id: entry.actor.id, username: entry.actor.username, role: entry.actor.role }
        : null,
      ...(entry.reason ? { reason: entry.reason } : {}),
      ...entry.info,
    },
    ip: entry.meta?.ip ?? null,
    requestId: entry.meta?.requestId ?? null,
    createdAt: entry.at,
  });
}

/**
 * An operator's act on an account, in one statement with the act's transaction: the entry of the
 * installation's chain (who: the operator, their role; why: the reason) and the entry of the
 * account's own chain, which the account's administrators read in their audit log as "Platform
 * operator (role)" with the reason (the operator's name stays in the installation's chain).
 */
export function auditOperatorAccountAct(
  db: TDb,
  entry: {
    actor: TOpsActor;
    accountId: number;
    action: string;
    objectType: TAuditObjectType;
    objectId: string | null;
    objectName: string | null;
    isSuccess?: boolean;
    reason: string | null;
    info?: Record<string, unknown>;
    meta: TRequestMeta | null;
    at: Date;
  },
): Promise<void> {
  const common = {
    userId: null,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId,
    objectName: entry.objectName,
    isSuccess: entry.isSuccess ?? true,
    ip: entry.meta?.ip ?? null,
    requestId: entry.meta?.requestId ?? null,
    createdAt: entry.at,
  };
  const why = entry.reason ? { reason: entry.reason } : {};
  return writeAuditEntries(db, [
    {
      ...common,
      accountId: null,
      username: entry.actor.username,
      info: {
        operator: { id: entry.actor.id, username: entry.actor.username, role: entry.actor.role },
        accountId: entry.accountId,
        ...why,
        ...entry.info,
      },
    },
    {
      ...common,
      accountId: entry.accountId,
      username: null,
      info: { operator: { role: entry.actor.role }, ...why, ...entry.info },
    },
  ]);
}

/** Opens a session at `stage` for the operator; answers its token (shown once) and end. */
export async function openOpsSession(
  db: TDb,
  operator: Pick<TOperatorRow, 'id'>,
  stage: TOpsSessionStage,
  now: Date,
  ip: string | null,
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const token = `${OpsTokenPrefix}${createToken()}`;
  const expiresAt = new Date(now.getTime() + (stage === 'operator' ? absoluteMs : stepMs));
  const sessionId = await insertOpsSession(db, {
    tokenHash: sha256(token),
    operatorId: operator.id,
    stage,
    createdAt: now,
    expiresAt,
    secondFactorAt: stage === 'operator' ? now : null,
    ip,
  });
  return { token, sessionId, expiresAt };
}

export const opsSessionTimeouts = { idleMinutes: opsIdleMinutes, absoluteHours: opsAbsoluteHours };

/**
 * The operator of a back-office token, or 401: not an ops token (a customer's), unknown, ended,
 * idle for 30 minutes, past its end, or its operator disabled.
 */
export async function authenticateOperator(
  deps: TDeps,
  token: string,
  via: TOpsAuth['via'],
  _meta: { ip: string | null; requestId: string | null },
): Promise<TOpsAuth> {
  if (!token.startsWith(OpsTokenPrefix)) throw new AppError(ErrorCode.unauthenticated);
  const now = deps.clock.now();
  const row = await findOpsSessionByTokenHash(deps.db, sha256(token));
  if (!row || row.revokedAt || row.status !== 'active') throw new AppError(ErrorCode.unauthenticated);
  if (now.getTime() >= row.expiresAt.getTime() || now.getTime() - row.lastSeenAt.getTime() >= idleMs) {
    throw new AppError(ErrorCode.unauthenticated);
  }
  // Activity is recorded at most every minute, not on every request.
  if (now.getTime() - row.lastSeenAt.getTime() >= 60_000) await touchOpsSession(deps.db, row.sessionId, now);
  return {
    sessionId: row.sessionId,
    operatorId: row.operatorId,
    username: row.username,
    role: row.role,
    stage: row.stage,
    secondFactorAt: row.secondFactorAt,
    expiresAt: row.expiresAt,
    via,
  };
}

/** Signs out: the session (or sign-in step) ends. */
export async function signOutOperator(deps: TDeps, auth: TOpsAuth, meta: TRequestMeta): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await revokeOpsSession(tx, auth.sessionId, now, 'signed_out'))) return;
    await auditOperatorAct(tx, {
      actor: actorOf(auth),
      action: 'operator.signOut',
      target: { id: auth.operatorId, username: auth.username },
      isSuccess: true,
      info: { stage: auth.stage },
      meta,
      at: now,
    });
  });
}
