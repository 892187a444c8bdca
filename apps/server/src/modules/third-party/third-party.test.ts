/**
 * Third-party binding and sign-in against a real OAuth 2.0 provider (`oidc-provider` on a local
 * port): binding an identity from the account center, its uniqueness, unbinding, the
 * administrator's switch, the sign-in through a bound identity, and the refusals (switch off,
 * unbound identity, forged or replayed state, another browser).
 */
import { ErrorCode } from '@console/contract/codes';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { driveAuthorization, startOidcIdp, type TOidcIdp } from '../../../test/oidc-idp';
import type { TThirdPartyProvider } from '../../config';
import { auditEntries, thirdPartyBindings, users } from '../../db/schema';
import { translateError } from '../../i18n';
import { insertUser } from '../user/user.repository';
import { thirdPartyLoginOptions } from './third-party.service';

const publicUrl = 'http://console.test';
const callbackUri = `${publicUrl}/api/portal/thirdparty/callback`;
const clientSecret = 'third-party-client-secret-of-the-test';
const boundPath = '/accountManage/accountInfo?thirdPartyBound=wecom';

type TBindingConfig = {
  loginEnabled: boolean;
  providers: {
    provider: string;
    name: string;
    isBound: boolean;
    externalName: string | null;
    bindTime: string | null;
  }[];
};

let t: TTestApp;
let idp: TOidcIdp;
let demo: TSeededAccount;
let acme: TSeededAccount;
let adminToken: string;
let memberToken: string;
let carolToken: string;

function providerOf(issuer: string): TThirdPartyProvider {
  return {
    id: 'wecom',
    name: 'WeCom',
    authorizeUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    userinfoUrl: `${issuer}/me`,
    clientId: 'console-third-party',
    clientSecret,
    scopes: 'openid profile',
    subjectClaim: 'sub',
    nameClaim: 'name',
  };
}

beforeAll(async () => {
  idp = await startOidcIdp({
    clients: [{ clientId: 'console-third-party', clientSecret, redirectUris: [callbackUri] }],
  });
  t = await createTestApp({
    config: { publicUrl, fallbackHosts: ['app.example.com'], thirdParty: [providerOf(idp.issuer)] },
  });
  // The provider checks its tokens against real time.
  t.clock.set(new Date());
  demo = await seedAccount(t.deps, 'demo');
  acme = await seedAccount(t.deps, 'acme');
  await insertUser(t.deps.db, {
    accountId: demo.id,
    username: 'carol_user',
    passwordHash: await t.deps.hasher.hash('Carol@2026pass'),
  });
  adminToken = await signIn(t.app, 'demo', demo.admin);
  memberToken = await signIn(t.app, 'demo', demo.member);
  carolToken = await signIn(t.app, 'demo', { id: 0, username: 'carol_user', password: 'Carol@2026pass' });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of res.cookies) out[c.name] = c.value;
  return out;
}

async function post(
  url: string,
  token: string,
  payload: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'cz-lang': 'en-US' }, payload });
}

async function bindingConfig(token: string): Promise<TBindingConfig> {
  const body = envelope<TBindingConfig>(await post('/api/portal/thirdparty/getUserBindingConfig', token));
  expect(body.code).toBe(0);
  return body.data;
}

async function setLoginEnabled(enabled: boolean, token = adminToken) {
  return post('/api/portal/thirdparty/modifyThirdPartyLoginStatus', token, { enabled });
}

/** The start (bind or login) up to the provider's answer to the console's redirect URI. */
async function throughProvider(start: LightMyRequestResponse, externalUser: string) {
  expect(start.statusCode).toBe(302);
  const location = String(start.headers.location);
  expect(location.startsWith(idp.issuer)).toBe(true);
  const flowCookie = cookiesOf(start).cz_sso_flow ?? '';
  expect(flowCookie).toBeTruthy();
  idp.nextUser = externalUser;
  const back = await driveAuthorization(location, callbackUri);
  return { location, flowCookie, back };
}

async function callback(back: string, flowCookie: string | null): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/portal/thirdparty/callback${new URL(back).search}`,
    headers: { cookie: `${flowCookie ? `cz_sso_flow=${flowCookie}; ` : ''}cz-lang=en-US` },
  });
}

/** The account center's "bind" button: a top-level navigation with the session cookie. */
async function startBind(sessionToken: string, provider = 'wecom'): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/portal/thirdparty/bind?provider=${provider}`,
    headers: { cookie: `cz_token=${sessionToken}; cz-lang=en-US` },
  });
}

async function bind(sessionToken: string, externalUser: string) {
  const { flowCookie, back } = await throughProvider(await startBind(sessionToken), externalUser);
  return callback(back, flowCookie);
}

