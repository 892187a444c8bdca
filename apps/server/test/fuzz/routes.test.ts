/**
 * Hostile input for every route of the contract's table, generated from its zod schemas: bodies,
 * queries, headers and path parameters that are wrong in type, size and encoding, and valid ones
 * at the edges of every limit. Whatever arrives, the server never answers 5xx, never shows a stack
 * or an internal detail, answers the JSON envelope (or the route's own kind of answer), and when
 * it refuses, nothing in the database has changed.
 *
 * Runs per route and generator family: FUZZ_RUNS (CI default 25; `npm run fuzz` 1000). Seed:
 * FUZZ_SEED (fixed default); each route and family derives its own seed from it, so a new route
 * does not change the others' cases. A failure prints the seed and the path to replay it.
 * FUZZ_SHARD=k/n runs every n-th route from the k-th (parallel processes for long runs).
 */
import { routes, type TRouteDef, type TRouteId } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { ClientHeader, ClientHeaderValue, SessionCookie } from '@console/contract/enums';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCount, changesSince, installChangeCounter } from '../db-snapshot';
import { createTestApp, type TTestApp } from '../harness';
import {
  headerCases,
  headerValue,
  hostileBody,
  languageHeaders,
  pathSegment,
  plausibleSegment,
  queryCases,
  queryText,
  rawPayload,
  type TQueryCase,
  type TRawPayload,
  validLanguage,
  validValue,
} from './arbitraries';
import { createFixture, isFixtureHealthy, repairFixture, resolverOf, type TFixture } from './fixture';
import { type TJsonValue, toJsonText } from './json-text';

const runs = Math.max(1, Number(process.env.FUZZ_RUNS ?? 25));
const baseSeed = Number(process.env.FUZZ_SEED ?? 20_261_125);
/** `FUZZ_SHARD=2/3`: the second third of the routes (long runs in parallel processes). */
const [shardIndex, shardCount] = (process.env.FUZZ_SHARD ?? '1/1').split('/').map(Number) as [number, number];

type TAuthMode =
  | { kind: 'bearer' | 'cookie' | 'cookieWithoutClientHeader' | 'anonymous' }
  | { kind: 'hostile'; headers: Record<string, string> };

type TBody =
  | { kind: 'json'; family: string; value: TJsonValue }
  | { kind: 'raw'; raw: TRawPayload }
  | { kind: 'none' };

type TCase = {
  family: string;
  auth: TAuthMode;
  lang: Record<string, string>;
  ip: string;
  segment: string;
  query: TQueryCase | null;
  body: TBody;
  headers: Record<string, TJsonValue>;
};

// ---- the request cases of a route ----------------------------------------------------------------

