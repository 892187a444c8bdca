/**
 * fast-check arbitraries derived from the contract's zod schemas (zod 4, read through
 * `schema._zod.def`): valid values at the edges of every limit the schema states (shortest and
 * longest strings, smallest and largest numbers, empty and fullest arrays, every enum member),
 * values just beyond those edges, and hostile values that no schema accepts (wrong types, 1 MiB
 * strings, control characters and lone surrogates, 10,000-level nesting, prototype-pollution
 * keys, numbers JSON cannot hold). Bodies, queries, headers and path parameters are built from
 * them; the raw-payload arbitrary adds what only bytes can say (invalid UTF-8, broken JSON, wrong
 * content types, bodies over the limit).
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { FixtureRef, JsonEntries, RawJson, type TJsonValue, toJsonText, toQueryText } from './json-text';

type TDef = {
  type: string;
  checks?: readonly { _zod: { def: TCheckDef } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: readonly z.ZodType[];
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  valueType?: z.ZodType;
  coerce?: boolean;
};
type TCheckDef = {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
};

export function defOf(schema: z.ZodType): TDef {
  return (schema as unknown as { _zod: { def: TDef } })._zod.def;
}

/** Whether an object key may be left out (optional, default, or preprocessing to optional). */
export function isOptionalKey(schema: z.ZodType): boolean {
  return (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';
}

/** Strips optional, nullable, default and preprocessing wrappers. */
export function coreOf(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 10; i += 1) {
    const def = defOf(current);
    if (
      ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)
    ) {
      current = def.innerType as z.ZodType;
    } else if (def.type === 'pipe') {
      current = (defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in) as z.ZodType;
    } else {
      return current;
    }
  }
  return current;
}

/** The object shape of a request schema, when it is an object. */
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | null {
  if (!schema) return null;
  const def = defOf(coreOf(schema));
  return def.type === 'object' ? (def.shape ?? {}) : null;
}

// ---- limits ------------------------------------------------------------------------------------

type TLengthLimits = { min: number; max: number; patterns: RegExp[]; isTrimmed: boolean };

const unboundedLength = 300;

function lengthLimits(def: TDef): TLengthLimits {
  const limits: TLengthLimits = { min: 0, max: Number.POSITIVE_INFINITY, patterns: [], isTrimmed: false };
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length' && c.minimum !== undefined) limits.min = Math.max(limits.min, c.minimum);
    if (c.check === 'max_length' && c.maximum !== undefined) limits.max = Math.min(limits.max, c.maximum);
    if (c.check === 'length_equals' && c.length !== undefined) {
      limits.min = c.length;
      limits.max = c.length;
    }
    if (c.check === 'string_format' && c.pattern) limits.patterns.push(c.pattern);
    if (c.check === 'overwrite') limits.isTrimmed = true;
  }
  return limits;
}

type TNumberLimits = { min: number; max: number; isInt: boolean };

function numberLimits(def: TDef): TNumberLimits {
  const limits: TNumberLimits = { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, isInt: false };
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32')) {
      limits.isInt = true;
      const bound = c.format === 'int32' ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER;
      limits.min = Math.max(limits.min, c.format === 'int32' ? -(2 ** 31) : -bound);
      limits.max = Math.min(limits.max, bound);
    }
    if (c.check === 'greater_than' && c.value !== undefined) {
      const v = Number(c.value);
      limits.min = Math.max(
        limits.min,
        c.inclusive ? v : v + (limits.isInt || Number.isInteger(v) ? 1 : 1e-9),
      );
    }
    if (c.check === 'less_than' && c.value !== undefined) {
      const v = Number(c.value);
      limits.max = Math.min(limits.max, c.inclusive ? v : v - (Number.isInteger(v) ? 1 : 1e-9));
    }
  }
  if (limits.isInt) {
    limits.min = Math.ceil(limits.min);
    limits.max = Math.floor(limits.max);
  }
  return limits;
}

// ---- valid values at the edges -------------------------------------------------------------------

/** Values of the fixture that make a valid request reach the handler (its own account, a user). */
const fixtureHints: Record<string, string> = {
  accountId: 'accountId',
  userId: 'memberId',
  ids: 'memberId',
  id: 'memberId',
  instanceId: 'instanceId',
};

const printable = fc.constantFrom('a', 'Z', '0', '_', '-', '.', '@', ' ', '中', 'é', 'ß', '😀', '\u00a0');

