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
import { type SQL, sql } from 'drizzle-orm';
import { requireAdapter } from '../../adapters/registry';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { rowsOf, type TDb } from '../../db/client';
import { AppError } from '../../errors';
import { translateValidation } from '../../i18n';
import { enqueueJob } from '../../jobs/runner';
import { writeAudit } from '../audit';
import { insightUsersJobKind } from './service.jobs';
import { findInstance, nameIn, type TInstanceRecord } from './service.repository';

const insightServiceId = 3;
const seatList = sql.raw(`(${InsightSeatStatuses.join(', ')})`);
const iso = (v: Date | string | null) =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();

/** The account's Insight instance that serves users (the first opened one). */
async function insightInstance(db: TDb, accountId: number, lock = false): Promise<TInstanceRecord | null> {
  const where = sql`account_id = ${accountId} and service_id = ${insightServiceId} and status in (1, 3)`;
  if (lock) {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`select id from instances where ${where} order by id limit 1 for update`),
    );
    if (!rows[0]) return null;
    return findInstance(db, sql`i.id = ${Number(rows[0].id)}`);
  }
  return findInstance(
    db,
    sql`i.account_id = ${accountId} and i.service_id = ${insightServiceId}
    and i.status in (1, 3) order by i.id`,
  );
}

async function seatsTaken(db: TDb, instanceId: number): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from insight_users x join users u on u.id = x.user_id
       where x.instance_id = ${instanceId} and x.status in ${seatList} and u.deleted_at is null`),
  );
  return Number(rows[0]?.n ?? 0);
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
    enabledCount: await seatsTaken(deps.db, instance.id),
  };
}

export async function listInsightRoles(deps: TDeps, lang: TLanguage): Promise<TInsightRole[]> {
  const rows = rowsOf<{ code: string; name_zh: string; name_en: string; is_default: boolean }>(
    await deps.db.execute(
      sql`select code, name_zh, name_en, is_default from insight_roles order by sort, code`,
    ),
  );
  return rows.map((r) => ({ code: r.code, name: nameIn(lang, r), isDefault: Boolean(r.is_default) }));
}

type TInsightUserRaw = {
  id: number;
  username: string;
  display_name: string | null;
  email: string | null;
  is_admin: boolean;
  status: number | null;
  role: string | null;
  role_zh: string | null;
  role_en: string | null;
  fail_reason: string | null;
  updated_at: Date | string | null;
};

/** Regular users who are not deleted: service users never use Insight. */
const eligibleUsers = (accountId: number, extra: SQL) => sql`
  u.account_id = ${accountId} and u.kind = 'regular' and u.deleted_at is null and ${extra}`;

export async function listInsightUsers(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  query: { pageNo: number; pageSize: number; keyword?: string | undefined },
): Promise<TInsightUserList> {
  const instance = await insightInstance(deps.db, auth.accountId);
  const instanceId = instance?.id ?? 0;
  const keyword = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = eligibleUsers(
    auth.accountId,
    keyword ? sql`(u.username ilike ${keyword} or coalesce(u.display_name, '') ilike ${keyword})` : sql`true`,
  );
  const [count] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`select count(*)::int as n from users u where ${where}`),
  );
  const rows = rowsOf<TInsightUserRaw>(
    await deps.db.execute(sql`
      select u.id, u.username, u.display_name, u.email,
             exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                      where ur.user_id = u.id and r.code = 'account_admin') as is_admin,
             x.status, x.role, ir.name_zh as role_zh, ir.name_en as role_en, x.fail_reason, x.updated_at
        from users u
        left join insight_users x on x.user_id = u.id and x.instance_id = ${instanceId}
        left join insight_roles ir on ir.code = x.role
       where ${where}
       order by lower(u.username), u.id
       limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`),
  );
  return {
    list: rows.map((r) => {
      const status = r.status === null ? InsightUserStatus.closed : Number(r.status);
      const hasRole = status !== InsightUserStatus.closed && r.role !== null;
      return {
        userId: Number(r.id),
        username: r.username,
        displayName: r.display_name ?? '',
        email: r.email,
        isAdmin: Boolean(r.is_admin),
        isSelf: Number(r.id) === auth.userId,
        status,
        role: hasRole ? r.role : null,
        roleName: hasRole ? nameIn(lang, { name_zh: r.role_zh ?? '', name_en: r.role_en ?? '' }) : null,
        failReason: r.fail_reason,
        updateTime: iso(r.updated_at),
      };
    }),
    total: Number(count?.n ?? 0),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    userLimit: instance?.userLimit ?? null,
    enabledCount: instance ? await seatsTaken(deps.db, instance.id) : 0,
  };
}

/** The users, all of them eligible users of the account (else 403: nothing changes). */
async function requireUsers(db: TDb, auth: TAuth, lang: TLanguage, userIds: readonly number[]) {
  const ids = [...new Set(userIds)];
  const rows = rowsOf<{
    id: number;
    username: string;
    account_id: number;
    kind: string;
    deleted_at: unknown;
  }>(
    await db.execute(sql`
      select id, username, account_id, kind, deleted_at from users
       where id = any(${`{${ids.join(',')}}`}::bigint[])`),
  );
  if (rows.length !== ids.length || rows.some((r) => Number(r.account_id) !== auth.accountId)) {
    throw new AppError(ErrorCode.forbidden);
  }
  if (rows.some((r) => r.kind !== 'regular' || r.deleted_at !== null)) {
    throw new AppError(ErrorCode.badRequest, {
      data: { fieldErrors: { userIds: translateValidation(lang, 'insightUsersUnknown') } },
    });
  }
  return rows.map((r) => ({ id: Number(r.id), username: r.username }));
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
    objectType: 'user',
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
  const rows = rowsOf<{ user_id: number; status: number }>(
    await tx.execute(sql`
      select user_id, status from insight_users
       where instance_id = ${instance.id} and user_id = any(${`{${users.map((u) => u.id).join(',')}}`}::bigint[])`),
  );
  const statuses = new Map(rows.map((r) => [Number(r.user_id), Number(r.status)]));
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
    const taken = await seatsTaken(tx, instance.id);
    const adding = changing.filter((u) => !InsightSeatStatuses.includes(statuses.get(u.id) ?? -1)).length;
    if (instance.userLimit !== null && taken + adding > instance.userLimit) {
      throw new AppError(ErrorCode.insightUserLimit, {
        params: { limit: instance.userLimit, enabled: taken },
        data: { limit: instance.userLimit, enabled: taken },
      });
    }
    for (const user of changing) {
      await tx.execute(sql`
        insert into insight_users as x (instance_id, user_id, account_id, status, role, updated_at)
        values (${instance.id}, ${user.id}, ${auth.accountId}, ${InsightUserStatus.USER_STARTING}, ${role}, ${now})
        on conflict (instance_id, user_id) do update
          set status = excluded.status, role = excluded.role, fail_reason = null,
              version = x.version + 1, updated_at = excluded.updated_at`);
      await writeAudit(
        tx,
        audit(auth, meta, now, 'insight.enableUser', user, { instance: instance.ref.instanceName, role }),
      );
    }
    await enqueueJob(tx, { kind: insightUsersJobKind, payload: { instanceId: instance.id }, runAt: now });
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
      await tx.execute(sql`
        update insight_users set status = ${InsightUserStatus.USER_STOPING}, fail_reason = null,
                                 version = version + 1, updated_at = ${now}
         where instance_id = ${instance.id} and user_id = ${user.id}`);
      await writeAudit(
        tx,
        audit(auth, meta, now, 'insight.disableUser', user, { instance: instance.ref.instanceName }),
      );
    }
    if (changing.length > 0) {
      await enqueueJob(tx, { kind: insightUsersJobKind, payload: { instanceId: instance.id }, runAt: now });
    }
    return { count: changing.length };
  });
}

export async function insightSyncStatus(deps: TDeps, auth: TAuth): Promise<TInsightSyncStatus> {
  const instance = await insightInstance(deps.db, auth.accountId);
  if (!instance) return { status: 'synced', pending: 0, failed: 0, updateTime: null };
  const rows = rowsOf<{ pending: number; failed: number; updated: Date | string | null }>(
    await deps.db.execute(sql`
      select count(*) filter (where x.status in (0, 3))::int as pending,
             count(*) filter (where x.status in (2, 5))::int as failed,
             max(x.updated_at) as updated
        from insight_users x join users u on u.id = x.user_id
       where x.instance_id = ${instance.id} and u.deleted_at is null`),
  );
  const r = rows[0];
  const pending = Number(r?.pending ?? 0);
  const failed = Number(r?.failed ?? 0);
  return {
    status: pending > 0 ? 'syncing' : failed > 0 ? 'failed' : 'synced',
    pending,
    failed,
    updateTime: iso(r?.updated ?? null),
  };
}
