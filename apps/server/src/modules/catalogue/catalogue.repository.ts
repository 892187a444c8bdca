/**
 * SQL of the operator commands on the service catalogue, account tags and instance visibility.
 * The import writes the whole catalogue in the caller's transaction: rows of the file are
 * inserted or updated by their natural keys; rows missing from the file are deleted when nothing
 * references them, and otherwise only disabled (`is_enabled = false`), so an instance (or an
 * Insight user's role) never loses the row it points to.
 */
import type { InstanceStatus } from '@console/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  accountTags,
  csps,
  insightRoles,
  instances,
  regions,
  serviceRegions,
  services,
  serviceVersions,
  skus,
} from '../../db/schema';
import type { TCatalogue } from './catalogue.schema';

/** Serialises imports (one catalogue writer at a time, whatever the replicas). */
const importLockKey = 0x63_61_74_61; // "cata"

export async function exportCatalogue(db: TDb): Promise<TCatalogue> {
  const serviceRows = await db.select().from(services).orderBy(services.sort, services.id);
  const versionRows = await db
    .select()
    .from(serviceVersions)
    .orderBy(serviceVersions.serviceId, serviceVersions.sort, serviceVersions.code);
  const cspRows = await db.select().from(csps).orderBy(csps.sort, csps.code);
  const regionRows = await db
    .select({
      csp: regions.csp,
      code: regions.code,
      nameZh: regions.nameZh,
      nameEn: regions.nameEn,
      sort: regions.sort,
      isEnabled: regions.isEnabled,
      requiredTag: regions.requiredTag,
      serviceIds: sql<unknown>`coalesce((select json_agg(sr.service_id order by sr.service_id)
                         from service_regions sr where sr.region_id = regions.id), '[]'::json)`,
    })
    .from(regions)
    .orderBy(regions.sort, regions.csp, regions.code);
  const roleRows = await db.select().from(insightRoles).orderBy(insightRoles.sort, insightRoles.code);
  const priceRows = await db
    .select({ sku: skus.code, unitPriceFen: skus.unitPriceFen })
    .from(skus)
    .orderBy(skus.sort, skus.code);
  return {
    services: serviceRows.map((s) => ({
      id: Number(s.id),
      code: s.code,
      nameZh: s.nameZh,
      nameEn: s.nameEn,
      descriptionZh: s.descriptionZh,
      descriptionEn: s.descriptionEn,
      sort: s.sort,
      isEnabled: s.isEnabled,
    })),
    versions: versionRows.map((v) => ({
      serviceId: Number(v.serviceId),
      code: v.code,
      nameZh: v.nameZh,
      nameEn: v.nameEn,
      trialDays: v.trialDays,
      userLimit: v.userLimit,
      sort: v.sort,
      isEnabled: v.isEnabled,
    })),
    csps: cspRows.map((p) => ({
      code: p.code,
      nameZh: p.nameZh,
      nameEn: p.nameEn,
      sort: p.sort,
      isEnabled: p.isEnabled,
    })),
    regions: regionRows.map((r) => ({
      csp: r.csp,
      code: r.code,
      nameZh: r.nameZh,
      nameEn: r.nameEn,
      sort: Number(r.sort),
      isEnabled: Boolean(r.isEnabled),
      requiredTag: r.requiredTag,
      serviceIds: (Array.isArray(r.serviceIds) ? r.serviceIds : []).map(Number),
    })),
    insightRoles: roleRows.map((r) => ({
      code: r.code,
      nameZh: r.nameZh,
      nameEn: r.nameEn,
      isDefault: r.isDefault,
      sort: r.sort,
    })),
    prices: priceRows.map((p) => ({ sku: p.sku, unitPriceFen: plainDecimal(p.unitPriceFen) })),
  };
}

