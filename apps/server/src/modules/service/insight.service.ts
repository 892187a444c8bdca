/**
 * Insight users (spec sections 3, 4, 7 "Insight", 9): which users of the account may use the
 * account's Insight instance. Enabling puts users in USER_STARTING, disabling in USER_STOPING; the
 * `insight.users` job settles them on the platform. The limit of enabled users (the instance
 * version's `user_limit`) is checked under a lock of the instance row, so concurrent requests
 * cannot exceed it together.
 */
import {
  InsightSeatStatuses,
  InsightUserStatus,
  type TInsightRole,
  type TInsightServiceInfo,
  type TInsightSyncStatus,
  type TInsightUserList,
  type TLanguage,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { listedContact } from '@console/contract/contact-rules';
import { requireAdapter } from '../../adapters/registry';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { translateValidation } from '../../i18n';
import { writeAudit } from '../audit';
import { requireFundsFor } from './funding.service';
import {
  countEligibleUsers,
  countSeats,
  findUsersByIds,
  insightStatuses,
  insightSyncCounts,
  listEligibleUserRows,
  listInsightRoleRows,
  markStarting,
  markStopping,
} from './insight.repository';
import { findLiveServiceInstanceRow, lockLiveServiceInstance } from './instance.repository';
import {
  findInstanceById,
  instanceRecordOf,
  isoOf,
  localName,
  type TInstanceRecord,
} from './instance-record';
import { enqueueInsightUsers } from './service.jobs';

const insightServiceId = 3;

/** The account's Insight instance that serves users (the first opened one), locked when asked. */
async function insightInstance(db: TDb, accountId: number, lock = false): Promise<TInstanceRecord | null> {
  if (lock) {
    const id = await lockLiveServiceInstance(db, accountId, insightServiceId);
    return id === null ? null : findInstanceById(db, id);
  }
  const row = await findLiveServiceInstanceRow(db, accountId, insightServiceId);
  return row ? instanceRecordOf(row) : null;
}

export async function insightServiceInfo(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
): Promise<TInsightServiceInfo> {
  const instance = await insightInstance(deps.db, auth.accountId);
  if (!instance) return { isOpened: false, instance: null, userLimit: null, enabledCount: 0 };
  return {
    isOpened: true,
    instance: instance.view(lang),
    userLimit: instance.userLimit,
    enabledCount: await countSeats(deps.db, instance.id),
  };
}

export async function listInsightRoles(deps: TDeps, lang: TLanguage): Promise<TInsightRole[]> {
  const rows = await listInsightRoleRows(deps.db);
  return rows.map((r) => ({
    code: r.code,
    name: localName(lang, r.nameZh, r.nameEn),
    isDefault: r.isDefault,
  }));
}

export async function listInsightUsers(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  query: { pageNo: number; pageSize: number; keyword?: string | undefined },
): Promise<TInsightUserList> {
  const instance = await insightInstance(deps.db, auth.accountId);
  const instanceId = instance?.id ?? 0;
  const keyword = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const total = await countEligibleUsers(deps.db, auth.accountId, keyword);
  const rows = await listEligibleUserRows(deps.db, {
    accountId: auth.accountId,
    instanceId,
    keyword,
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  return {
    list: rows.map((r) => {
      const status = r.status === null ? InsightUserStatus.closed : r.status;
      const hasRole = status !== InsightUserStatus.closed && r.role !== null;
      return {
        userId: r.id,
        username: r.username,
        displayName: r.displayName ?? '',
        email: listedContact('email', r.email),
        isAdmin: r.isAdmin === true,
        isSelf: r.id === auth.userId,
        status,
        role: hasRole ? r.role : null,
        roleName: hasRole ? localName(lang, r.roleNameZh ?? '', r.roleNameEn ?? '') : null,
        failReason: r.failReason,
        updateTime: isoOf(r.updatedAt),
      };
    }),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    userLimit: instance?.userLimit ?? null,
    enabledCount: instance ? await countSeats(deps.db, instance.id) : 0,
  };
}

/** The users, all of them eligible users of the account (else 403: nothing changes). */
async function requireUsers(db: TDb, auth: TAuth, lang: TLanguage, userIds: readonly number[]) {
  const ids = [...new Set(userIds)];
  const rows = await findUsersByIds(db, ids);
  if (rows.length !== ids.length || rows.some((r) => r.accountId !== auth.accountId)) {
    throw new AppError(ErrorCode.forbidden);
  }
  if (rows.some((r) => r.kind !== 'regular' || r.deletedAt !== null)) {
    throw new AppError(ErrorCode.badRequest, {
      data: { fieldErrors: { userIds: translateValidation(lang, 'insightUsersUnknown') } },
    });
  }
  return rows.map((r) => ({ id: r.id, username: r.username }));
}

function audit(
  auth: TAuth,
  meta: TRequestMeta,
  now: Date,
  action: string,
  user: { id: number; username: string },
  info: Record<string, unknown>,
) {
  return {
    accountId: auth.accountId,
    userId: auth.userId,
    username: auth.username,
    action,
    objectType: 'user' as const,
    objectId: String(user.id),
    objectName: user.username,
    isSuccess: true,
    info,
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: now,
  };
}

/** The users, the locked Insight instance and the users' current Insight statuses there. */
async function lockTargets(tx: TDb, auth: TAuth, lang: TLanguage, userIds: readonly number[]) {
  const users = await requireUsers(tx, auth, lang, userIds);
  const instance = await insightInstance(tx, auth.accountId, true);
  if (!instance) throw new AppError(ErrorCode.insightNotOpened);
  const statuses = await insightStatuses(
    tx,
    instance.id,
    users.map((u) => u.id),
  );
  return { users, instance, statuses };
}

export async function enableInsightUsers(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  body: { userIds: number[]; role?: string | undefined },
  meta: TRequestMeta,
): Promise<{ count: number }> {
  requireAdapter(deps.config, 'provisioner');
  const now = deps.clock.now();
  const roles = await listInsightRoles(deps, lang);
  const role = body.role ?? roles.find((r) => r.isDefault)?.code ?? roles[0]?.code ?? null;
  if (!role || !roles.some((r) => r.code === role)) {
    throw new AppError(ErrorCode.badRequest, {
      data: { fieldErrors: { role: translateValidation(lang, 'insightRoleUnknown') } },
    });
  }
  return deps.db.transaction(async (tx) => {
    const { users, instance, statuses } = await lockTargets(tx, auth, lang, body.userIds);
    // Already enabled or being enabled: nothing to do. A failed one is tried again.
    const changing = users.filter((u) => {
      const s = statuses.get(u.id);
      return s !== InsightUserStatus.USER_STARTING && s !== InsightUserStatus.USER_START_SUCCESS;
    });
    if (changing.length === 0) return { count: 0 };
    // Users of a formal (paid) instance need the account out of arrears (4070, decision 0019).
    await requireFundsFor(deps, tx, auth.accountId, instance.ref.version);
    const taken = await countSeats(tx, instance.id);
    const adding = changing.filter((u) => !InsightSeatStatuses.includes(statuses.get(u.id) ?? -1)).length;
    if (instance.userLimit !== null && taken + adding > instance.userLimit) {
      throw new AppError(ErrorCode.insightUserLimit, {
        params: { limit: instance.userLimit, enabled: taken },
        data: { limit: instance.userLimit, enabled: taken },
      });
    }
    for (const user of changing) {
      await markStarting(tx, {
        instanceId: instance.id,
        userId: user.id,
        accountId: auth.accountId,
        role,
        now,
      });
      await writeAudit(
        tx,
        audit(auth, meta, now, 'insight.enableUser', user, { instance: instance.ref.instanceName, role }),
      );
    }
    await enqueueInsightUsers(tx, instance.id, now);
    return { count: changing.length };
  });
}

export async function disableInsightUsers(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  body: { userIds: number[] },
  meta: TRequestMeta,
): Promise<{ count: number }> {
  requireAdapter(deps.config, 'provisioner');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { users, instance, statuses } = await lockTargets(tx, auth, lang, body.userIds);
    // Never enabled, already stopped or stopping: nothing to do. A failed stop is tried again.
    const changing = users.filter((u) => {
      const s = statuses.get(u.id);
      return (
        s !== undefined &&
        s !== InsightUserStatus.closed &&
        s !== InsightUserStatus.USER_STOPING &&
        s !== InsightUserStatus.USER_STOP_SUCCESS
      );
    });
    for (const user of changing) {
      await markStopping(tx, instance.id, user.id, now);
      await writeAudit(
        tx,
        audit(auth, meta, now, 'insight.disableUser', user, { instance: instance.ref.instanceName }),
      );
    }
    if (changing.length > 0) await enqueueInsightUsers(tx, instance.id, now);
    return { count: changing.length };
  });
}

export async function insightSyncStatus(deps: TDeps, auth: TAuth): Promise<TInsightSyncStatus> {
  const instance = await insightInstance(deps.db, auth.accountId);
  if (!instance) return { status: 'synced', pending: 0, failed: 0, updateTime: null };
  const { pending, failed, updated } = await insightSyncCounts(deps.db, instance.id);
  return {
    status: pending > 0 ? 'syncing' : failed > 0 ? 'failed' : 'synced',
    pending,
    failed,
    updateTime: isoOf(updated),
  };
}