function edgeLength(min: number, max: number): fc.Arbitrary<number> {
  const hi = Number.isFinite(max) ? max : unboundedLength;
  const candidates = [min, hi, min + 1, hi - 1, Math.floor((min + hi) / 2)].filter(
    (n) => n >= min && n <= hi,
  );
  return fc.oneof(fc.constantFrom(...candidates), fc.integer({ min, max: Math.min(hi, min + 64) }));
}

/** Strings that look like what a field of that name holds (better coverage of handlers). */
function namedString(key: string): fc.Arbitrary<string> | null {
  if (/phone$/i.test(key)) return fc.stringMatching(/^1[3-9]\d{9}$/);
  if (/email/i.test(key)) return fc.stringMatching(/^[a-z]{1,12}@[a-z]{1,12}\.(com|cn|example)$/);
  if (/password/i.test(key)) return fc.stringMatching(/^[A-Z][a-z]{3,12}[0-9]{2,6}[!@#%]$/);
  // Addresses that fail at once (nothing listens on port 9), never the internet.
  if (/url$|issuer/i.test(key)) return fc.constantFrom('https://127.0.0.1:9/idp', 'http://localhost:9/x?a=1');
  if (/code$/i.test(key)) return fc.stringMatching(/^\d{6}$/);
  return null;
}

/**
 * The arbitrary filtered by the predicate, when most of its values pass it (a filter that rarely
 * passes would spin); else null.
 */
function usually<T>(
  arbitrary: fc.Arbitrary<T> | null,
  predicate: (value: T) => boolean,
): fc.Arbitrary<T> | null {
  if (!arbitrary) return null;
  const sample = fc.sample(arbitrary, { numRuns: 40, seed: 1 });
  return sample.filter(predicate).length >= 20 ? arbitrary.filter(predicate) : null;
}

/** Strings matching a pattern (its flags dropped: a case-sensitive match also matches with `i`). */
function matchingString(pattern: RegExp): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern.source));
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

function validString(def: TDef, key: string): fc.Arbitrary<TJsonValue> {
  const limits = lengthLimits(def);
  const fitting = (s: string) => s.length >= limits.min && s.length <= limits.max;
  const pattern = limits.patterns[0];
  const pad = (arb: fc.Arbitrary<string>) =>
    limits.isTrimmed
      ? fc.oneof(
          arb,
          arb.map((s) => ` \t${s}  `),
        )
      : arb;
  const named = namedString(key);
  if (pattern) {
    const matching = matchingString(pattern).map((s) => (fitting(s) ? s : s.slice(0, limits.max)));
    const namedMatching = usually(named, (s) => fitting(s) && limits.patterns.every((p) => p.test(s)));
    return pad(namedMatching ? fc.oneof(matching, namedMatching, namedMatching) : matching);
  }
  const hi = Number.isFinite(limits.max) ? limits.max : unboundedLength;
  const repeated = fc
    .tuple(edgeLength(limits.min, limits.max), fc.constantFrom('a', 'Z', '9', '中', 'é'))
    .map(([n, c]) => c.repeat(n));
  const mixed = fc
    .string({ unit: printable, minLength: limits.min, maxLength: Math.min(hi, limits.min + 40) })
    .map((s) => s.slice(0, hi))
    .filter((s) => s.length >= limits.min);
  const namedFitting = usually(named, fitting);
  const options = [repeated, mixed, ...(namedFitting ? [namedFitting, namedFitting] : [])];
  return pad(fc.oneof(...options));
}

