/**
 * SCIM representations (RFC 7643): users and roles as `User` and `Group` resources with their
 * `meta` and version, and the discovery documents (`ServiceProviderConfig`, `ResourceTypes`,
 * `Schemas`) that say what this service supports.
 */
import { createHash } from 'node:crypto';
import type { TRoleMemberRow, TScimRoleRow, TScimUserRow } from './scim.repository';
import { ScimSchemas } from './scim-errors';

/** Most resources one list answers (`count` above it is lowered to it). */
export const scimMaxResults = 200;
/** `count` when the request names none. */
export const scimDefaultCount = 100;

type TJson = Record<string, unknown>;

/** The weak version of a representation: a digest of everything but `meta`. */
export function versionOf(resource: TJson): string {
  const { meta: _meta, ...rest } = resource;
  return `W/"${createHash('sha256').update(JSON.stringify(rest)).digest('base64url').slice(0, 22)}"`;
}

function withMeta(
  resource: TJson,
  meta: { resourceType: string; created: Date; lastModified: Date; location: string },
) {
  return {
    ...resource,
    meta: {
      resourceType: meta.resourceType,
      created: meta.created.toISOString(),
      lastModified: meta.lastModified.toISOString(),
      location: meta.location,
      version: versionOf(resource),
    },
  };
}

/** `+86 13800000000`, as a phone is shown to identity providers. */
export function phoneValue(phone: string, phoneCode: string): string {
  return `+${phoneCode} ${phone}`;
}

export function userResource(row: TScimUserRow, baseUrl: string): TJson {
  const resource: TJson = {
    schemas: [ScimSchemas.user],
    id: String(row.id),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.username,
    name: { formatted: row.displayName || row.username },
    displayName: row.displayName || row.username,
    ...(row.title ? { title: row.title } : {}),
    active: row.isEnabled,
    ...(row.email ? { emails: [{ value: row.email, type: 'work', primary: true }] } : {}),
    ...(row.phone
      ? { phoneNumbers: [{ value: phoneValue(row.phone, row.phoneCode), type: 'work', primary: true }] }
      : {}),
  };
  return withMeta(resource, {
    resourceType: 'User',
    created: row.createdAt,
    lastModified: row.updatedAt,
    location: `${baseUrl}/Users/${row.id}`,
  });
}

export function groupResource(row: TScimRoleRow, members: readonly TRoleMemberRow[], baseUrl: string): TJson {
  const resource: TJson = {
    schemas: [ScimSchemas.group],
    id: String(row.id),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.name,
    members: members.map((m) => ({
      value: String(m.userId),
      display: m.displayName || m.username,
      type: 'User',
      $ref: `${baseUrl}/Users/${m.userId}`,
    })),
  };
  const lastGrant = members.reduce((at, m) => (m.grantedAt > at ? m.grantedAt : at), row.createdAt);
  return withMeta(resource, {
    resourceType: 'Group',
    created: row.createdAt,
    lastModified: lastGrant,
    location: `${baseUrl}/Groups/${row.id}`,
  });
}

/** `attributes` / `excludedAttributes` of a request, applied to top-level attributes. */
export function projected(
  resource: TJson,
  attributes: string | undefined,
  excluded: string | undefined,
): TJson {
  const names = (text: string | undefined) =>
    (text ?? '')
      .split(',')
      .map((n) => n.trim().toLowerCase().split('.')[0] ?? '')
      .map((n) => n.slice(n.lastIndexOf(':') + 1))
      .filter(Boolean);
  const always = new Set(['schemas', 'id', 'meta']);
  const keep = names(attributes);
  const drop = new Set(names(excluded));
  return Object.fromEntries(
    Object.entries(resource).filter(([key]) => {
      const k = key.toLowerCase();
      if (always.has(k)) return true;
      if (keep.length > 0) return keep.includes(k);
      return !drop.has(k);
    }),
  );
}

export function listResponse(resources: TJson[], total: number, startIndex: number): TJson {
  return {
    schemas: [ScimSchemas.listResponse],
    totalResults: total,
    itemsPerPage: resources.length,
    startIndex,
    Resources: resources,
  };
}

// ---- discovery (RFC 7644 section 4) --------------------------------------------------------------

