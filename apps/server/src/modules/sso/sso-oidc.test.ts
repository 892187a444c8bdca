/**
 * Single sign-on with OpenID Connect against a real OpenID provider (`oidc-provider`) on a local
 * port: configuration, the sign-in from the login page's redirect to the session, each refusal
 * landing on /sso-error, password-login enforcement, the fallback URL and the test run.
 */
import { ErrorCode } from '@console/contract/codes';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  login,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { driveAuthorization, startOidcIdp, type TOidcIdp } from '../../../test/oidc-idp';
import { auditEntries, ssoConfigs, ssoFlows, users } from '../../db/schema';
import { insertUser } from '../user/user.repository';

const publicUrl = 'http://console.test';
const redirectUri = `${publicUrl}/api/portal/sso/oidc/callback`;
const clientSecret = 'oidc-client-secret-of-the-test';

let t: TTestApp;
let idp: TOidcIdp;
let demo: TSeededAccount;
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  idp = await startOidcIdp({ clients: [{ clientId: 'console', clientSecret, redirectUris: [redirectUri] }] });
  t = await createTestApp({ config: { publicUrl, fallbackHosts: ['app.example.com', '*.partner.example'] } });
  t.clock.set(new Date());
  demo = await seedAccount(t.deps, 'demo');
  await insertUser(t.deps.db, {
    accountId: demo.id,
    username: 'alice_sso',
    passwordHash: await t.deps.hasher.hash('Alice@2026pass'),
  });
  await insertUser(t.deps.db, {
    accountId: demo.id,
    username: 'bob_disabled',
    passwordHash: await t.deps.hasher.hash('Bob@2026pass'),
    isEnabled: false,
  });
  adminToken = await signIn(t.app, 'demo', demo.admin);
  memberToken = await signIn(t.app, 'demo', demo.member);
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

function oidcBody(overrides: Record<string, unknown> = {}) {
  return {
    protocol: 'OIDC',
    enabled: true,
    supportAdminLogin: 1,
    jitProvisioning: false,
    oidc: {
      issuer: idp.issuer,
      clientId: 'console',
      clientSecret,
      scopes: 'openid profile email',
      usernameClaim: 'preferred_username',
    },
    ...overrides,
  };
}

async function saveConfig(body: Record<string, unknown>, token = adminToken) {
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/sso/config',
    headers: { ...bearer(token), 'cz-lang': 'en-US' },
    payload: body,
  });
}

function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of res.cookies) out[c.name] = c.value;
  return out;
}