const ipAddress = fc.oneof(
  {
    arbitrary: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`),
    weight: 9,
  },
  fc.constantFrom('::1', '::ffff:10.0.0.1', 'fe80::1', '127.0.0.1'),
);

function authModes(route: TRouteDef): fc.Arbitrary<TAuthMode> {
  const mode = (kind: 'bearer' | 'cookie' | 'cookieWithoutClientHeader' | 'anonymous') =>
    fc.constant({ kind });
  if (route.access === 'public') return fc.oneof({ arbitrary: mode('anonymous'), weight: 4 }, mode('bearer'));
  if (route.access === 'optional') return fc.oneof(mode('bearer'), mode('anonymous'), mode('cookie'));
  return fc.oneof(
    { arbitrary: mode('bearer'), weight: 8 },
    mode('cookie'),
    mode('cookieWithoutClientHeader'),
  );
}

const hostileAuth: fc.Arbitrary<TAuthMode> = fc
  .constantFrom<Record<string, string>>(
    { authorization: 'Bearer ' },
    { authorization: 'Bearer \t ' },
    { authorization: `Bearer ${'a'.repeat(10_000)}` },
    { authorization: 'Bearer \u00ff\u00fe' },
    { authorization: 'Bearer null' },
    { authorization: 'Basic YWRtaW46YWRtaW4=' },
    { authorization: 'bearer x y z' },
    { cookie: `${SessionCookie}=%E0%A4%A`, [ClientHeader]: ClientHeaderValue },
    { cookie: `${SessionCookie}=; ${SessionCookie}=x`, [ClientHeader]: ClientHeaderValue },
    { cookie: '=; ;; a', [ClientHeader]: ClientHeaderValue },
    { cookie: `${SessionCookie}=${'x'.repeat(8_000)}` },
    { cookie: `__proto__=1; constructor=2; ${SessionCookie}=a` },
    { [ClientHeader]: 'web\u00ff' },
  )
  .map((headers) => ({ kind: 'hostile', headers }));

function caseArbitrary(
  route: TRouteDef,
  family: string,
  parts: {
    auth?: fc.Arbitrary<TAuthMode>;
    query?: fc.Arbitrary<TQueryCase | null>;
    body?: fc.Arbitrary<TBody>;
    headers?: fc.Arbitrary<Record<string, TJsonValue>>;
  },
): fc.Arbitrary<TCase> {
  const queries = queryCases(route.query);
  const validBody: fc.Arbitrary<TBody> = route.body
    ? validValue(route.body).map((value) => ({ kind: 'json', family: 'valid', value }))
    : fc.constant({ kind: 'none' });
  const isValid = family === 'valid';
  return fc.record({
    family: fc.constant(family),
    auth: parts.auth ?? authModes(route),
    lang: isValid ? validLanguage : languageHeaders,
    ip: ipAddress,
    segment: isValid ? plausibleSegment : pathSegment,
    query: parts.query ?? (route.query ? queries.valid : fc.constant(null)),
    body: route.method === 'GET' ? fc.constant<TBody>({ kind: 'none' }) : (parts.body ?? validBody),
    headers: parts.headers ?? headerCases(route.headers).valid,
  });
}

/** The generator families of a route, each with its share of the runs. */
function familiesOf(route: TRouteDef): { family: string; arbitrary: fc.Arbitrary<TCase>; runs: number }[] {
  const families = [{ family: 'valid', arbitrary: caseArbitrary(route, 'valid', {}), runs }];
  if (route.method === 'POST') {
    families.push({
      family: 'hostileBody',
      arbitrary: caseArbitrary(route, 'hostileBody', {
        body: hostileBody(route.body).map(({ family, value }) => ({ kind: 'json', family, value })),
      }),
      runs,
    });
    families.push({
      family: 'rawPayload',
      arbitrary: caseArbitrary(route, 'rawPayload', {
        body: rawPayload(route.body).map((raw) => ({ kind: 'raw', raw })),
      }),
      runs,
    });
  }
  if (route.query || route.method === 'GET') {
    families.push({
      family: 'hostileQuery',
      arbitrary: caseArbitrary(route, 'hostileQuery', { query: queryCases(route.query).hostile }),
      runs,
    });
  }
  if (route.headers) {
    families.push({
      family: 'hostileHeaders',
      arbitrary: caseArbitrary(route, 'hostileHeaders', { headers: headerCases(route.headers).hostile }),
      runs,
    });
  }
  if (route.access !== 'public') {
    families.push({
      family: 'hostileAuth',
      arbitrary: caseArbitrary(route, 'hostileAuth', { auth: hostileAuth }),
      runs: Math.max(3, Math.ceil(runs / 5)),
    });
  }
  return families;
}

// ---- sending and judging -------------------------------------------------------------------------

let t: TTestApp;
let fixture: TFixture;
const errorLogs: string[] = [];
const stats = new Map<string, { requests: number; accepted: number; refused: number; schemaValid: number }>();
const statuses = new Map<number, number>();
let totalRequests = 0;
const shardIds = (Object.keys(routes) as TRouteId[]).filter((_, i) => i % shardCount === shardIndex - 1);
const auditBookkeeping = new Set([
  'insert audit_entries',
  'insert audit_chain_heads',
  'update audit_chain_heads',
]);
const auditedRefusals = new Set<string>();
/**
 * Not refusals of the input: the request was taken and a provider failed (the payment gateway is
 * unreachable under test). The failed order is kept, with its audit entry, by design.
 */
const downstreamFailures = new Set<number>([ErrorCode.rechargeFailed]);
const badRequestsWithoutFieldErrors = new Set<TRouteId>();
const startedAt = Date.now();

type TSent = { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer };

function requestOf(route: TRouteDef, c: TCase): TSent {
  const resolve = resolverOf(fixture);
  let url = route.path.replace(/:\w+/g, () => c.segment);
  const qs = c.query ? queryText(c.query, resolve) : '';
  if (qs) url += `?${qs}`;
  const headers: Record<string, string> = { ...c.lang };
  for (const [name, value] of Object.entries(c.headers)) {
    const text = headerValue(value, resolve);
    if (text !== undefined) headers[name] = text;
  }
  switch (c.auth.kind) {
    case 'bearer':
      headers.authorization = `Bearer ${fixture.token}`;
      break;
    case 'cookie':
      headers.cookie = `${SessionCookie}=${fixture.token}`;
      headers[ClientHeader] = ClientHeaderValue;
      break;
    case 'cookieWithoutClientHeader':
      headers.cookie = `${SessionCookie}=${fixture.token}`;
      break;
    case 'hostile':
      Object.assign(headers, c.auth.headers);
      break;
    default:
      break;
  }
  if (c.body.kind === 'json') {
    return {
      method: route.method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: toJsonText(c.body.value, resolve),
    };
  }
  if (c.body.kind === 'raw') {
    const built = c.body.raw.build(resolve);
    return { method: route.method, url, headers: { ...headers, ...built.headers }, payload: built.payload };
  }
  return { method: route.method, url, headers };
}

function familyOf(c: TCase): string {
  if (c.body.kind === 'json' && c.body.family !== 'valid') return `${c.family}/${c.body.family}`;
  if (c.body.kind === 'raw') return `${c.family}/${c.body.raw.family}`;
  if (c.family === 'hostileQuery' && c.query) return `${c.family}/${c.query.family}`;
  return c.family;
}

const stackTrace = /\n\s+at .+\(.*:\d+:\d+\)|\bat (async )?[\w$.<>]+ \([^)]*:\d+:\d+\)/;
const internalDetail =
  /node_modules|\/work\/|\/src\/|\.ts:\d+|(TypeError|ReferenceError|RangeError|SyntaxError|ZodError):|syntax error at or near|violates [a-z ]*constraint|duplicate key value|invalid input syntax|relation "[^"]+" does not exist|"issues":\[/;

function clip(text: string | Buffer | undefined, n = 400): string {
  const s = typeof text === 'string' ? text : text ? `<bytes> ${text.subarray(0, n).toString('latin1')}` : '';
  return s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;
}

function describeCase(id: string, c: TCase, sent: TSent, res: LightMyRequestResponse | null): string {
  return [
    `route ${id} family ${familyOf(c)} (auth ${c.auth.kind})`,
    `${sent.method} ${clip(sent.url, 300)}`,
    `headers ${clip(JSON.stringify(sent.headers), 300)}`,
    `payload ${clip(sent.payload)}`,
    res ? `answer ${res.statusCode} ${res.headers['content-type'] ?? ''} ${clip(res.body, 600)}` : '',
  ].join('\n  ');
}

type TVerdict = { isRefusal: boolean; code: unknown };

/** Checks the form of an answer and tells whether it is a refusal. */
function sentBytes(sent: TSent): number {
  return sent.url.length + (sent.payload?.length ?? 0);
}

function judge(id: TRouteId, sent: TSent, res: LightMyRequestResponse, explain: () => string): TVerdict {
  if (res.statusCode >= 500) throw new Error(`answered ${res.statusCode}\n  ${explain()}`);
  const type = String(res.headers['content-type'] ?? '');
  const isBinary = /spreadsheetml|octet-stream|image\/|application\/pdf/.test(type);
  if (!isBinary && (stackTrace.test(res.body) || internalDetail.test(res.body))) {
    throw new Error(`the answer shows an internal detail\n  ${explain()}`);
  }
  if (type.startsWith('application/json')) {
    let body: { code?: unknown; message?: unknown; data?: { fieldErrors?: unknown } | null };
    try {
      body = JSON.parse(res.body);
    } catch {
      throw new Error(`not JSON despite its content type\n  ${explain()}`);
    }
    if (!body || typeof body !== 'object' || !('code' in body) || typeof body.message !== 'string') {
      throw new Error(`not the envelope\n  ${explain()}`);
    }
    // WeChat Pay's notification answers the provider's own form: `{ code: 'FAIL', message }`.
    const isRefusal = res.statusCode >= 400 || body.code !== ErrorCode.ok;
    if (isRefusal && body.message.trim() === '')
      throw new Error(`a refusal without a message\n  ${explain()}`);
    // A refusal names fields (never their values), and not without end: it stays small.
    if (isRefusal && res.body.length > 64 * 1024) {
      throw new Error(`a refusal of ${res.body.length} bytes (${sentBytes(sent)} sent)\n  ${explain()}`);
    }
    if (body.code === ErrorCode.badRequest && body.data === null) {
      // A rule of the handler (not the validation) said no: the convention wants fieldErrors.
      badRequestsWithoutFieldErrors.add(id);
    } else if (body.code === ErrorCode.badRequest) {
      const fieldErrors = body.data?.fieldErrors;
      if (!fieldErrors || typeof fieldErrors !== 'object') {
        throw new Error(`a bad request without fieldErrors\n  ${explain()}`);
      }
      for (const message of Object.values(fieldErrors)) {
        if (typeof message !== 'string' || message === '')
          throw new Error(`an empty field error\n  ${explain()}`);
      }
    }
    if (typeof body.code !== 'number' && id !== 'wechatPayNotify') {
      throw new Error(`the envelope's code is not a number\n  ${explain()}`);
    }
    return { isRefusal, code: body.code };
  }
  if (res.statusCode >= 400) return { isRefusal: true, code: res.statusCode };
  if (res.statusCode >= 300) {
    const location = String(res.headers.location ?? '');
    return { isRefusal: /error|fail/i.test(location), code: res.statusCode };
  }
  if (id === 'alipayNotify') return { isRefusal: res.body !== 'success', code: res.body };
  return { isRefusal: false, code: res.statusCode };
}