function validNumber(def: TDef): fc.Arbitrary<TJsonValue> {
  const { min, max, isInt } = numberLimits(def);
  const lo = Math.max(min, -Number.MAX_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  const edges = [lo, hi, lo + 1, hi - 1, 0, 1, -1, 2 ** 31 - 1].filter((n) => n >= lo && n <= hi);
  const smallLo = Math.max(lo, -1000);
  const smallHi = Math.min(hi, 1000);
  const inner = smallLo <= smallHi ? [smallLo, smallHi] : [lo, lo];
  const edgeArb = edges.length > 0 ? fc.constantFrom(...edges) : fc.constant(lo);
  const arb = isInt
    ? fc.oneof(
        edgeArb,
        fc.integer({ min: Math.ceil(inner[0] as number), max: Math.floor(inner[1] as number) }),
      )
    : fc.oneof(
        edgeArb,
        fc.double({ min: inner[0] as number, max: inner[1] as number, noNaN: true, noDefaultInfinity: true }),
      );
  // Coercing schemas also take the number as text (query strings carry nothing else).
  return def.coerce
    ? fc.oneof(
        arb,
        arb.map((n) => String(n)),
      )
    : arb;
}

function validArray(def: TDef, key: string): fc.Arbitrary<TJsonValue> {
  const limits = lengthLimits(def);
  const element = validValue(def.element as z.ZodType, key);
  const hi = Number.isFinite(limits.max) ? limits.max : 20;
  const ordinary = fc.array(element, { minLength: limits.min, maxLength: Math.min(hi, limits.min + 8) });
  // The fullest array (up to 10,000 items): one item repeated.
  const fullest = element.map((e) => Array.from({ length: hi }, () => e));
  const emptiest = fc.array(element, { minLength: limits.min, maxLength: limits.min });
  // Thousands of items cost a lot per case: the fullest array comes less often then.
  return fc.oneof({ arbitrary: ordinary, weight: hi > 1000 ? 12 : 3 }, fullest, emptiest);
}

function validObject(def: TDef): fc.Arbitrary<TJsonValue> {
  const shape = def.shape ?? {};
  const fields: Record<string, fc.Arbitrary<TJsonValue>> = {};
  for (const [key, schema] of Object.entries(shape)) fields[key] = validValue(schema, key);
  return fc.record(fields) as fc.Arbitrary<TJsonValue>;
}

/** Values the schema accepts, biased to the edges of its limits. */
export function validValue(schema: z.ZodType, key = ''): fc.Arbitrary<TJsonValue> {
  const def = defOf(schema);
  const hint = fixtureHints[key];
  const plain = validValueOf(def, key);
  if (!hint || ['optional', 'nullable', 'default', 'pipe', 'array'].includes(def.type)) return plain;
  return fc.oneof({ arbitrary: fc.constant(new FixtureRef(hint)), weight: 2 }, plain);
}

function validValueOf(def: TDef, key: string): fc.Arbitrary<TJsonValue> {
  switch (def.type) {
    case 'string':
      return validString(def, key);
    case 'number':
      return validNumber(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { a: 'a' }));
    case 'literal':
      return fc.constantFrom(...((def.values ?? [null]) as TJsonValue[]));
    case 'null':
      return fc.constant(null);
    case 'optional':
      return fc.option(validValue(def.innerType as z.ZodType, key), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(validValue(def.innerType as z.ZodType, key), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fc.option(validValue(def.innerType as z.ZodType, key), { nil: undefined, freq: 3 });
    case 'pipe': {
      const inner = defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in;
      return validValue(inner as z.ZodType, key);
    }
    case 'array':
      return validArray(def, key);
    case 'object':
      return validObject(def);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => validValue(o, key)));
    case 'record':
      return fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), validValue(def.valueType as z.ZodType, key), {
        maxKeys: 4,
      }) as fc.Arbitrary<TJsonValue>;
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

// ---- values just beyond the edges ---------------------------------------------------------------

/** Values a hair outside the schema's limits: one character too many, one below the minimum, … */
export function beyondEdges(schema: z.ZodType): fc.Arbitrary<TJsonValue> {
  const core = coreOf(schema);
  const def = defOf(core);
  const options: fc.Arbitrary<TJsonValue>[] = [];
  switch (def.type) {
    case 'string': {
      const { min, max, patterns } = lengthLimits(def);
      if (Number.isFinite(max)) options.push(fc.constantFrom('a', '中', ' ').map((c) => c.repeat(max + 1)));
      if (min > 0) options.push(fc.constant('a'.repeat(min - 1)), fc.constant(' '.repeat(min)));
      if (patterns.length > 0)
        options.push(fc.constantFrom('!', 'a b', 'ａ', '\u0000', 'a\nb', 'A'.repeat(9)));
      break;
    }
    case 'number': {
      const { min, max, isInt } = numberLimits(def);
      if (min > -Number.MAX_VALUE) options.push(fc.constantFrom(min - 1, min - 0.5));
      if (max < Number.MAX_VALUE) options.push(fc.constantFrom(max + 1, max + 0.5));
      if (isInt) options.push(fc.constantFrom(0.5, 1.0000001, Number.MAX_SAFE_INTEGER + 2, -(2 ** 63)));
      options.push(fc.constantFrom('1', '', ' ', 'NaN', 'Infinity', '1e3', '0x10', '１'));
      break;
    }
    case 'enum':
    case 'literal': {
      const members = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
      options.push(
        fc.constantFrom(...members).map((m) => (typeof m === 'string' ? m.toUpperCase() : String(m))),
        fc.constantFrom(...members).map((m) => (typeof m === 'string' ? ` ${m}` : Number(m) + 1)),
        fc.constantFrom('', 'other', 'constructor', 'toString', '__proto__'),
      );
      break;
    }
    case 'array': {
      const { min, max } = lengthLimits(def);
      const element = validValue(def.element as z.ZodType);
      if (Number.isFinite(max)) options.push(element.map((e) => Array.from({ length: max + 1 }, () => e)));
      if (min > 0) options.push(fc.constant([]));
      options.push(fc.constant([null]), fc.constant([[]]), fc.constant('1,2,3'));
      break;
    }
    case 'boolean':
      options.push(fc.constantFrom('true', 'false', 0, 1, 'yes', ''));
      break;
    case 'object':
      options.push(fc.constant([]), fc.constant('{}'), fc.constant(new RawJson('{"":{}}')));
      break;
    default:
      break;
  }
  options.push(fc.constant(null));
  return fc.oneof(...options);
}

