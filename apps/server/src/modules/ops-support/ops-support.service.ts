/**
 * The back office's support of customers' users (issue 40, item 3): users found across accounts,
 * one user's state, and the acts on a user, each with a reason and audited in the act's
 * transaction in both the installation's chain and the account's own (`auditOperatorAccountAct`:
 * the customer reads "Platform operator (support)" and the reason). The acts go through the
 * customers' own services: the sign-in lock of auth, the sessions of auth, the invitation and the
 * login-protection reset of user management (decision 0048), with the operator as actor.
 */

import { ErrorCode } from '@console/contract/codes';
import { listedContact, maskEmail, maskPhone } from '@console/contract/contact-rules';
import type { TLanguage } from '@console/contract/enums';
import type { TOpsUserDetail, TOpsUserPage, TOpsUserRow, TOpsUserStatus } from '@console/contract/ops';
import type { FastifyBaseLogger } from 'fastify';
import type { TDeps, TOpsAuth, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import {
  revokeUserSessions,
  sessionTimeouts,
  signInLockOf,
  signInLocksOf,
  type TSignInLock,
  unlockSignIn,
} from '../auth';
import { actorOf, auditOperatorAccountAct } from '../operator';
import { invitationStateOf, resendInvitation, resetLoginProtection, type TUserActor } from '../user';
import {
  countActiveSessions,
  findOpenInvitation,
  findUserState,
  listUserPasskeys,
  listUserRoles,
  searchUsers,
  type TUserListRow,
} from './ops-support.repository';

const iso = (v: Date | null) => (v === null ? null : v.toISOString());

function namesOf(row: Pick<TUserListRow, 'accountName' | 'accountDisplayName' | 'username'>) {
  return { accountName: row.accountName, accountDisplayName: row.accountDisplayName, username: row.username };
}

function statusOf(row: TUserListRow, lock: TSignInLock): TOpsUserStatus {
  if (row.deletedAt) return 'deleted';
  if (!row.isEnabled) return 'disabled';
  if (lock.lockedUntil) return 'locked';
  if (row.isInvited) return 'invited';
  return 'active';
}

function rowOf(row: TUserListRow, lock: TSignInLock): TOpsUserRow {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    kind: row.kind,
    account: { id: row.accountId, name: row.accountName, displayName: row.accountDisplayName },
    status: statusOf(row, lock),
    // Masked as the customers' user list masks them (its administrators reveal them there).
    email: listedContact('email', row.email),
    phone: listedContact('phone', row.phone),
    phoneCode: row.phoneCode,
    hasAuthenticator: row.hasAuthenticator === true,
    passkeys: row.passkeys,
    lastSignInAt: iso(row.lastLoginAt),
  };
}