/** "40.500000" → "40.5": the database's scale, written as a person would. */
function plainDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** The billable SKUs beside their prices: what each price is for. */
export async function catalogueSkus(db: TDb) {
  return db
    .select({
      code: skus.code,
      serviceId: skus.serviceId,
      category: skus.category,
      nameZh: skus.nameZh,
      nameEn: skus.nameEn,
      unit: skus.unit,
    })
    .from(skus)
    .orderBy(skus.sort, skus.code);
}

/**
 * Which rows of the catalogue something still uses, by key: services with an instance or a
 * version, versions and regions with an instance (the import disables them rather than deleting).
 */
export async function catalogueUsage(db: TDb) {
  const instanceServices = await db.selectDistinct({ id: instances.serviceId }).from(instances);
  const versionServices = await db.selectDistinct({ id: serviceVersions.serviceId }).from(serviceVersions);
  const usedVersions = await db
    .selectDistinct({ serviceId: serviceVersions.serviceId, code: serviceVersions.code })
    .from(instances)
    .innerJoin(serviceVersions, eq(serviceVersions.id, instances.versionId));
  const usedRegions = await db
    .selectDistinct({ csp: regions.csp, code: regions.code })
    .from(instances)
    .innerJoin(regions, eq(regions.id, instances.regionId));
  return {
    services: [...new Set([...instanceServices, ...versionServices].map((r) => Number(r.id)))],
    versions: usedVersions.map((v) => `${v.serviceId}/${v.code}`),
    regions: usedRegions.map((r) => `${r.csp}/${r.code}`),
  };
}

/** What an import did to one kind of row; rows are named by their keys. */
export type TImportCounts = {
  /** Rows of the file, inserted or updated. */
  written: number;
  /** Missing from the file but still referenced: disabled. */
  disabled: string[];
  /** Missing from the file and referenced by nothing: deleted. */
  deleted: string[];
  /** Missing from the file, referenced, and without an enabled flag (Insight roles): left as they are. */
  kept: string[];
};

export type TImportSummary = {
  services: TImportCounts;
  versions: TImportCounts;
  csps: TImportCounts;
  regions: TImportCounts;
  insightRoles: TImportCounts;
  /** Only when the file has prices: SKUs whose price was written. */
  prices?: TImportCounts;
};

/** A catalogue file names a SKU the installation does not bill. */
export class UnknownSkuError extends Error {
  constructor(readonly skus: string[]) {
    super(
      `no SKU ${skus.join(', ')} in this installation (SKUs are the billing's; only their prices are imported)`,
    );
  }
}

const counts = (written: number): TImportCounts => ({ written, disabled: [], deleted: [], kept: [] });

