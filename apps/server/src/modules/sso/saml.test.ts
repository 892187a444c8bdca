import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSamlIdp,
  samlTestKeys,
  startSamlIdp,
  type TSamlIdpServer,
  type TSamlResponseOptions,
} from '../../../test/saml-idp';
import { SsoFailure } from '../external-sign-in';
import {
  readIdpMetadata,
  samlAuthnRequestUrl,
  serviceProviderMetadata,
  type TIdpMetadata,
  type TServiceProvider,
} from './saml';
import { validateSamlResponse } from './saml-response';

const sp: TServiceProvider = {
  entityId: 'https://console.example.com/api/portal/sso/saml/metadata?accountName=acme',
  acsUrl: 'https://console.example.com/api/portal/sso/saml/acs',
};
const testIdp = createSamlIdp();

async function idpSettings(): Promise<TIdpMetadata> {
  return readIdpMetadata({ xml: testIdp.metadataXml });
}

/** Starts a sign-in and lets the test IdP answer it. */
async function signIn(options: TSamlResponseOptions = {}, usernameAttribute = 'nameID', now?: Date) {
  const idp = await idpSettings();
  const { url, requestId } = await samlAuthnRequestUrl({ sp, idp, relayState: 'state-123' });
  const answer = await testIdp.respond(url, options);
  /** Checks the answer; `acceptSignedResponse` is the account's setting (default off). */
  const run = (acceptSignedResponse = false) =>
    validateSamlResponse({
      sp,
      idp,
      samlResponse: answer.samlResponse,
      expectedRequestId: requestId,
      usernameAttribute,
      signature: { acceptSignedResponse },
      ...(now ? { now } : {}),
    });
  return { answer, requestId, run };
}

const transient = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';

async function failureOf(promise: Promise<unknown>): Promise<SsoFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SsoFailure) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

function decode(samlResponse: string): string {
  return Buffer.from(samlResponse, 'base64').toString('utf8');
}

function encode(xml: string): string {
  return Buffer.from(xml, 'utf8').toString('base64');
}

describe('readIdpMetadata', () => {
  let idpServer: TSamlIdpServer;
  let slow: Server;
  let slowUrl: string;

  beforeAll(async () => {
    idpServer = await startSamlIdp();
    slow = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/metadata`;
  });
  afterAll(async () => {
    await idpServer.close();
    slow.closeAllConnections();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
  });

  it('reads entity id, SSO URL and signing certificate from XML', async () => {
    const idp = await readIdpMetadata({ xml: testIdp.metadataXml });
    expect(idp).toEqual({
      entityId: testIdp.entityId,
      ssoUrl: testIdp.ssoUrl,
      certificates: [testIdp.certificate],
    });
  });

  it('reads the metadata from a URL', async () => {
    const idp = await readIdpMetadata({ url: idpServer.metadataUrl }, { timeoutMs: 5_000 });
    expect(idp.entityId).toBe(idpServer.entityId);
    expect(idp.ssoUrl).toBe(idpServer.ssoUrl);
    expect(idp.certificates).toEqual([idpServer.certificate]);
  });

  it('explains a URL that fails', async () => {
    await expect(readIdpMetadata({ url: `${idpServer.ssoUrl}/nothing-here` })).rejects.toThrow(/HTTP 4\d\d/);
    await expect(readIdpMetadata({ url: slowUrl }, { timeoutMs: 300 })).rejects.toThrow(/did not answer/);
    await expect(readIdpMetadata({ url: 'ftp://idp.example.test/metadata' })).rejects.toThrow(/http/);
  });

  it('prefers HTTP-Redirect, takes signing and unqualified keys, skips encryption keys', async () => {
    const cert = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').trim();
    const xml = `<?xml version="1.0"?>
      <md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
        <md:EntityDescriptor entityID="https://sp-only.example.test">
          <md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/>
        </md:EntityDescriptor>
        <md:EntityDescriptor entityID="https://idp.example.test/entity">
          <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
            <md:KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert(samlTestKeys.other.certificate)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
            <md:KeyDescriptor><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
              ${cert(samlTestKeys.idp.certificate)}
            </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
            <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert(samlTestKeys.idp.certificate)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
            <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example.test/post"/>
            <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.test/redirect"/>
          </md:IDPSSODescriptor>
        </md:EntityDescriptor>
      </md:EntitiesDescriptor>`;
    const idp = await readIdpMetadata({ xml });
    expect(idp.entityId).toBe('https://idp.example.test/entity');
    expect(idp.ssoUrl).toBe('https://idp.example.test/redirect');
    expect(idp.certificates).toEqual([testIdp.certificate]);
  });

  it('refuses DOCTYPE and entity declarations (XXE)', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE md [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${testIdp.metadataXml.replace(/^<\?xml[^>]*\?>/, '')}`;
    await expect(readIdpMetadata({ xml: xxe })).rejects.toThrow(/DOCTYPE/);
  });

  it('refuses documents that are not IdP metadata', async () => {
    await expect(readIdpMetadata({ xml: '<not-closed>' })).rejects.toThrow(/cannot be read/);
    await expect(readIdpMetadata({ xml: serviceProviderMetadata(sp) })).rejects.toThrow(/IDPSSODescriptor/);
    await expect(readIdpMetadata({ xml: '' })).rejects.toThrow(/required/);
    const noCert = testIdp.metadataXml.replace(/<(\w+:)?KeyDescriptor[\s\S]*<\/(\w+:)?KeyDescriptor>/, '');
    await expect(readIdpMetadata({ xml: noCert })).rejects.toThrow(/signing certificate/);
  });
});

