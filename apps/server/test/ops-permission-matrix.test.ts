/**
 * The back office's permission matrix (decision 0047): every route of the contract's ops table ×
 * every operator role × a customer's session × no session, against an expectation written out
 * per route (not derived from the table's own declaration). A refusal changes nothing (no audit
 * entry, no operator row). Also the separation of the listeners: the public one answers 404 under
 * `/api/ops/`, a customer's token is refused on the ops API and an operator's on the customers'
 * API, and the ops OpenAPI document lists every ops route with its roles, on the ops listener only.
 */
import { OpsRoles, opsRoutes, type TOpsRole, type TOpsRouteId } from '@console/contract/ops';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpsApp } from '../src/app';
import { accounts, auditEntries, operators } from '../src/db/schema';
import { createTotpSecret, totpCode } from '../src/lib/totp';
import { createAccountWithRoles } from '../src/modules/account';
import { activateLicense, issueDevLicense } from '../src/modules/license/license.service';
import { updateOperator } from '../src/modules/operator/operator.repository';
import { createOperator } from '../src/modules/operator/operator.service';
import { openOpsSession } from '../src/modules/operator/operator-session.service';
import { createTestApp, envelope, mintSession, seedAccount, type TTestApp } from './harness';
import { createPasskey, signWith, type TSoftPasskey } from './soft-authenticator';

type TCaller = 'none' | 'customer' | TOpsRole;
const callers: readonly TCaller[] = ['none', 'customer', ...OpsRoles];

/** 'ok', or the code of the refusal. */
type TOutcome = 'ok' | 401 | 4304 | 4309;

const owner: Record<TCaller, TOutcome> = {
  none: 401,
  customer: 401,
  owner: 'ok',
  support: 4309,
  reviewer: 4309,
  finance: 4309,
  auditor: 4309,
};
const everyOperator: Record<TCaller, TOutcome> = {
  none: 401,
  customer: 401,
  owner: 'ok',
  support: 'ok',
  reviewer: 'ok',
  finance: 'ok',
  auditor: 'ok',
};
/** A change of support's work (accounts, users): the owner and support only. */
const support: Record<TCaller, TOutcome> = {
  none: 401,
  customer: 401,
  owner: 'ok',
  support: 'ok',
  reviewer: 4309,
  finance: 4309,
  auditor: 4309,
};
/** A sign-in step's route: a signed-in operator's session is not that step's. */
const signInStep: Record<TCaller, TOutcome> = {
  none: 401,
  customer: 401,
  owner: 4304,
  support: 4304,
  reviewer: 4304,
  finance: 4304,
  auditor: 4304,
};
/** Acts of the owner and one other role (catalogue prices and licences: finance; invite codes: support). */
function ownerAnd(role: TOpsRole): Record<TCaller, TOutcome> {
  return {
    none: 401,
    customer: 401,
    owner: 'ok',
    support: role === 'support' ? 'ok' : 4309,
    reviewer: role === 'reviewer' ? 'ok' : 4309,
    finance: role === 'finance' ? 'ok' : 4309,
    auditor: 4309,
  };
}
const anyone: Record<TCaller, TOutcome> = {
  none: 'ok',
  customer: 'ok',
  owner: 'ok',
  support: 'ok',
  reviewer: 'ok',
  finance: 'ok',
  auditor: 'ok',
};

