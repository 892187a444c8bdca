/**
 * The outbound address rule for identity providers in production mode: a SAML metadata URL or an
 * OpenID issuer that is (or resolves to) a loopback, private or link-local address is refused with
 * 4135 (naming OUTBOUND_ALLOW_HOSTS), at save, at a test run, at sign-in and by the metadata
 * refresh, and nothing is sent to it; OUTBOUND_ALLOW_HOSTS naming the address, the host or a
 * network containing it lets it through (a full OpenID sign-in then runs discovery, JWKS and token
 * requests through the rule's fetch).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@console/contract/codes';
import { and, desc, eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  mintSession,
  seedAccount,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { driveAuthorization, startOidcIdp, type TOidcIdp } from '../../../test/oidc-idp';
import { createSamlIdp } from '../../../test/saml-idp';
import { loadConfig } from '../../config';
import { auditEntries } from '../../db/schema';
import { createOutboundPolicy } from '../../lib/outbound';
import { insertUser } from '../user/user.repository';
import { oidcConfiguration } from './oidc';
import { refreshSamlMetadata } from './sso.jobs';

const publicUrl = 'https://console.example.com';
const redirectUri = `${publicUrl}/api/portal/sso/oidc/callback`;
const clientSecret = 'oidc-client-secret-of-the-outbound-test';
const samlIdp = createSamlIdp();

let t: TTestApp;
let demo: TSeededAccount;
let oidcIdp: TOidcIdp;
let metadataServer: Server;
let metadataPort: number;
let metadataRequests = 0;

/** The production configuration, with the allow-list of the test at hand. */
function allow(...hosts: string[]): void {
  t.deps.config.outbound = { allowHosts: hosts };
}

beforeAll(async () => {
  oidcIdp = await startOidcIdp({
    clients: [{ clientId: 'console', clientSecret, redirectUris: [redirectUri] }],
  });
  metadataServer = createServer((_req, res) => {
    metadataRequests += 1;
    res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
    res.end(samlIdp.metadataXml);
  });
  await new Promise<void>((resolve) => metadataServer.listen(0, '127.0.0.1', resolve));
  metadataPort = (metadataServer.address() as AddressInfo).port;
  const production = loadConfig({
    NODE_ENV: 'production',
    SECRET_KEY: 'x'.repeat(32),
    PUBLIC_URL: publicUrl,
  });
  expect(production.isProduction).toBe(true);
  expect(production.outbound.allowHosts).toEqual([]);
  t = await createTestApp({
    config: { isProduction: true, outbound: production.outbound, publicUrl },
  });
  t.clock.set(new Date());
  demo = await seedAccount(t.deps, 'demo');
  await insertUser(t.deps.db, {
    accountId: demo.id,
    username: 'alice_sso',
    passwordHash: await t.deps.hasher.hash('Alice@2026pass'),
  });
});
afterAll(async () => {
  await t.close();
  await oidcIdp.close();
  metadataServer.closeAllConnections();
  await new Promise<void>((resolve) => metadataServer.close(() => resolve()));
});
beforeEach(() => allow());

async function post(url: string, payload: Record<string, unknown>, lang = 'en-US') {
  const token = await mintSession(t.deps, demo.id, demo.admin.id);
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'cz-lang': lang }, payload });
}

const saml = (metadataUrl: string) => ({
  protocol: 'SAML2',
  enabled: true,
  saml: { metadataUrl, usernameAttribute: 'nameID' },
});
const oidc = (issuer: string) => ({
  protocol: 'OIDC',
  enabled: true,
  oidc: { issuer, clientId: 'console', clientSecret, scopes: 'openid profile', usernameClaim: 'sub' },
});

const internal = () => [
  `http://127.0.0.1:${metadataPort}/metadata`,
  `http://localhost:${metadataPort}/metadata`,
  `http://[::1]:${metadataPort}/metadata`,
  'http://10.1.2.3/metadata',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:127.0.0.1]/metadata',
  'http://0.0.0.0/metadata',
];