describe('serviceProviderMetadata', () => {
  it('is a well-formed SP EntityDescriptor naming the ACS', () => {
    const xml = serviceProviderMetadata(sp);
    const errors: string[] = [];
    const doc = new DOMParser({
      errorHandler: { error: (m) => errors.push(m), fatalError: (m) => errors.push(m) },
    }).parseFromString(xml, 'text/xml');
    expect(errors).toEqual([]);
    const md = 'urn:oasis:names:tc:SAML:2.0:metadata';
    const root = doc.documentElement;
    expect(root.localName).toBe('EntityDescriptor');
    expect(root.namespaceURI).toBe(md);
    expect(root.getAttribute('entityID')).toBe(sp.entityId);
    const descriptor = doc.getElementsByTagNameNS(md, 'SPSSODescriptor')[0];
    expect(descriptor?.getAttribute('AuthnRequestsSigned')).toBe('false');
    expect(descriptor?.getAttribute('WantAssertionsSigned')).toBe('true');
    expect(doc.getElementsByTagNameNS(md, 'NameIDFormat')[0]?.textContent).toBe(
      'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    );
    const acs = doc.getElementsByTagNameNS(md, 'AssertionConsumerService')[0];
    expect(acs?.getAttribute('Binding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(acs?.getAttribute('Location')).toBe(sp.acsUrl);
  });

  it('says WantAssertionsSigned="false" when the account accepts a signed response instead', () => {
    const xml = serviceProviderMetadata(sp, { acceptSignedResponse: true });
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const descriptor = doc.getElementsByTagNameNS(
      'urn:oasis:names:tc:SAML:2.0:metadata',
      'SPSSODescriptor',
    )[0];
    expect(descriptor?.getAttribute('WantAssertionsSigned')).toBe('false');
    expect(serviceProviderMetadata(sp, { acceptSignedResponse: false })).toContain(
      'WantAssertionsSigned="true"',
    );
  });
});

describe('samlAuthnRequestUrl', () => {
  it('redirects to the IdP with SAMLRequest and RelayState', async () => {
    const idp = await idpSettings();
    const { url, requestId } = await samlAuthnRequestUrl({ sp, idp, relayState: 'state-123' });
    const target = new URL(url);
    expect(`${target.origin}${target.pathname}`).toBe(testIdp.ssoUrl);
    expect(target.searchParams.get('RelayState')).toBe('state-123');
    expect(target.searchParams.get('SAMLRequest')).toBeTruthy();
    expect(requestId).toMatch(/^_[0-9a-f]{40}$/);
    // samlify (the IdP) reads the request: its id and our ACS URL come back in the answer.
    const answer = await testIdp.respond(url);
    expect(answer.requestId).toBe(requestId);
    expect(answer.acsUrl).toBe(sp.acsUrl);
    expect(answer.relayState).toBe('state-123');
  });
});

describe('validateSamlResponse', () => {
  it('accepts a signed assertion and answers the NameID', async () => {
    const before = Date.now();
    const { answer, run } = await signIn({ username: 'alice' });
    const result = await run();
    expect(result.username).toBe('alice');
    expect(result.assertionId).toBe(answer.assertionId);
    // five minutes of validity plus the accepted clock skew
    expect(result.expiresAt.getTime()).toBeGreaterThan(before + 5 * 60_000);
    expect(result.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 6 * 60_000 + 1_000);
  });

  it('answers the first value of a configured attribute', async () => {
    const { run } = await signIn(
      { username: 'alice', attributes: { uid: ['bob', 'robert'], mail: 'b@x' } },
      'uid',
    );
    expect((await run()).username).toBe('bob');
  });

  it('requires a signed assertion by default: a signed response does not stand in for it', async () => {
    const responseOnly = await signIn({ sign: 'response' });
    // The IdP really signed the response (and only it).
    expect(decode(responseOnly.answer.samlResponse).match(/<ds:Signature\b/g)).toHaveLength(1);
    const failure = await failureOf(responseOnly.run());
    expect(failure.key).toBe('4130');
    expect(failure.detail).toBe('the response is signed but the assertion is not');
    expect((await (await signIn({ sign: 'both' })).run()).username).toBe('alice');
    expect((await (await signIn({ sign: 'assertion' })).run()).username).toBe('alice');
  });

  it('with the account setting, requires a signed response instead', async () => {
    expect((await (await signIn({ sign: 'response' })).run(true)).username).toBe('alice');
    expect((await (await signIn({ sign: 'both' })).run(true)).username).toBe('alice');
    // An unsigned response around a signed assertion: the response must be signed.
    const failure = await failureOf((await signIn({ sign: 'assertion' })).run(true));
    expect(failure.key).toBe('4131');
    // A response signature that does not verify is still refused.
    const forged = await failureOf((await signIn({ sign: 'response', signWithOtherKey: true })).run(true));
    expect(forged.key).toBe('ssoSignatureInvalid');
  });

  it('refuses SHA-1 signatures and digests, naming the algorithm', async () => {
    const rsaSha1 = await signIn({ signatureAlgorithm: 'rsa-sha1' });
    expect(decode(rsaSha1.answer.samlResponse)).toContain(
      'Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"',
    );
    const bySignature = await failureOf(rsaSha1.run());
    expect(bySignature.key).toBe('4132');
    expect(bySignature.params).toEqual({ algorithm: 'RSA-SHA1' });

    const sha1Digest = await signIn({ digestAlgorithm: 'sha1' });
    const xml = decode(sha1Digest.answer.samlResponse);
    expect(xml).toContain('Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"');
    expect(xml).toContain('Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"');
    const byDigest = await failureOf(sha1Digest.run());
    expect(byDigest.key).toBe('4132');
    expect(byDigest.params).toEqual({ algorithm: 'SHA-1' });

    // Also on a response signature, with the setting that accepts it.
    const onResponse = await failureOf(
      (await signIn({ sign: 'response', signatureAlgorithm: 'rsa-sha1' })).run(true),
    );
    expect(onResponse.params).toEqual({ algorithm: 'RSA-SHA1' });
  });

  it('accepts RSA-SHA512 with a SHA-512 digest, and a SHA-256 signature with a SHA-512 digest', async () => {
    const sha512 = await signIn({ signatureAlgorithm: 'rsa-sha512' });
    expect(decode(sha512.answer.samlResponse)).toContain('xmldsig-more#rsa-sha512');
    expect((await sha512.run()).username).toBe('alice');
    expect((await (await signIn({ digestAlgorithm: 'sha512' })).run()).username).toBe('alice');
  });

  it('refuses a transient NameID as the username, not as a subject when an attribute names the user', async () => {
    const failure = await failureOf((await signIn({ username: 'a1b2c3', nameIdFormat: transient })).run());
    expect(failure.key).toBe('4133');
    const byAttribute = await signIn(
      { username: 'a1b2c3', nameIdFormat: transient, attributes: { uid: 'bob' } },
      'uid',
    );
    expect((await byAttribute.run()).username).toBe('bob');
    const persistent = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
    expect((await (await signIn({ username: 'carol', nameIdFormat: persistent })).run()).username).toBe(
      'carol',
    );
  });

  it('refuses an answer nobody asked for (no InResponseTo)', async () => {
    const { answer, run } = await signIn({ unsolicited: true });
    expect(decode(answer.samlResponse)).not.toContain('InResponseTo');
    const failure = await failureOf(run());
    expect(failure.key).toBe('4134');
  });

  it('refuses a missing username', async () => {
    const { run } = await signIn({ attributes: { mail: 'a@x' } }, 'uid');
    const failure = await failureOf(run());
    expect(failure.key).toBe('ssoUsernameMissing');
    expect(failure.params).toEqual({ claim: 'uid' });
  });

  it('refuses a signature by another key', async () => {
    expect((await failureOf((await signIn({ signWithOtherKey: true })).run())).key).toBe(
      'ssoSignatureInvalid',
    );
    const both = await signIn({ signWithOtherKey: true, sign: 'both' });
    expect((await failureOf(both.run())).key).toBe('ssoSignatureInvalid');
  });

  it('refuses an unsigned response with an unsigned assertion', async () => {
    const { answer, run } = await signIn({ sign: 'none' });
    expect(decode(answer.samlResponse)).not.toContain('Signature');
    expect((await failureOf(run())).key).toBe('4130');
    expect((await failureOf(run(true))).key).toBe('4131');
  });

  it('refuses an assertion altered after signing', async () => {
    for (const sign of ['assertion', 'response'] as const) {
      const acceptSignedResponse = sign === 'response';
      const { answer, requestId } = await signIn({ username: 'alice', sign });
      const altered = encode(
        decode(answer.samlResponse).replace('>alice</saml:NameID>', '>admin</saml:NameID>'),
      );
      expect(altered).not.toBe(answer.samlResponse);
      const failure = await failureOf(
        validateSamlResponse({
          sp,
          idp: await idpSettings(),
          samlResponse: altered,
          expectedRequestId: requestId,
          usernameAttribute: 'nameID',
          signature: { acceptSignedResponse },
        }),
      );
      expect(failure.key).toBe('ssoSignatureInvalid');
    }
  });

  it('refuses an expired or not yet valid assertion, with 60 s of skew', async () => {
    const past = new Date(Date.now() - 2 * 60_000);
    expect((await failureOf((await signIn({ notOnOrAfter: past })).run())).key).toBe('ssoAssertionExpired');
    const future = new Date(Date.now() + 3 * 60_000);
    expect((await failureOf((await signIn({ notBefore: future })).run())).key).toBe('ssoAssertionExpired');
    // within the skew
    expect((await (await signIn({ notOnOrAfter: new Date(Date.now() - 30_000) })).run()).username).toBe(
      'alice',
    );
    // an injected clock
    const late = new Date(Date.now() + 10 * 60_000);
    expect((await failureOf((await signIn({}, 'nameID', late)).run())).key).toBe('ssoAssertionExpired');
  });

  it('refuses another audience', async () => {
    const failure = await failureOf((await signIn({ audience: 'https://other.example.com' })).run());
    expect(failure.key).toBe('ssoAudienceInvalid');
  });

  it('refuses another recipient or destination', async () => {
    const other = 'https://evil.example.com/acs';
    expect((await failureOf((await signIn({ recipient: other })).run())).key).toBe('ssoRecipientInvalid');
    expect((await failureOf((await signIn({ destination: other })).run())).key).toBe('ssoRecipientInvalid');
    // Destination is optional
    expect((await (await signIn({ destination: null })).run()).username).toBe('alice');
  });

  it('refuses another issuer', async () => {
    const failure = await failureOf((await signIn({ issuer: 'https://evil.example.com/idp' })).run());
    expect(failure.key).toBe('ssoIssuerInvalid');
    const response = await failureOf(
      (await signIn({ issuer: 'https://evil.example.com/idp', sign: 'response' })).run(),
    );
    expect(response.key).toBe('ssoIssuerInvalid');
    // the signed assertion's issuer, with no Issuer on the response
    const assertion = await failureOf(
      (await signIn({ issuer: 'https://evil.example.com/idp', responseIssuer: null })).run(),
    );
    expect(assertion.key).toBe('ssoIssuerInvalid');
    expect(assertion.detail).toMatch(/^assertion issuer/);
    // the response's issuer alone
    const envelope = await failureOf(
      (await signIn({ responseIssuer: 'https://evil.example.com/idp' })).run(),
    );
    expect(envelope.key).toBe('ssoIssuerInvalid');
    expect(envelope.detail).toMatch(/^response issuer/);
  });

  it('refuses an answer to another request', async () => {
    const failure = await failureOf((await signIn({ inResponseTo: '_another-request' })).run());
    expect(failure.key).toBe('ssoResponseInvalid');
    expect(failure.params.detail).toMatch(/InResponseTo/);

    // the answer of one sign-in presented for another
    const first = await signIn();
    const second = await signIn();
    const crossed = await failureOf(
      validateSamlResponse({
        sp,
        idp: await idpSettings(),
        samlResponse: first.answer.samlResponse,
        expectedRequestId: second.requestId,
        usernameAttribute: 'nameID',
      }),
    );
    expect(crossed.key).toBe('ssoResponseInvalid');
  });

  it('reports a non-Success status as the provider error', async () => {
    const { run } = await signIn({
      status: 'urn:oasis:names:tc:SAML:2.0:status:Responder',
      subStatus: 'urn:oasis:names:tc:SAML:2.0:status:AuthnFailed',
      statusMessage: 'User is locked',
    });
    const failure = await failureOf(run());
    expect(failure.key).toBe('ssoProviderError');
    expect(failure.params.detail).toMatch(/Responder/);
    expect(failure.params.detail).toMatch(/AuthnFailed/);
    expect(failure.params.detail).toMatch(/User is locked/);
  });

  it('refuses DOCTYPE in the answer and answers that are not SAML', async () => {
    const { answer, requestId } = await signIn();
    const idp = await idpSettings();
    const check = (samlResponse: string) =>
      failureOf(
        validateSamlResponse({
          sp,
          idp,
          samlResponse,
          expectedRequestId: requestId,
          usernameAttribute: 'nameID',
        }),
      );
    const withDoctype = encode(`<!DOCTYPE r [<!ENTITY x "y">]>${decode(answer.samlResponse)}`);
    for (const bad of [withDoctype, 'not base64!', encode('<html/>'), encode('<a>')]) {
      const failure = await check(bad);
      expect(failure.key).toBe('ssoResponseInvalid');
    }
  });

  it('does not read an assertion outside the signed part (wrapping)', async () => {
    // A signed response carrying a second, forged assertion.
    const { answer, requestId } = await signIn({ username: 'alice' });
    const xml = decode(answer.samlResponse);
    const assertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? '';
    const forged = assertion
      .replace(/ID="[^"]+"/, 'ID="_forged"')
      .replace('>alice</saml:NameID>', '>admin</saml:NameID>')
      .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
    const wrapped = encode(xml.replace('</samlp:Status>', `</samlp:Status>${forged}`));
    const failure = await failureOf(
      validateSamlResponse({
        sp,
        idp: await idpSettings(),
        samlResponse: wrapped,
        expectedRequestId: requestId,
        usernameAttribute: 'nameID',
      }),
    );
    expect(failure.key).toBe('ssoSignatureInvalid');
  });
});

describe('the test IdP server', () => {
  let idpServer: TSamlIdpServer;
  beforeAll(async () => {
    idpServer = await startSamlIdp();
  });
  afterAll(() => idpServer.close());

  it('answers an auto-posting form for nextUser at its SSO URL', async () => {
    const idp = await readIdpMetadata({ url: idpServer.metadataUrl });
    const { url, requestId } = await samlAuthnRequestUrl({ sp, idp, relayState: 'state-xyz' });
    idpServer.nextUser = 'carol';
    const page = await (await fetch(url)).text();
    expect(page).toContain(`action="${sp.acsUrl}"`);
    expect(page).toContain('name="RelayState" value="state-xyz"');
    const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const result = await validateSamlResponse({
      sp,
      idp,
      samlResponse,
      expectedRequestId: requestId,
      usernameAttribute: 'nameID',
    });
    expect(result.username).toBe('carol');
  });
});
