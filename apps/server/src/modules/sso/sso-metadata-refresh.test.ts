/**
 * The daily refresh of SAML metadata URLs (sso.jobs.ts) against a local metadata server whose
 * document the test changes: a certificate rotation at the IdP is picked up without a save, a
 * failing URL keeps the last good metadata (and says so on the configuration and in the audit
 * log), and the job runs through the job runner and comes back a day later.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  mintSession,
  seedAccount,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { samlTestKeys, startSamlIdp, type TSamlIdpServer } from '../../../test/saml-idp';
import { auditEntries, jobs, ssoConfigs } from '../../db/schema';
import { createJobRunner } from '../../jobs/runner';
import { insertUser } from '../user/user.repository';
import { metadataUrlForRecord } from './saml-flow';
import {
  createSamlMetadataRefreshJob,
  refreshSamlMetadata,
  samlMetadataRefreshEveryMs,
  samlMetadataRefreshJobKind,
  scheduleSamlMetadataRefresh,
} from './sso.jobs';

const publicUrl = 'http://console.test';

let t: TTestApp;
let idp: TSamlIdpServer;
let demo: TSeededAccount;
let metadataServer: Server;
let metadataUrl: string;
/** What the metadata server answers now. */
const served = { status: 200, body: '' };
const logged: { level: 'info' | 'warn'; obj: object; msg: string }[] = [];
const log = {
  info: (obj: object, msg: string) => logged.push({ level: 'info', obj, msg }),
  warn: (obj: object, msg: string) => logged.push({ level: 'warn', obj, msg }),
};

const base64Der = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