/** Whether what the valid family sent passes the route's schemas (how often the edges are right). */
function isSchemaValid(route: TRouteDef, sent: TSent): boolean {
  try {
    if (
      route.body &&
      typeof sent.payload === 'string' &&
      !route.body.safeParse(JSON.parse(sent.payload)).success
    ) {
      return false;
    }
    if (route.query) {
      const query = Object.fromEntries(new URLSearchParams(sent.url.split('?')[1] ?? ''));
      if (!route.query.safeParse(query).success) return false;
    }
    return !route.headers || route.headers.safeParse(sent.headers).success;
  } catch {
    return false;
  }
}

async function send(id: TRouteId, route: TRouteDef, c: TCase): Promise<void> {
  const sent = requestOf(route, c);
  const before = await changeCount(t.deps.database);
  const logsBefore = errorLogs.length;
  let res: LightMyRequestResponse;
  try {
    res = await t.app.inject({
      method: sent.method as 'GET' | 'POST',
      url: sent.url,
      headers: sent.headers,
      remoteAddress: c.ip,
      ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
    });
  } catch (error) {
    throw new Error(`the request failed: ${String(error)}\n  ${describeCase(id, c, sent, null)}`);
  }
  totalRequests += 1;
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  const explain = () => describeCase(id, c, sent, res);
  const verdict = judge(id, sent, res, explain);
  if (errorLogs.length > logsBefore) {
    throw new Error(
      `the server logged an error: ${clip(errorLogs.slice(logsBefore).join('\n'), 1500)}\n  ${explain()}`,
    );
  }
  const family = familyOf(c);
  const entry = stats.get(family) ?? { requests: 0, accepted: 0, refused: 0, schemaValid: 0 };
  entry.requests += 1;
  if (c.family === 'valid' && isSchemaValid(route, sent)) entry.schemaValid += 1;
  if (verdict.isRefusal) entry.refused += 1;
  else entry.accepted += 1;
  stats.set(family, entry);
  if (verdict.isRefusal) {
    const after = await changeCount(t.deps.database);
    if (after !== before) {
      const changes = await changesSince(t.deps.database, before);
      // A business refusal (code ≥ 1000: past validation and authorisation) may be audited: the
      // audit log lists failed operations by design. Nothing else may change.
      const isAudited =
        typeof verdict.code === 'number' &&
        verdict.code >= 1000 &&
        changes.every((change) => auditBookkeeping.has(change));
      const isDownstream = downstreamFailures.has(verdict.code as number);
      if (!isAudited && !isDownstream)
        throw new Error(`a refusal changed the database: ${changes.join(', ')}\n  ${explain()}`);
      auditedRefusals.add(`${id} ${verdict.code}${isDownstream ? ' (provider failure)' : ''}`);
    }
  }
  // A request may have signed out, disabled or demoted the administrator: start afresh.
  const mayHaveHurt =
    (route.method === 'POST' && !verdict.isRefusal) ||
    ([ErrorCode.unauthenticated, ErrorCode.sessionRevoked, ErrorCode.notAccountAdmin] as unknown[]).includes(
      verdict.code,
    );
  if (mayHaveHurt && !(await isFixtureHealthy(t.deps, fixture)))
    fixture = await repairFixture(t.deps, fixture);
}

