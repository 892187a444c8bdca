/**
 * Single sign-on with SAML 2.0 through the console's routes, against an IdP built with `samlify`
 * (not our SP library): configuration from metadata by URL and by XML, the SP metadata, the
 * sign-in from the login page's redirect to the session, and each refusal landing on /sso-error.
 */
import { ErrorCode } from '@console/contract/codes';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { startSamlIdp, type TSamlIdpServer, type TSamlResponseOptions } from '../../../test/saml-idp';
import { auditEntries } from '../../db/schema';
import { insertUser } from '../user/user.repository';

const publicUrl = 'http://console.test';
const acsUrl = `${publicUrl}/api/portal/sso/saml/acs`;

let t: TTestApp;
let idp: TSamlIdpServer;
let demo: TSeededAccount;
let adminToken: string;

beforeAll(async () => {
  idp = await startSamlIdp();
  t = await createTestApp({ config: { publicUrl } });
  t.clock.set(new Date());
  demo = await seedAccount(t.deps, 'demo');
  await insertUser(t.deps.db, {
    accountId: demo.id,
    username: 'saml_user',
    passwordHash: await t.deps.hasher.hash('Saml@2026pass'),
  });
  await insertUser(t.deps.db, {
    accountId: demo.id,
    username: 'saml_off',
    passwordHash: await t.deps.hasher.hash('Saml@2026pass'),
    isEnabled: false,
  });
  adminToken = await signIn(t.app, 'demo', demo.admin);
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

async function saveSaml(saml: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/sso/config',
    headers: { ...bearer(adminToken), 'cz-lang': 'en-US' },
    payload: { protocol: 'SAML2', enabled: true, supportAdminLogin: 1, saml, ...extra },
  });
}

/** The login page's SSO start: answers our AuthnRequest URL at the IdP. */
async function start(): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/portal/sso/suite/authentication?accountName=demo',
  });
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  expect(location.startsWith(idp.ssoUrl)).toBe(true);
  // SAML flows are not bound by a cookie: the answer comes by a cross-site POST.
  expect(res.cookies.find((c) => c.name === 'cz_sso_flow')).toBeUndefined();
  return location;
}

async function post(samlResponse: string, relayState: string | null, lang = 'en-US') {
  const form = new URLSearchParams({
    SAMLResponse: samlResponse,
    ...(relayState ? { RelayState: relayState } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/sso/saml/acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `cz-lang=${lang}` },
    payload: form.toString(),
  });
}

async function signInWith(options: TSamlResponseOptions) {
  const answer = await idp.respond(await start(), options);
  expect(answer.acsUrl).toBe(acsUrl);
  return { answer, res: await post(answer.samlResponse, answer.relayState) };
}

function decode(samlResponse: string): string {
  return Buffer.from(samlResponse, 'base64').toString('utf8');
}

/** How many sign-in refusals of the demo account carry the reason. */
async function refusalsOf(reason: string): Promise<number> {
  const rows = await t.deps.db
    .select()
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.accountId, demo.id),
        eq(auditEntries.action, 'auth.login'),
        eq(auditEntries.status, 0),
      ),
    );
  return rows.filter((row) => (row.info as { reason?: string }).reason === reason).length;
}

function errMsgOf(res: LightMyRequestResponse): string {
  const location = String(res.headers.location);
  expect(location.startsWith('/sso-error?errMsg=')).toBe(true);
  expect(res.cookies.find((c) => c.name === 'cz_token')).toBeUndefined();
  return new URL(location, publicUrl).searchParams.get('errMsg') ?? '';
}

describe('SAML configuration', () => {
  it('refuses metadata that cannot be read (4043) and requires a URL or XML', async () => {
    const bad = envelope(await saveSaml({ metadataXml: '<not-metadata/>' }));
    expect(bad.code).toBe(ErrorCode.ssoProviderInvalid);
    const none = await saveSaml({ usernameAttribute: 'nameID' });
    expect(none.statusCode).toBe(400);
  });

  it('reads the IdP metadata by URL: entity id, sign-on URL and certificate', async () => {
    const res = await saveSaml({ metadataUrl: idp.metadataUrl, usernameAttribute: 'nameID' });
    const body = envelope<{ saml: { idpEntityId: string; idpSsoUrl: string; idpCertificates: number } }>(res);
    expect(body.code).toBe(0);
    expect(body.data.saml).toMatchObject({
      idpEntityId: idp.entityId,
      idpSsoUrl: idp.ssoUrl,
      idpCertificates: 1,
    });
  });

  it('serves the SP metadata naming the ACS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portal/sso/saml/metadata?accountName=demo' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.body).toContain(`Location="${acsUrl}"`);
    expect(res.body).toContain(
      'entityID="http://console.test/api/portal/sso/saml/metadata?accountName=demo"',
    );
  });
});

