/**
 * PATCH (RFC 7644 section 3.5.2) applied to a resource's SCIM representation: the service maps the
 * result back as it maps a PUT, so one mapping holds the rules. Operation names are read in any
 * case (Entra ID sends `Replace`), a path-less operation takes an object of attributes (Okta's
 * `{"op":"replace","value":{"active":false}}`, and dotted keys such as `name.givenName`), and a
 * filtered path that matches nothing in an `add` or `replace` of `type eq "…"` creates that element
 * (Entra ID's `emails[type eq "work"].value` for a user without a work address).
 */

import { ScimSchemas, scimError } from './scim-errors';
import { bareAttribute, matchesElement, parsePatchPath, type TPatchPath } from './scim-filter';

type TJson = Record<string, unknown>;
type TOp = 'add' | 'replace' | 'remove';

/** Most operations in one request. */
const operationsMax = 100;

function keyOf(object: TJson, name: string): string {
  return Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
}

function isObject(value: unknown): value is TJson {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Elements of a multi-valued attribute, made an array. */
function elementsOf(value: unknown): TJson[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => (isObject(v) ? v : { value: v }));
}

/** Adds elements to a multi-valued attribute, skipping those whose `value` is already there. */
function mergeElements(current: unknown, added: unknown): TJson[] {
  const list = elementsOf(current);
  for (const element of elementsOf(added)) {
    const value = element.value;
    const at = list.findIndex((e) => value !== undefined && String(e.value) === String(value));
    if (at === -1) list.push(element);
    else list[at] = { ...list[at], ...element };
  }
  return list;
}

/** An attribute of the whole resource, at `path` (no filter). */
function setAttribute(resource: TJson, path: TPatchPath, op: TOp, value: unknown): void {
  const key = keyOf(resource, path.attr);
  if (path.sub === null) {
    if (op === 'remove') {
      delete resource[key];
    } else if (op === 'add' && Array.isArray(resource[key])) {
      resource[key] = mergeElements(resource[key], value);
    } else if (op === 'add' && isObject(resource[key]) && isObject(value)) {
      resource[key] = { ...(resource[key] as TJson), ...value };
    } else {
      resource[key] = value;
    }
    return;
  }
  const parent = resource[key];
  if (Array.isArray(parent)) {
    // emails.value without a filter: the primary (or first) element.
    const elements = elementsOf(parent);
    const target = elements.find((e) => e.primary === true) ?? elements[0];
    if (op === 'remove') {
      if (target) delete target[keyOf(target, path.sub)];
    } else if (target) {
      target[keyOf(target, path.sub)] = value;
    } else {
      elements.push({ [path.sub]: value, primary: true });
    }
    resource[key] = elements;
    return;
  }
  const object: TJson = isObject(parent) ? { ...parent } : {};
  if (op === 'remove') delete object[keyOf(object, path.sub)];
  else object[keyOf(object, path.sub)] = value;
  resource[key] = object;
}

/** `attr[filter]` or `attr[filter].sub`. */
function setFiltered(resource: TJson, path: TPatchPath, op: TOp, value: unknown): void {
  const filter = path.filter;
  if (!filter) return;
  const key = keyOf(resource, path.attr);
  const elements = elementsOf(resource[key]);
  const matching = elements.filter((e) => matchesElement(filter, e));
  if (op === 'remove') {
    if (path.sub === null) {
      resource[key] = elements.filter((e) => !matching.includes(e));
    } else {
      for (const e of matching) delete e[keyOf(e, path.sub)];
      resource[key] = elements;
    }
    return;
  }
  if (matching.length === 0) {
    // A type the resource does not have yet: created, as the identity providers expect.
    if (filter.op === 'eq' && bareAttribute(filter.attrPath) === 'type') {
      const created: TJson = { type: filter.compValue };
      if (path.sub === null) Object.assign(created, isObject(value) ? value : { value });
      else created[path.sub] = value;
      if (elements.length === 0) created.primary = true;
      resource[key] = [...elements, created];
      return;
    }
    throw scimError.noTarget(`No element of ${path.attr} matches the filter of the path`);
  }
  for (const e of matching) {
    if (path.sub === null) Object.assign(e, isObject(value) ? value : { value });
    else e[keyOf(e, path.sub)] = value;
  }
  resource[key] = elements;
}

function operationName(raw: unknown): TOp {
  const name = typeof raw === 'string' ? raw.toLowerCase() : '';
  if (name === 'add' || name === 'replace' || name === 'remove') return name;
  throw scimError.invalidSyntax(`Unknown PATCH operation: ${String(raw)}; use add, replace or remove`);
}

/**
 * Applies a PatchOp request body to a copy of `resource`; answers the patched copy. Read-only
 * attributes (`id`, `meta`, `schemas`) cannot be targeted.
 */
export function applyPatch(resource: TJson, body: unknown): TJson {
  if (!isObject(body)) throw scimError.invalidSyntax('The body must be a PatchOp object');
  const schemas = body.schemas;
  if (Array.isArray(schemas) && !schemas.includes(ScimSchemas.patchOp)) {
    throw scimError.invalidSyntax(`A PATCH body names the schema ${ScimSchemas.patchOp}`);
  }
  const operations = body.Operations ?? body.operations;
  if (!Array.isArray(operations) || operations.length === 0) {
    throw scimError.invalidSyntax('A PATCH body carries a non-empty Operations list');
  }
  if (operations.length > operationsMax) throw scimError.invalidValue(`At most ${operationsMax} operations`);
  const patched = structuredClone(resource);
  for (const raw of operations) {
    if (!isObject(raw)) throw scimError.invalidSyntax('Each operation is an object');
    const op = operationName(raw.op);
    const value = raw.value;
    const path = typeof raw.path === 'string' && raw.path.trim() !== '' ? raw.path : null;
    if (path === null) {
      if (op === 'remove') throw scimError.noTarget('A remove operation needs a path');
      if (!isObject(value))
        throw scimError.invalidValue('An operation without a path carries an object of attributes');
      for (const [name, attributeValue] of Object.entries(value)) {
        // Okta repeats the resource's own id in a path-less replace: it changes nothing.
        if (name.toLowerCase() === 'id' && String(attributeValue) === String(patched.id)) continue;
        apply(patched, parsePatchPath(name), op, attributeValue);
      }
      continue;
    }
    if (op !== 'remove' && value === undefined)
      throw scimError.invalidValue(`The ${op} of ${path} has no value`);
    apply(patched, parsePatchPath(path), op, value);
  }
  return patched;
}

function apply(resource: TJson, path: TPatchPath, op: TOp, value: unknown): void {
  if (path.attr === 'schemas' || path.attr === 'meta') {
    throw scimError.mutability(`${path.attr} is read-only`);
  }
  if (path.attr === 'id') throw scimError.mutability('id is read-only');
  if (op === 'remove' && path.filter === null && path.sub === null && Array.isArray(value)) {
    // Entra ID removes members by value: {"op":"Remove","path":"members","value":[{"value":"7"}]}.
    const key = keyOf(resource, path.attr);
    const gone = new Set(elementsOf(value).map((e) => String(e.value)));
    resource[key] = elementsOf(resource[key]).filter((e) => !gone.has(String(e.value)));
    return;
  }
  if (path.filter) setFiltered(resource, path, op, value);
  else setAttribute(resource, path, op, value);
}
