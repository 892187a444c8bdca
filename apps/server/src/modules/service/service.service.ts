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
import { requireAdapter } from '../../adapters/registry';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { translateValidation } from '../../i18n';
import { writeAudit } from '../audit';
import { requireFundsFor, requireFundsForVersion } from './funding.service';
import { closeInsightUsers } from './insight.repository';
import {
  countListedInstances,
  insertInstance,
  listAccountInstanceRows,
  listListedInstanceRows,
  lockAccountInstance,
  markInstanceClosed,
  reopenInstance,
} from './instance.repository';
import {
  findAccountInstance,
  findAccountInstanceByName,
  findInstanceById,
  instanceRecordOf,
  localName,
  type TInstanceRecord,
} from './instance-record';
import { enqueueProvision, enqueueRelease } from './service.jobs';
import {
  findEnabledService,
  isEnabledVersion,
  isRegionOffered,
  listAccountTags as listAccountTagRows,
  listEnabledCsps,
  listEnabledServices,
  listEnabledVersions,
  listServiceRegionRows,
  listVisibleRegions,
  type TRegionRow,
} from './service.repository';

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

export async function listServices(deps: TDeps, lang: TLanguage): Promise<TService[]> {
  const rows = await listEnabledServices(deps.db);
  return rows.map((r) => ({
    id: r.id,
    kind: r.id as TService['kind'],
    code: r.code,
    name: localName(lang, r.nameZh, r.nameEn),
    description: localName(lang, r.descriptionZh, r.descriptionEn),
  }));
}

async function requireService(deps: TDeps, lang: TLanguage, serviceId: number) {
  const service = await findEnabledService(deps.db, serviceId);
  if (!service) throw badField(lang, 'serviceId', 'serviceUnknown');
  return service;
}

export async function listVersions(
  deps: TDeps,
  lang: TLanguage,
  serviceId: number,
): Promise<TServiceVersion[]> {
  await requireService(deps, lang, serviceId);
  const rows = await listEnabledVersions(deps.db, serviceId);
  return rows.map((r) => ({
    id: r.id,
    serviceId,
    code: r.code,
    name: localName(lang, r.nameZh, r.nameEn),
    trialDays: r.trialDays,
    userLimit: r.userLimit,
  }));
}

export async function listCsps(deps: TDeps, lang: TLanguage): Promise<TCsp[]> {
  const rows = await listEnabledCsps(deps.db);
  return rows.map((r) => ({ code: r.code, name: localName(lang, r.nameZh, r.nameEn) }));
}

function regionOf(lang: TLanguage, r: TRegionRow): TRegion {
  return {
    id: r.id,
    csp: r.csp,
    cspName: localName(lang, r.cspNameZh, r.cspNameEn),
    code: r.code,
    name: localName(lang, r.nameZh, r.nameEn),
  };
}

export async function listRegions(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  csp: string | undefined,
): Promise<TRegion[]> {
  const rows = await listVisibleRegions(deps.db, auth.accountId, csp);
  return rows.map((r) => regionOf(lang, r));
}

export async function listServiceRegions(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  serviceId: number,
): Promise<TServiceRegion[]> {
  await requireService(deps, lang, serviceId);
  const rows = await listServiceRegionRows(deps.db, auth.accountId, serviceId);
  return rows.map((r) => ({ ...regionOf(lang, r), isTaken: r.isTaken === true }));
}

