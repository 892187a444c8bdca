/**
 * The rules every change of users and roles keeps (spec section 3 "User", PRODUCT-FACTS "Users"):
 * an id outside the session's account answers 403 and nothing changes; the account keeps at least
 * one enabled administrator (4150); an administrator does not disable, delete or reset their own
 * user (4152); system service users come with their instance (4154); deleted users change only by
 * being recovered (4155); roles are held by regular, undeleted users (4151). Also the audit entry
 * of a change and the synchronisation of the account's instances that follows it.
 */
import { ErrorCode } from '@console/contract/codes';
import type { TLanguage } from '@console/contract/enums';
import { serverPhrases } from '@console/phrases/server';
import type { TAuth, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { type TAuditEntry, writeAudit } from '../audit';
import { enqueueUserSync, markUsersForSync } from '../service';
import {
  countRoleHolders,
  findAdminRoleId,
  findMemberRoleId,
  lockRole,
  lockUsers,
  type TTargetUser,
} from './user-admin.repository';

export type { TTargetUser } from './user-admin.repository';

export const dayMs = 86_400_000;

/** The account administrator role: the account's highest-id role (spec section 3). */
export async function adminRoleId(db: TDb, accountId: number): Promise<number> {
  const id = await findAdminRoleId(db, accountId);
  if (!id) throw new Error(`account ${accountId} has no roles`);
  return id;
}

export function memberRoleId(db: TDb, accountId: number): Promise<number | null> {
  return findMemberRoleId(db, accountId);
}

/**
 * The users of `ids` in the account, locked for the change; any id outside the account answers
 * 403 and nothing changes.
 */
export async function lockTargets(
  db: TDb,
  accountId: number,
  ids: readonly number[],
): Promise<TTargetUser[]> {
  const unique = [...new Set(ids)];
  const rows = await lockUsers(db, accountId, unique);
  if (rows.length !== unique.length) throw new AppError(ErrorCode.forbidden);
  return rows;
}

/**
 * The last-administrator rule: after `losing` lose the administrator role (or are disabled or
 * deleted), at least one enabled, undeleted holder must remain (4150). Locks the role row so that
 * two concurrent changes cannot each remove "another" administrator.
 */
export async function requireAdminsRemain(
  db: TDb,
  accountId: number,
  losing: readonly number[],
): Promise<void> {
  if (losing.length === 0) return;
  const roleId = await adminRoleId(db, accountId);
  await lockRole(db, roleId);
  const holders = await countRoleHolders(db, accountId, roleId, losing);
  if (holders.losing > 0 && holders.remaining === 0) throw new AppError(ErrorCode.lastAdmin);
}

/** Roles are held by regular users that are not deleted (4151). */
export function requireRoleHolder(target: TTargetUser): void {
  if (target.kind !== 'regular' || target.deletedAt) throw new AppError(ErrorCode.adminRegularOnly);
}

/** System service users come with their instance: nobody edits, disables or deletes them (4154). */
export function refuseSystem(targets: readonly TTargetUser[]): void {
  if (targets.some((t) => t.serviceKind === 'system')) throw new AppError(ErrorCode.systemServiceUser);
}

/**
 * The calls of managed users act on service users only (4156), the calls of users on regular users
 * only (4157): decision 0020.
 */
export function refuseKind(targets: readonly TTargetUser[], kind: 'regular' | 'service'): void {
  if (targets.some((t) => t.kind !== kind)) {
    throw new AppError(kind === 'service' ? ErrorCode.notManagedUser : ErrorCode.notRegularUser);
  }
}

/** An administrator does not disable, delete or reset their own user (4152). */
export function refuseSelf(auth: TAuth, ids: readonly number[]): void {
  if (ids.includes(auth.userId)) throw new AppError(ErrorCode.notSelf);
}

/** A deleted user is recovered before anything else changes (4155). */
export function refuseDeleted(target: TTargetUser): void {
  if (target.deletedAt) throw new AppError(ErrorCode.userIsDeleted);
}

/** The audit entry of an administrator's change of a user. */
export function userAudit(
  auth: TAuth,
  meta: TRequestMeta,
  now: Date,
  action: string,
  target: { id: number; username: string },
  info: Record<string, unknown> = {},
): TAuditEntry {
  const scim = auth.scimClient;
  return {
    accountId: auth.accountId,
    // A SCIM client is no user: the entry names its token (decision 0031).
    userId: scim ? null : auth.userId,
    username: auth.username,
    action,
    objectType: 'user',
    objectId: String(target.id),
    objectName: target.username,
    isSuccess: true,
    info: scim ? { ...info, scimClient: { id: scim.tokenId, name: scim.name } } : info,
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: now,
  };
}

/**
 * Who changes a user: an administrator of the user's account (their session), or a platform
 * operator of the back office (decision 0047), whose acts the back office audits in both the
 * installation's chain and the account's own (its `audit` writer, which carries the operator, the
 * role and the reason). A message to the user names an administrator by username and an operator
 * as the platform's support (never by name, as the account's audit log does).
 */
export type TUserActor =
  | { kind: 'admin'; auth: TAuth }
  | { kind: 'operator'; accountId: number; audit: TOperatorAuditWriter };

/** The back office's writer of an act on a user, in the act's transaction. */
export type TOperatorAuditWriter = (
  tx: TDb,
  entry: {
    action: string;
    target: { id: number; username: string };
    info: Record<string, unknown>;
    isSuccess: boolean;
    at: Date;
  },
) => Promise<void>;

export const actorAccountId = (actor: TUserActor): number =>
  actor.kind === 'admin' ? actor.auth.accountId : actor.accountId;

/** How a message to the user names who acted: the administrator's username, or the platform's support. */
export const actorName = (actor: TUserActor, lang: TLanguage): string =>
  actor.kind === 'admin' ? actor.auth.username : serverPhrases[lang].mail.platformSupport;

/** The audit entry (or entries, for an operator) of an act on a user, in the act's transaction. */
export function auditUserAct(
  tx: TDb,
  actor: TUserActor,
  meta: TRequestMeta,
  now: Date,
  action: string,
  target: { id: number; username: string },
  info: Record<string, unknown> = {},
  isSuccess = true,
): Promise<void> {
  if (actor.kind === 'operator') return actor.audit(tx, { action, target, info, isSuccess, at: now });
  return writeAudit(tx, { ...userAudit(actor.auth, meta, now, action, target, info), isSuccess });
}

/** The account's opened instances learn the users' current status (in the same transaction). */
export async function syncUsers(db: TDb, accountId: number, userIds: readonly number[], now: Date) {
  await enqueueUserSync(db, await markUsersForSync(db, accountId, userIds, now), now);
}