// ---- hostile values --------------------------------------------------------------------------

const MiB = 1024 * 1024;

function nested(open: string, close: string, depth: number, inner = '1'): RawJson {
  return new RawJson(open.repeat(depth) + inner + close.repeat(depth));
}

/** The hostile values, by family (the summary counts them). */
export const hostileFamilies = {
  wrongType: fc.constantFrom<TJsonValue>(true, false, 0, -1, 1.5, [], {}, null, '', [1, 'a'], { a: 1 }),
  strangeNumber: fc.constantFrom<TJsonValue>(
    new RawJson('1e309'),
    new RawJson('-1e309'),
    new RawJson('-0'),
    new RawJson('1e-400'),
    new RawJson('9007199254740993'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('-9223372036854775809'),
    new RawJson('2147483648'),
    new RawJson('0.1e1'),
    new RawJson('1E2'),
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '0x1F',
    ' 1 ',
    '1,000',
    '١٢',
    '1_000',
    '+1',
    '--1',
  ),
  hugeString: fc.constantFrom(65_536, 1_000_000, MiB).map((n) => 'a'.repeat(n) as TJsonValue),
  controlChars: fc.oneof(
    fc.constantFrom<TJsonValue>(
      '\u0000',
      'a\u0000b',
      '\u0007\u0008\u001b[31m',
      '\r\n\r\nSet-Cookie: x=1',
      '\u2028\u2029',
      '\ufeff',
      '\u202eevil',
      '\ud800',
      'x\udc00y',
      '\udbff\udfff',
      '\uffff\ufffe',
      'e\u0301\u0301\u0301',
      '%00%C3%28',
      '../../../../etc/passwd',
      "' or '1'='1' --",
      // Template and format-string injection (built so that it is not a template literal here).
      ['$', '{7*7}{{7*7}}%s%n'].join(''),
      '<script>alert(1)</script>',
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
  ),
  deepNesting: fc.constantFrom<TJsonValue>(
    nested('[', ']', 64),
    nested('[', ']', 10_000, ''),
    nested('{"a":', '}', 10_000),
    nested('[{"a":', '}]', 5_000),
    nested('[', ']', 100_000, ''),
  ),
  prototypeKeys: fc.constantFrom<TJsonValue>(
    new RawJson('{"__proto__":{"isAdmin":true,"accountId":1}}'),
    new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
    new RawJson('{"prototype":{"isAdmin":true}}'),
    new RawJson('{"__proto__":null}'),
    new RawJson('[{"__proto__":{"polluted":1}}]'),
    new RawJson('{"a":{"b":{"__proto__":{"polluted":1}}}}'),
  ),
  bigCollection: fc.constantFrom<TJsonValue>(
    new RawJson(`[${Array.from({ length: 100_000 }, () => '0').join(',')}]`),
    new RawJson(`{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`),
  ),
} as const;

export type THostileFamily = keyof typeof hostileFamilies;

export const hostileValue: fc.Arbitrary<TJsonValue> = fc.oneof(
  ...Object.values(hostileFamilies).map((arbitrary) => arbitrary as fc.Arbitrary<TJsonValue>),
);

const pollutionEntries: readonly (readonly [string, TJsonValue])[] = [
  ['__proto__', new RawJson('{"isAdmin":true,"accountId":1,"access":"public"}')],
  ['constructor', new RawJson('{"prototype":{"isAdmin":true}}')],
  ['prototype', new RawJson('{"isAdmin":true}')],
  ['__proto__', new RawJson('[]')],
  ['hasOwnProperty', 'x'],
  ['toString', 1],
  ['', 'empty key'],
  ['a'.repeat(65_536), 1],
  ['\u0000', '\u0000'],
];

function entriesOfRecord(value: TJsonValue): [string, TJsonValue][] {
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson)) {
    if (value instanceof JsonEntries) return value.entries.map(([k, v]) => [k, v]);
    if (!(value instanceof FixtureRef)) return Object.entries(value as Record<string, TJsonValue>);
  }
  return [];
}

