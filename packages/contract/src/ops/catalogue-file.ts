/**
 * The service catalogue's rules, shared by the `catalogue import` command and the back office's
 * catalogue pages (one set of rules, decision 0054): each row's schema, and the whole catalogue's
 * rules (no repeated key, every reference to a row of the catalogue). Rows are named by their
 * natural keys (service id, service id + version code, provider code, provider + region code, role
 * code, SKU code), never by generated ids, so a file moves between installations.
 */
import { z } from 'zod';
import { ServiceVersionCodes } from '../service-enums';

const ZName = z.string().trim().min(1).max(100);
const ZSort = z.number().int().min(-1_000_000).max(1_000_000).default(0);
const ZServiceId = z.number().int().min(1).max(32_767);

export const ZCatalogueService = z.strictObject({
  /** The product kind of spec section 3 (studio 1, decision 2, hengshi 3). */
  id: ZServiceId,
  code: z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/, 'lower-case letters, digits, _ and -'),
  nameZh: ZName,
  nameEn: ZName,
  descriptionZh: z.string().trim().max(500).default(''),
  descriptionEn: z.string().trim().max(500).default(''),
  sort: ZSort,
  isEnabled: z.boolean().default(true),
});

export const ZCatalogueVersion = z.strictObject({
  serviceId: ZServiceId,
  code: z.enum(ServiceVersionCodes),
  nameZh: ZName,
  nameEn: ZName,
  trialDays: z.number().int().min(1).max(3650).nullable().default(null),
  /** Most Insight users enabled at once; null: no limit. */
  userLimit: z.number().int().min(1).max(1_000_000).nullable().default(null),
  sort: ZSort,
  isEnabled: z.boolean().default(true),
});

export const ZCatalogueCsp = z.strictObject({
  code: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'lower-case letters, digits and -'),
  nameZh: ZName,
  nameEn: ZName,
  sort: ZSort,
  isEnabled: z.boolean().default(true),
});

export const ZCatalogueRegion = z.strictObject({
  csp: z.string().min(1),
  code: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lower-case letters, digits and -'),
  nameZh: ZName,
  nameEn: ZName,
  sort: ZSort,
  isEnabled: z.boolean().default(true),
  /** Offered only to accounts carrying this tag key; null: to every account. */
  requiredTag: z.string().trim().min(1).max(64).nullable().default(null),
  /** The services this region offers. */
  serviceIds: z.array(ZServiceId).default([]),
});

export const ZCatalogueInsightRole = z.strictObject({
  code: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, 'letters, digits and _'),
  nameZh: ZName,
  nameEn: ZName,
  isDefault: z.boolean().default(false),
  sort: ZSort,
});

/**
 * A unit price in fen per unit, an exact decimal of at most 6 places (the billing's precision),
 * 0 or more: what usage rated from now on is charged before the account's discount.
 */
export const unitPriceFenPattern = /^(0|[1-9]\d{0,11})(\.\d{1,6})?$/;

/** The list price of a billable SKU (the SKUs themselves belong to the billing and are not added here). */
export const ZCataloguePrice = z.strictObject({
  sku: z.string().min(1).max(64),
  unitPriceFen: z.string().trim().regex(unitPriceFenPattern, 'a decimal of fen, at most 6 places'),
});

/** Which rule of the whole catalogue an issue breaks: a key used twice, or a reference to nothing. */
export type TCatalogueRule = 'repeated' | 'reference' | 'default';

function duplicates<T>(items: readonly T[], keyOf: (item: T) => string): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  items.forEach((item, i) => {
    const key = keyOf(item);
    if (seen.has(key)) out.push(i);
    seen.add(key);
  });
  return out;
}

export const ZCatalogue = z
  .strictObject({
    services: z.array(ZCatalogueService),
    versions: z.array(ZCatalogueVersion),
    csps: z.array(ZCatalogueCsp),
    regions: z.array(ZCatalogueRegion),
    insightRoles: z.array(ZCatalogueInsightRole),
    /** Left out: the prices stay as they are (files of earlier versions have none). */
    prices: z.array(ZCataloguePrice).optional(),
  })
  .superRefine((c, ctx) => {
    const issue = (rule: TCatalogueRule, path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message, params: { rule } });
    for (const i of duplicates(c.services, (s) => String(s.id)))
      issue('repeated', ['services', i, 'id'], 'repeated service id');
    for (const i of duplicates(c.services, (s) => s.code))
      issue('repeated', ['services', i, 'code'], 'repeated service code');
    for (const i of duplicates(c.versions, (v) => `${v.serviceId}/${v.code}`))
      issue('repeated', ['versions', i], 'repeated version of the same service');
    for (const i of duplicates(c.csps, (p) => p.code))
      issue('repeated', ['csps', i, 'code'], 'repeated provider code');
    for (const i of duplicates(c.regions, (r) => `${r.csp}/${r.code}`))
      issue('repeated', ['regions', i], 'repeated region of the same provider');
    for (const i of duplicates(c.insightRoles, (r) => r.code))
      issue('repeated', ['insightRoles', i, 'code'], 'repeated role');
    for (const i of duplicates(c.prices ?? [], (p) => p.sku))
      issue('repeated', ['prices', i, 'sku'], 'repeated SKU');
    const serviceIds = new Set(c.services.map((s) => s.id));
    const cspCodes = new Set(c.csps.map((p) => p.code));
    c.versions.forEach((v, i) => {
      if (!serviceIds.has(v.serviceId))
        issue('reference', ['versions', i, 'serviceId'], `no service ${v.serviceId} in the file`);
    });
    c.regions.forEach((r, i) => {
      if (!cspCodes.has(r.csp)) issue('reference', ['regions', i, 'csp'], `no provider ${r.csp} in the file`);
      r.serviceIds.forEach((id, j) => {
        if (!serviceIds.has(id))
          issue('reference', ['regions', i, 'serviceIds', j], `no service ${id} in the file`);
      });
      for (const j of duplicates(r.serviceIds, String))
        issue('repeated', ['regions', i, 'serviceIds', j], 'repeated service');
    });
    if (c.insightRoles.filter((r) => r.isDefault).length > 1)
      issue('default', ['insightRoles'], 'at most one role is the default');
  });

/** A catalogue as read from a file (defaults applied). */
export type TCatalogue = z.output<typeof ZCatalogue>;
export type TCatalogueService = z.output<typeof ZCatalogueService>;
export type TCatalogueVersion = z.output<typeof ZCatalogueVersion>;
export type TCatalogueRegion = z.output<typeof ZCatalogueRegion>;
export type TCataloguePrice = z.output<typeof ZCataloguePrice>;
