/**
 * SQL of service instances: an instance with its account, service, version, region and provider
 * names (always filtered by the account where a caller's request asks), and the writes of its
 * life (created, retried, opened or failed, closed).
 */
import { and, asc, count, desc, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, csps, instances, regions, services, serviceVersions } from '../../db/schema';

const instanceColumns = {
  id: instances.id,
  accountId: instances.accountId,
  accountName: accounts.name,
  serviceId: instances.serviceId,
  serviceCode: services.code,
  serviceNameZh: services.nameZh,
  serviceNameEn: services.nameEn,
  versionId: instances.versionId,
  versionCode: serviceVersions.code,
  versionNameZh: serviceVersions.nameZh,
  versionNameEn: serviceVersions.nameEn,
  userLimit: serviceVersions.userLimit,
  regionId: instances.regionId,
  csp: regions.csp,
  cspNameZh: csps.nameZh,
  cspNameEn: csps.nameEn,
  region: regions.code,
  regionNameZh: regions.nameZh,
  regionNameEn: regions.nameEn,
  instanceName: instances.instanceName,
  status: instances.status,
  url: instances.url,
  failReason: instances.failReason,
  operationId: instances.operationId,
  attempt: instances.attempt,
  deadlineAt: instances.deadlineAt,
  createdAt: instances.createdAt,
  openedAt: instances.openedAt,
  closedAt: instances.closedAt,
};

/** An instance row with the names of what it is made of. */
export type TInstanceRow = Awaited<ReturnType<typeof selectInstances>>[number];

function selectInstances(db: TDb, where: SQL | undefined) {
  return db
    .select(instanceColumns)
    .from(instances)
    .innerJoin(accounts, eq(accounts.id, instances.accountId))
    .innerJoin(services, eq(services.id, instances.serviceId))
    .innerJoin(serviceVersions, eq(serviceVersions.id, instances.versionId))
    .innerJoin(regions, eq(regions.id, instances.regionId))
    .innerJoin(csps, eq(csps.code, regions.csp))
    .where(where);
}

/** The instance of an id (any account's: for jobs, and after the caller checked the account). */
export async function findInstanceRow(db: TDb, instanceId: number): Promise<TInstanceRow | null> {
  const rows = await selectInstances(db, eq(instances.id, instanceId)).limit(1);
  return rows[0] ?? null;
}

/** The account's instance of an id, or null (another account's, or none). */
export async function findAccountInstanceRow(
  db: TDb,
  accountId: number,
  instanceId: number,
): Promise<TInstanceRow | null> {
  const rows = await selectInstances(
    db,
    and(eq(instances.id, instanceId), eq(instances.accountId, accountId)),
  ).limit(1);
  return rows[0] ?? null;
}

/** The account's instance of a name, or null (another account's, or none). */
export async function findAccountInstanceRowByName(
  db: TDb,
  accountId: number,
  instanceName: string,
): Promise<TInstanceRow | null> {
  const rows = await selectInstances(
    db,
    and(eq(instances.instanceName, instanceName), eq(instances.accountId, accountId)),
  ).limit(1);
  return rows[0] ?? null;
}

/** The account's instances in the given statuses (and of one id, when given). */
export function listAccountInstanceRows(
  db: TDb,
  input: {
    accountId: number;
    statuses: readonly number[];
    instanceId?: number | undefined;
    /** `service`: by service, then creation; `newest`: the newest first. */
    order: 'service' | 'newest';
  },
): Promise<TInstanceRow[]> {
  return selectInstances(
    db,
    and(
      eq(instances.accountId, input.accountId),
      input.statuses.length === 1
        ? eq(instances.status, input.statuses[0] as number)
        : inArray(instances.status, [...input.statuses]),
      input.instanceId === undefined ? undefined : eq(instances.id, input.instanceId),
    ),
  ).orderBy(
    ...(input.order === 'service'
      ? [asc(instances.serviceId), asc(instances.createdAt), asc(instances.id)]
      : [desc(instances.createdAt), desc(instances.id)]),
  );
}

/** The instances of the account's list (every status but hidden), optionally of one service. */
function listedWhere(accountId: number, serviceId: number | undefined): SQL | undefined {
  return and(
    eq(instances.accountId, accountId),
    ne(instances.status, 3),
    serviceId ? eq(instances.serviceId, serviceId) : undefined,
  );
}

export async function countListedInstances(
  db: TDb,
  accountId: number,
  serviceId: number | undefined,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(instances).where(listedWhere(accountId, serviceId));
  return row?.n ?? 0;
}

/** A page of the account's list, the newest first. */
export function listListedInstanceRows(
  db: TDb,
  input: { accountId: number; serviceId: number | undefined; limit: number; offset: number },
): Promise<TInstanceRow[]> {
  return selectInstances(db, listedWhere(input.accountId, input.serviceId))
    .orderBy(desc(instances.createdAt), desc(instances.id))
    .limit(input.limit)
    .offset(input.offset);
}

