/**
 * The back office's catalogue and issuance (issue 40, item 6; decision 0054): the service
 * catalogue (services, versions, regions, prices) read and changed one row at a time under the
 * `catalogue import` command's rules, licences issued and released, registration invite codes
 * created and listed. Roles: every role reads; the owner changes the catalogue; the owner and
 * finance set prices and issue or release licences; the owner and support create invite codes.
 */
import { z } from 'zod';
import { SkuCategories } from '../billing-enums';
import { ErrorCode } from '../codes';
import { vkey, ZTimestamp } from '../schemas/common';
import {
  ZCatalogue,
  ZCataloguePrice,
  ZCatalogueRegion,
  ZCatalogueService,
  ZCatalogueVersion,
} from './catalogue-file';
import type { TOpsRouteDef } from './routes';
import { OpsRoles, type TOpsRole, ZOpsReason } from './schemas';

export * from './catalogue-file';

const everyRole = OpsRoles;
const catalogueEditors = ['owner'] as const satisfies readonly TOpsRole[];
/** Prices are the finance's work as much as the owner's. */
const priceEditors = ['owner', 'finance'] as const satisfies readonly TOpsRole[];
/** A licence is sold: the finance issues and releases it, with the owner. */
const licenceIssuers = ['owner', 'finance'] as const satisfies readonly TOpsRole[];
/** Invite codes go to the people support onboards. */
const inviteIssuers = ['owner', 'support'] as const satisfies readonly TOpsRole[];

/** The reason of every catalogue change and issuance, kept in the installation's audit. */
const withReason = { reason: ZOpsReason };

export const ZOpsCatalogueSku = z.object({
  code: z.string(),
  serviceId: z.number().int(),
  category: z.enum(SkuCategories),
  nameZh: z.string(),
  nameEn: z.string(),
  unit: z.string(),
});

export const ZOpsCatalogue = z.object({
  /** The catalogue as `catalogue export` prints it (prices included). */
  catalogue: ZCatalogue,
  /** What each price is for. */
  skus: z.array(ZOpsCatalogueSku),
  /** Rows still used (an instance, or a service's versions): removing them only disables them. */
  usage: z.object({
    services: z.array(z.number().int()),
    versions: z.array(z.string()),
    regions: z.array(z.string()),
  }),
  /** The installation's currency (decision 0016): prices are in its minor unit (fen or cents). */
  currency: z.enum(['CNY', 'USD']),
});
export type TOpsCatalogue = z.infer<typeof ZOpsCatalogue>;

export const ZOpsCatalogueServiceRequest = ZCatalogueService.extend(withReason);
export const ZOpsCatalogueVersionRequest = ZCatalogueVersion.extend(withReason);
export const ZOpsCatalogueRegionRequest = ZCatalogueRegion.extend(withReason);
export const ZOpsCataloguePriceRequest = ZCataloguePrice.extend(withReason);
export const ZOpsRemoveServiceRequest = z.strictObject({ id: ZCatalogueService.shape.id, ...withReason });
export const ZOpsRemoveVersionRequest = z.strictObject({
  serviceId: ZCatalogueVersion.shape.serviceId,
  code: ZCatalogueVersion.shape.code,
  ...withReason,
});
export const ZOpsRemoveRegionRequest = z.strictObject({
  csp: ZCatalogueRegion.shape.csp,
  code: ZCatalogueRegion.shape.code,
  ...withReason,
});

/** written: created or updated; deleted: removed; disabled: removed from offer but kept, as still used. */
export const ZOpsCatalogueChange = z.object({
  key: z.string(),
  outcome: z.enum(['written', 'deleted', 'disabled']),
});
export type TOpsCatalogueChange = z.infer<typeof ZOpsCatalogueChange>;

// ---------------------------------------------------------------------------------------------
// licences

export const OpsLicenseStatuses = ['ALIVE', 'EXPIRED', 'RELEASED'] as const;

