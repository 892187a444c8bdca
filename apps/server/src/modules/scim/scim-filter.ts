/**
 * SCIM filters and attribute paths (RFC 7644 sections 3.4.2.2 and 3.5.2), parsed with
 * `scim2-parse-filter` and translated to what the repository can search: `eq` of the attributes
 * below, joined by `and`, `or` and `not`. Anything else is a 400 `invalidFilter`, never a 500.
 */
import { type Filter, parse } from 'scim2-parse-filter';
import type { TScimWhere } from './scim.repository';
import { ScimSchemas, scimError } from './scim-errors';

/** Searchable attributes (lower-case SCIM path → the repository's name). */
const searchable = {
  User: {
    id: 'id',
    username: 'username',
    'emails.value': 'email',
    emails: 'email',
    externalid: 'externalId',
    displayname: 'displayName',
    'name.formatted': 'displayName',
    active: 'active',
  },
  Group: {
    id: 'id',
    displayname: 'displayName',
    externalid: 'externalId',
    'members.value': 'members',
    members: 'members',
  },
} as const;

export type TResourceName = keyof typeof searchable;

const schemaPrefixes = [ScimSchemas.user, ScimSchemas.group, ScimSchemas.enterpriseUser].map(
  (urn) => `${urn.toLowerCase()}:`,
);

/** An attribute path without its schema prefix, lower-case (`urn:…:User:userName` → `username`). */
export function bareAttribute(path: string): string {
  const lower = path.trim().toLowerCase();
  const prefix = schemaPrefixes.find((p) => lower.startsWith(p));
  return prefix ? lower.slice(prefix.length) : lower;
}

function parseText(text: string): Filter {
  try {
    return parse(text);
  } catch {
    throw scimError.invalidFilter(`The filter could not be parsed: ${text.slice(0, 200)}`);
  }
}

function translate(node: Filter, resource: TResourceName, depth: number): TScimWhere {
  if (depth > 10) throw scimError.invalidFilter('The filter is nested too deeply');
  switch (node.op) {
    case 'and':
    case 'or':
      return { op: node.op, items: node.filters.map((f) => translate(f, resource, depth + 1)) };
    case 'not':
      return { op: 'not', item: translate(node.filter, resource, depth + 1) };
    case '[]': {
      // emails[value eq "x"], members[value eq "1"]: the value filter of a multi-valued attribute.
      const inner = node.valFilter;
      if (inner.op === 'eq' && bareAttribute(inner.attrPath) === 'value') {
        return translate({ ...inner, attrPath: `${node.attrPath}.value` }, resource, depth + 1);
      }
      throw scimError.invalidFilter(`Unsupported filter on ${node.attrPath}`);
    }
    case 'eq': {
      const names: Readonly<Record<string, string>> = searchable[resource];
      const attr = names[bareAttribute(node.attrPath)];
      if (!attr) {
        throw scimError.invalidFilter(
          `Filtering ${resource}s by ${node.attrPath} is not supported; use ${Object.keys(names).join(', ')}`,
        );
      }
      const value = node.compValue;
      if (attr === 'active') {
        if (typeof value !== 'boolean') throw scimError.invalidFilter('active compares with true or false');
        return { op: 'eq', attr, value };
      }
      if (typeof value !== 'string') throw scimError.invalidFilter(`${node.attrPath} compares with a string`);
      return { op: 'eq', attr, value };
    }
    default:
      throw scimError.invalidFilter(`The operator ${node.op} is not supported; use eq, and, or, not`);
  }
}

/** A `filter` query parameter as the repository's condition; null for none. */
export function parseFilter(text: string | undefined, resource: TResourceName): TScimWhere | null {
  if (text === undefined || text.trim() === '') return null;
  if (text.length > 2000) throw scimError.invalidFilter('The filter is too long');
  return translate(parseText(text), resource, 0);
}

// ---- PATCH paths --------------------------------------------------------------------------------

/** A PATCH path: `attr`, `attr.sub`, `attr[filter]` or `attr[filter].sub` (lower-case names). */
export type TPatchPath = { attr: string; sub: string | null; filter: Filter | null };

export function parsePatchPath(path: string): TPatchPath {
  const bare = path.trim();
  const bracket = bare.indexOf('[');
  if (bracket === -1) {
    const plain = bareAttribute(bare);
    // An extension's attributes as one object (its URN): kept, and ignored by the mapping.
    if (plain.startsWith('urn:')) return { attr: plain, sub: null, filter: null };
    if (!/^[a-z$][a-z0-9_$-]*(\.[a-z0-9_$-]+)?$/.test(plain))
      throw scimError.invalidPath(`Invalid path: ${path}`);
    const [attr, sub] = plain.split('.');
    return { attr: attr ?? plain, sub: sub ?? null, filter: null };
  }
  const close = bare.lastIndexOf(']');
  if (close < bracket) throw scimError.invalidPath(`Invalid path: ${path}`);
  const attr = bareAttribute(bare.slice(0, bracket));
  const rest = bare.slice(close + 1);
  if (rest !== '' && !/^\.[A-Za-z0-9_$-]+$/.test(rest)) throw scimError.invalidPath(`Invalid path: ${path}`);
  let filter: Filter;
  try {
    filter = parse(bare.slice(bracket + 1, close));
  } catch {
    throw scimError.invalidPath(`The value filter of ${path} could not be parsed`);
  }
  return { attr, sub: rest ? rest.slice(1).toLowerCase() : null, filter };
}

function fieldOf(element: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(element).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : element[key];
}

/** Whether an element of a multi-valued attribute matches a value filter (strings: any case). */
export function matchesElement(filter: Filter, element: unknown): boolean {
  if (!element || typeof element !== 'object') return false;
  const e = element as Record<string, unknown>;
  switch (filter.op) {
    case 'and':
      return filter.filters.every((f) => matchesElement(f, element));
    case 'or':
      return filter.filters.some((f) => matchesElement(f, element));
    case 'not':
      return !matchesElement(filter.filter, element);
    case 'pr':
      return fieldOf(e, bareAttribute(filter.attrPath)) != null;
    case 'eq':
    case 'ne': {
      const actual = fieldOf(e, bareAttribute(filter.attrPath));
      const expected = filter.compValue;
      const same =
        typeof actual === 'string' && typeof expected === 'string'
          ? actual.toLowerCase() === expected.toLowerCase()
          : String(actual) === String(expected);
      return filter.op === 'eq' ? same : !same;
    }
    default:
      throw scimError.invalidFilter(`The operator ${filter.op} is not supported in a path`);
  }
}