export function serviceProviderConfig(baseUrl: string): TJson {
  return {
    schemas: [ScimSchemas.serviceProviderConfig],
    documentationUri: `${baseUrl.replace(/\/scim\/v2\/.*$/, '')}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: scimMaxResults },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description:
          'A SCIM provisioning token that an account administrator creates on the SSO page, sent as Authorization: Bearer <token>',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string): TJson[] {
  return [
    {
      schemas: [ScimSchemas.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A regular user of the account',
      schema: ScimSchemas.user,
      schemaExtensions: [],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: [ScimSchemas.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A role of the account (the administrator group is the role account_admin)',
      schema: ScimSchemas.group,
      schemaExtensions: [],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

type TAttr = {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  uniqueness?: 'none' | 'server';
  description: string;
  subAttributes?: TAttr[];
  referenceTypes?: string[];
};

function attribute(a: TAttr): TJson {
  return {
    name: a.name,
    type: a.type,
    multiValued: a.multiValued ?? false,
    description: a.description,
    required: a.required ?? false,
    caseExact: a.caseExact ?? false,
    mutability: a.mutability ?? 'readWrite',
    returned: 'default',
    uniqueness: a.uniqueness ?? 'none',
    ...(a.referenceTypes ? { referenceTypes: a.referenceTypes } : {}),
    ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attribute) } : {}),
  };
}

const multiValue = (what: string): TAttr[] => [
  { name: 'value', type: 'string', description: what },
  { name: 'type', type: 'string', description: 'work, home, other' },
  { name: 'primary', type: 'boolean', description: 'The one the console keeps' },
];

export function schemas(baseUrl: string): TJson[] {
  const user: TAttr[] = [
    {
      name: 'userName',
      type: 'string',
      required: true,
      uniqueness: 'server',
      mutability: 'immutable',
      description:
        'The console username: starts with a letter, then letters, digits or underscores, 5 to 32 characters; unique in the account, any case; not changed after creation',
    },
    {
      name: 'name',
      type: 'complex',
      description: 'name.formatted is the display name (when displayName is absent)',
      subAttributes: [
        { name: 'formatted', type: 'string', description: 'The display name' },
        {
          name: 'givenName',
          type: 'string',
          description: 'Read, not kept (with familyName, the display name when nothing else names one)',
        },
        { name: 'familyName', type: 'string', description: 'Read, not kept' },
      ],
    },
    { name: 'displayName', type: 'string', description: 'The display name, up to 64 characters' },
    { name: 'title', type: 'string', description: 'The job title, up to 64 characters' },
    {
      name: 'active',
      type: 'boolean',
      description: 'false disables the user and ends their sessions at once',
    },
    {
      name: 'emails',
      type: 'complex',
      multiValued: true,
      description: 'The primary (or first) one is the console e-mail',
      subAttributes: multiValue('E-mail address'),
    },
    {
      name: 'phoneNumbers',
      type: 'complex',
      multiValued: true,
      description:
        'The primary (or first) one is the console phone when it is a mainland China mobile number (+86)',
      subAttributes: multiValue('Phone number'),
    },
  ];
  const group: TAttr[] = [
    {
      name: 'displayName',
      type: 'string',
      required: true,
      mutability: 'immutable',
      description: 'The role name (the role code is accepted in filters)',
    },
    {
      name: 'members',
      type: 'complex',
      multiValued: true,
      description: 'Users holding the role',
      subAttributes: [
        { name: 'value', type: 'string', mutability: 'immutable', description: 'The id of a user' },
        {
          name: '$ref',
          type: 'reference',
          mutability: 'immutable',
          referenceTypes: ['User'],
          description: 'The URI of the user',
        },
        {
          name: 'display',
          type: 'string',
          mutability: 'readOnly',
          description: 'The display name of the user',
        },
        { name: 'type', type: 'string', mutability: 'immutable', description: 'User' },
      ],
    },
  ];
  const schema = (id: string, name: string, description: string, attributes: TAttr[]) => ({
    schemas: [ScimSchemas.schema],
    id,
    name,
    description,
    attributes: attributes.map(attribute),
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  return [
    schema(ScimSchemas.user, 'User', 'A regular user of the account', user),
    schema(ScimSchemas.group, 'Group', 'A role of the account', group),
  ];
}