/** An activated licence of this installation (the signed text itself is never listed). */
export const ZOpsLicense = z.object({
  licenseId: z.string(),
  customer: z.string(),
  status: z.enum(OpsLicenseStatuses),
  activatedAt: ZTimestamp,
  expireTime: ZTimestamp,
  releasedAt: ZTimestamp.nullable(),
});
export const ZOpsLicenseList = z.object({
  list: z.array(ZOpsLicense),
  total: z.number().int(),
  /** Whether the console can issue licences here (the development key answers; see code 4374). */
  canIssue: z.boolean(),
});

export const ZOpsIssueLicenseRequest = z.strictObject({
  customer: z.string().trim().min(1, vkey('required')).max(100, vkey('invalid')),
  days: z.number().int().min(1, vkey('invalid')).max(3650, vkey('invalid')),
  ...withReason,
});
/** The signed licence is shown once, here: the customer activates it; it is not kept by the console. */
export const ZOpsIssuedLicense = z.object({
  license: z.string(),
  licenseId: z.string(),
  customer: z.string(),
  issuedAt: ZTimestamp,
  expireTime: ZTimestamp,
});
export const ZOpsReleaseLicenseRequest = z.strictObject({
  licenseId: z.string().trim().min(1, vkey('required')).max(100, vkey('invalid')),
  ...withReason,
});

// ---------------------------------------------------------------------------------------------
// invite codes

/** Invite codes as the registration reads them: at most 16 letters, digits, - or _. */
export const inviteCodePattern = /^[A-Za-z0-9_-]{4,16}$/;

export const OpsInviteStates = ['usable', 'usedUp', 'expired'] as const;