export type TBodyCase = { family: string; value: TJsonValue };

/** Hostile bodies for an object schema: one field spoilt, a required one missing, extra keys, … */
export function hostileBody(schema: z.ZodType | undefined): fc.Arbitrary<TBodyCase> {
  const shape = shapeOf(schema);
  const whole = fc.oneof(
    ...Object.entries(hostileFamilies).map(([family, arbitrary]) =>
      (arbitrary as fc.Arbitrary<TJsonValue>).map((value) => ({ family: `body:${family}`, value })),
    ),
  );
  const pollution = (base: fc.Arbitrary<TJsonValue>) =>
    fc
      .tuple(base, fc.subarray([...pollutionEntries], { minLength: 1, maxLength: 3 }))
      .map(([value, extra]) => ({
        family: 'extraKeys',
        value: new JsonEntries([...entriesOfRecord(value), ...extra]),
      }));
  if (!shape || Object.keys(shape).length === 0 || !schema) {
    return fc.oneof(whole, pollution(fc.constant({})));
  }
  const valid = validValue(schema);
  const keys = Object.keys(shape);
  const spoilt = fc.constantFrom(...keys).chain((key) =>
    fc
      .tuple(
        valid,
        fc.oneof(
          {
            arbitrary: beyondEdges(shape[key] as z.ZodType).map((v) => ['beyondEdge', v] as const),
            weight: 3,
          },
          ...Object.entries(hostileFamilies).map(([family, arbitrary]) =>
            (arbitrary as fc.Arbitrary<TJsonValue>).map((v) => [family, v] as const),
          ),
        ),
      )
      .map(([value, [family, bad]]) => ({
        family: `field:${family}`,
        value: new JsonEntries([...entriesOfRecord(value).filter(([k]) => k !== key), [key, bad]]),
      })),
  );
  const required = keys.filter((k) => !isOptionalKey(shape[k] as z.ZodType));
  const missing =
    required.length > 0
      ? fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => ({
          family: 'missingField',
          value: new JsonEntries(entriesOfRecord(value).filter(([k]) => k !== key)),
        }))
      : null;
  const duplicate = fc.tuple(valid, fc.constantFrom(...keys), hostileValue).map(([value, key, bad]) => ({
    family: 'duplicateKey',
    value: new JsonEntries([[key, bad], ...entriesOfRecord(value)]),
  }));
  return fc.oneof(
    { arbitrary: spoilt, weight: 6 },
    { arbitrary: whole, weight: 2 },
    { arbitrary: pollution(valid), weight: 2 },
    ...(missing ? [{ arbitrary: missing, weight: 1 }] : []),
    { arbitrary: duplicate, weight: 1 },
  );
}

// ---- raw payloads: bytes, encodings, content types ----------------------------------------------

export type TRawPayload = {
  family: string;
  /** Built when sent (the fixture's values are known then). */
  build(resolve: (ref: FixtureRef) => TJsonValue): {
    payload: string | Buffer;
    headers: Record<string, string>;
  };
};

const badUtf8: readonly number[][] = [
  [0xc3, 0x28],
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0x80],
  [0xf0, 0x9f, 0x98],
  [0x00],
];

const marker = '\u0001FUZZ-BYTES\u0001';

