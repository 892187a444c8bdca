/**
 * Deleting users (spec section 2 "User management"), regular ones and managed (service) ones by
 * their own calls (decision 0020): a deletion is recoverable for
 * `USER_DELETE_RETENTION_DAYS` (default 7), or for good with `force`; recovery works until that
 * countdown ends (4153); retention then removes the user for good, with an audit entry of the
 * system. Each change runs in one transaction with its audit entries.
 */
import { ErrorCode } from '@console/contract/codes';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { writeAudit, writeAuditEntries } from '../audit';
import { revokeUserSessions } from '../auth';
import { enqueueUserRemoval } from '../service';
import { deleteUserRow, deleteUsersDeletedBefore, updateUserColumns } from './user-admin.repository';
import {
  dayMs,
  lockTargets,
  refuseKind,
  refuseSelf,
  refuseSystem,
  requireAdminsRemain,
  syncUsers,
  userAudit,
} from './user-rules.service';

export async function deleteUsers(
  deps: TDeps,
  auth: TAuth,
  ids: readonly number[],
  force: boolean,
  meta: TRequestMeta,
  kind: 'regular' | 'service',
): Promise<{ count: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const targets = await lockTargets(tx, auth.accountId, ids);
    // deleteUser deletes regular users, deleteManagedUser service users (decision 0020).
    refuseKind(targets, kind);
    refuseSelf(auth, ids);
    refuseSystem(targets);
    await requireAdminsRemain(
      tx,
      auth.accountId,
      targets.filter((t) => t.isAdmin && !t.deletedAt && t.isEnabled).map((t) => t.id),
    );
    const changing = force ? targets : targets.filter((t) => !t.deletedAt);
    for (const target of changing) {
      if (force) {
        await deleteUserRow(tx, auth.accountId, target.id);
      } else {
        await updateUserColumns(tx, auth.accountId, target.id, { deletedAt: now }, now);
        await revokeUserSessions(tx, { userId: target.id, now, reason: 'user_deleted' });
      }
      await writeAudit(
        tx,
        userAudit(auth, meta, now, force ? 'user.forceDelete' : 'user.delete', target, {
          kind: target.kind,
          ...(force ? {} : { recoverableDays: deps.config.userDeleteRetentionDays }),
        }),
      );
    }
    if (force) {
      // Removed for good: the instances remove them too (their sync records went with them).
      await enqueueUserRemoval(
        tx,
        auth.accountId,
        changing.map((t) => ({ userId: t.id, username: t.username })),
        now,
      );
    } else {
      await syncUsers(
        tx,
        auth.accountId,
        changing.map((t) => t.id),
        now,
      );
    }
    return { count: changing.length };
  });
}

export async function recoverUsers(
  deps: TDeps,
  auth: TAuth,
  ids: readonly number[],
  meta: TRequestMeta,
  kind: 'regular' | 'service',
): Promise<{ count: number }> {
  const now = deps.clock.now();
  const oldest = new Date(now.getTime() - deps.config.userDeleteRetentionDays * dayMs);
  return deps.db.transaction(async (tx) => {
    const targets = await lockTargets(tx, auth.accountId, ids);
    // recoverUser recovers regular users, recoverManagedUser service users (decision 0020).
    refuseKind(targets, kind);
    const deleted = targets.filter((t) => t.deletedAt);
    if (deleted.some((t) => t.deletedAt && t.deletedAt.getTime() <= oldest.getTime())) {
      throw new AppError(ErrorCode.recoverExpired);
    }
    for (const target of deleted) {
      await updateUserColumns(tx, auth.accountId, target.id, { deletedAt: null }, now);
      await writeAudit(tx, userAudit(auth, meta, now, 'user.recover', target));
    }
    if (deleted.length > 0) {
      await syncUsers(
        tx,
        auth.accountId,
        deleted.map((t) => t.id),
        now,
      );
    }
    return { count: deleted.length };
  });
}

/**
 * Removes, in small batches, users whose recovery period has ended; answers how many. Each batch
 * and its audit entries (the system is the actor) commit together.
 */
export async function purgeDeletedUsers(deps: TDeps, batch = 500): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.config.userDeleteRetentionDays * dayMs);
  let total = 0;
  for (;;) {
    const removed = await deps.db.transaction(async (tx) => {
      const gone = await deleteUsersDeletedBefore(tx, before, batch);
      const now = deps.clock.now();
      await writeAuditEntries(
        tx,
        gone.map((user) => ({
          accountId: user.accountId,
          userId: null,
          username: null,
          action: 'user.purge',
          objectType: 'user',
          objectId: String(user.id),
          objectName: user.username,
          isSuccess: true,
          info: { deletedAt: user.deletedAt, retentionDays: deps.config.userDeleteRetentionDays },
          createdAt: now,
        })),
      );
      return gone.length;
    });
    total += removed;
    if (removed < batch) return total;
  }
}