/** The login page's third-party button. */
async function startLogin(query = '', accountName = 'demo'): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/portal/thirdparty/login?provider=wecom&accountName=${accountName}${query}`,
    headers: { cookie: 'cz-lang=en-US' },
  });
}

async function loginThrough(externalUser: string, query = '', accountName = 'demo') {
  const { flowCookie, back } = await throughProvider(await startLogin(query, accountName), externalUser);
  return callback(back, flowCookie);
}

function errMsgOf(res: LightMyRequestResponse): string {
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  expect(location.startsWith('/sso-error?errMsg=')).toBe(true);
  return new URL(location, publicUrl).searchParams.get('errMsg') ?? '';
}

function bindErrorOf(res: LightMyRequestResponse): string {
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), publicUrl);
  expect(location.pathname).toBe('/accountManage/accountInfo');
  return location.searchParams.get('thirdPartyError') ?? '';
}

async function auditOf(accountId: number, action: string) {
  return t.deps.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.accountId, accountId), eq(auditEntries.action, action)))
    .orderBy(desc(auditEntries.id));
}

const en = (key: string, params?: Record<string, unknown>) => translateError('en-US', key, params);

describe('third-party binding', () => {
  it("lists the deployment's providers, nothing bound and sign-in off at first", async () => {
    expect(await bindingConfig(memberToken)).toEqual({
      loginEnabled: false,
      providers: [{ provider: 'wecom', name: 'WeCom', isBound: false, externalName: null, bindTime: null }],
    });
  });

  it('needs a session to start', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portal/thirdparty/bind?provider=wecom' });
    expect(res.statusCode).toBe(401);
  });

  it('sends an unknown provider back to the account center with the reason', async () => {
    const res = await startBind(memberToken, 'nosuch');
    expect(bindErrorOf(res)).toBe(en('4045'));
    expect(cookiesOf(res).cz_sso_flow).toBeUndefined();
  });

  it('binds the identity through the provider (PKCE and state), shows it and audits it', async () => {
    const { location, flowCookie, back } = await throughProvider(await startBind(memberToken), 'ext_member');
    const authorize = new URL(location);
    expect(authorize.pathname).toBe('/auth');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(callbackUri);

    const res = await callback(back, flowCookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(boundPath);
    // A binding opens no session.
    expect(cookiesOf(res).cz_token).toBeUndefined();

    const config = await bindingConfig(memberToken);
    expect(config.providers[0]).toMatchObject({ isBound: true, externalName: 'User ext_member' });
    expect(Number.isNaN(Date.parse(config.providers[0]?.bindTime ?? ''))).toBe(false);
    // Other users see only their own bindings.
    expect((await bindingConfig(adminToken)).providers[0]?.isBound).toBe(false);

    const [entry] = await auditOf(demo.id, 'thirdparty.bind');
    expect(entry).toMatchObject({ userId: demo.member.id, status: 1, objectType: 'user' });
    expect(entry?.info).toMatchObject({ provider: 'wecom', externalName: 'User ext_member' });
  });

  it("refuses another user's identity (4046) and audits the refusal", async () => {
    const res = await bind(adminToken, 'ext_member');
    expect(bindErrorOf(res)).toBe(en('4046'));
    expect((await bindingConfig(adminToken)).providers[0]?.isBound).toBe(false);
    const [entry] = await auditOf(demo.id, 'thirdparty.bind');
    expect(entry).toMatchObject({ userId: demo.admin.id, status: 0 });
    expect(entry?.info).toMatchObject({ reason: '4046' });
  });

  it('binding again replaces the identity of the same provider', async () => {
    expect((await bind(carolToken, 'ext_carol_old')).headers.location).toBe(boundPath);
    expect((await bind(carolToken, 'ext_carol')).headers.location).toBe(boundPath);
    const rows = await t.deps.db
      .select()
      .from(thirdPartyBindings)
      .where(eq(thirdPartyBindings.provider, 'wecom'));
    expect(rows.filter((r) => r.userId !== demo.member.id).map((r) => r.subject)).toEqual(['ext_carol']);
  });

  it('the same identity may be bound in another account', async () => {
    const acmeAdmin = await signIn(t.app, 'acme', acme.admin);
    expect((await bind(acmeAdmin, 'ext_member')).headers.location).toBe(boundPath);
  });
});

describe('third-party sign-in switch', () => {
  it('is for administrators only (4037 for members), and nothing changes', async () => {
    const res = await setLoginEnabled(true, memberToken);
    expect(envelope(res).code).toBe(ErrorCode.notAccountAdmin);
    expect((await bindingConfig(memberToken)).loginEnabled).toBe(false);
  });

  it('while off, the login page offers no third-party sign-in and starting one is refused (4045)', async () => {
    expect(await thirdPartyLoginOptions(t.deps, { id: demo.id, name: 'demo' })).toEqual([]);
    const res = await startLogin();
    expect(errMsgOf(res)).toBe(en('4045'));
    expect(cookiesOf(res).cz_sso_flow).toBeUndefined();
  });

  it('an administrator turns it on: audited, shown to users, offered on the login page', async () => {
    const res = await setLoginEnabled(true);
    expect(envelope(res)).toMatchObject({ code: 0, data: { enabled: true } });
    expect((await bindingConfig(memberToken)).loginEnabled).toBe(true);
    const [entry] = await auditOf(demo.id, 'thirdparty.login_status.update');
    expect(entry).toMatchObject({ userId: demo.admin.id, status: 1 });
    expect(entry?.info).toEqual({ enabled: true });
    expect(await thirdPartyLoginOptions(t.deps, { id: demo.id, name: 'demo' })).toEqual([
      {
        provider: 'wecom',
        name: 'WeCom',
        loginUrl: '/api/portal/thirdparty/login?provider=wecom&accountName=demo',
      },
    ]);
    // Another account's switch is its own.
    expect(await thirdPartyLoginOptions(t.deps, { id: acme.id, name: 'acme' })).toEqual([]);
  });
});

describe('third-party sign-in', () => {
  it('signs in the user bound to the identity and opens the console', async () => {
    const res = await loginThrough('ext_member');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/workbench');
    const session = cookiesOf(res).cz_token ?? '';
    expect(session).toBeTruthy();
    const me = await post('/api/portal/user/getCurrentUser', session);
    expect(envelope<{ name: string }>(me).data.name).toBe(demo.member.username);

    const [entry] = await auditOf(demo.id, 'auth.login');
    expect(entry).toMatchObject({ userId: demo.member.id, status: 1 });
    expect(entry?.info).toMatchObject({ method: 'third_party:wecom' });
  });

  it('goes to the console path or the allowed fallback URL (with the token) given at the start', async () => {
    const toPath = await loginThrough('ext_member', `&redirect=${encodeURIComponent('/billing')}`);
    expect(toPath.headers.location).toBe('/billing');
    const fallbackUrl = 'https://app.example.com/landing';
    const toFallback = await loginThrough('ext_member', `&fallbackUrl=${encodeURIComponent(fallbackUrl)}`);
    const location = new URL(String(toFallback.headers.location));
    expect(location.origin + location.pathname).toBe(fallbackUrl);
    expect(location.searchParams.get('token')).toBe(cookiesOf(toFallback).cz_token);
  });

  it('refuses an identity bound to no user of the account, and audits it', async () => {
    const res = await loginThrough('ext_stranger');
    expect(errMsgOf(res)).toBe(en('thirdPartyNotBoundLogin', { provider: 'WeCom' }));
    expect(cookiesOf(res).cz_token).toBeUndefined();
    const [entry] = await auditOf(demo.id, 'auth.login');
    expect(entry).toMatchObject({ status: 0 });
    expect(entry?.info).toMatchObject({ method: 'third_party:wecom', reason: 'thirdPartyNotBoundLogin' });
  });

  it('looks bindings up in the named account only', async () => {
    // Off in acme until its administrator turns it on.
    expect(errMsgOf(await startLogin('', 'acme'))).toBe(en('4045'));
    const acmeAdmin = await signIn(t.app, 'acme', acme.admin);
    expect(envelope(await setLoginEnabled(true, acmeAdmin)).code).toBe(0);
    // ext_carol is bound in demo only; ext_member is bound to a user of each account.
    const carol = await loginThrough('ext_carol', '', 'acme');
    expect(errMsgOf(carol)).toBe(en('thirdPartyNotBoundLogin', { provider: 'WeCom' }));
    const res = await loginThrough('ext_member', '', 'acme');
    expect(res.headers.location).toBe('/workbench');
    const me = await post('/api/portal/user/getCurrentUser', cookiesOf(res).cz_token ?? '');
    expect(envelope<{ name: string }>(me).data.name).toBe(acme.admin.username);
  });

  it('refuses a disabled user', async () => {
    await t.deps.db.update(users).set({ isEnabled: false }).where(eq(users.username, 'carol_user'));
    const res = await loginThrough('ext_carol');
    expect(errMsgOf(res)).toBe(en('ssoUserDisabled', { username: 'carol_user' }));
    await t.deps.db.update(users).set({ isEnabled: true }).where(eq(users.username, 'carol_user'));
  });

  it('refuses a forged state, and a valid state from another browser, without a session', async () => {
    const { flowCookie, back } = await throughProvider(await startLogin(), 'ext_member');
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value');
    const res = await callback(forged.href, flowCookie);
    expect(errMsgOf(res)).toBe(en('ssoStateMismatch'));
    expect(cookiesOf(res).cz_token).toBeUndefined();

    const other = await throughProvider(await startLogin(), 'ext_member');
    const crossed = await callback(other.back, flowCookie);
    expect(errMsgOf(crossed)).toBe(en('ssoStateMismatch'));
    expect(cookiesOf(crossed).cz_token).toBeUndefined();
    const noCookie = await throughProvider(await startLogin(), 'ext_member');
    expect(errMsgOf(await callback(noCookie.back, null))).toBe(en('ssoStateMismatch'));
  });

  it('uses each answer once (a replay is refused)', async () => {
    const { flowCookie, back } = await throughProvider(await startLogin(), 'ext_member');
    expect((await callback(back, flowCookie)).headers.location).toBe('/workbench');
    const replay = await callback(back, flowCookie);
    expect(errMsgOf(replay)).toBe(en('ssoFlowExpired'));
    expect(cookiesOf(replay).cz_token).toBeUndefined();
  });

  it("shows the provider's refusal", async () => {
    const start = await startLogin();
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/portal/thirdparty/callback?error=access_denied&error_description=${encodeURIComponent('the user said no')}&state=${state}`,
      headers: { cookie: `cz_sso_flow=${cookiesOf(start).cz_sso_flow}; cz-lang=en-US` },
    });
    expect(errMsgOf(res)).toBe(en('ssoProviderError', { detail: 'the user said no' }));
  });

  it('refuses answers and ID tokens of another issuer than the configured one', async () => {
    const provider = t.deps.config.thirdParty[0] as TThirdPartyProvider;
    provider.issuer = 'https://other-issuer.example.com';
    try {
      const res = await loginThrough('ext_member');
      expect(errMsgOf(res)).toBe(en('ssoIssuerInvalid'));
      expect(cookiesOf(res).cz_token).toBeUndefined();
    } finally {
      delete provider.issuer;
    }
  });

  it('a binding flow cannot be completed as someone else from another browser', async () => {
    const { back } = await throughProvider(await startBind(adminToken), 'ext_admin');
    const other = await throughProvider(await startBind(carolToken), 'ext_admin');
    expect(bindErrorOf(await callback(back, other.flowCookie))).toBe(en('ssoStateMismatch'));
    expect((await bindingConfig(adminToken)).providers[0]?.isBound).toBe(false);
  });

  it('refuses the end of a sign-in started before the administrator turned it off (4045)', async () => {
    const { flowCookie, back } = await throughProvider(await startLogin(), 'ext_member');
    expect(envelope(await setLoginEnabled(false)).data).toEqual({ enabled: false });
    expect(errMsgOf(await callback(back, flowCookie))).toBe(en('4045'));
    expect(errMsgOf(await startLogin())).toBe(en('4045'));
    expect(envelope(await setLoginEnabled(true)).code).toBe(0);
  });
});