const expectations: Record<TOpsRouteId, Record<TCaller, TOutcome>> = {
  opsSignIn: anyone,
  opsSignInTotp: signInStep,
  opsSetupPassword: signInStep,
  opsSetupTotp: signInStep,
  opsSetupTotpConfirm: signInStep,
  opsSignOut: everyOperator,
  opsMe: everyOperator,
  opsStepUp: everyOperator,
  opsChangePassword: everyOperator,
  opsListOperators: owner,
  opsCreateOperator: owner,
  opsDisableOperator: owner,
  opsEnableOperator: owner,
  opsReRoleOperator: owner,
  opsResetOperatorSecondFactor: owner,
  opsSearchAccounts: everyOperator,
  opsGetAccount: everyOperator,
  opsAccountAudit: everyOperator,
  opsSuspendAccount: support,
  opsResumeAccount: support,
  opsExtendTrial: support,
  opsMakeFormal: support,
  opsStopMfaRequirement: support,
  opsCreateAccount: support,
  opsCreateActivationCode: support,
  opsGetCatalogue: everyOperator,
  opsCreateCatalogueService: owner,
  opsUpdateCatalogueService: owner,
  opsRemoveCatalogueService: owner,
  opsCreateCatalogueVersion: owner,
  opsUpdateCatalogueVersion: owner,
  opsRemoveCatalogueVersion: owner,
  opsCreateCatalogueRegion: owner,
  opsUpdateCatalogueRegion: owner,
  opsRemoveCatalogueRegion: owner,
  opsUpdateCataloguePrice: ownerAnd('finance'),
  opsListLicenses: everyOperator,
  opsIssueLicense: ownerAnd('finance'),
  opsReleaseLicense: ownerAnd('finance'),
  opsListInviteCodes: everyOperator,
  opsCreateInviteCode: ownerAnd('support'),
  opsDashboard: everyOperator,
  opsSetupPasskeyOptions: signInStep,
  opsSetupPasskey: signInStep,
  opsSignInPasskeyOptions: signInStep,
  opsSignInPasskey: signInStep,
  opsStepUpPasskeyOptions: everyOperator,
  opsStepUpPasskey: everyOperator,
  opsMySecondFactors: everyOperator,
  opsMyPasskeyOptions: everyOperator,
  opsMyPasskeyAdd: everyOperator,
  opsMyPasskeyRename: everyOperator,
  opsMyPasskeyRemove: everyOperator,
  opsMyAuthenticatorStart: everyOperator,
  opsMyAuthenticatorConfirm: everyOperator,
};

let t: TTestApp;
let ops: FastifyInstance;
/** A live customer session (the administrator of an account), minted afresh for each use. */
let customerToken: () => Promise<string>;
const secretOf = new Map<TOpsRole, string>();
const idOf = new Map<TOpsRole, number>();
const passwordOf = new Map<TOpsRole, string>();
const passkeyOf = new Map<TOpsRole, TSoftPasskey>();
type TRegistrationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
let serial = 0;
/** The seeded customer account, read by the ops reads and named by refused acts. */
let matrixAccountId = 0;

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.opsApp();
  const account = await seedAccount(t.deps, 'matrix');
  matrixAccountId = account.id;
  customerToken = () => mintSession(t.deps, account.id, account.admin.id);
  for (const role of OpsRoles) {
    const created = await createOperator(t.deps, null, { username: `matrix.${role}`, role }, null);
    const secret = createTotpSecret();
    const password = `Matrix${role}Pass2026`;
    await updateOperator(t.deps.db, created.operator.id, {
      passwordHash: await t.deps.hasher.hash(password),
      mustChangePassword: false,
      totpSecret: t.deps.secrets.seal(secret),
    });
    secretOf.set(role, secret);
    idOf.set(role, created.operator.id);
    passwordOf.set(role, password);
  }
});
afterAll(async () => {
  await t?.close();
});

async function tokenOf(caller: TCaller): Promise<string | null> {
  if (caller === 'none') return null;
  if (caller === 'customer') return customerToken();
  const id = idOf.get(caller) ?? 0;
  return (await openOpsSession(t.deps.db, { id }, 'operator', t.deps.clock.now(), null)).token;
}