/** Hostile payloads as bytes; `valid` gives the body they are built around. */
export function rawPayload(schema: z.ZodType | undefined): fc.Arbitrary<TRawPayload> {
  const shape = shapeOf(schema);
  const valid: fc.Arbitrary<TJsonValue> = schema ? validValue(schema) : fc.constant({});
  const keys = shape ? Object.keys(shape) : ['x'];
  const json = { 'content-type': 'application/json' };

  const invalidUtf8 = fc
    .tuple(valid, fc.constantFrom(...keys), fc.constantFrom(...badUtf8), fc.boolean())
    .map(
      ([value, key, bytes, inKey]): TRawPayload => ({
        family: 'raw:invalidUtf8',
        build: (resolve) => {
          const entries = [...entriesOfRecord(value).filter(([k]) => k !== key), [key, marker] as const];
          const text = toJsonText(new JsonEntries(entries), resolve);
          const [before, after] = text.split(JSON.stringify(marker)) as [string, string];
          const spoilt = Buffer.from(bytes);
          const middle = inKey
            ? Buffer.concat([Buffer.from('"ok","'), spoilt, Buffer.from('":1')])
            : Buffer.concat([Buffer.from('"a'), spoilt, Buffer.from('b"')]);
          return {
            payload: Buffer.concat([Buffer.from(before), middle, Buffer.from(after ?? '')]),
            headers: json,
          };
        },
      }),
    );

  const encoded = fc
    .tuple(
      valid,
      fc.constantFrom(
        'bom',
        'utf16le',
        'utf16Declared',
        'latin1Declared',
        'utf7Declared',
        'nulPadded',
        'rawControl',
      ),
    )
    .map(
      ([value, how]): TRawPayload => ({
        family: `raw:${how}`,
        build: (resolve) => {
          const text = toJsonText(value, resolve);
          switch (how) {
            case 'bom':
              return {
                payload: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
                headers: json,
              };
            case 'utf16le':
              return { payload: Buffer.from(text, 'utf16le'), headers: json };
            case 'utf16Declared':
              return {
                payload: Buffer.from(text, 'utf16le'),
                headers: { 'content-type': 'application/json; charset=utf-16' },
              };
            case 'latin1Declared':
              return {
                payload: Buffer.from(text.replace(/"/, '"\u00e9\u00ff'), 'latin1'),
                headers: { 'content-type': 'application/json; charset=iso-8859-1' },
              };
            case 'utf7Declared':
              return { payload: text, headers: { 'content-type': 'application/json; charset=utf-7' } };
            case 'nulPadded':
              return { payload: Buffer.concat([Buffer.from(text), Buffer.alloc(16)]), headers: json };
            default:
              return { payload: text.replace(/"([^"]*)"/, '"$1\u0000\u0001\t\n"'), headers: json };
          }
        },
      }),
    );

  const malformed = fc
    .tuple(
      valid,
      fc.constantFrom(
        'truncated',
        'trailingComma',
        'comment',
        'singleQuotes',
        'nanLiteral',
        'trailingGarbage',
        'twoDocuments',
        'onlyWhitespace',
        'unterminatedString',
        'badEscape',
      ),
      fc.nat(),
    )
    .map(
      ([value, how, cut]): TRawPayload => ({
        family: `raw:${how}`,
        build: (resolve) => {
          const text = toJsonText(value, resolve);
          const variants: Record<string, string> = {
            truncated: text.slice(0, cut % Math.max(1, text.length)),
            trailingComma: text.replace(/}$/, ',}'),
            comment: `/* c */${text}// c`,
            singleQuotes: text.replaceAll('"', "'"),
            nanLiteral: text.replace(/}$/, ',"n":NaN}'),
            trailingGarbage: `${text}garbage`,
            twoDocuments: `${text}${text}`,
            onlyWhitespace: ' \t\r\n ',
            unterminatedString: `{"${keys[0]}":"abc`,
            badEscape: `{"${keys[0]}":"\\x41\\u12"}`,
          };
          return { payload: variants[how] ?? text, headers: json };
        },
      }),
    );

  const contentTypes = fc
    .tuple(
      valid,
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=----x',
        'multipart/form-data',
        'application/xml',
        'application/JSON',
        'application/json, text/plain',
        'application/json; charset=utf-8; charset=latin1',
        'application/vnd.api+json',
        '*/*',
        '',
        ';',
        'application/json; boundary="',
      ),
    )
    .map(
      ([value, type]): TRawPayload => ({
        family: 'raw:contentType',
        build: (resolve) => {
          const text = toJsonText(value, resolve);
          const payload = type.startsWith('application/x-www-form-urlencoded')
            ? `SAMLResponse=%ZZ&${encodeURIComponent('__proto__[x]')}=1&a=${'%C3%28'}`
            : type.startsWith('multipart')
              ? '------x\r\nContent-Disposition: form-data; name="file"; filename="../../x.png"\r\n\r\n\u0089PNG\r\n------x'
              : text;
          return { payload, headers: { 'content-type': type } };
        },
      }),
    );

  const oversized = fc.constantFrom('overLimit', 'contentLengthLies', 'empty').map(
    (how): TRawPayload => ({
      family: `raw:${how}`,
      build: () => {
        if (how === 'overLimit') {
          return { payload: `{"${keys[0]}":"${'a'.repeat(MiB)}"}`, headers: json };
        }
        if (how === 'contentLengthLies') {
          return { payload: '{"a":"bcdefgh"}', headers: { ...json, 'content-length': '5' } };
        }
        return { payload: '', headers: json };
      },
    }),
  );

  return fc.oneof(
    { arbitrary: invalidUtf8, weight: 4 },
    { arbitrary: encoded, weight: 2 },
    { arbitrary: malformed, weight: 3 },
    { arbitrary: contentTypes, weight: 2 },
    { arbitrary: oversized, weight: 1 },
  );
}