export async function listAccountTags(deps: TDeps, auth: TAuth): Promise<TAccountTag[]> {
  return listAccountTagRows(deps.db, auth.accountId);
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
    objectType: 'instance' as const,
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

export async function createInstance(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  body: { serviceId: number; versionId: number; regionId: number },
  meta: TRequestMeta,
): Promise<TInstance> {
  requireAdapter(deps.config, 'provisioner');
  await requireService(deps, lang, body.serviceId);
  if (!(await isEnabledVersion(deps.db, body.serviceId, body.versionId))) {
    throw badField(lang, 'versionId', 'versionUnknown');
  }
  if (!(await isRegionOffered(deps.db, auth.accountId, body.serviceId, body.regionId))) {
    throw badField(lang, 'regionId', 'regionUnknown');
  }
  // A formal (paid) version needs the account out of arrears (4070, decision 0019).
  await requireFundsForVersion(deps, auth.accountId, body.serviceId, body.versionId);

  const now = deps.clock.now();
  const deadline = new Date(now.getTime() + deps.config.provisioning.openTimeoutMs);
  for (let tries = 0; ; tries += 1) {
    try {
      const created = await deps.db.transaction(async (tx) => {
        const id = await insertInstance(tx, {
          accountId: auth.accountId,
          serviceId: body.serviceId,
          versionId: body.versionId,
          regionId: body.regionId,
          instanceName: newInstanceName(),
          deadlineAt: deadline,
          createdBy: auth.userId,
          now,
        });
        const instance = (await findInstanceById(tx, id)) as TInstanceRecord;
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
  const total = await countListedInstances(deps.db, auth.accountId, query.serviceId);
  const rows = await listListedInstanceRows(deps.db, {
    accountId: auth.accountId,
    serviceId: query.serviceId,
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  return {
    list: rows.map((r) => instanceRecordOf(r).view(lang)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function listAccountInstances(deps: TDeps, auth: TAuth, lang: TLanguage): Promise<TInstance[]> {
  const rows = await listAccountInstanceRows(deps.db, {
    accountId: auth.accountId,
    statuses: [0, 1, 2],
    order: 'service',
  });
  return rows.map((r) => instanceRecordOf(r).view(lang));
}

/** The account's instance, locked for the rest of the transaction, or 403 (another account's id, or none). */
async function lockInstance(tx: TDb, auth: TAuth, instanceId: number): Promise<TInstanceRecord> {
  if (!(await lockAccountInstance(tx, auth.accountId, instanceId))) throw new AppError(ErrorCode.forbidden);
  return (await findInstanceById(tx, instanceId)) as TInstanceRecord;
}

/** The account's instance, or 403 (another account's id, or none). */
export async function requireInstance(db: TDb, auth: TAuth, instanceId: number): Promise<TInstanceRecord> {
  const instance = await findAccountInstance(db, auth.accountId, instanceId);
  if (!instance) throw new AppError(ErrorCode.forbidden);
  return instance;
}

/**
 * Where users open an opened instance: the platform's address of it, or the development stand-in's
 * page of it. Without a provisioner there is no instance to open (4100), whatever address an
 * earlier start stored.
 */
export async function getInstanceUrl(deps: TDeps, auth: TAuth, instanceId: number) {
  requireAdapter(deps.config, 'provisioner');
  const instance = await requireInstance(deps.db, auth, instanceId);
  const view = instance.view('en-US');
  if (instance.status !== 1 || !view.url) throw new AppError(ErrorCode.instanceStateInvalid);
  return {
    instanceId: instance.id,
    instanceName: instance.ref.instanceName,
    url: deps.provisioner.instanceUrl(instance.ref, view.url),
  };
}

/**
 * The development stand-in's page of an instance of the account (where getInstanceUrl leads while
 * the stand-in plays the platform): the instance in the language, or 403 (another account's
 * instance, or none of that name).
 */
export async function getDevInstance(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  instanceName: string,
): Promise<TInstance> {
  const instance = await findAccountInstanceByName(deps.db, auth.accountId, instanceName);
  if (!instance) throw new AppError(ErrorCode.forbidden);
  return instance.view(lang);
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
    const current = await lockInstance(tx, auth, instanceId);
    if (current.status !== 2) throw new AppError(ErrorCode.instanceStateInvalid);
    await requireFundsFor(deps, tx, auth.accountId, current.ref.version);
    const attempt = current.attempt + 1;
    await reopenInstance(tx, { instanceId, attempt, deadlineAt: deadline, now });
    await enqueueProvision(tx, instanceId, attempt, now);
    await writeAudit(tx, audit(auth, meta, now, 'instance.retry', current, { attempt }));
    return (await findInstanceById(tx, instanceId)) as TInstanceRecord;
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
    const current = await lockInstance(tx, auth, instanceId);
    if (current.status === -1) throw new AppError(ErrorCode.instanceStateInvalid);
    await markInstanceClosed(tx, instanceId, now);
    await closeInsightUsers(tx, instanceId, now);
    // The platform releases what it opened (an opening attempt that never started has nothing).
    if (current.status !== 2 || current.operationId) await enqueueRelease(tx, instanceId, now);
    await writeAudit(
      tx,
      audit(auth, meta, now, 'instance.close', current, { previousStatus: current.status }),
    );
    return (await findInstanceById(tx, instanceId)) as TInstanceRecord;
  });
  return instance.view(lang);
}