/** From the login page's SSO button to the console's callback, through the provider. */
async function runSignIn(options: { user: string; query?: string; lang?: string } = { user: 'alice_sso' }) {
  idp.nextUser = options.user;
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/portal/sso/suite/authentication?accountName=demo${options.query ?? ''}`,
    headers: { cookie: `cz-lang=${options.lang ?? 'en-US'}` },
  });
  expect(start.statusCode).toBe(302);
  const location = String(start.headers.location);
  const flowCookie = cookiesOf(start).cz_sso_flow ?? '';
  const back = await driveAuthorization(location, redirectUri);
  return { start, location, flowCookie, back };
}

async function callback(back: string, flowCookie: string, lang = 'en-US') {
  const url = new URL(back);
  return t.app.inject({
    method: 'GET',
    url: `/api/portal/sso/oidc/callback${url.search}`,
    headers: { cookie: `cz_sso_flow=${flowCookie}; cz-lang=${lang}` },
  });
}

function errMsgOf(res: LightMyRequestResponse): string {
  const location = String(res.headers.location);
  expect(location.startsWith('/sso-error?errMsg=')).toBe(true);
  return new URL(location, publicUrl).searchParams.get('errMsg') ?? '';
}

describe('SSO configuration', () => {
  it('is for administrators only (4037 for members)', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/portal/sso/config',
      headers: bearer(memberToken),
    });
    expect(envelope(get).code).toBe(ErrorCode.notAccountAdmin);
    expect(envelope(await saveConfig(oidcBody(), memberToken)).code).toBe(ErrorCode.notAccountAdmin);
  });

  it('answers an unconfigured account with the service-provider details', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/portal/sso/config',
      headers: bearer(adminToken),
    });
    const body = envelope<{ isConfigured: boolean; sp: Record<string, string> }>(res);
    expect(body.code).toBe(0);
    expect(body.data.isConfigured).toBe(false);
    expect(body.data.sp.redirectUri).toBe(redirectUri);
    expect(body.data.sp.acsUrl).toBe(`${publicUrl}/api/portal/sso/saml/acs`);
    expect(body.data.sp.entityId).toContain('/api/portal/sso/saml/metadata?accountName=demo');
  });

  it('refuses addresses that are not http(s) and scopes without openid, and changes nothing', async () => {
    const res = await saveConfig(
      oidcBody({
        oidc: { issuer: 'ftp://idp.example.com', clientId: 'c', clientSecret: 's', scopes: 'profile' },
      }),
    );
    expect(res.statusCode).toBe(400);
    const fields = envelope<{ fieldErrors: Record<string, string> }>(res).data.fieldErrors;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['oidc.issuer', 'oidc.scopes']));
    expect(await t.deps.db.select().from(ssoConfigs)).toHaveLength(0);
  });

  it('refuses an issuer whose discovery fails (4043)', async () => {
    const res = await saveConfig(
      oidcBody({ oidc: { issuer: 'http://127.0.0.1:9/nothing', clientId: 'c', clientSecret: 's' } }),
    );
    const body = envelope(res);
    expect(body.code).toBe(ErrorCode.ssoProviderInvalid);
    expect(body.message).toMatch(/identity provider/);
  });

  it('saves OpenID settings: the secret is sealed at rest and never returned, and the change is audited', async () => {
    const res = await saveConfig(oidcBody({ enabled: false }));
    const body = envelope<{ oidc: { hasClientSecret: boolean; issuer: string }; enabled: boolean }>(res);
    expect(body.code).toBe(0);
    expect(body.data.oidc.hasClientSecret).toBe(true);
    expect(res.body).not.toContain(clientSecret);
    const [row] = await t.deps.db.select().from(ssoConfigs).where(eq(ssoConfigs.accountId, demo.id));
    expect(row?.oidcClientSecret).toBeTruthy();
    expect(row?.oidcClientSecret).not.toContain(clientSecret);
    const [audit] = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, demo.id), eq(auditEntries.action, 'sso.config.update')))
      .orderBy(desc(auditEntries.id));
    expect(audit).toBeTruthy();
    expect(JSON.stringify(audit)).not.toContain(clientSecret);

    // Saving again without a secret keeps the stored one.
    const again = await saveConfig(
      oidcBody({ enabled: false, oidc: { issuer: idp.issuer, clientId: 'console' } }),
    );
    expect(envelope<{ oidc: { hasClientSecret: boolean } }>(again).data.oidc.hasClientSecret).toBe(true);
  });

  it('while off, the login page is not told to use SSO and password login works for everyone', async () => {
    const suite = await t.app.inject({
      method: 'GET',
      url: '/api/portal/sso/account/suite?accountName=demo',
    });
    expect(envelope<{ ssoSuitable: boolean }>(suite).data.ssoSuitable).toBe(false);
    expect(envelope(await login(t.app, 'demo', 'alice_sso', 'Alice@2026pass')).code).toBe(0);
  });
});

describe('SSO sign-in with OpenID Connect', () => {
  beforeEach(async () => {
    expect(envelope(await saveConfig(oidcBody())).code).toBe(0);
  });

  it('the suite names the start for the login page; unknown accounts are not suitable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portal/sso/account/suite?accountName=DEMO' });
    expect(envelope(res).data).toEqual({
      ssoSuitable: true,
      supportAdminLogin: 1,
      redirectUrl: '/api/portal/sso/suite/authentication?accountName=DEMO',
      thirdParty: [],
      passkeySignIn: false,
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/portal/sso/account/suite?accountName=nosuch',
    });
    expect(envelope<{ ssoSuitable: boolean }>(unknown).data.ssoSuitable).toBe(false);
  });

  it('signs in through the provider with PKCE, state and nonce, and opens the console', async () => {
    const { location, flowCookie, back } = await runSignIn({ user: 'alice_sso' });
    const auth = new URL(location);
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('state')).toBeTruthy();
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    expect(auth.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(flowCookie).toBeTruthy();

    const res = await callback(back, flowCookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/workbench');
    const session = cookiesOf(res).cz_token;
    expect(session).toBeTruthy();
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/portal/user/getCurrentUser',
      headers: bearer(session ?? ''),
      payload: {},
    });
    expect(envelope<{ name: string }>(me).data.name).toBe('alice_sso');

    const [entry] = await t.deps.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.accountId, demo.id),
          eq(auditEntries.action, 'auth.login'),
          eq(auditEntries.username, 'alice_sso'),
        ),
      )
      .orderBy(desc(auditEntries.id));
    expect(entry?.status).toBe(1);
    expect(entry?.info).toMatchObject({ method: 'sso_oidc' });
  });

  it('refuses an answer whose state belongs to no sign-in (state mismatch)', async () => {
    const { flowCookie, back } = await runSignIn({ user: 'alice_sso' });
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state-of-this-sign-in');
    const res = await callback(forged.toString(), flowCookie);
    expect(errMsgOf(res)).toMatch(/state mismatch/);
    expect(cookiesOf(res).cz_token).toBeUndefined();
  });

  it('refuses an answer arriving in another browser (no binding cookie)', async () => {
    const { back } = await runSignIn({ user: 'alice_sso' });
    const res = await callback(back, 'another-browser');
    expect(errMsgOf(res)).toMatch(/state mismatch/);
  });

  it('refuses an ID token whose nonce is not the sign-in’s (nonce mismatch)', async () => {
    const { flowCookie, back } = await runSignIn({ user: 'alice_sso' });
    // The flow now expects another nonce than the one the provider put in the ID token.
    const [flow] = await t.deps.db.select().from(ssoFlows).orderBy(desc(ssoFlows.id)).limit(1);
    const secrets = JSON.parse(t.deps.secrets.open(flow?.secrets ?? '')) as Record<string, unknown>;
    await t.deps.db
      .update(ssoFlows)
      .set({
        secrets: t.deps.secrets.seal(
          JSON.stringify({ ...secrets, nonce: 'another-nonce-value-000000000000' }),
        ),
      })
      .where(eq(ssoFlows.id, flow?.id ?? 0));
    const res = await callback(back, flowCookie);
    expect(errMsgOf(res)).toMatch(/nonce mismatch/);
  });

  it('an answer used once cannot be used again', async () => {
    const { flowCookie, back } = await runSignIn({ user: 'alice_sso' });
    expect((await callback(back, flowCookie)).headers.location).toBe('/workbench');
    const again = await callback(back, flowCookie);
    expect(errMsgOf(again)).toMatch(/expired or was already completed/);
  });

  it('refuses a username the account does not have, in the user’s language', async () => {
    const { flowCookie, back } = await runSignIn({ user: 'ghost_user', lang: 'zh-CN' });
    const res = await callback(back, flowCookie, 'zh-CN');
    expect(errMsgOf(res)).toBe('该账户中不存在用户 ghost_user，请联系账户管理员添加。');
    const [entry] = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, demo.id), eq(auditEntries.username, 'ghost_user')))
      .orderBy(desc(auditEntries.id));
    expect(entry?.status).toBe(0);
  });

  it('refuses a disabled user', async () => {
    const { flowCookie, back } = await runSignIn({ user: 'bob_disabled' });
    expect(errMsgOf(await callback(back, flowCookie))).toMatch(/bob_disabled is disabled/);
  });

  it('with just-in-time creation, an unknown username becomes an ordinary user', async () => {
    expect(
      envelope(
        await saveConfig(
          oidcBody({ jitProvisioning: true, oidc: { issuer: idp.issuer, clientId: 'console' } }),
        ),
      ).code,
    ).toBe(0);
    const { flowCookie, back } = await runSignIn({ user: 'carol_new' });
    const res = await callback(back, flowCookie);
    expect(res.headers.location).toBe('/workbench');
    const created = await t.deps.db
      .select()
      .from(users)
      .where(and(eq(users.accountId, demo.id), eq(users.username, 'carol_new')));
    expect(created).toHaveLength(1);
    const token = cookiesOf(res).cz_token ?? '';
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/portal/user/checkTenantAdmin',
      headers: bearer(token),
    });
    expect(JSON.stringify(envelope(admin).data)).not.toContain('true');
  });

  it('while SSO is on, ordinary users cannot use their password; administrators can while allowed', async () => {
    const member = envelope(await login(t.app, 'demo', 'alice_sso', 'Alice@2026pass'));
    expect(member.code).toBe(ErrorCode.ssoRequired);
    expect(member.message).toMatch(/single sign-on/);
    // A wrong password still answers the wrong-password code: nothing is revealed before it is right.
    expect(envelope(await login(t.app, 'demo', 'alice_sso', 'Wrong@2026pass')).code).toBe(
      ErrorCode.wrongPassword,
    );
    expect(envelope(await login(t.app, 'demo', demo.admin.username, demo.admin.password)).code).toBe(0);

    expect(
      envelope(
        await saveConfig(
          oidcBody({ supportAdminLogin: 0, oidc: { issuer: idp.issuer, clientId: 'console' } }),
        ),
      ).code,
    ).toBe(0);
    const suite = await t.app.inject({
      method: 'GET',
      url: '/api/portal/sso/account/suite?accountName=demo',
    });
    expect(envelope<{ supportAdminLogin: number }>(suite).data.supportAdminLogin).toBe(0);
    expect(envelope(await login(t.app, 'demo', demo.admin.username, demo.admin.password)).code).toBe(
      ErrorCode.ssoAdminLoginDisabled,
    );
  });

  it('hands the token to an allowed fallback URL, and ignores others', async () => {
    const allowed = await runSignIn({
      user: 'alice_sso',
      query: `&fallbackUrl=${encodeURIComponent('https://app.example.com/open?x=1')}`,
    });
    const res = await callback(allowed.back, allowed.flowCookie);
    const token = cookiesOf(res).cz_token ?? '';
    expect(res.headers.location).toBe(`https://app.example.com/open?x=1&token=${encodeURIComponent(token)}`);

    const sub = await runSignIn({
      user: 'alice_sso',
      query: `&fallbackUrl=${encodeURIComponent('https://bi.partner.example/')}`,
    });
    expect(String((await callback(sub.back, sub.flowCookie)).headers.location)).toMatch(
      /^https:\/\/bi\.partner\.example\/\?token=/,
    );

    for (const evil of [
      'https://evil.example/',
      'https://app.example.com@evil.example/',
      'javascript:alert(1)',
    ]) {
      const run = await runSignIn({ user: 'alice_sso', query: `&fallbackUrl=${encodeURIComponent(evil)}` });
      expect((await callback(run.back, run.flowCookie)).headers.location).toBe('/workbench');
    }
    const path = await runSignIn({
      user: 'alice_sso',
      query: `&redirect=${encodeURIComponent('/auditManage')}`,
    });
    expect((await callback(path.back, path.flowCookie)).headers.location).toBe('/auditManage');
  });

  it('an account with SSO off sends the SSO start to /sso-error', async () => {
    await seedAccount(t.deps, 'plain');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/portal/sso/suite/authentication?accountName=plain',
      headers: { 'cz-lang': 'en-US' },
    });
    expect(errMsgOf(res)).toMatch(/not turned on/);
  });
});

