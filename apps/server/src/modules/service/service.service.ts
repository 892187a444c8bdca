/**
 * Services and instances (spec sections 3, 4, 7 "Service", 9; PRODUCT-FACTS): the catalogue in the
 * request's language, the regions an account may use, and the account's instances. Creating,
 * retrying and closing run in one transaction with their audit entry and the job that does the
 * platform's part; one live instance per service and region is the database's rule
 * (`instances_live_key`), so concurrent requests cannot both win.
 */
import { randomInt } from 'node:crypto';
import type {
  TAccountTag,
  TCsp,
  TInstance,
  TInstanceList,
  TLanguage,
  TRegion,
  TService,
  TServiceRegion,
  TServiceVersion,
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
import {
  findInstance,
  findInstances,
  lockInstance,
  nameIn,
  type TInstanceRecord,
} from './service.repository';

export const provisionJobKind = 'instance.provision';
export const releaseJobKind = 'instance.release';

const nameAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 8 random lowercase letters and digits, starting with a letter (it names a host). */
export function newInstanceName(): string {
  let out = nameAlphabet[randomInt(26)] as string;
  while (out.length < 8) out += nameAlphabet[randomInt(nameAlphabet.length)];
  return out;
}

function badField(lang: TLanguage, field: string, key: string): AppError {
  return new AppError(ErrorCode.badRequest, {
    data: { fieldErrors: { [field]: translateValidation(lang, key) } },
  });
}

function constraintOf(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.code === '23505') return e.constraint ?? '';
  if (e?.cause?.code === '23505') return e.cause.constraint ?? '';
  return null;
}

// ---------------------------------------------------------------------------------------------
// catalogue

type TNamedRow = { name_zh: string; name_en: string };

export async function listServices(deps: TDeps, lang: TLanguage): Promise<TService[]> {
  const rows = rowsOf<
    TNamedRow & { id: number; code: string; description_zh: string; description_en: string }
  >(
    await deps.db.execute(sql`
      select id, code, name_zh, name_en, description_zh, description_en
        from services where is_enabled order by sort, id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: Number(r.id) as TService['kind'],
    code: r.code,
    name: nameIn(lang, r),
    description: lang === 'en-US' ? r.description_en : r.description_zh,
  }));
}

async function requireService(deps: TDeps, lang: TLanguage, serviceId: number) {
  const rows = rowsOf<{ id: number; code: string }>(
    await deps.db.execute(sql`select id, code from services where id = ${serviceId} and is_enabled`),
  );
  if (!rows[0]) throw badField(lang, 'serviceId', 'serviceUnknown');
  return rows[0];
}

export async function listVersions(
  deps: TDeps,
  lang: TLanguage,
  serviceId: number,
): Promise<TServiceVersion[]> {
  await requireService(deps, lang, serviceId);
  const rows = rowsOf<
    TNamedRow & { id: number; code: 'trial' | 'formal'; trial_days: number | null; user_limit: number | null }
  >(
    await deps.db.execute(sql`
      select id, code, name_zh, name_en, trial_days, user_limit from service_versions
       where service_id = ${serviceId} and is_enabled order by sort, id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    serviceId,
    code: r.code,
    name: nameIn(lang, r),
    trialDays: r.trial_days === null ? null : Number(r.trial_days),
    userLimit: r.user_limit === null ? null : Number(r.user_limit),
  }));
}

export async function listCsps(deps: TDeps, lang: TLanguage): Promise<TCsp[]> {
  const rows = rowsOf<TNamedRow & { code: string }>(
    await deps.db.execute(sql`select code, name_zh, name_en from csps where is_enabled order by sort, code`),
  );
  return rows.map((r) => ({ code: r.code, name: nameIn(lang, r) }));
}

type TRegionRow = TNamedRow & { id: number; csp: string; code: string; c_zh: string; c_en: string };

/** Regions offered to the account: enabled, of an enabled provider, and open to its tags. */
function visibleRegions(accountId: number, extra: SQL) {
  return sql`
    select r.id, r.csp, r.code, r.name_zh, r.name_en, c.name_zh as c_zh, c.name_en as c_en
      from regions r join csps c on c.code = r.csp
     where r.is_enabled and c.is_enabled
       and (r.required_tag is null
            or exists (select 1 from account_tags t where t.account_id = ${accountId} and t.key = r.required_tag))
       and ${extra}
     order by c.sort, r.sort, r.id`;
}

function regionOf(lang: TLanguage, r: TRegionRow): TRegion {
  return {
    id: Number(r.id),
    csp: r.csp,
    cspName: nameIn(lang, { name_zh: r.c_zh, name_en: r.c_en }),
    code: r.code,
    name: nameIn(lang, r),
  };
}