/** An invite code in a list: its text masked (it is a secret once handed out), its uses and end. */
export const ZOpsInviteCode = z.object({
  codeMasked: z.string(),
  maxUses: z.number().int(),
  usedCount: z.number().int(),
  expiresAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  state: z.enum(OpsInviteStates),
});
export const ZOpsInviteCodeList = z.object({
  list: z.array(ZOpsInviteCode),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export const ZOpsInviteCodeListQuery = z.object({
  pageNo: z.coerce.number().int().min(0).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export const ZOpsCreateInviteCodeRequest = z.strictObject({
  /** Left out: a random code of 12 characters is generated. */
  code: z.string().trim().regex(inviteCodePattern, vkey('invalid')).optional(),
  maxUses: z.number().int().min(1, vkey('invalid')).max(100_000, vkey('invalid')),
  /** Null: valid until used up. */
  validDays: z.number().int().min(1, vkey('invalid')).max(3650, vkey('invalid')).nullable(),
  ...withReason,
});
/** The code in full is shown once, here. */
export const ZOpsCreatedInviteCode = z.object({
  code: z.string(),
  maxUses: z.number().int(),
  expiresAt: ZTimestamp.nullable(),
});

const catalogueCodes = [
  ErrorCode.opsCatalogueRefused,
  ErrorCode.opsCatalogueKeyTaken,
  ErrorCode.opsCatalogueRowNotFound,
  ErrorCode.opsCatalogueReferenceMissing,
];

function catalogueRoute<B extends z.ZodType>(
  path: string,
  summary: string,
  body: B,
  roles: readonly TOpsRole[] = catalogueEditors,
) {
  return {
    method: 'POST',
    path: `/api/ops/catalogue/${path}`,
    access: 'operator',
    roles,
    tag: 'ops-catalogue',
    summary,
    body,
    response: ZOpsCatalogueChange,
    codes: catalogueCodes,
  } as const;
}

export const opsCatalogueRoutes = {
  opsGetCatalogue: {
    method: 'GET',
    path: '/api/ops/catalogue',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-catalogue',
    summary: 'The service catalogue (services, versions, providers, regions, prices) and which rows are used',
    response: ZOpsCatalogue,
  },
  opsCreateCatalogueService: catalogueRoute(
    'services/create',
    'Adds a service (with a reason), under the catalogue import’s rules',
    ZOpsCatalogueServiceRequest,
  ),
  opsUpdateCatalogueService: catalogueRoute(
    'services/update',
    'Changes a service, named by its id (with a reason)',
    ZOpsCatalogueServiceRequest,
  ),
  opsRemoveCatalogueService: catalogueRoute(
    'services/remove',
    'Removes a service (with a reason): deleted when nothing uses it, else only disabled',
    ZOpsRemoveServiceRequest,
  ),
  opsCreateCatalogueVersion: catalogueRoute(
    'versions/create',
    'Adds a version of a service (with a reason)',
    ZOpsCatalogueVersionRequest,
  ),
  opsUpdateCatalogueVersion: catalogueRoute(
    'versions/update',
    'Changes a version, named by its service and code (with a reason)',
    ZOpsCatalogueVersionRequest,
  ),
  opsRemoveCatalogueVersion: catalogueRoute(
    'versions/remove',
    'Removes a version (with a reason): deleted when no instance uses it, else only disabled',
    ZOpsRemoveVersionRequest,
  ),
  opsCreateCatalogueRegion: catalogueRoute(
    'regions/create',
    'Adds a region of a cloud provider with the services it offers (with a reason)',
    ZOpsCatalogueRegionRequest,
  ),
  opsUpdateCatalogueRegion: catalogueRoute(
    'regions/update',
    'Changes a region, named by its provider and code (with a reason)',
    ZOpsCatalogueRegionRequest,
  ),
  opsRemoveCatalogueRegion: catalogueRoute(
    'regions/remove',
    'Removes a region (with a reason): deleted when no instance uses it, else only disabled',
    ZOpsRemoveRegionRequest,
  ),
  opsUpdateCataloguePrice: catalogueRoute(
    'prices/update',
    "Sets a SKU's list price in fen per unit (with a reason): usage rated from now on is charged at it",
    ZOpsCataloguePriceRequest,
    priceEditors,
  ),
  opsListLicenses: {
    method: 'GET',
    path: '/api/ops/licenses',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-issuance',
    summary: "The installation's activated licences with their state",
    response: ZOpsLicenseList,
  },
  opsIssueLicense: {
    method: 'POST',
    path: '/api/ops/licenses/issue',
    access: 'operator',
    roles: licenceIssuers,
    tag: 'ops-issuance',
    summary: 'Issues a signed licence for a customer (with a reason), shown once, as `license-issue` does',
    body: ZOpsIssueLicenseRequest,
    response: ZOpsIssuedLicense,
    codes: [ErrorCode.opsLicenseKeyOffline],
  },
  opsReleaseLicense: {
    method: 'POST',
    path: '/api/ops/licenses/release',
    access: 'operator',
    roles: licenceIssuers,
    tag: 'ops-issuance',
    summary: 'Releases an activated licence (with a reason), as `license-release` does',
    body: ZOpsReleaseLicenseRequest,
    response: ZOpsLicense,
    codes: [ErrorCode.opsLicenseNotFound],
  },
  opsListInviteCodes: {
    method: 'GET',
    path: '/api/ops/invite-codes',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-issuance',
    summary: 'Registration invite codes, newest first, masked, with their uses and state',
    query: ZOpsInviteCodeListQuery,
    response: ZOpsInviteCodeList,
  },
  opsCreateInviteCode: {
    method: 'POST',
    path: '/api/ops/invite-codes',
    access: 'operator',
    roles: inviteIssuers,
    tag: 'ops-issuance',
    summary: 'Creates a registration invite code (with a reason), shown once, as `invite-create` does',
    body: ZOpsCreateInviteCodeRequest,
    response: ZOpsCreatedInviteCode,
    codes: [ErrorCode.opsInviteCodeExists],
  },
} as const satisfies Record<string, TOpsRouteDef>;