// ---- queries, headers and path parameters ------------------------------------------------------

export type TQueryCase = { family: string; parts: readonly TQueryPart[] };
/** A key and value, encoded when the query is built; `raw` parts go into the URL as they are. */
export type TQueryPart = { key: string; value: TJsonValue; raw?: boolean };

const hostileQueryValues = fc.constantFrom(
  '%C3%28',
  '%FF%FE',
  '%ED%A0%80',
  '%00',
  '%',
  '%zz',
  '%u0041',
  '1e309',
  'NaN',
  '-0',
  '%20%201',
  '0x1F',
  '%EF%BC%91',
  '9007199254740993',
  '[]',
  '{}',
  '%5B%5D',
  'true',
  '%0D%0ASet-Cookie:%20x=1',
  'a'.repeat(100_000),
);

function queryPartsOf(value: TJsonValue): TQueryPart[] {
  return entriesOfRecord(value)
    .filter(([, v]) => v !== undefined)
    .map(([key, v]) => ({ key, value: v }));
}

/** Query strings: valid ones at the edges, and hostile ones (repeats, brackets, bad escapes). */
export function queryCases(schema: z.ZodType | undefined): {
  valid: fc.Arbitrary<TQueryCase>;
  hostile: fc.Arbitrary<TQueryCase>;
} {
  const shape = shapeOf(schema);
  const keys = shape && Object.keys(shape).length > 0 ? Object.keys(shape) : ['q'];
  const validObject: fc.Arbitrary<TJsonValue> = schema ? validValue(schema) : fc.constant({});
  const valid = validObject.map((value) => ({ family: 'query:valid', parts: queryPartsOf(value) }));
  const withPart = (family: string, extra: fc.Arbitrary<TQueryPart[]>, dropKey = true) =>
    fc.tuple(validObject, extra).map(([value, parts]) => ({
      family: `query:${family}`,
      parts: [
        ...queryPartsOf(value).filter((p) => !dropKey || !parts.some((q) => q.key === p.key)),
        ...parts,
      ],
    }));
  const key = fc.constantFrom(...keys);
  const hostile = fc.oneof(
    withPart(
      'rawValue',
      fc.tuple(key, hostileQueryValues).map(([k, v]) => [{ key: k, value: v, raw: true }]),
    ),
    withPart(
      'beyondEdge',
      key.chain((k) =>
        (shape?.[k] ? beyondEdges(shape[k] as z.ZodType) : hostileValue).map((v) => [{ key: k, value: v }]),
      ),
    ),
    withPart(
      'hostileValue',
      fc.tuple(key, hostileValue).map(([k, v]) => [{ key: k, value: v }]),
    ),
    withPart(
      'repeatedKey',
      fc
        .tuple(key, fc.array(fc.constantFrom('1', '', 'a', '2'), { minLength: 2, maxLength: 50 }))
        .map(([k, vs]) => vs.map((v) => ({ key: k, value: v }))),
      false,
    ),
    withPart(
      'brackets',
      fc
        .tuple(key, fc.constantFrom('[]', '[0]', '[a]', '[__proto__]', '.x', '[][]'))
        .map(([k, suffix]) => [{ key: `${k}${suffix}`, value: '1', raw: true }]),
    ),
    withPart(
      'pollution',
      fc
        .constantFrom(
          '__proto__[isAdmin]',
          '__proto__',
          'constructor[prototype][isAdmin]',
          'constructor',
          'prototype',
          'hasOwnProperty',
          '',
          '%00',
          'a%C3%28',
        )
        .map((k) => [{ key: k, value: 'true', raw: true }]),
      false,
    ),
    withPart(
      'missingField',
      key.map((k) => [{ key: k, value: undefined }]),
    ),
    fc
      .constantFrom('&&&', '=', '==&=', '?', '#frag', '&a', 'a=1&&b', `${'&'.repeat(10_000)}`)
      .map((text) => ({
        family: 'query:shape',
        parts: [{ key: text, value: undefined, raw: true }],
      })),
  );
  return { valid, hostile };
}