export async function listRegions(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  csp: string | undefined,
): Promise<TRegion[]> {
  const rows = rowsOf<TRegionRow>(
    await deps.db.execute(visibleRegions(auth.accountId, csp ? sql`r.csp = ${csp}` : sql`true`)),
  );
  return rows.map((r) => regionOf(lang, r));
}

export async function listServiceRegions(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  serviceId: number,
): Promise<TServiceRegion[]> {
  await requireService(deps, lang, serviceId);
  const rows = rowsOf<TRegionRow & { is_taken: boolean }>(
    await deps.db.execute(sql`
      select v.*, exists (
               select 1 from instances i
                where i.account_id = ${auth.accountId} and i.service_id = ${serviceId}
                  and i.region_id = v.id and i.status <> -1) as is_taken
        from (${visibleRegions(
          auth.accountId,
          sql`exists (select 1 from service_regions sr where sr.service_id = ${serviceId} and sr.region_id = r.id)`,
        )}) v`),
  );
  return rows.map((r) => ({ ...regionOf(lang, r), isTaken: Boolean(r.is_taken) }));
}

export async function listAccountTags(deps: TDeps, auth: TAuth): Promise<TAccountTag[]> {
  const rows = rowsOf<{ key: string; value: string }>(
    await deps.db.execute(sql`
      select key, value from account_tags where account_id = ${auth.accountId} order by key`),
  );
  return rows.map((r) => ({ key: r.key, value: r.value }));
}

// ---------------------------------------------------------------------------------------------
// instances

function audit(
  auth: TAuth,
  meta: TRequestMeta,
  now: Date,
  action: string,
  instance: TInstanceRecord,
  info = {},
) {
  return {
    accountId: auth.accountId,
    userId: auth.userId,
    username: auth.username,
    action,
    objectType: 'instance',
    objectId: String(instance.id),
    objectName: instance.ref.instanceName,
    isSuccess: true,
    info: {
      service: instance.serviceCode,
      version: instance.ref.version,
      csp: instance.ref.csp,
      region: instance.ref.region,
      ...info,
    },
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: now,
  };
}

/** Queues the provisioning of the instance's current opening attempt. */
export async function enqueueProvision(db: TDb, instanceId: number, attempt: number, runAt: Date) {
  await enqueueJob(db, {
    kind: provisionJobKind,
    payload: { instanceId, attempt },
    runAt,
    dedupeKey: `${provisionJobKind}:${instanceId}:${attempt}`,
    maxAttempts: 10,
  });
}

export async function createInstance(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  body: { serviceId: number; versionId: number; regionId: number },
  meta: TRequestMeta,
): Promise<TInstance> {
  requireAdapter(deps.config, 'provisioner');
  await requireService(deps, lang, body.serviceId);
  const version = rowsOf<{ id: number }>(
    await deps.db.execute(sql`
      select id from service_versions
       where id = ${body.versionId} and service_id = ${body.serviceId} and is_enabled`),
  )[0];
  if (!version) throw badField(lang, 'versionId', 'versionUnknown');
  const region = rowsOf<{ id: number }>(
    await deps.db.execute(
      visibleRegions(
        auth.accountId,
        sql`r.id = ${body.regionId} and exists (
              select 1 from service_regions sr where sr.service_id = ${body.serviceId} and sr.region_id = r.id)`,
      ),
    ),
  )[0];
  if (!region) throw badField(lang, 'regionId', 'regionUnknown');

  const now = deps.clock.now();
  const deadline = new Date(now.getTime() + deps.config.provisioning.openTimeoutMs);
  for (let tries = 0; ; tries += 1) {
    try {
      const created = await deps.db.transaction(async (tx) => {
        const rows = rowsOf<{ id: number }>(
          await tx.execute(sql`
            insert into instances (account_id, service_id, version_id, region_id, instance_name, status,
                                   deadline_at, created_by, created_at, updated_at)
            values (${auth.accountId}, ${body.serviceId}, ${body.versionId}, ${body.regionId},
                    ${newInstanceName()}, 0, ${deadline}, ${auth.userId}, ${now}, ${now})
            returning id`),
        );
        const id = Number(rows[0]?.id);
        const instance = (await findInstance(tx, sql`i.id = ${id}`)) as TInstanceRecord;
        await enqueueProvision(tx, id, 1, now);
        await writeAudit(tx, audit(auth, meta, now, 'instance.create', instance));
        return instance;
      });
      return created.view(lang);
    } catch (error) {
      const constraint = constraintOf(error);
      if (constraint === 'instances_live_key') throw new AppError(ErrorCode.instanceExists);
      // The random name was taken (or the driver did not name the constraint): a new name.
      if (constraint !== null && tries < 5) continue;
      throw error;
    }
  }
}

