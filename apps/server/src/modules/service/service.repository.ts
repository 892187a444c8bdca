/**
 * SQL of the services feature: the catalogue, the account's instances (always filtered by the
 * account), the per-instance user sync records and the Insight users.
 */
import type { TInstance, TLanguage } from '@console/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { TInstanceRef } from '../../adapters/provisioner';
import { rowsOf, type TDb } from '../../db/client';

export type TNamed = { name_zh: string; name_en: string };
export const nameIn = (lang: TLanguage, row: TNamed) => (lang === 'en-US' ? row.name_en : row.name_zh);

const iso = (v: Date | string | null) =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();

type TInstanceRaw = {
  id: number;
  account_id: number;
  account_name: string;
  service_id: number;
  service_code: string;
  s_zh: string;
  s_en: string;
  version_id: number;
  version_code: 'trial' | 'formal';
  v_zh: string;
  v_en: string;
  user_limit: number | null;
  region_id: number;
  csp: string;
  c_zh: string;
  c_en: string;
  region: string;
  r_zh: string;
  r_en: string;
  instance_name: string;
  status: number;
  url: string | null;
  fail_reason: string | null;
  operation_id: string | null;
  attempt: number;
  deadline_at: Date | string | null;
  created_at: Date | string;
  opened_at: Date | string | null;
  closed_at: Date | string | null;
};

/** An instance with everything the API, the jobs and the provisioner need. */
export type TInstanceRecord = {
  id: number;
  accountId: number;
  status: number;
  operationId: string | null;
  attempt: number;
  deadlineAt: Date | null;
  userLimit: number | null;
  serviceCode: string;
  ref: TInstanceRef;
  view: (lang: TLanguage) => TInstance;
};

function recordOf(r: TInstanceRaw): TInstanceRecord {
  const status = Number(r.status);
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    status,
    operationId: r.operation_id,
    attempt: Number(r.attempt),
    deadlineAt: r.deadline_at === null ? null : new Date(r.deadline_at),
    userLimit: r.user_limit === null ? null : Number(r.user_limit),
    serviceCode: r.service_code,
    ref: {
      instanceName: r.instance_name,
      service: r.service_code,
      version: r.version_code,
      csp: r.csp,
      region: r.region,
      accountName: r.account_name,
      attempt: Number(r.attempt),
    },
    view: (lang) => ({
      id: Number(r.id),
      serviceId: Number(r.service_id),
      serviceKind: Number(r.service_id),
      serviceName: nameIn(lang, { name_zh: r.s_zh, name_en: r.s_en }),
      versionId: Number(r.version_id),
      versionCode: r.version_code,
      versionName: nameIn(lang, { name_zh: r.v_zh, name_en: r.v_en }),
      regionId: Number(r.region_id),
      csp: r.csp,
      cspName: nameIn(lang, { name_zh: r.c_zh, name_en: r.c_en }),
      region: r.region,
      regionName: nameIn(lang, { name_zh: r.r_zh, name_en: r.r_en }),
      instanceName: r.instance_name,
      status: status as TInstance['status'],
      url: status === 1 || status === 3 ? r.url : null,
      failReason: status === 2 ? r.fail_reason : null,
      createTime: iso(r.created_at) as string,
      openTime: iso(r.opened_at),
      closeTime: iso(r.closed_at),
    }),
  };
}

const instanceSelect = sql`
  select i.id, i.account_id, a.name as account_name, i.service_id, s.code as service_code,
         s.name_zh as s_zh, s.name_en as s_en, i.version_id, v.code as version_code,
         v.name_zh as v_zh, v.name_en as v_en, v.user_limit, i.region_id, r.csp,
         c.name_zh as c_zh, c.name_en as c_en, r.code as region, r.name_zh as r_zh, r.name_en as r_en,
         i.instance_name, i.status, i.url, i.fail_reason, i.operation_id, i.attempt, i.deadline_at,
         i.created_at, i.opened_at, i.closed_at
    from instances i
    join accounts a on a.id = i.account_id
    join services s on s.id = i.service_id
    join service_versions v on v.id = i.version_id
    join regions r on r.id = i.region_id
    join csps c on c.code = r.csp`;

export async function findInstances(
  db: TDb,
  where: SQL,
  tail: SQL = sql`order by i.created_at desc, i.id desc`,
): Promise<TInstanceRecord[]> {
  const rows = rowsOf<TInstanceRaw>(await db.execute(sql`${instanceSelect} where ${where} ${tail}`));
  return rows.map(recordOf);
}

export async function findInstance(db: TDb, where: SQL): Promise<TInstanceRecord | null> {
  return (await findInstances(db, where, sql`limit 1`))[0] ?? null;
}