/** Takes the catalogue's writer lock for the rest of the transaction (reads after it are current). */
export async function lockCatalogue(tx: TDb): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${importLockKey})`);
}

/** Writes a validated catalogue; call it in a transaction (it takes the import lock). */
export async function importCatalogue(tx: TDb, c: TCatalogue): Promise<TImportSummary> {
  await lockCatalogue(tx);
  const unknownSkus: string[] = [];
  const summary: TImportSummary = {
    services: counts(c.services.length),
    versions: counts(c.versions.length),
    csps: counts(c.csps.length),
    regions: counts(c.regions.length),
    insightRoles: counts(c.insightRoles.length),
    ...(c.prices ? { prices: counts(c.prices.length) } : {}),
  };

  // Write the file's rows, parents first.
  for (const s of c.services) {
    const { id, ...rest } = s;
    await tx.insert(services).values(s).onConflictDoUpdate({ target: services.id, set: rest });
  }
  for (const p of c.csps) {
    const { code, ...rest } = p;
    await tx.insert(csps).values(p).onConflictDoUpdate({ target: csps.code, set: rest });
  }
  for (const v of c.versions) {
    const { serviceId, code, ...rest } = v;
    await tx
      .insert(serviceVersions)
      .values(v)
      .onConflictDoUpdate({ target: [serviceVersions.serviceId, serviceVersions.code], set: rest });
  }
  for (const r of c.regions) {
    const { csp, code, serviceIds, ...rest } = r;
    const [row] = await tx
      .insert(regions)
      .values({ csp, code, ...rest })
      .onConflictDoUpdate({ target: [regions.csp, regions.code], set: rest })
      .returning({ id: regions.id });
    const regionId = Number(row?.id);
    // The region offers exactly the file's services.
    await tx.execute(sql`
      delete from service_regions
       where region_id = ${regionId}
         and not (service_id = any(${`{${serviceIds.join(',')}}`}::smallint[]))`);
    for (const serviceId of serviceIds) {
      await tx.insert(serviceRegions).values({ serviceId, regionId }).onConflictDoNothing();
    }
  }
  for (const r of c.insightRoles) {
    const { code, ...rest } = r;
    await tx.insert(insightRoles).values(r).onConflictDoUpdate({ target: insightRoles.code, set: rest });
  }

  for (const p of c.prices ?? []) {
    const written = await tx
      .update(skus)
      .set({ unitPriceFen: p.unitPriceFen })
      .where(eq(skus.code, p.sku))
      .returning({ code: skus.code });
    if (written.length === 0) unknownSkus.push(p.sku);
  }
  if (unknownSkus.length > 0) throw new UnknownSkuError(unknownSkus);

  // Rows missing from the file, children first: delete what nothing references, disable the rest.
  const regionKeys = new Set(c.regions.map((r) => `${r.csp}/${r.code}`));
  const existingRegions = await tx
    .select({
      id: regions.id,
      csp: regions.csp,
      code: regions.code,
      isUsed: sql<boolean>`exists (select 1 from instances i where i.region_id = regions.id)`,
    })
    .from(regions)
    .orderBy(regions.id);
  for (const r of existingRegions) {
    const key = `${r.csp}/${r.code}`;
    if (regionKeys.has(key)) continue;
    if (r.isUsed) {
      await tx.execute(sql`update regions set is_enabled = false where id = ${r.id}`);
      summary.regions.disabled.push(key);
    } else {
      await tx.execute(sql`delete from service_regions where region_id = ${r.id}`);
      await tx.execute(sql`delete from regions where id = ${r.id}`);
      summary.regions.deleted.push(key);
    }
  }

  const versionKeys = new Set(c.versions.map((v) => `${v.serviceId}/${v.code}`));
  const existingVersions = await tx
    .select({
      id: serviceVersions.id,
      serviceId: serviceVersions.serviceId,
      code: serviceVersions.code,
      isUsed: sql<boolean>`exists (select 1 from instances i where i.version_id = service_versions.id)`,
    })
    .from(serviceVersions)
    .orderBy(serviceVersions.id);
  for (const v of existingVersions) {
    const key = `${v.serviceId}/${v.code}`;
    if (versionKeys.has(key)) continue;
    if (v.isUsed) {
      await tx.execute(sql`update service_versions set is_enabled = false where id = ${v.id}`);
      summary.versions.disabled.push(key);
    } else {
      await tx.execute(sql`delete from service_versions where id = ${v.id}`);
      summary.versions.deleted.push(key);
    }
  }

  const serviceKeys = new Set(c.services.map((s) => s.id));
  const existingServices = await tx
    .select({
      id: services.id,
      code: services.code,
      isUsed: sql<boolean>`exists (select 1 from instances i where i.service_id = services.id)
             or exists (select 1 from service_versions v where v.service_id = services.id)`,
    })
    .from(services)
    .orderBy(services.id);
  for (const s of existingServices) {
    if (serviceKeys.has(Number(s.id))) continue;
    const key = `${s.id}/${s.code}`;
    if (s.isUsed) {
      await tx.execute(sql`update services set is_enabled = false where id = ${s.id}`);
      summary.services.disabled.push(key);
    } else {
      await tx.execute(sql`delete from service_regions where service_id = ${s.id}`);
      await tx.execute(sql`delete from services where id = ${s.id}`);
      summary.services.deleted.push(key);
    }
  }

  const cspKeys = new Set(c.csps.map((p) => p.code));
  const existingCsps = await tx
    .select({
      code: csps.code,
      isUsed: sql<boolean>`exists (select 1 from regions r where r.csp = csps.code)`,
    })
    .from(csps)
    .orderBy(csps.code);
  for (const p of existingCsps) {
    if (cspKeys.has(p.code)) continue;
    if (p.isUsed) {
      await tx.execute(sql`update csps set is_enabled = false where code = ${p.code}`);
      summary.csps.disabled.push(p.code);
    } else {
      await tx.execute(sql`delete from csps where code = ${p.code}`);
      summary.csps.deleted.push(p.code);
    }
  }

  const roleKeys = new Set(c.insightRoles.map((r) => r.code));
  const existingRoles = await tx
    .select({
      code: insightRoles.code,
      isUsed: sql<boolean>`exists (select 1 from insight_users u where u.role = insight_roles.code)`,
    })
    .from(insightRoles)
    .orderBy(insightRoles.code);
  for (const r of existingRoles) {
    if (roleKeys.has(r.code)) continue;
    if (r.isUsed) summary.insightRoles.kept.push(r.code);
    else {
      await tx.execute(sql`delete from insight_roles where code = ${r.code}`);
      summary.insightRoles.deleted.push(r.code);
    }
  }
  return summary;
}

// ---------------------------------------------------------------------------------------------
// account tags

/** Sets a tag; answers its value before (null: it was not set). */
export async function setAccountTag(
  tx: TDb,
  accountId: number,
  key: string,
  value: string,
): Promise<{ previous: string | null }> {
  const before = await tx
    .select({ value: accountTags.value })
    .from(accountTags)
    .where(and(eq(accountTags.accountId, accountId), eq(accountTags.key, key)))
    .for('update');
  await tx.execute(sql`
    insert into account_tags (account_id, key, value) values (${accountId}, ${key}, ${value})
    on conflict (account_id, key) do update set value = excluded.value`);
  return { previous: before[0]?.value ?? null };
}

/** Removes a tag; answers its value (null: it was not set). */
export async function removeAccountTag(tx: TDb, accountId: number, key: string): Promise<string | null> {
  const rows = await tx
    .delete(accountTags)
    .where(and(eq(accountTags.accountId, accountId), eq(accountTags.key, key)))
    .returning({ value: accountTags.value });
  return rows[0]?.value ?? null;
}

// ---------------------------------------------------------------------------------------------
// instance visibility

export type TInstanceRow = {
  id: number;
  accountId: number;
  instanceName: string;
  status: number;
  serviceCode: string;
};

/** The instance of that name, locked for the rest of the transaction. */
export async function lockInstanceByName(tx: TDb, instanceName: string): Promise<TInstanceRow | null> {
  const rows = await tx
    .select({
      id: instances.id,
      accountId: instances.accountId,
      instanceName: instances.instanceName,
      status: instances.status,
      serviceCode: services.code,
    })
    .from(instances)
    .innerJoin(services, eq(services.id, instances.serviceId))
    .where(eq(instances.instanceName, instanceName))
    .for('update', { of: instances });
  return rows[0] ?? null;
}

/** Moves an instance between opened and hidden; answers whether it was in `from`. */
export async function setInstanceStatus(
  tx: TDb,
  instanceId: number,
  from: typeof InstanceStatus.opened | typeof InstanceStatus.hidden,
  to: typeof InstanceStatus.opened | typeof InstanceStatus.hidden,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(instances)
    .set({ status: to, updatedAt: now })
    .where(and(eq(instances.id, instanceId), eq(instances.status, from)))
    .returning({ id: instances.id });
  return rows.length > 0;
}