/** A stable 32-bit seed per route and family, derived from the base seed. */
function seedOf(id: string, family: string): number {
  let hash = 2_166_136_261 ^ baseSeed;
  for (const ch of `${id}:${family}`) hash = Math.imul(hash ^ (ch.codePointAt(0) ?? 0), 16_777_619);
  return hash | 0;
}

// ---- the tests -------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'error', stream: { write: (line: string) => errorLogs.push(line) } },
  });
  fixture = await createFixture(t.deps);
  // Besides the default bookkeeping (wrong-password counters, last-seen times): the wrong-code
  // counters of verification codes and sign-in challenges, which exist to count refusals.
  await installChangeCounter(t.deps.database, {
    ignoreColumns: { verification_codes: ['attempts'], mfa_challenges: ['attempts'] },
  });
});

afterAll(async () => {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const byFamily = [...stats.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([family, s]) =>
        `  ${family}: ${s.requests} (accepted ${s.accepted}, refused ${s.refused}${family === 'valid' ? `, schema-valid ${s.schemaValid}` : ''})`,
    );
  const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  // biome-ignore lint/suspicious/noConsole: the summary (requests, answers, duration) is the fuzz run's report
  console.log(
    [
      `fuzz: ${totalRequests} requests over ${shardIds.length} routes (shard ${shardIndex}/${shardCount}) in ${seconds} s (FUZZ_RUNS=${runs}, FUZZ_SEED=${baseSeed})`,
      `statuses: ${byStatus.join(' ')}`,
      `business refusals that were recorded: ${[...auditedRefusals].sort().join(', ') || 'none'}`,
      `400 without fieldErrors (a handler's rule): ${[...badRequestsWithoutFieldErrors].sort().join(', ') || 'none'}`,
      ...byFamily,
    ].join('\n'),
  );
  await t?.close();
});

describe('hostile input never breaks a route', () => {
  const ids = Object.keys(routes) as TRouteId[];
  it('covers every route of the table', () => {
    expect(ids.length).toBeGreaterThan(100);
  });

  for (const id of shardIds) {
    const route: TRouteDef = routes[id];
    const families = familiesOf(route);
    const budget = families.reduce((n, f) => n + f.runs, 0);
    it(
      `${id}: ${route.method} ${route.path}`,
      async () => {
        if (!(await isFixtureHealthy(t.deps, fixture))) fixture = await repairFixture(t.deps, fixture);
        for (const { family, arbitrary, runs: numRuns } of families) {
          const seed = seedOf(id, family);
          await fc.assert(
            fc.asyncProperty(arbitrary, (c) => send(id, route, c)),
            { seed, numRuns, endOnFailure: process.env.FUZZ_SHRINK !== '1' },
          );
        }
      },
      60_000 + budget * 500,
    );
  }
});