describe('SAML sign-in', () => {
  beforeAll(async () => {
    expect(envelope(await saveSaml({ metadataXml: idp.metadataXml, usernameAttribute: 'nameID' })).code).toBe(
      0,
    );
  });

  it('signs in by a signed assertion and opens the console', async () => {
    const { res } = await signInWith({ username: 'saml_user' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/workbench');
    const session = res.cookies.find((c) => c.name === 'cz_token')?.value ?? '';
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/portal/user/getCurrentUser',
      headers: bearer(session),
      payload: {},
    });
    expect(envelope<{ name: string }>(me).data.name).toBe('saml_user');
    const [entry] = await t.deps.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.accountId, demo.id),
          eq(auditEntries.username, 'saml_user'),
          eq(auditEntries.status, 1),
        ),
      )
      .orderBy(desc(auditEntries.id));
    expect(entry?.info).toMatchObject({ method: 'sso_saml' });
  });

  it('refuses a signature by a key the metadata does not name', async () => {
    const { res } = await signInWith({ username: 'saml_user', signWithOtherKey: true });
    expect(errMsgOf(res)).toMatch(/signature/);
  });

  it('refuses an expired assertion', async () => {
    const { res } = await signInWith({
      username: 'saml_user',
      notOnOrAfter: new Date(Date.now() - 10 * 60_000),
    });
    expect(errMsgOf(res)).toMatch(/expired/);
  });

  it('refuses an assertion meant for another service (audience)', async () => {
    const { res } = await signInWith({ username: 'saml_user', audience: 'https://another.example/sp' });
    expect(errMsgOf(res)).toMatch(/audience/);
  });

  it('refuses an answer sent to another address (recipient)', async () => {
    const { res } = await signInWith({ username: 'saml_user', recipient: 'https://another.example/acs' });
    expect(errMsgOf(res)).toMatch(/recipient/);
  });

  it('refuses a replayed assertion', async () => {
    const { answer, res } = await signInWith({ username: 'saml_user' });
    expect(res.headers.location).toBe('/workbench');
    const again = await post(answer.samlResponse, answer.relayState);
    expect(errMsgOf(again)).toMatch(/already used/);
    // Posted with another sign-in's RelayState, the old assertion answers another request.
    const other = await idp.respond(await start(), { username: 'saml_user' });
    expect(errMsgOf(await post(answer.samlResponse, other.relayState))).toMatch(/invalid|already used/);
  });

  it('refuses an answer to a request of the console that lost or changed its RelayState', async () => {
    const answer = await idp.respond(await start(), { username: 'saml_user' });
    expect(errMsgOf(await post(answer.samlResponse, null))).toMatch(/state mismatch/);
    expect(errMsgOf(await post(answer.samlResponse, 'made-up-relay-state'))).toMatch(/state mismatch/);
  });

  it('refuses an unsolicited (IdP-initiated) answer: start the sign-in from the console', async () => {
    const before = await refusalsOf('4134');
    // No InResponseTo at all, with or without a RelayState of a real flow.
    const initiated = await idp.respond(await start(), { username: 'saml_user', unsolicited: true });
    expect(decode(initiated.samlResponse)).not.toContain('InResponseTo');
    expect(errMsgOf(await post(initiated.samlResponse, null))).toBe(
      'The identity provider sent a sign-in the console did not ask for (an IdP-initiated sign-in). Start the sign-in from the console login page.',
    );
    expect(errMsgOf(await post(initiated.samlResponse, initiated.relayState, 'zh-CN'))).toBe(
      '身份提供方发来了控制台未发起的登录（IdP 发起的登录）。请从控制台登录页开始登录。',
    );
    // An InResponseTo of no request the console made, without a flow of its own.
    const stray = await idp.respond(await start(), {
      username: 'saml_user',
      inResponseTo: '_never-requested',
    });
    expect(errMsgOf(await post(stray.samlResponse, null))).toMatch(/did not ask for/);
    // Recorded in the account that the answer's audience names.
    expect((await refusalsOf('4134')) - before).toBe(3);
  });

  it('refuses unknown and disabled users, in the user’s language', async () => {
    const unknown = await idp.respond(await start(), { username: 'nobody_here' });
    expect(errMsgOf(await post(unknown.samlResponse, unknown.relayState, 'zh-CN'))).toBe(
      '该账户中不存在用户 nobody_here，请联系账户管理员添加。',
    );
    const { res } = await signInWith({ username: 'saml_off' });
    expect(errMsgOf(res)).toMatch(/saml_off is disabled/);
  });

  it('password login is refused for ordinary users while SSO is on', async () => {
    expect(envelope(await login(t.app, 'demo', 'saml_user', 'Saml@2026pass')).code).toBe(
      ErrorCode.ssoRequired,
    );
    expect(envelope(await login(t.app, 'demo', demo.admin.username, demo.admin.password)).code).toBe(0);
  });

  it('a malformed form post is a clear 400, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sso/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'RelayState=x',
    });
    expect(res.statusCode).toBe(400);
    const garbage = await post('bm90IHhtbA==', 'x');
    expect(garbage.statusCode).toBe(302);
  });
});

