/**
 * The permission matrix: every route of the contract's table × {anonymous, service user, ordinary
 * member, administrator, administrator of another account} × {own object, another account's
 * object}. Each cell's expected answer comes from `permission-expectations.ts`; the test fails on
 * any cell that differs and on any route without an expectation. After every refused request the
 * database is unchanged (a change counter watches every table), and an answer to a caller of one
 * account never shows another account's data.
 */
import { routes, type TRouteDef, type TRouteId } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { sha256 } from '../src/lib/tokens';
import { issueCheckToken } from '../src/modules/verification/code.service';
import { changeCount, changesSince, installChangeCounter } from './db-snapshot';
import { createTestApp, knownCaptcha, login, mintSession, type TTestApp } from './harness';
import {
  expectations,
  type TExpectation,
  type TOutcome,
  type TRequestParts,
  type TTools,
} from './permission-expectations';
import {
  freshChange,
  freshInstance,
  freshServiceUser,
  freshUser,
  freshWebhook,
  nextPhone,
  seedWorld,
  type TSide,
  type TWorld,
} from './permission-fixture';

type TRole = 'anonymous' | 'service' | 'member' | 'admin' | 'otherAdmin';
type TTarget = 'own' | 'foreign';
const roles: readonly TRole[] = ['anonymous', 'service', 'member', 'admin', 'otherAdmin'];
const targets: readonly TTarget[] = ['own', 'foreign'];

let t: TTestApp;
let world: TWorld;
let tools: TTools;
let spareHash: string;
/** The service user's session: forged (service users never get one) and ended on its first use. */
let serviceToken: string;
let ipCounter = 0;
const unknownProof = {
  authcodetoken: 'matrix-unknown-proof',
  authcodetype: 'SMS',
  authmethod: 'UPDATE_USER_INFO',
  authcode: '000000',
};

beforeAll(async () => {
  // Every feature on, so that every route's own rules answer (feature-flags.test.ts shows the rest).
  t = await createTestApp({
    env: { NODE_ENV: 'test', FEATURE_HUAWEI_LICENSE: '1', FEATURE_MARKETPLACE_REGISTER: '1' },
  });
  world = await seedWorld(t.deps);
  spareHash = await t.deps.hasher.hash('Fresh@2026pass');
  tools = {
    deps: t.deps,
    world,
    freshUser: (accountId) => freshUser(t.deps, accountId, spareHash),
    freshWebhook: (accountId) => freshWebhook(t.deps, accountId),
    freshChange: (accountId, userId) => freshChange(t.deps, accountId, userId),
    freshInstance: (accountId) => freshInstance(t.deps, accountId),
    freshServiceUser: (accountId) => freshServiceUser(t.deps, accountId, spareHash),
    phone: nextPhone,
    captcha: () => knownCaptcha(t.deps),
    checkToken: async (accountId, userId, purpose) =>
      (
        await issueCheckToken(t.deps, {
          purpose,
          target: { channel: 'email', target: `matrix.${userId}@proof.example`, accountId, userId },
        })
      ).checkToken,
  };
  // The development payment gateway answers the provider protocol at the server's own address.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await installChangeCounter(t.deps.database);
  serviceToken = await mintSession(t.deps, world.a.accountId, world.a.serviceUserId);
});

afterAll(async () => {
  await t?.close();
});

/** The class of an answer. */
function outcomeOf(res: LightMyRequestResponse): TOutcome {
  if (res.statusCode >= 300 && res.statusCode < 400) return 'redirect';
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('application/json')) return res.statusCode === 200 ? 'file' : res.statusCode;
  let code: unknown;
  try {
    code = (res.json() as { code?: unknown }).code;
  } catch {
    return res.statusCode;
  }
  switch (code) {
    case ErrorCode.ok:
      return 'ok';
    case ErrorCode.unauthenticated:
      return 'unauthenticated';
    case ErrorCode.notAccountAdmin:
      return 'notAdmin';
    case ErrorCode.forbidden:
      return 'forbidden';
    case ErrorCode.notFound:
      return 'notFound';
    case ErrorCode.badRequest:
      return 'badRequest';
    default:
      return typeof code === 'number' ? code : res.statusCode;
  }
}

