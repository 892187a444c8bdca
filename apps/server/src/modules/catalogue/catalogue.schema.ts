/**
 * The file the `catalogue export` command writes and `catalogue import` reads: the whole service
 * catalogue (services, their versions, cloud providers, regions with the services they offer,
 * Insight roles). Rows are named by their natural keys (service id, service id + version code,
 * provider code, provider + region code, role code), never by generated ids, so a file moves
 * between installations.
 */
import { ServiceVersionCodes } from '@console/contract';
import { z } from 'zod';

const ZName = z.string().trim().min(1).max(100);
const ZSort = z.number().int().min(-1_000_000).max(1_000_000).default(0);

export const ZCatalogueService = z.strictObject({
  /** The product kind of spec section 3 (studio 1, decision 2, hengshi 3). */
  id: z.number().int().min(1).max(32_767),
  code: z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/, 'lower-case letters, digits, _ and -'),
  nameZh: ZName,
  nameEn: ZName,
  descriptionZh: z.string().trim().max(500).default(''),
  descriptionEn: z.string().trim().max(500).default(''),
  sort: ZSort,
  isEnabled: z.boolean().default(true),
});

export const ZCatalogueVersion = z.strictObject({
  serviceId: z.number().int().min(1).max(32_767),
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
  serviceIds: z.array(z.number().int().min(1).max(32_767)).default([]),
});

export const ZCatalogueInsightRole = z.strictObject({
  code: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, 'letters, digits and _'),
  nameZh: ZName,
  nameEn: ZName,
  isDefault: z.boolean().default(false),
  sort: ZSort,
});

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
  })
  .superRefine((c, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    for (const i of duplicates(c.services, (s) => String(s.id)))
      issue(['services', i, 'id'], 'repeated service id');
    for (const i of duplicates(c.services, (s) => s.code))
      issue(['services', i, 'code'], 'repeated service code');
    for (const i of duplicates(c.versions, (v) => `${v.serviceId}/${v.code}`))
      issue(['versions', i], 'repeated version of the same service');
    for (const i of duplicates(c.csps, (p) => p.code)) issue(['csps', i, 'code'], 'repeated provider code');
    for (const i of duplicates(c.regions, (r) => `${r.csp}/${r.code}`))
      issue(['regions', i], 'repeated region of the same provider');
    for (const i of duplicates(c.insightRoles, (r) => r.code))
      issue(['insightRoles', i, 'code'], 'repeated role');
    const serviceIds = new Set(c.services.map((s) => s.id));
    const cspCodes = new Set(c.csps.map((p) => p.code));
    c.versions.forEach((v, i) => {
      if (!serviceIds.has(v.serviceId))
        issue(['versions', i, 'serviceId'], `no service ${v.serviceId} in the file`);
    });
    c.regions.forEach((r, i) => {
      if (!cspCodes.has(r.csp)) issue(['regions', i, 'csp'], `no provider ${r.csp} in the file`);
      r.serviceIds.forEach((id, j) => {
        if (!serviceIds.has(id)) issue(['regions', i, 'serviceIds', j], `no service ${id} in the file`);
      });
      for (const j of duplicates(r.serviceIds, String))
        issue(['regions', i, 'serviceIds', j], 'repeated service');
    });
    if (c.insightRoles.filter((r) => r.isDefault).length > 1)
      issue(['insightRoles'], 'at most one role is the default');
  });

/** A catalogue as read from a file (defaults applied). */
export type TCatalogue = z.output<typeof ZCatalogue>;

/** The catalogue of a file, or the list of what is wrong with it (one line per problem). */
export function parseCatalogue(
  input: unknown,
): { isValid: true; catalogue: TCatalogue } | { isValid: false; problems: string[] } {
  const result = ZCatalogue.safeParse(input);
  if (result.success) return { isValid: true, catalogue: result.data };
  return {
    isValid: false,
    problems: result.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(file)'}: ${i.message}`),
  };
}