/** IdP metadata of the test IdP's entity and sign-on URL with the given signing certificates. */
function metadataWith(certificates: string[], ssoUrl = idp.ssoUrl): string {
  const keys = certificates
    .map(
      (cert) =>
        `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${base64Der(cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`,
    )
    .join('');
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${idp.entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${keys}
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

beforeAll(async () => {
  idp = await startSamlIdp();
  metadataServer = createServer((_req, res) => {
    res.writeHead(served.status, { 'content-type': 'application/samlmetadata+xml' });
    res.end(served.body);
  });
  await new Promise<void>((resolve) => metadataServer.listen(0, '127.0.0.1', resolve));
  metadataUrl = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}/idp/metadata`;
  t = await createTestApp({ config: { publicUrl } });
  t.clock.set(new Date());
  demo = await seedAccount(t.deps, 'demo');
  await insertUser(t.deps.db, {
    accountId: demo.id,
    username: 'saml_user',
    passwordHash: await t.deps.hasher.hash('Saml@2026pass'),
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
  metadataServer.closeAllConnections();
  await new Promise<void>((resolve) => metadataServer.close(() => resolve()));
});

/** A sign-in through the test IdP, signed with its current key or with the other key. */
async function signInSignedBy(key: 'idp' | 'other'): Promise<LightMyRequestResponse> {
  const started = await t.app.inject({
    method: 'GET',
    url: '/api/portal/sso/suite/authentication?accountName=demo',
  });
  const answer = await idp.respond(String(started.headers.location), {
    username: 'saml_user',
    signWithOtherKey: key === 'other',
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/sso/saml/acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'cz-lang=en-US' },
    payload: new URLSearchParams({
      SAMLResponse: answer.samlResponse,
      RelayState: answer.relayState ?? '',
    }).toString(),
  });
}

/** The administrator's session (a fresh one: the test moves the clock by days). */
async function admin() {
  return bearer(await mintSession(t.deps, demo.id, demo.admin.id));
}

async function configView(lang: 'zh-CN' | 'en-US' = 'zh-CN') {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/portal/sso/config',
    headers: { ...(await admin()), 'cz-lang': lang },
  });
  return envelope<{
    saml: {
      idpCertificates: number;
      metadataCheckedAt: string | null;
      metadataError: string | null;
      idpSsoUrl: string;
    };
  }>(res).data.saml;
}

async function refreshAudits() {
  return t.deps.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.accountId, demo.id), eq(auditEntries.action, 'sso.metadata.refresh')))
    .orderBy(desc(auditEntries.id));
}

describe('the daily SAML metadata refresh', () => {
  it('picks up a rotated certificate without a save', async () => {
    served.body = metadataWith([samlTestKeys.idp.certificate]);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sso/config',
      headers: await admin(),
      payload: { protocol: 'SAML2', enabled: true, saml: { metadataUrl, usernameAttribute: 'nameID' } },
    });
    expect(envelope(saved).code).toBe(0);
    const [row] = await t.deps.db.select().from(ssoConfigs).where(eq(ssoConfigs.accountId, demo.id));
    const savedAt = row?.updatedAt;
    expect((await configView()).metadataCheckedAt).toBe(t.clock.now().toISOString());

    // Nothing changed at the IdP: nothing is audited.
    expect(await refreshSamlMetadata(t.deps, log)).toMatchObject({ unchanged: 1, changed: 0, failed: 0 });
    expect(await refreshAudits()).toEqual([]);

    expect((await signInSignedBy('idp')).headers.location).toBe('/workbench');
    // The IdP starts signing with a new key: refused until the metadata is read again.
    expect(String((await signInSignedBy('other')).headers.location)).toMatch(/^\/sso-error/);

    // The IdP publishes both certificates, then only the new one.
    served.body = metadataWith([samlTestKeys.idp.certificate, samlTestKeys.other.certificate]);
    t.clock.advance(samlMetadataRefreshEveryMs);
    expect(await refreshSamlMetadata(t.deps, log)).toMatchObject({ changed: 1 });
    expect((await configView()).idpCertificates).toBe(2);
    expect((await signInSignedBy('other')).headers.location).toBe('/workbench');

    served.body = metadataWith([samlTestKeys.other.certificate]);
    t.clock.advance(samlMetadataRefreshEveryMs);
    expect(await refreshSamlMetadata(t.deps, log)).toMatchObject({ changed: 1 });
    expect((await configView()).idpCertificates).toBe(1);
    expect((await signInSignedBy('other')).headers.location).toBe('/workbench');
    expect(String((await signInSignedBy('idp')).headers.location)).toMatch(/^\/sso-error/);

    // Each change is audited, by the system, naming the certificates by fingerprint.
    const [removal, addition] = await refreshAudits();
    expect(addition).toMatchObject({ userId: null, username: null, status: 1, objectType: 'sso' });
    expect(addition?.info).toMatchObject({ by: 'system', metadataUrl, certificatesRemoved: [] });
    expect((addition?.info as { certificatesAdded?: string[] } | undefined)?.certificatesAdded).toEqual([
      expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
    ]);
    expect(removal?.info).toMatchObject({ by: 'system', certificatesAdded: [] });
    // The administrator's "last saved" is not the job's.
    const [after] = await t.deps.db.select().from(ssoConfigs).where(eq(ssoConfigs.accountId, demo.id));
    expect(after?.updatedAt).toEqual(savedAt);
  });

  it('keeps the last good metadata when the URL fails, and shows why', async () => {
    const before = await configView();
    for (const failure of [
      {
        status: 500,
        body: 'oops',
        reason: /HTTP 500/,
        // The page says why in the reader's language.
        shown: {
          'en-US': '127.0.0.1 answered with HTTP status 500.',
          'zh-CN': '127.0.0.1 返回了 HTTP 状态码 500。',
        },
      },
      {
        status: 200,
        body: '<html>maintenance</html>',
        reason: /IDPSSODescriptor/,
        shown: {
          'en-US':
            'the document is not SAML 2.0 metadata of an identity provider (it has no IDPSSODescriptor).',
          'zh-CN': '该文档不是身份提供方的 SAML 2.0 元数据（没有 IDPSSODescriptor）。',
        },
      },
    ]) {
      served.status = failure.status;
      served.body = failure.body;
      t.clock.advance(samlMetadataRefreshEveryMs);
      expect(await refreshSamlMetadata(t.deps, log)).toMatchObject({ failed: 1 });
      const view = await configView();
      expect(view.idpCertificates).toBe(before.idpCertificates);
      expect(view.idpSsoUrl).toBe(before.idpSsoUrl);
      expect(view.metadataError).toBe(failure.shown['zh-CN']);
      expect((await configView('en-US')).metadataError).toBe(failure.shown['en-US']);
      expect(view.metadataCheckedAt).toBe(t.clock.now().toISOString());
      // Sign-ins go on with the metadata read before.
      expect((await signInSignedBy('other')).headers.location).toBe('/workbench');
      const [audit] = await refreshAudits();
      expect(audit).toMatchObject({ status: 0, userId: null });
      expect(audit?.info).toMatchObject({ by: 'system', metadataUrl, keptCertificates: 1 });
      expect((audit?.info as { error?: string } | undefined)?.error).toMatch(failure.reason);
      expect(logged.at(-1)).toMatchObject({
        level: 'warn',
        msg: 'SAML metadata refresh failed; the metadata read before stays in use',
      });
    }

    // The IdP answers again: the error clears, and the recovery is audited.
    served.status = 200;
    served.body = metadataWith([samlTestKeys.other.certificate]);
    t.clock.advance(samlMetadataRefreshEveryMs);
    expect(await refreshSamlMetadata(t.deps, log)).toMatchObject({ unchanged: 1 });
    expect((await configView()).metadataError).toBeNull();
    const [audit] = await refreshAudits();
    expect(audit).toMatchObject({ status: 1 });
    expect(audit?.info).toMatchObject({ by: 'system', recovered: true });
  });

  it('runs as a recurring job that comes back a day later', async () => {
    served.body = metadataWith([samlTestKeys.idp.certificate, samlTestKeys.other.certificate]);
    await scheduleSamlMetadataRefresh(t.deps);
    await scheduleSamlMetadataRefresh(t.deps);
    const runner = createJobRunner(
      t.deps,
      { [samlMetadataRefreshJobKind]: createSamlMetadataRefreshJob(log) },
      t.app.log,
      { pollMs: 1000 },
    );
    expect(await runner.drain()).toBe(1);
    await runner.stop();
    expect((await configView()).idpCertificates).toBe(2);
    const queued = await t.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, samlMetadataRefreshJobKind), eq(jobs.status, 'queued')));
    expect(queued).toHaveLength(1);
    expect(queued[0]?.runAt.getTime()).toBe(t.clock.now().getTime() + samlMetadataRefreshEveryMs);
  });

  it('records metadata URLs in the audit and server logs without their query', () => {
    expect(metadataUrlForRecord('https://idp.example.com/app/sso/saml/metadata?key=s3cr3t#x')).toBe(
      'https://idp.example.com/app/sso/saml/metadata?…',
    );
    expect(metadataUrlForRecord(metadataUrl)).toBe(metadataUrl);
    expect(metadataUrlForRecord('not a url')).toBe('(not a URL)');
  });

  it('leaves pasted metadata alone', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sso/config',
      headers: await admin(),
      payload: {
        protocol: 'SAML2',
        enabled: true,
        saml: { metadataXml: metadataWith([samlTestKeys.idp.certificate]), usernameAttribute: 'nameID' },
      },
    });
    expect(envelope(saved).code).toBe(0);
    expect((await configView()).metadataCheckedAt).toBeNull();
    expect(await refreshSamlMetadata(t.deps, log)).toEqual({
      unchanged: 0,
      changed: 0,
      failed: 0,
      skipped: 0,
    });
  });
});