describe('SAML signatures, algorithms and NameID', () => {
  beforeAll(async () => {
    expect(envelope(await saveSaml({ metadataXml: idp.metadataXml, usernameAttribute: 'nameID' })).code).toBe(
      0,
    );
  });

  it('refuses a signed response around an unsigned assertion by default, in the user’s language', async () => {
    const before = await refusalsOf('4130');
    const { answer, res } = await signInWith({ username: 'saml_user', sign: 'response' });
    expect(decode(answer.samlResponse)).toContain('Signature');
    expect(errMsgOf(res)).toMatch(/did not sign the assertion/);
    const zh = await idp.respond(await start(), { username: 'saml_user', sign: 'response' });
    expect(errMsgOf(await post(zh.samlResponse, zh.relayState, 'zh-CN'))).toMatch(/未对断言签名/);
    expect((await refusalsOf('4130')) - before).toBe(2);
  });

  it('accepts a signed response instead when the account says so; the metadata then says so too', async () => {
    const saved = envelope<{ saml: { acceptSignedResponse: boolean } }>(
      await saveSaml({
        metadataXml: idp.metadataXml,
        usernameAttribute: 'nameID',
        acceptSignedResponse: true,
      }),
    );
    expect(saved.code).toBe(0);
    expect(saved.data.saml.acceptSignedResponse).toBe(true);
    const [audit] = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, demo.id), eq(auditEntries.action, 'sso.config.update')))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(audit?.info).toMatchObject({ acceptSignedResponse: true });
    const metadata = await t.app.inject({
      method: 'GET',
      url: '/api/portal/sso/saml/metadata?accountName=demo',
    });
    expect(metadata.body).toContain('WantAssertionsSigned="false"');

    const { res } = await signInWith({ username: 'saml_user', sign: 'response' });
    expect(res.headers.location).toBe('/workbench');
    // The response must be signed now: a signed assertion in an unsigned response is refused.
    const { res: assertionOnly } = await signInWith({ username: 'saml_user', sign: 'assertion' });
    expect(errMsgOf(assertionOnly)).toMatch(/did not sign the response/);

    // Back to the default: the metadata says it, and a response signature is not enough again.
    expect(envelope(await saveSaml({ metadataXml: idp.metadataXml, usernameAttribute: 'nameID' })).code).toBe(
      0,
    );
    const strict = await t.app.inject({
      method: 'GET',
      url: '/api/portal/sso/saml/metadata?accountName=demo',
    });
    expect(strict.body).toContain('WantAssertionsSigned="true"');
    const { res: again } = await signInWith({ username: 'saml_user', sign: 'response' });
    expect(errMsgOf(again)).toMatch(/did not sign the assertion/);
  });

  it('refuses SHA-1 signatures and digests, naming the algorithm', async () => {
    const { res } = await signInWith({ username: 'saml_user', signatureAlgorithm: 'rsa-sha1' });
    expect(errMsgOf(res)).toBe(
      'The identity provider signed with RSA-SHA1, which is not accepted. Configure it to sign with RSA-SHA256 or stronger and a SHA-256 or SHA-512 digest.',
    );
    const digest = await idp.respond(await start(), { username: 'saml_user', digestAlgorithm: 'sha1' });
    expect(errMsgOf(await post(digest.samlResponse, digest.relayState, 'zh-CN'))).toMatch(
      /不被接受的算法 SHA-1 签名/,
    );
    const { res: strong } = await signInWith({ username: 'saml_user', signatureAlgorithm: 'rsa-sha512' });
    expect(strong.headers.location).toBe('/workbench');
  });

  it('refuses a transient NameID as the username', async () => {
    const before = await refusalsOf('4133');
    const { res } = await signInWith({
      username: 'saml_user',
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
    });
    const message = errMsgOf(res);
    expect(message).toMatch(/transient NameID/);
    expect(message).toMatch(/persistent NameID at the identity provider, or choose a username attribute/);
    expect((await refusalsOf('4133')) - before).toBe(1);
  });
});