export async function listInstances(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  query: { serviceId?: number | undefined; pageNo: number; pageSize: number },
): Promise<TInstanceList> {
  const where = sql`i.account_id = ${auth.accountId} and i.status <> 3 ${
    query.serviceId ? sql`and i.service_id = ${query.serviceId}` : sql``
  }`;
  const [count] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`select count(*)::int as n from instances i where ${where}`),
  );
  const list = await findInstances(
    deps.db,
    where,
    sql`order by i.created_at desc, i.id desc limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`,
  );
  return {
    list: list.map((i) => i.view(lang)),
    total: Number(count?.n ?? 0),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function listAccountInstances(deps: TDeps, auth: TAuth, lang: TLanguage): Promise<TInstance[]> {
  const list = await findInstances(
    deps.db,
    sql`i.account_id = ${auth.accountId} and i.status in (0, 1, 2)`,
    sql`order by i.service_id, i.created_at, i.id`,
  );
  return list.map((i) => i.view(lang));
}

/** The account's instance, or 403 (another account's id, or none). */
export async function requireInstance(db: TDb, auth: TAuth, instanceId: number): Promise<TInstanceRecord> {
  const instance = await findInstance(db, sql`i.id = ${instanceId} and i.account_id = ${auth.accountId}`);
  if (!instance) throw new AppError(ErrorCode.forbidden);
  return instance;
}

export async function getInstanceUrl(deps: TDeps, auth: TAuth, instanceId: number) {
  const instance = await requireInstance(deps.db, auth, instanceId);
  const view = instance.view('en-US');
  if (instance.status !== 1 || !view.url) throw new AppError(ErrorCode.instanceStateInvalid);
  return { instanceId: instance.id, instanceName: instance.ref.instanceName, url: view.url };
}

export async function retryInstance(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  instanceId: number,
  meta: TRequestMeta,
): Promise<TInstance> {
  requireAdapter(deps.config, 'provisioner');
  const now = deps.clock.now();
  const deadline = new Date(now.getTime() + deps.config.provisioning.openTimeoutMs);
  const instance = await deps.db.transaction(async (tx) => {
    const current = await lockInstance(tx, auth.accountId, instanceId);
    if (!current) throw new AppError(ErrorCode.forbidden);
    if (current.status !== 2) throw new AppError(ErrorCode.instanceStateInvalid);
    const attempt = current.attempt + 1;
    await tx.execute(sql`
      update instances set status = 0, attempt = ${attempt}, operation_id = null, fail_reason = null,
                           deadline_at = ${deadline}, updated_at = ${now}
       where id = ${instanceId}`);
    await enqueueProvision(tx, instanceId, attempt, now);
    await writeAudit(tx, audit(auth, meta, now, 'instance.retry', current, { attempt }));
    return (await findInstance(tx, sql`i.id = ${instanceId}`)) as TInstanceRecord;
  });
  return instance.view(lang);
}

export async function closeInstance(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  instanceId: number,
  meta: TRequestMeta,
): Promise<TInstance> {
  requireAdapter(deps.config, 'provisioner');
  const now = deps.clock.now();
  const instance = await deps.db.transaction(async (tx) => {
    const current = await lockInstance(tx, auth.accountId, instanceId);
    if (!current) throw new AppError(ErrorCode.forbidden);
    if (current.status === -1) throw new AppError(ErrorCode.instanceStateInvalid);
    await tx.execute(sql`
      update instances set status = -1, closed_at = ${now}, deadline_at = null, updated_at = ${now}
       where id = ${instanceId}`);
    await tx.execute(sql`
      update insight_users set status = -1, fail_reason = null, version = version + 1, updated_at = ${now}
       where instance_id = ${instanceId} and status <> -1`);
    // The platform releases what it opened (an opening attempt that never started has nothing).
    if (current.status !== 2 || current.operationId) {
      await enqueueJob(tx, {
        kind: releaseJobKind,
        payload: { instanceId },
        runAt: now,
        dedupeKey: `${releaseJobKind}:${instanceId}`,
        maxAttempts: 10,
      });
    }
    await writeAudit(
      tx,
      audit(auth, meta, now, 'instance.close', current, { previousStatus: current.status }),
    );
    return (await findInstance(tx, sql`i.id = ${instanceId}`)) as TInstanceRecord;
  });
  return instance.view(lang);
}