describe('third-party unbinding', () => {
  it('removes the binding, audits it, and the identity no longer signs in', async () => {
    const res = await post('/api/portal/thirdparty/userUnBinding', memberToken, { provider: 'wecom' });
    const body = envelope<TBindingConfig>(res);
    expect(body.code).toBe(0);
    expect(body.data.providers[0]).toMatchObject({ isBound: false, externalName: null, bindTime: null });
    const [entry] = await auditOf(demo.id, 'thirdparty.unbind');
    expect(entry).toMatchObject({ userId: demo.member.id, status: 1 });
    expect(entry?.info).toMatchObject({ provider: 'wecom' });

    expect(errMsgOf(await loginThrough('ext_member'))).toBe(
      en('thirdPartyNotBoundLogin', { provider: 'WeCom' }),
    );
  });

  it('answers 4047 when nothing is bound and 4045 for an unknown provider', async () => {
    const again = await post('/api/portal/thirdparty/userUnBinding', memberToken, { provider: 'wecom' });
    expect(envelope(again).code).toBe(ErrorCode.thirdPartyNotBound);
    const unknown = await post('/api/portal/thirdparty/userUnBinding', memberToken, { provider: 'nosuch' });
    expect(envelope(unknown).code).toBe(ErrorCode.thirdPartyUnavailable);
  });

  it('after unbinding, another user may bind the identity', async () => {
    expect((await bind(adminToken, 'ext_member')).headers.location).toBe(boundPath);
    expect((await bindingConfig(adminToken)).providers[0]?.isBound).toBe(true);
  });
});