describe('in production, identity-provider addresses may not be internal', () => {
  it('refuses internal SAML metadata URLs and OpenID issuers at save and test (4135), sending nothing', async () => {
    for (const url of internal()) {
      for (const body of [saml(url), oidc(url.replace(/\/metadata$|\/latest.*$/, ''))]) {
        for (const path of ['/api/portal/sso/config', '/api/portal/sso/config/test']) {
          const res = await post(path, body);
          const answer = envelope(res);
          expect(res.statusCode, `${path} ${url}`).toBe(200);
          expect(answer.code, `${path} ${url}`).toBe(ErrorCode.outboundAddressNotAllowed);
          expect(answer.message).toMatch(/loopback, private or link-local address/);
          expect(answer.message).toMatch(/OUTBOUND_ALLOW_HOSTS/);
        }
      }
    }
    expect(metadataRequests).toBe(0);
    // In the user's language, naming the host and the address.
    const zh = envelope(
      await post('/api/portal/sso/config', saml(`http://localhost:${metadataPort}/m`), 'zh-CN'),
    );
    expect(zh.message).toMatch(/^地址 localhost（(127\.0\.0\.1|::1)）是回环、私有或链路本地地址/);
    expect(zh.message).toMatch(/OUTBOUND_ALLOW_HOSTS/);
    // Nothing was saved.
    const view = envelope<{ isConfigured: boolean }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/portal/sso/config',
        headers: bearer(await mintSession(t.deps, demo.id, demo.admin.id)),
      }),
    );
    expect(view.data.isConfigured).toBe(false);
  });

  it('allows them when OUTBOUND_ALLOW_HOSTS names the address, the host or a network', async () => {
    for (const [entry, url] of [
      ['127.0.0.1', `http://127.0.0.1:${metadataPort}/metadata`],
      ['127.0.0.0/8', `http://127.0.0.1:${metadataPort}/metadata`],
      ['::ffff:127.0.0.1', `http://127.0.0.1:${metadataPort}/metadata`],
    ] as const) {
      allow(entry);
      const before = metadataRequests;
      expect(envelope(await post('/api/portal/sso/config', saml(url))).code, entry).toBe(0);
      expect(metadataRequests).toBe(before + 1);
    }
    // By host name: the name is resolved at connect time, whatever address it has.
    allow('localhost');
    const byName = envelope(
      await post('/api/portal/sso/config', saml(`http://localhost:${metadataPort}/metadata`)),
    );
    // localhost may resolve to ::1 first, where nothing listens: the rule must not be the reason.
    expect(byName.code).not.toBe(ErrorCode.outboundAddressNotAllowed);
    // Another internal address is still refused.
    allow('127.0.0.1');
    expect(envelope(await post('/api/portal/sso/config', saml('http://10.1.2.3/metadata'))).code).toBe(
      ErrorCode.outboundAddressNotAllowed,
    );
  });

  it('runs an OpenID sign-in through the rule when the issuer is allowed, and refuses it when not', async () => {
    allow('127.0.0.1');
    expect(envelope(await post('/api/portal/sso/config', oidc(oidcIdp.issuer))).code).toBe(0);
    oidcIdp.nextUser = 'alice_sso';
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/portal/sso/suite/authentication?accountName=demo',
    });
    const flowCookie = start.cookies.find((c) => c.name === 'cz_sso_flow')?.value ?? '';
    const back = new URL(await driveAuthorization(String(start.headers.location), redirectUri));
    const done = await t.app.inject({
      method: 'GET',
      url: `/api/portal/sso/oidc/callback${back.search}`,
      headers: { cookie: `cz_sso_flow=${flowCookie}` },
    });
    expect(done.headers.location).toBe('/workbench');

    // The issuer's configuration keeps the rule's fetch for its JWKS, token and userinfo requests.
    const policy = createOutboundPolicy({ isRestricted: true, allowHosts: ['127.0.0.1'] });
    const configuration = await oidcConfiguration(
      { issuer: oidcIdp.issuer, clientId: 'console', clientSecret, scopes: 'openid', usernameClaim: 'sub' },
      policy,
    );
    expect(typeof configuration[client.customFetch]).toBe('function');
    expect(configuration[client.customFetch]).not.toBe(fetch);

    // The operator takes the address off the list: the sign-in is refused with the rule's reason.
    allow();
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/portal/sso/suite/authentication?accountName=demo',
      headers: { cookie: 'cz-lang=en-US' },
    });
    const location = String(refused.headers.location);
    expect(location.startsWith('/sso-error?errMsg=')).toBe(true);
    expect(new URL(location, publicUrl).searchParams.get('errMsg')).toMatch(
      /^The address 127\.0\.0\.1 \(127\.0\.0\.1\) is a loopback, private or link-local address.*OUTBOUND_ALLOW_HOSTS/,
    );
  });

  it('the metadata refresh keeps the last good metadata when the rule refuses the URL', async () => {
    allow('127.0.0.1');
    expect(
      envelope(await post('/api/portal/sso/config', saml(`http://127.0.0.1:${metadataPort}/metadata`))).code,
    ).toBe(0);
    allow();
    const before = metadataRequests;
    const log = { info: () => undefined, warn: () => undefined };
    expect(await refreshSamlMetadata(t.deps, log)).toMatchObject({ failed: 1 });
    expect(metadataRequests).toBe(before);
    const view = envelope<{ saml: { idpCertificates: number; metadataError: string } }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/portal/sso/config',
        headers: { ...bearer(await mintSession(t.deps, demo.id, demo.admin.id)), 'cz-lang': 'en-US' },
      }),
    ).data.saml;
    expect(view.idpCertificates).toBe(1);
    expect(view.metadataError).toMatch(/127\.0\.0\.1.*OUTBOUND_ALLOW_HOSTS/);
    const [audit] = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, demo.id), eq(auditEntries.action, 'sso.metadata.refresh')))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(audit).toMatchObject({ status: 0 });
    expect(audit?.info).toMatchObject({ by: 'system', keptCertificates: 1 });
  });
});