/** The answer each cell must give (see the rules in permission-expectations.ts). */
function expectedCell(e: TExpectation, role: TRole, target: TTarget): TOutcome {
  const foreign = target === 'foreign' && e.object !== 'none';
  if (e.access === 'public') return foreign ? (e.foreign ?? e.own) : e.own;
  if (role === 'anonymous' || role === 'service') {
    if (e.access === 'optional')
      return foreign ? (e.foreign ?? e.anonymous ?? e.own) : (e.anonymous ?? e.own);
    return 'unauthenticated';
  }
  if (role === 'member') {
    if (e.access === 'admin') return 'notAdmin';
    if (foreign) return e.memberForeign ?? e.foreign ?? e.member ?? e.own;
    return e.member ?? e.own;
  }
  return foreign ? (e.foreign ?? e.own) : e.own;
}

const auditBookkeeping = new Set([
  'insert audit_entries',
  'insert audit_chain_heads',
  'update audit_chain_heads',
]);

async function lastAuditId(): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await t.deps.db.execute(sql`select coalesce(max(id), 0)::int as id from audit_entries`),
  );
  return Number(rows[0]?.id ?? 0);
}

/**
 * The changes a refusal made that it may not make: all of them, unless the route records its
 * refusals (then audit entries of failures, and the tables it names).
 */
async function forbiddenChanges(e: TExpectation, changes: string[], auditBefore: number): Promise<string[]> {
  if (!e.recordsRefusal) return changes;
  const allowed = new Set([...auditBookkeeping, ...e.recordsRefusal.tables]);
  const wrong = changes.filter((change) => !allowed.has(change));
  const rows = rowsOf<{ action: string }>(
    await t.deps.db.execute(sql`select action from audit_entries where id > ${auditBefore} and status = 1`),
  );
  return [...wrong, ...rows.map((r) => `audited success ${r.action}`)];
}

/** Whether an outcome is a refusal (after which nothing may have changed). */
function isRefusal(outcome: TOutcome): boolean {
  return outcome !== 'ok' && outcome !== 'redirect' && outcome !== 'file';
}

async function tokenOf(role: TRole): Promise<string | null> {
  const { a, b } = world;
  switch (role) {
    case 'anonymous':
      return null;
    case 'service':
      return serviceToken;
    case 'member':
      return mintSession(t.deps, a.accountId, a.memberId);
    case 'admin':
      return mintSession(t.deps, a.accountId, a.adminId);
    case 'otherAdmin':
      return mintSession(t.deps, b.accountId, b.adminId);
  }
}

/** The caller's own side and the other side. */
function sidesOf(role: TRole): { mine: TSide; theirs: TSide } {
  return role === 'otherAdmin' ? { mine: world.b, theirs: world.a } : { mine: world.a, theirs: world.b };
}

async function requestOf(e: TExpectation, role: TRole, target: TTarget): Promise<TRequestParts> {
  if (!e.request) return {};
  const { mine, theirs } = sidesOf(role);
  if (target === 'own' || e.object === 'none') return e.request(mine, mine.accountId, tools);
  if (e.object === 'account') return e.request(theirs, theirs.accountId, tools);
  return e.request(theirs, mine.accountId, tools);
}