/** Calls the ops API as the operator of `token` (for the requests that need a ceremony first). */
async function asOperator<T>(token: string, url: string, payload?: unknown): Promise<T> {
  const res = envelope<T>(
    await ops.inject({
      method: 'POST',
      url,
      headers: { 'cz-lang': 'en-US', authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    }),
  );
  expect(res.code, url).toBe(0);
  return res.data;
}

/** Registers a new software passkey for the operator of `token`: answers it and its id. */
async function newPasskey(token: string, role: TOpsRole): Promise<{ passkey: TSoftPasskey; id: number }> {
  const options = await asOperator<TRegistrationOptions>(token, '/api/ops/me/passkeys/options');
  const made = createPasskey(options, { origin: t.deps.config.opsOrigin });
  const factors = await asOperator<{ passkeys: { id: number }[] }>(token, '/api/ops/me/passkeys', {
    name: `matrix ${role}`,
    credential: made.response,
  });
  passkeyOf.set(role, made.passkey);
  return { passkey: made.passkey, id: factors.passkeys.at(-1)?.id ?? 0 };
}

/** A request each route would accept from a caller it admits. */
async function bodyOf(id: TOpsRouteId, caller: TCaller, token: string | null): Promise<unknown> {
  serial += 1;
  const role = caller === 'none' || caller === 'customer' ? 'owner' : caller;
  const fresh = async () =>
    (await createOperator(t.deps, null, { username: `matrix.target${serial}`, role: 'support' }, null))
      .operator.id;
  switch (id) {
    case 'opsSignIn':
      return { username: 'matrix.owner', password: passwordOf.get('owner') };
    case 'opsSignInTotp':
    case 'opsSetupTotpConfirm':
    case 'opsStepUp':
      return { code: totpCode(secretOf.get(role) ?? '', t.deps.clock.now()) };
    case 'opsSetupPassword':
      return { password: 'Another2026Password' };
    case 'opsChangePassword': {
      const next = `Changed${serial}Pass2026`;
      const current = passwordOf.get(role);
      return { currentPassword: current, newPassword: next, _next: next };
    }
    case 'opsCreateOperator':
      return { username: `matrix.new${serial}`, role: 'auditor', reason: 'matrix' };
    case 'opsReRoleOperator':
      return caller === 'owner'
        ? { operatorId: await fresh(), role: 'finance', reason: 'matrix' }
        : { operatorId: 1, role: 'finance', reason: 'matrix' };
    case 'opsDisableOperator':
    case 'opsEnableOperator':
    case 'opsResetOperatorSecondFactor':
      return {
        operatorId: caller === 'owner' ? await fresh() : (idOf.get('support') ?? 0),
        reason: 'matrix',
      };
    case 'opsSuspendAccount':
    case 'opsMakeFormal':
      return { accountId: admitted(id, caller) ? await freshAccount() : matrixAccountId, reason: 'matrix' };
    case 'opsResumeAccount':
      return {
        accountId: admitted(id, caller) ? await freshAccount({ status: 1 }) : matrixAccountId,
        reason: 'matrix',
      };
    case 'opsExtendTrial':
      return { accountId: matrixAccountId, days: 7, reason: 'matrix' };
    case 'opsStopMfaRequirement':
      return {
        accountId: admitted(id, caller) ? await freshAccount({ mfaRequired: true }) : matrixAccountId,
        reason: 'matrix',
      };
    case 'opsCreateAccount':
      return {
        accountName: `matrixnew${lettersOf(serial)}`,
        adminUsername: 'matrix_admin',
        email: `admin${serial}@matrixnew.example`,
        reason: 'matrix',
      };
    case 'opsCreateActivationCode':
      return { kind: 'extend', extendDays: 10, reason: 'matrix' };
    case 'opsCreateCatalogueService':
      return { ...matrixService(9000 + serial), reason: 'matrix' };
    case 'opsUpdateCatalogueService':
    case 'opsRemoveCatalogueService': {
      // A service of its own for each cell, so that each admitted call really changes or removes one.
      const created = matrixService(9000 + serial);
      await ownerCall('opsCreateCatalogueService', { ...created, reason: 'matrix setup' });
      return id === 'opsRemoveCatalogueService'
        ? { id: created.id, reason: 'matrix' }
        : { ...created, nameEn: 'Matrix changed', reason: 'matrix' };
    }
    case 'opsCreateCatalogueVersion':
    case 'opsUpdateCatalogueVersion':
    case 'opsRemoveCatalogueVersion': {
      const service = matrixService(9000 + serial);
      await ownerCall('opsCreateCatalogueService', { ...service, reason: 'matrix setup' });
      const version = {
        serviceId: service.id,
        code: 'trial',
        nameZh: '试用版',
        nameEn: 'Trial',
        trialDays: 30,
      };
      if (id === 'opsCreateCatalogueVersion') return { ...version, reason: 'matrix' };
      await ownerCall('opsCreateCatalogueVersion', { ...version, reason: 'matrix setup' });
      return id === 'opsRemoveCatalogueVersion'
        ? { serviceId: service.id, code: 'trial', reason: 'matrix' }
        : { ...version, trialDays: 14, reason: 'matrix' };
    }
    case 'opsCreateCatalogueRegion':
    case 'opsUpdateCatalogueRegion':
    case 'opsRemoveCatalogueRegion': {
      const region = {
        csp: 'aliyun',
        code: `matrix-${serial}`,
        nameZh: '矩阵',
        nameEn: 'Matrix',
        serviceIds: [1],
      };
      if (id === 'opsCreateCatalogueRegion') return { ...region, reason: 'matrix' };
      await ownerCall('opsCreateCatalogueRegion', { ...region, reason: 'matrix setup' });
      return id === 'opsRemoveCatalogueRegion'
        ? { csp: 'aliyun', code: region.code, reason: 'matrix' }
        : { ...region, nameEn: 'Matrix changed', reason: 'matrix' };
    }
    case 'opsUpdateCataloguePrice':
      return { sku: 'vc_gp', unitPriceFen: String(40 + serial), reason: 'matrix' };
    case 'opsIssueLicense':
      return { customer: `matrix ${serial}`, days: 30, reason: 'matrix' };
    case 'opsReleaseLicense': {
      const licenseId = `matrix-licence-${serial}`;
      await activateLicense(
        t.deps,
        issueDevLicense({ customer: 'matrix', days: 30, now: t.deps.clock.now(), id: licenseId }),
      );
      return { licenseId, reason: 'matrix' };
    }
    case 'opsCreateInviteCode':
      return { code: `MATRIX${serial}`, maxUses: 1, validDays: 7, reason: 'matrix' };
    case 'opsStepUpPasskeyOptions':
    case 'opsStepUpPasskey':
    case 'opsMyPasskeyRename':
    case 'opsMyPasskeyRemove':
    case 'opsMyAuthenticatorConfirm': {
      // The ceremonies and the operator's own passkeys need the admitted operator's own session.
      if (caller === 'none' || caller === 'customer' || token === null)
        return { id: 1, name: 'x', code: '123456' };
      if (id === 'opsMyAuthenticatorConfirm') {
        const started = await asOperator<{ secret: string }>(token, '/api/ops/me/authenticator');
        secretOf.set(caller, started.secret);
        return { code: totpCode(started.secret, t.deps.clock.now()) };
      }
      if (id === 'opsMyPasskeyRename' || id === 'opsMyPasskeyRemove') {
        return { id: (await newPasskey(token, caller)).id, name: `renamed ${serial}` };
      }
      const passkey = passkeyOf.get(caller) ?? (await newPasskey(token, caller)).passkey;
      if (id === 'opsStepUpPasskeyOptions') return undefined;
      const options = await asOperator<{ challenge: string }>(token, '/api/ops/step-up/passkey/options');
      return { credential: signWith(passkey, options, { origin: t.deps.config.opsOrigin }) };
    }
    case 'opsMyPasskeyAdd': {
      if (caller === 'none' || caller === 'customer' || token === null) return { name: 'x', credential: {} };
      const options = await asOperator<TRegistrationOptions>(token, '/api/ops/me/passkeys/options');
      const made = createPasskey(options, { origin: t.deps.config.opsOrigin });
      return { name: `added ${serial}`, credential: made.response };
    }
    default:
      return undefined;
  }
}

function admitted(id: TOpsRouteId, caller: TCaller): boolean {
  return expectations[id][caller] === 'ok' && caller !== 'none' && caller !== 'customer';
}

/** Letters only (account names): 1 → "b", 27 → "bb". */
function lettersOf(n: number): string {
  let out = '';
  let rest = n;
  do {
    out = String.fromCharCode(97 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return out;
}

/** A fresh trial account (no users) in the state an act needs, for the callers it admits. */
async function freshAccount(values: { status?: number; mfaRequired?: boolean } = {}): Promise<number> {
  const { accountId } = await createAccountWithRoles(t.deps.db, {
    name: `matrixacct${lettersOf(serial)}`,
    displayName: `matrixacct${lettersOf(serial)}`,
    type: 2,
  });
  if (values.status !== undefined || values.mfaRequired !== undefined) {
    await t.deps.db
      .update(accounts)
      .set({
        ...(values.status === undefined ? {} : { status: values.status }),
        ...(values.mfaRequired === undefined ? {} : { mfaRequired: values.mfaRequired }),
      })
      .where(eq(accounts.id, accountId));
  }
  return accountId;
}

/** The query of each GET route that takes one, for the callers it admits. */
function queryOf(id: TOpsRouteId): string {
  switch (id) {
    case 'opsSearchAccounts':
      return '?q=matrix';
    case 'opsGetAccount':
    case 'opsAccountAudit':
      return `?accountId=${matrixAccountId}`;
    default:
      return '';
  }
}

function matrixService(id: number) {
  return { id, code: `matrix${id}`, nameZh: `矩阵${id}`, nameEn: `Matrix ${id}` };
}

/** An owner's call made to prepare a cell (not the call under test). */
async function ownerCall(id: TOpsRouteId, payload: unknown): Promise<void> {
  const token = await tokenOf('owner');
  const res = await ops.inject({
    method: 'POST',
    url: opsRoutes[id].path,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });
  expect(envelope(res).code, res.body).toBe(0);
}

async function auditCount(): Promise<number> {
  const [row] = await t.deps.db.select({ n: count() }).from(auditEntries);
  return Number(row?.n ?? 0);
}
async function operatorCount(): Promise<number> {
  const [row] = await t.deps.db.select({ n: count() }).from(operators);
  return Number(row?.n ?? 0);
}

describe('ops permission matrix', () => {
  it('has an expectation for every route of the ops table', () => {
    expect(Object.keys(expectations).sort()).toEqual(Object.keys(opsRoutes).sort());
  });

  for (const id of Object.keys(opsRoutes) as TOpsRouteId[]) {
    for (const caller of callers) {
      it(`${id} × ${caller}`, async () => {
        // Each cell in a time step of its own, so that every authenticator code is new.
        t.clock.advance(30_000);
        const route = opsRoutes[id];
        const token = await tokenOf(caller);
        const payload = await bodyOf(id, caller, token);
        const { _next, ...sent } = (payload ?? {}) as { _next?: string };
        const before = { audit: await auditCount(), operators: await operatorCount() };
        const res = await ops.inject({
          method: route.method,
          url: `${route.path}${queryOf(id)}`,
          headers: { 'cz-lang': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          ...(route.method === 'POST' && payload !== undefined ? { payload: sent } : {}),
        });
        const { code } = envelope(res);
        const outcome = code === 0 ? 'ok' : code;
        expect(outcome, `${id} × ${caller}: ${res.body}`).toBe(expectations[id][caller]);
        if (outcome === 'ok' && _next && caller !== 'none' && caller !== 'customer')
          passwordOf.set(caller, _next);
        if (outcome !== 'ok') {
          expect(await auditCount()).toBe(before.audit);
          expect(await operatorCount()).toBe(before.operators);
        }
        if (outcome === 401) expect(res.statusCode).toBe(401);
      });
    }
  }

  it('a refused role leaves the target as it was', async () => {
    const supportId = idOf.get('support') ?? 0;
    const [row] = await t.deps.db.select().from(operators).where(eq(operators.id, supportId));
    expect(row).toMatchObject({ status: 'active', role: 'support' });
    expect(row?.totpSecret).not.toBeNull();
  });
});

describe('the listeners are kept apart', () => {
  it('the public listener answers 404 under /api/ops/, whatever the token', async () => {
    const opsToken = await tokenOf('owner');
    for (const route of [...Object.values(opsRoutes), { method: 'GET', path: '/api/ops/openapi.json' }]) {
      for (const token of [null, opsToken, await customerToken()]) {
        const res = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: route.path,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
        expect(res.statusCode, route.path).toBe(404);
        expect(envelope(res).code).toBe(404);
      }
    }
  });

  it("an operator's token is refused on the customers' API, and the ops listener serves nothing of theirs", async () => {
    const opsToken = await tokenOf('owner');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/portal/user/sessions',
      headers: { authorization: `Bearer ${opsToken}` },
    });
    expect(res.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/portal/user/sessions',
          headers: { authorization: `Bearer ${await customerToken()}` },
        })
      ).statusCode,
    ).toBe(200);
    expect((await ops.inject({ method: 'GET', url: '/api/meta' })).statusCode).toBe(404);
    expect((await ops.inject({ method: 'POST', url: '/api/login', payload: {} })).statusCode).toBe(404);
  });

  it('serves its OpenAPI document with every ops route and its roles, on a real listener', async () => {
    const listener = await buildOpsApp(t.deps);
    await listener.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = listener.server.address();
      const port = address && typeof address === 'object' ? address.port : 0;
      const res = await fetch(`http://127.0.0.1:${port}/api/ops/openapi.json`);
      expect(res.status).toBe(200);
      const document = (await res.json()) as {
        paths: Record<string, Record<string, { operationId: string; 'x-ops-roles': string[] }>>;
      };
      for (const [id, route] of Object.entries(opsRoutes)) {
        const operation = document.paths[route.path]?.[route.method.toLowerCase()];
        expect(operation?.operationId).toBe(id);
        expect(operation?.['x-ops-roles']).toEqual(route.access === 'operator' ? route.roles : []);
      }
    } finally {
      await listener.close();
    }
  });
});
