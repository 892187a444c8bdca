/**
 * Sessions: a 256-bit random token per sign-in, of which only the SHA-256 digest is stored. A
 * session ends after an idle period and at an absolute limit (both configurable), at logout, and
 * when its user is disabled or deleted or its account stopped.
 */

import { ErrorCode } from '@console/contract/codes';
import { AccountStatus } from '@console/contract/enums';
import type { TAuth, TDeps } from '../../context';
import { AppError } from '../../errors';
import { sha256 } from '../../lib/tokens';
import { writeAudit } from '../audit';
import { findSessionByTokenHash, revokeSession, touchSession } from './session.repository';

/** Revocation reasons that tell the client its sign-in was ended by the server (code 4004). */
const serverEndedReasons = new Set([
  'user_disabled',
  'user_deleted',
  'account_stopped',
  'password_reset',
  'password_changed',
  // An administrator reset the user's login protection (decision 0048).
  'mfa_reset',
  // Ended from a list of sessions (session-list.service.ts), by its user or an administrator.
  'ended_by_user',
  'ended_by_admin',
  // Ended by the platform's support from the back office (issue 40).
  'ended_by_operator',
  // The identity provider set the user inactive through SCIM (decision 0031).
  'deprovisioned',
]);

export function sessionTimeouts(deps: TDeps): { idleMs: number; absoluteMs: number } {
  return {
    idleMs: deps.config.sessionIdleMinutes * 60_000,
    absoluteMs: deps.config.sessionAbsoluteHours * 3_600_000,
  };
}

export async function authenticate(
  deps: TDeps,
  token: string,
  via: TAuth['via'],
  meta: { ip: string | null; requestId: string | null } = { ip: null, requestId: null },
): Promise<TAuth> {
  const now = deps.clock.now();
  const row = await findSessionByTokenHash(deps.db, sha256(token));
  if (!row) throw new AppError(ErrorCode.unauthenticated);
  if (row.revokedAt) {
    throw new AppError(
      row.revokeReason && serverEndedReasons.has(row.revokeReason)
        ? ErrorCode.sessionRevoked
        : ErrorCode.unauthenticated,
    );
  }
  const { idleMs } = sessionTimeouts(deps);
  if (now.getTime() >= row.expiresAt.getTime() || now.getTime() - row.lastSeenAt.getTime() >= idleMs) {
    throw new AppError(ErrorCode.unauthenticated);
  }
  const endReason =
    row.kind === 'service'
      ? 'service_user'
      : row.deletedAt
        ? 'user_deleted'
        : !row.isEnabled
          ? 'user_disabled'
          : row.accountStatus === AccountStatus.stopped || row.accountStatus === AccountStatus.deleted
            ? 'account_stopped'
            : null;
  if (endReason) {
    await deps.db.transaction(async (tx) => {
      if (!(await revokeSession(tx, row.sessionId, now, endReason))) return;
      await writeAudit(tx, {
        accountId: row.accountId,
        userId: row.userId,
        username: row.username,
        action: 'auth.sessionEnded',
        objectType: 'session',
        objectId: String(row.sessionId),
        objectName: row.username,
        isSuccess: true,
        info: { reason: endReason },
        ip: meta.ip,
        requestId: meta.requestId,
        createdAt: now,
      });
    });
    throw new AppError(ErrorCode.sessionRevoked);
  }
  // Record activity at most every minute (or a tenth of the idle period), not on every request.
  if (now.getTime() - row.lastSeenAt.getTime() >= Math.min(60_000, idleMs / 10)) {
    await touchSession(deps.db, row.sessionId, now);
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    accountId: row.accountId,
    username: row.username,
    isAdmin: row.isAdmin,
    via,
  };
}