describe('testing a configuration', () => {
  it('runs the flow in a popup with the unsaved settings, opens no session and changes nothing', async () => {
    await saveConfig(oidcBody({ enabled: false }));
    const before = await t.deps.db.select().from(ssoConfigs).where(eq(ssoConfigs.accountId, demo.id));
    idp.nextUser = 'anyone_at_all';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sso/config/test',
      headers: { ...bearer(adminToken), 'cz-lang': 'en-US' },
      payload: oidcBody({ enabled: true, oidc: { issuer: idp.issuer, clientId: 'console' } }),
    });
    const body = envelope<{ redirectUrl: string }>(res);
    expect(body.code).toBe(0);
    const flowCookie = cookiesOf(res).cz_sso_flow ?? '';
    const back = await driveAuthorization(body.data.redirectUrl, redirectUri);
    const end = await callback(back, flowCookie);
    expect(end.statusCode).toBe(200);
    expect(end.headers['content-type']).toContain('text/html');
    expect(end.body).toContain('"type":"cz-sso-test"');
    expect(end.body).toContain('"ok":true');
    expect(end.body).toContain('anyone_at_all');
    expect(cookiesOf(end).cz_token).toBeUndefined();
    expect(await t.deps.db.select().from(ssoConfigs).where(eq(ssoConfigs.accountId, demo.id))).toEqual(
      before,
    );
  });
});