/** encodeURIComponent, except that lone surrogates become the (invalid) UTF-8 of a surrogate. */
function encodeQuery(text: string): string {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[^\ud800-\udfff]+/g, (part) =>
    part.length === 1 && part.charCodeAt(0) >= 0xd800 && part.charCodeAt(0) <= 0xdfff
      ? '%ED%A0%80'
      : encodeURIComponent(part),
  );
}

/** The query string of a case (without the leading `?`). */
export function queryText(c: TQueryCase, resolve: (ref: FixtureRef) => TJsonValue): string {
  return c.parts
    .map((p) => {
      const value = p.value === undefined ? undefined : toQueryText(p.value, resolve);
      if (p.raw) return value === undefined ? p.key : `${p.key}=${value}`;
      return `${encodeQuery(p.key)}=${encodeQuery(value ?? '')}`;
    })
    .join('&');
}

/** Header values a client could send (visible ASCII and obs-text; no CR/LF, which HTTP refuses). */
function headerSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out += code === 9 || (code >= 0x20 && code <= 0x7e) || (code >= 0x80 && code <= 0xff) ? ch : '?';
  }
  return out;
}

/** Headers the route reads: valid at the edges, or spoilt. */
export function headerCases(schema: z.ZodType | undefined): {
  valid: fc.Arbitrary<Record<string, TJsonValue>>;
  hostile: fc.Arbitrary<Record<string, TJsonValue>>;
} {
  const shape = shapeOf(schema);
  if (!shape || !schema) return { valid: fc.constant({}), hostile: fc.constant({}) };
  const valid = validValue(schema).map((v) => Object.fromEntries(entriesOfRecord(v)));
  const keys = Object.keys(shape);
  const hostile = fc
    .constantFrom(...keys)
    .chain((key) =>
      fc
        .tuple(
          valid,
          fc.oneof(
            beyondEdges(shape[key] as z.ZodType),
            fc.constantFrom(
              '',
              ' ',
              'a'.repeat(8_192),
              '\u00ff\u00fe',
              '%C3%28',
              'null',
              'undefined',
              '1e309',
            ),
            fc.constant(undefined),
          ),
        )
        .map(([value, bad]) => ({ ...value, [key]: bad })),
    );
  return { valid, hostile };
}

export function headerValue(value: TJsonValue, resolve: (ref: FixtureRef) => TJsonValue): string | undefined {
  const text = toQueryText(value, resolve);
  return text === undefined ? undefined : headerSafe(text);
}

/** Path parameters (`:rechargeId`, `:sessionId`) as a client would send them. */
export const plausibleSegment: fc.Arbitrary<string> = fc.stringMatching(/^[0-9a-f]{8,40}$/);

/** Path parameters: plausible and hostile segments. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  plausibleSegment,
  fc.constantFrom('1', '0', '-1', '1e309', '9007199254740993', 'null', 'undefined'),
  fc.constantFrom('%00', '%C3%28', '%FF', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%', 'a%2Fb', '__proto__'),
  fc.constant('a'.repeat(10_000)),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 20 })
    .map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))),
);

/** The two languages of the console. */
export const validLanguage = fc.constantFrom<Record<string, string>>(
  { 'cz-lang': 'en-US' },
  { 'cz-lang': 'zh-CN' },
);

/** The `cz-lang` and related headers: the two languages, and rubbish. */
export const languageHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { arbitrary: validLanguage, weight: 6 },
  fc.constantFrom<Record<string, string>>(
    {},
    { 'cz-lang': '' },
    { 'cz-lang': 'xx-YY' },
    { 'cz-lang': '*' },
    { 'cz-lang': 'en-US'.repeat(2_000) },
    { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
    { 'accept-language': ';q=,,,;;' },
    { 'cz-lang': '__proto__' },
    { 'x-request-id': '../../../../etc' },
    { 'x-request-id': 'a'.repeat(10_000) },
  ),
);