/** The account's instance, locked for the rest of the transaction; null when it is not the account's. */
export async function lockInstance(db: TDb, accountId: number, instanceId: number) {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from instances where id = ${instanceId} and account_id = ${accountId} for update`),
  );
  if (rows.length === 0) return null;
  return findInstance(db, sql`i.id = ${instanceId}`);
}

/** Statuses of an instance that exists on the platform and serves users. */
export const liveStatuses = sql`(1, 3)`;

/**
 * Records that every opened instance of the account must apply the users' status; answers the
 * instances concerned (each needs a sync job).
 */
export async function markUsersForSync(
  db: TDb,
  accountId: number,
  userIds: readonly number[],
  now: Date,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const ids = `{${[...new Set(userIds)].join(',')}}`;
  const rows = rowsOf<{ instance_id: number }>(
    await db.execute(sql`
      insert into instance_user_sync as x (instance_id, user_id, account_id, desired, updated_at)
      select i.id, u.id, u.account_id,
             case when u.deleted_at is not null then 'deleted' when u.is_enabled then 'enabled' else 'disabled' end,
             ${now}
        from instances i
        join users u on u.account_id = i.account_id
       where i.account_id = ${accountId} and i.status in ${liveStatuses} and u.id = any(${ids}::bigint[])
      on conflict (instance_id, user_id) do update
        set desired = excluded.desired, desired_version = x.desired_version + 1,
            last_error = null, updated_at = excluded.updated_at
      returning instance_id`),
  );
  return [...new Set(rows.map((r) => Number(r.instance_id)))];
}

/** Records every user of the account for a newly opened instance. */
export async function markAllUsersForSync(db: TDb, instanceId: number, accountId: number, now: Date) {
  await db.execute(sql`
    insert into instance_user_sync (instance_id, user_id, account_id, desired, updated_at)
    select ${instanceId}, u.id, u.account_id, case when u.is_enabled then 'enabled' else 'disabled' end, ${now}
      from users u
     where u.account_id = ${accountId} and u.deleted_at is null
    on conflict (instance_id, user_id) do nothing`);
}

export type TPendingSync = {
  userId: number;
  username: string;
  displayName: string;
  isAdmin: boolean;
  desired: 'enabled' | 'disabled' | 'deleted';
  desiredVersion: number;
};

export async function pendingSyncs(db: TDb, instanceId: number, limit: number): Promise<TPendingSync[]> {
  const rows = rowsOf<{
    user_id: number;
    username: string;
    display_name: string;
    is_admin: boolean;
    desired: TPendingSync['desired'];
    desired_version: number;
  }>(
    await db.execute(sql`
      select x.user_id, u.username, u.display_name, x.desired, x.desired_version,
             exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                      where ur.user_id = u.id and r.code = 'account_admin') as is_admin
        from instance_user_sync x join users u on u.id = x.user_id
       where x.instance_id = ${instanceId} and x.synced_version < x.desired_version
       order by x.user_id
       limit ${limit}`),
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    username: r.username,
    displayName: r.display_name,
    isAdmin: Boolean(r.is_admin),
    desired: r.desired,
    desiredVersion: Number(r.desired_version),
  }));
}

/** Marks the applied versions synced; a change that arrived meanwhile stays pending. */
export async function markSynced(db: TDb, instanceId: number, applied: readonly TPendingSync[], now: Date) {
  for (const p of applied) {
    await db.execute(sql`
      update instance_user_sync set synced_version = ${p.desiredVersion}, last_error = null, updated_at = ${now}
       where instance_id = ${instanceId} and user_id = ${p.userId} and desired_version = ${p.desiredVersion}`);
  }
}

export async function markSyncFailed(
  db: TDb,
  instanceId: number,
  userIds: readonly number[],
  reason: string,
  now: Date,
) {
  await db.execute(sql`
    update instance_user_sync set last_error = ${reason.slice(0, 500)}, updated_at = ${now}
     where instance_id = ${instanceId} and user_id = any(${`{${userIds.join(',')}}`}::bigint[])
       and synced_version < desired_version`);
}

/** How far the instances have applied a user's latest change. */
export async function userSyncState(db: TDb, accountId: number, userId: number) {
  const rows = rowsOf<{ pending: number; failed: number; updated: Date | string | null }>(
    await db.execute(sql`
      select count(*) filter (where x.synced_version < x.desired_version)::int as pending,
             count(*) filter (where x.synced_version < x.desired_version and x.last_error is not null)::int as failed,
             max(x.updated_at) as updated
        from instance_user_sync x join instances i on i.id = x.instance_id
       where x.account_id = ${accountId} and x.user_id = ${userId} and i.status in ${liveStatuses}`),
  );
  const r = rows[0];
  return {
    pending: Number(r?.pending ?? 0),
    failed: Number(r?.failed ?? 0),
    updateTime: iso(r?.updated ?? null),
  };
}