export async function findUsers(
  deps: TDeps,
  query: { q: string; pageNo: number; pageSize: number },
): Promise<TOpsUserPage> {
  const { rows, total } = await searchUsers(
    deps.db,
    query.q,
    query.pageSize,
    (query.pageNo - 1) * query.pageSize,
  );
  const locks = await signInLocksOf(deps.db, rows.map(namesOf), deps.clock.now());
  return {
    list: rows.map((row, i) => rowOf(row, locks[i] ?? { lockedUntil: null, failures: 0 })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

async function requireUserState(db: TDb, userId: number) {
  const row = await findUserState(db, userId);
  if (!row) throw new AppError(ErrorCode.opsSupportUserNotFound);
  return row;
}

export async function getUser(deps: TDeps, userId: number): Promise<TOpsUserDetail> {
  const row = await requireUserState(deps.db, userId);
  const now = deps.clock.now();
  const idleSince = new Date(now.getTime() - sessionTimeouts(deps).idleMs);
  const [lock, roles, passkeys, activeSessions, invitation] = await Promise.all([
    signInLockOf(deps.db, namesOf(row), now),
    listUserRoles(deps.db, userId),
    listUserPasskeys(deps.db, userId),
    countActiveSessions(deps.db, userId, now, idleSince),
    findOpenInvitation(deps.db, userId),
  ]);
  const { hasAuthenticator: _a, passkeys: _p, ...base } = rowOf(row, lock);
  const invitationState = invitation ? invitationStateOf(invitation, now) : null;
  return {
    ...base,
    account: { ...base.account, isMfaRequired: row.accountMfaRequired },
    createdAt: row.createdAt.toISOString(),
    roles: roles.map((role) => ({ id: role.id, code: role.code, name: role.name })),
    isAdmin: roles.some((role) => role.id === row.adminRoleId),
    lockedUntil: iso(lock.lockedUntil),
    failedSignIns: lock.failures,
    secondFactors: {
      isEnabled: row.mfaEnabled,
      method: row.mfaEnabled ? row.mfaMethod : null,
      hasAuthenticator: row.hasAuthenticator === true,
      passkeys: passkeys.map((key) => ({
        name: key.name,
        createdAt: key.createdAt.toISOString(),
        lastUsedAt: iso(key.lastUsedAt),
      })),
    },
    lastSignInIp: row.lastLoginIp,
    activeSessions,
    invitation:
      invitation && invitationState
        ? {
            ...invitationState,
            sentTo:
              invitation.channel === 'EMAIL' ? maskEmail(invitation.sentTo) : maskedPhone(invitation.sentTo),
          }
        : null,
  };
}

/** `+86 13800000000` as `+86 138****0000`. */
function maskedPhone(sentTo: string): string {
  const [code, number] = sentTo.includes(' ') ? sentTo.split(' ') : ['', sentTo];
  return `${code} ${maskPhone(number ?? '')}`.trim();
}

type TActInput = { userId: number; reason: string };

/** The user an act is on: a regular user that is not deleted (4320, 4157, 4155). */
async function actTarget(db: TDb, userId: number) {
  const row = await requireUserState(db, userId);
  if (row.kind !== 'regular') throw new AppError(ErrorCode.notRegularUser);
  if (row.deletedAt) throw new AppError(ErrorCode.userIsDeleted);
  return row;
}

/** The operator as the actor of the user module's services: both chains, with the reason. */
function operatorActor(
  auth: TOpsAuth,
  accountId: number,
  reason: string,
  meta: TRequestMeta,
): Extract<TUserActor, { kind: 'operator' }> {
  return {
    kind: 'operator',
    accountId,
    audit: (tx, entry) =>
      auditOperatorAccountAct(tx, {
        actor: actorOf(auth),
        accountId,
        action: entry.action,
        objectType: 'user',
        objectId: String(entry.target.id),
        objectName: entry.target.username,
        isSuccess: entry.isSuccess,
        reason,
        info: entry.info,
        meta,
        at: entry.at,
      }),
  };
}

/** Lifts the sign-in lock that wrong passwords put on the user (4321 when not locked). */
export async function unlockUser(deps: TDeps, auth: TOpsAuth, input: TActInput, meta: TRequestMeta) {
  const row = await actTarget(deps.db, input.userId);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const lifted = await unlockSignIn(tx, namesOf(row), now);
    // Nothing is kept of a refusal: the transaction (and the counts it cleared) rolls back.
    if (!lifted.lockedUntil) throw new AppError(ErrorCode.opsSupportNotLocked);
    await operatorActor(auth, row.accountId, input.reason, meta).audit(tx, {
      action: 'user.unlock',
      target: row,
      info: { lockedUntil: lifted.lockedUntil.toISOString(), failures: lifted.failures },
      isSuccess: true,
      at: now,
    });
    return { lockedUntil: lifted.lockedUntil.toISOString(), failedSignIns: lifted.failures };
  });
}

/** Ends every session of the user (4322 when none is active): the user's browsers sign in again. */
export async function endUserSessions(deps: TDeps, auth: TOpsAuth, input: TActInput, meta: TRequestMeta) {
  const row = await actTarget(deps.db, input.userId);
  const now = deps.clock.now();
  const idleSince = new Date(now.getTime() - sessionTimeouts(deps).idleMs);
  return deps.db.transaction(async (tx) => {
    const active = await countActiveSessions(tx, row.id, now, idleSince);
    if (active === 0) throw new AppError(ErrorCode.opsSupportNoSessions);
    await revokeUserSessions(tx, { userId: row.id, now, reason: 'ended_by_operator' });
    await operatorActor(auth, row.accountId, input.reason, meta).audit(tx, {
      action: 'user.endSessions',
      target: row,
      info: { endedSessions: active },
      isSuccess: true,
      at: now,
    });
    return { endedSessions: active };
  });
}

/**
 * Sends the user's invitation again through user management's service (a new link to the user's
 * current address by the previous channel; the previous link ends; the provider's limits apply).
 */
export async function resendUserInvitation(
  deps: TDeps,
  auth: TOpsAuth,
  input: TActInput,
  meta: TRequestMeta & { lang: TLanguage },
  log: FastifyBaseLogger,
) {
  const row = await actTarget(deps.db, input.userId);
  if (!(await findOpenInvitation(deps.db, row.id))) throw new AppError(ErrorCode.opsSupportNoInvitation);
  const actor = operatorActor(auth, row.accountId, input.reason, meta);
  return resendInvitation(deps, actor, meta.lang, { id: row.id }, meta, log);
}

/**
 * Resets the user's login protection through the account administrators' service (decision
 * 0048): authenticator app and passkeys removed, sessions ended, the user told.
 */
export async function resetUserProtection(
  deps: TDeps,
  auth: TOpsAuth,
  input: TActInput,
  meta: TRequestMeta & { lang: TLanguage },
  log: FastifyBaseLogger,
) {
  const row = await actTarget(deps.db, input.userId);
  const actor = operatorActor(auth, row.accountId, input.reason, meta);
  return resetLoginProtection(deps, actor, { userId: row.id, reason: input.reason }, meta, log);
}
