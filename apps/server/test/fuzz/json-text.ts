/**
 * JSON text built by hand, so that what `JSON.stringify` cannot say reaches the server: raw number
 * tokens (`1e309`, `-0`, 30-digit integers), lone surrogate escapes, duplicate keys, `__proto__`
 * keys, and references to the fixture (the signed-in account's id) resolved when a request is sent.
 */

/** Text inserted into the JSON as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A value of the fixture (account id, a user id, …), filled in when the request is sent. */
export class FixtureRef {
  constructor(readonly name: string) {}
}

/** An object whose entries are kept in order, duplicates and `__proto__` included. */
export class JsonEntries {
  constructor(readonly entries: readonly (readonly [string, TJsonValue])[]) {}
}

export type TJsonValue =
  | null
  | boolean
  | number
  | string
  | undefined
  | RawJson
  | FixtureRef
  | JsonEntries
  | readonly TJsonValue[]
  | { readonly [key: string]: TJsonValue };

export type TResolve = (ref: FixtureRef) => TJsonValue;

/** A plain object whose keys may be `__proto__` without touching the prototype. */
export function entriesOf(value: TJsonValue): [string, TJsonValue][] | null {
  if (value instanceof JsonEntries) return value.entries.map(([k, v]) => [k, v]);
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson)) {
    if (value instanceof FixtureRef) return null;
    return Object.keys(value).map((k) => [k, (value as Record<string, TJsonValue>)[k]]);
  }
  return null;
}

/** JSON.stringify of a string keeps lone surrogates as escapes already (well-formed stringify). */
function quote(text: string): string {
  return JSON.stringify(text);
}

/** The JSON text of a value; `undefined` entries are left out as JSON.stringify does. */
export function toJsonText(value: TJsonValue, resolve: TResolve): string {
  if (value === undefined || value === null) return 'null';
  if (value instanceof RawJson) return value.text;
  if (value instanceof FixtureRef) return toJsonText(resolve(value), resolve);
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined ? 'null' : toJsonText(v, resolve))).join(',')}]`;
  }
  const entries = entriesOf(value as TJsonValue) ?? [];
  return `{${entries
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${quote(k)}:${toJsonText(v, resolve)}`)
    .join(',')}}`;
}

/**
 * The value as the query string would carry it: scalars as text, arrays as comma lists (the
 * contract's list queries split on commas), objects as JSON.
 */
export function toQueryText(value: TJsonValue, resolve: TResolve): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (value instanceof FixtureRef) return toQueryText(resolve(value), resolve);
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => toQueryText(v, resolve) ?? '').join(',');
  return toJsonText(value, resolve);
}