/** The account's first live instance of a service (by id). */
export async function findLiveServiceInstanceRow(
  db: TDb,
  accountId: number,
  serviceId: number,
): Promise<TInstanceRow | null> {
  const rows = await selectInstances(
    db,
    and(
      eq(instances.accountId, accountId),
      eq(instances.serviceId, serviceId),
      inArray(instances.status, [1, 3]),
    ),
  )
    .orderBy(asc(instances.id))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks the account's first live instance of a service (by id); answers its id. */
export async function lockLiveServiceInstance(
  db: TDb,
  accountId: number,
  serviceId: number,
): Promise<number | null> {
  const rows = await db
    .select({ id: instances.id })
    .from(instances)
    .where(
      and(
        eq(instances.accountId, accountId),
        eq(instances.serviceId, serviceId),
        inArray(instances.status, [1, 3]),
      ),
    )
    .orderBy(asc(instances.id))
    .limit(1)
    .for('update');
  return rows[0]?.id ?? null;
}

/** Locks the account's instance for the rest of the transaction; false when it is not the account's. */
export async function lockAccountInstance(db: TDb, accountId: number, instanceId: number): Promise<boolean> {
  const rows = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.id, instanceId), eq(instances.accountId, accountId)))
    .for('update');
  return rows.length > 0;
}

/** Ids of the account's live instances (opened or hidden). */
export async function liveInstanceIds(db: TDb, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.accountId, accountId), inArray(instances.status, [1, 3])));
  return rows.map((r) => r.id);
}

/** A new instance, opening; a unique violation when the name is taken or the region has a live one. */
export async function insertInstance(
  db: TDb,
  row: {
    accountId: number;
    serviceId: number;
    versionId: number;
    regionId: number;
    instanceName: string;
    deadlineAt: Date;
    createdBy: number;
    now: Date;
  },
): Promise<number> {
  const [inserted] = await db
    .insert(instances)
    .values({
      accountId: row.accountId,
      serviceId: row.serviceId,
      versionId: row.versionId,
      regionId: row.regionId,
      instanceName: row.instanceName,
      status: 0,
      deadlineAt: row.deadlineAt,
      createdBy: row.createdBy,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .returning({ id: instances.id });
  if (!inserted) throw new Error('instance not inserted');
  return inserted.id;
}

/** Starts another opening attempt of a failed instance. */
export async function reopenInstance(
  db: TDb,
  input: { instanceId: number; attempt: number; deadlineAt: Date; now: Date },
): Promise<void> {
  await db
    .update(instances)
    .set({
      status: 0,
      attempt: input.attempt,
      operationId: null,
      failReason: null,
      deadlineAt: input.deadlineAt,
      updatedAt: input.now,
    })
    .where(eq(instances.id, input.instanceId));
}

export async function markInstanceClosed(db: TDb, instanceId: number, now: Date): Promise<void> {
  await db
    .update(instances)
    .set({ status: -1, closedAt: now, deadlineAt: null, updatedAt: now })
    .where(eq(instances.id, instanceId));
}

/**
 * Ends the opening attempt: opened (1) with its address, or openFailed (2) with the reason; only
 * while that attempt is still opening. Answers whether it was.
 */
export async function settleOpening(
  db: TDb,
  input: { instanceId: number; attempt: number; outcome: { url: string } | { reason: string }; now: Date },
): Promise<boolean> {
  const isOpened = 'url' in input.outcome;
  const rows = await db
    .update(instances)
    .set({
      status: isOpened ? 1 : 2,
      url: 'url' in input.outcome ? input.outcome.url : null,
      failReason: 'reason' in input.outcome ? input.outcome.reason : null,
      openedAt: isOpened ? input.now : null,
      deadlineAt: null,
      updatedAt: input.now,
    })
    .where(
      and(eq(instances.id, input.instanceId), eq(instances.status, 0), eq(instances.attempt, input.attempt)),
    )
    .returning({ id: instances.id });
  return rows.length > 0;
}

/** Stores the platform's operation of the opening attempt (once). */
export async function setOperationId(
  db: TDb,
  input: { instanceId: number; attempt: number; operationId: string; now: Date },
): Promise<void> {
  await db
    .update(instances)
    .set({ operationId: input.operationId, updatedAt: input.now })
    .where(
      and(
        eq(instances.id, input.instanceId),
        eq(instances.status, 0),
        eq(instances.attempt, input.attempt),
        sql`${instances.operationId} is null`,
      ),
    );
}

/** Opening attempts whose deadline passed before `before`, the oldest first. */
export async function overdueOpeningIds(db: TDb, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: instances.id })
    .from(instances)
    // `status = 0` as a literal: the partial index of opening instances (instances_opening_idx).
    .where(and(sql`${instances.status} = 0`, lt(instances.deadlineAt, before)))
    .orderBy(asc(instances.deadlineAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
