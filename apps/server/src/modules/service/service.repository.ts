/**
 * SQL of the service catalogue as an account sees it: enabled services, their versions, cloud
 * providers and the regions open to the account (by its tags), and the account's tags.
 */
import { and, asc, eq, exists, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  accountTags,
  csps,
  instances,
  regions,
  serviceRegions,
  services,
  serviceVersions,
} from '../../db/schema';

export async function listEnabledServices(db: TDb) {
  return db
    .select({
      id: services.id,
      code: services.code,
      nameZh: services.nameZh,
      nameEn: services.nameEn,
      descriptionZh: services.descriptionZh,
      descriptionEn: services.descriptionEn,
    })
    .from(services)
    .where(eq(services.isEnabled, true))
    .orderBy(asc(services.sort), asc(services.id));
}

export async function findEnabledService(
  db: TDb,
  serviceId: number,
): Promise<{ id: number; code: string } | null> {
  const rows = await db
    .select({ id: services.id, code: services.code })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.isEnabled, true)));
  return rows[0] ?? null;
}

export async function listEnabledVersions(db: TDb, serviceId: number) {
  return db
    .select({
      id: serviceVersions.id,
      code: serviceVersions.code,
      nameZh: serviceVersions.nameZh,
      nameEn: serviceVersions.nameEn,
      trialDays: serviceVersions.trialDays,
      userLimit: serviceVersions.userLimit,
    })
    .from(serviceVersions)
    .where(and(eq(serviceVersions.serviceId, serviceId), eq(serviceVersions.isEnabled, true)))
    .orderBy(asc(serviceVersions.sort), asc(serviceVersions.id));
}

/** Whether the version is an enabled version of the service. */
export async function isEnabledVersion(db: TDb, serviceId: number, versionId: number): Promise<boolean> {
  const rows = await db
    .select({ id: serviceVersions.id })
    .from(serviceVersions)
    .where(
      and(
        eq(serviceVersions.id, versionId),
        eq(serviceVersions.serviceId, serviceId),
        eq(serviceVersions.isEnabled, true),
      ),
    );
  return rows.length > 0;
}

export async function listEnabledCsps(db: TDb) {
  return db
    .select({ code: csps.code, nameZh: csps.nameZh, nameEn: csps.nameEn })
    .from(csps)
    .where(eq(csps.isEnabled, true))
    .orderBy(asc(csps.sort), asc(csps.code));
}

const regionColumns = {
  id: regions.id,
  csp: regions.csp,
  code: regions.code,
  nameZh: regions.nameZh,
  nameEn: regions.nameEn,
  cspNameZh: csps.nameZh,
  cspNameEn: csps.nameEn,
};

/** Regions offered to the account: enabled, of an enabled provider, and open to its tags. */
function visibleRegions(db: TDb, accountId: number, extra: SQL | undefined) {
  return and(
    eq(regions.isEnabled, true),
    eq(csps.isEnabled, true),
    or(
      isNull(regions.requiredTag),
      exists(
        db
          .select({ one: sql`1` })
          .from(accountTags)
          .where(and(eq(accountTags.accountId, accountId), eq(accountTags.key, regions.requiredTag))),
      ),
    ),
    extra,
  );
}

/** The regions of an enabled service, for regions offering it. */
function offersService(db: TDb, serviceId: number): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(serviceRegions)
      .where(and(eq(serviceRegions.serviceId, serviceId), eq(serviceRegions.regionId, regions.id))),
  );
}

export type TRegionRow = Awaited<ReturnType<typeof listVisibleRegions>>[number];

/** The regions offered to the account (of one provider, when given), in the providers' order. */
export function listVisibleRegions(db: TDb, accountId: number, csp: string | undefined) {
  return db
    .select(regionColumns)
    .from(regions)
    .innerJoin(csps, eq(csps.code, regions.csp))
    .where(visibleRegions(db, accountId, csp ? eq(regions.csp, csp) : undefined))
    .orderBy(asc(csps.sort), asc(regions.sort), asc(regions.id));
}

/** The regions offered to the account that offer the service, each saying whether the account has a live instance there. */
export function listServiceRegionRows(db: TDb, accountId: number, serviceId: number) {
  return db
    .select({
      ...regionColumns,
      isTaken: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(instances)
          .where(
            and(
              eq(instances.accountId, accountId),
              eq(instances.serviceId, serviceId),
              eq(instances.regionId, regions.id),
              ne(instances.status, -1),
            ),
          ),
      )}`,
    })
    .from(regions)
    .innerJoin(csps, eq(csps.code, regions.csp))
    .where(visibleRegions(db, accountId, offersService(db, serviceId)))
    .orderBy(asc(csps.sort), asc(regions.sort), asc(regions.id));
}

/** Whether the region is offered to the account and offers the service. */
export async function isRegionOffered(
  db: TDb,
  accountId: number,
  serviceId: number,
  regionId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: regions.id })
    .from(regions)
    .innerJoin(csps, eq(csps.code, regions.csp))
    .where(visibleRegions(db, accountId, and(eq(regions.id, regionId), offersService(db, serviceId))));
  return rows.length > 0;
}

export async function listAccountTags(db: TDb, accountId: number) {
  return db
    .select({ key: accountTags.key, value: accountTags.value })
    .from(accountTags)
    .where(eq(accountTags.accountId, accountId))
    .orderBy(asc(accountTags.key));
}