function send(id: TRouteId, parts: TRequestParts, token: string | null) {
  const route: TRouteDef = routes[id];
  let url: string = route.path;
  for (const [name, value] of Object.entries(parts.params ?? {})) {
    url = url.replace(`:${name}`, encodeURIComponent(value));
  }
  url = url.replace(/:(\w+)/g, 'missing');
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(parts.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, String(v));
  }
  if (query.size > 0) url = `${url}?${query}`;
  const headers: Record<string, string> = { 'cz-lang': 'en-US' };
  // A route that reads a verified code's proof gets one no one issued.
  if (route.headers) Object.assign(headers, unknownProof);
  Object.assign(headers, parts.headers);
  if (token) headers.authorization = `Bearer ${token}`;
  // Every request from its own address: the per-address limits are not what this test is about.
  ipCounter += 1;
  const remoteAddress = `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  if (parts.raw) {
    headers['content-type'] = parts.raw.contentType;
    return t.app.inject({ method: route.method, url, headers, payload: parts.raw.payload, remoteAddress });
  }
  if (route.method === 'GET') return t.app.inject({ method: 'GET', url, headers, remoteAddress });
  return t.app.inject({
    method: route.method,
    url,
    headers,
    payload: (parts.body ?? {}) as Record<string, unknown>,
    remoteAddress,
  });
}

type TCellResult = {
  id: TRouteId;
  role: TRole;
  target: TTarget;
  expected: TOutcome;
  actual: TOutcome;
  changes: string[];
  leaked: string[];
  detail: string;
};

const results: TCellResult[] = [];

describe('permission matrix', () => {
  it('has an expectation for every route of the contract, and the access rule the contract states', () => {
    const missing = Object.keys(routes).filter((id) => !(id in expectations));
    expect(missing).toEqual([]);
    const extra = Object.keys(expectations).filter((id) => !(id in routes));
    expect(extra).toEqual([]);
    for (const [id, e] of Object.entries(expectations) as [TRouteId, TExpectation][]) {
      expect([id, routes[id].access]).toEqual([id, e.access]);
    }
  });

  it('service users never get a web session', async () => {
    const before = await changeCount(t.deps.database);
    const auditBefore = await lastAuditId();
    const res = await login(t.app, world.a.accountName, `svc_${world.a.accountName}`, 'Service@2026pass');
    expect(res.json()).toMatchObject({ code: ErrorCode.serviceUserNoWebLogin });
    // Only the failed sign-in's audit entry.
    expect(
      await forbiddenChanges(expectations.login, await changesSince(t.deps.database, before), auditBefore),
    ).toEqual([]);
    // A session that exists anyway (forged into the table) ends on its first use, with an audit entry.
    const first = await send('getAccountCenter', {}, serviceToken);
    expect(first.json()).toMatchObject({ code: ErrorCode.sessionRevoked });
    const rows = await t.deps.db.execute(
      sql`select revoke_reason from sessions where token_hash = ${sha256(serviceToken)}`,
    );
    expect(JSON.stringify(rows)).toContain('service_user');
  });

  it('answers every cell as expected and changes nothing after a refusal', async () => {
    const ids = Object.keys(expectations) as TRouteId[];
    for (const id of ids) {
      const e: TExpectation = expectations[id];
      for (const role of roles) {
        for (const target of targets) {
          const expected = expectedCell(e, role, target);
          const token = await tokenOf(role);
          const parts = await requestOf(e, role, target);
          const before = await changeCount(t.deps.database);
          const auditBefore = e.recordsRefusal ? await lastAuditId() : 0;
          const res = await send(id, parts, token);
          const actual = outcomeOf(res);
          const changes = isRefusal(actual)
            ? await forbiddenChanges(e, await changesSince(t.deps.database, before), auditBefore)
            : [];
          // Nothing of the other account in an answer to a signed-in caller (public routes answer
          // about whatever account the request names).
          const { theirs } = sidesOf(role);
          const leaked =
            e.access === 'public' ? [] : theirs.markers.filter((marker) => res.body.includes(marker));
          results.push({
            id,
            role,
            target,
            expected,
            actual,
            changes,
            leaked,
            detail: res.body.slice(0, 300),
          });
        }
      }
    }
    const wrong = results.filter((r) => r.expected !== r.actual);
    const changed = results.filter((r) => r.changes.length > 0);
    const leaks = results.filter((r) => r.leaked.length > 0);
    const format = (r: TCellResult) =>
      `${r.id} × ${r.role} × ${r.target}: expected ${r.expected}, got ${r.actual}` +
      (r.changes.length ? ` changed [${r.changes.join(', ')}]` : '') +
      (r.leaked.length ? ` leaked [${r.leaked.join(', ')}]` : '') +
      ` — ${r.detail}`;
    expect(wrong.map(format)).toEqual([]);
    expect(changed.map(format)).toEqual([]);
    expect(leaks.map(format)).toEqual([]);
    expect(results.length).toBe(ids.length * roles.length * targets.length);
  }, 600_000);
});
