/**
 * SAML 2.0 service provider (`@node-saml/node-saml`): reading the identity provider's metadata,
 * our own SP metadata, the SP-initiated AuthnRequest (HTTP-Redirect binding) and the check of the
 * HTTP-POST answer.
 *
 * What the SP metadata says is what is enforced: by default the assertion itself must carry a
 * valid signature by one of the IdP's certificates (`WantAssertionsSigned="true"`; a signed
 * response around an unsigned assertion is refused). An account may accept a signed response
 * instead (`acceptSignedResponse`): the metadata then says `WantAssertionsSigned="false"` and the
 * response itself must be signed. Every signature of the answer must use an algorithm of the
 * allow-list (RSA with SHA-256 or stronger, SHA-256 or SHA-512 digests; SHA-1 is refused by name).
 * Issuer, audience, destination, recipient, validity window, InResponseTo (an answer nobody asked
 * for is refused) and status are checked, a transient NameID is not taken for a username, and
 * everything read from the assertion comes from its signed part only.
 */
import { randomBytes, X509Certificate } from 'node:crypto';
import {
  type CacheProvider,
  generateServiceProviderMetadata,
  SAML,
  SamlStatusError,
  ValidateInResponseTo,
} from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import {
  createOutboundPolicy,
  type OutboundAddressError,
  outboundFetch,
  outboundRefusalOf,
  type TOutboundFetch,
} from '../../lib/outbound';
import { briefOf, SsoFailure } from './sso-failure';

export type TIdpMetadata = { entityId: string; ssoUrl: string; certificates: string[] };
export type TServiceProvider = { entityId: string; acsUrl: string };

/** How the IdP's answer must be signed: the assertion (default), or the response instead. */
export type TSignaturePolicy = { acceptSignedResponse: boolean };

const ns = {
  metadata: 'urn:oasis:names:tc:SAML:2.0:metadata',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  dsig: 'http://www.w3.org/2000/09/xmldsig#',
} as const;
const bindings = {
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
} as const;
const statusSuccess = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const bearerMethod = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const nameIdUnspecified = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
const nameIdTransient = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
/** The `usernameAttribute` value that reads the subject's NameID. */
const nameIdAttribute = 'nameID';

/** Accepted difference between our clock and the IdP's. */
export const samlClockSkewMs = 60_000;
const defaultMetadataTimeoutMs = 10_000;
const maxMetadataChars = 1_000_000;

/**
 * Signature algorithms accepted on an answer: RSA (PKCS#1 v1.5 or PSS) with SHA-256 or stronger,
 * as far as the XML signature library verifies them (it has no ECDSA and no RSA-SHA384).
 */
export const allowedSignatureAlgorithms: readonly string[] = [
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
  'http://www.w3.org/2007/05/xmldsig-more#sha256-rsa-MGF1',
];
/** Digest algorithms accepted in an answer's signature references. */
export const allowedDigestAlgorithms: readonly string[] = [
  'http://www.w3.org/2001/04/xmlenc#sha256',
  'http://www.w3.org/2001/04/xmlenc#sha512',
];
/** Short names of algorithms an answer may name (the rest are named by their URI's last part). */
const algorithmNames: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'RSA-SHA1',
  'http://www.w3.org/2000/09/xmldsig#dsa-sha1': 'DSA-SHA1',
  'http://www.w3.org/2000/09/xmldsig#hmac-sha1': 'HMAC-SHA1',
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha1': 'ECDSA-SHA1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-md5': 'RSA-MD5',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha224': 'RSA-SHA224',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha384': 'RSA-SHA384',
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256': 'ECDSA-SHA256',
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384': 'ECDSA-SHA384',
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha512': 'ECDSA-SHA512',
  'http://www.w3.org/2000/09/xmldsig#sha1': 'SHA-1',
  'http://www.w3.org/2001/04/xmldsig-more#md5': 'MD5',
  'http://www.w3.org/2001/04/xmldsig-more#sha224': 'SHA-224',
  'http://www.w3.org/2001/04/xmldsig-more#sha384': 'SHA-384',
};

// ---------------------------------------------------------------------------------------------
// XML

/**
 * Parses an XML document, refusing DTDs (no DOCTYPE, no entity declarations: XXE and entity
 * expansion) and any well-formedness error.
 */
function parseXml(text: string): Document {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new Error('DOCTYPE and entity declarations are not allowed');
  let failure: string | null = null;
  const document = new DOMParser({
    // xmldom reports some well-formedness errors (an unclosed element) as warnings.
    errorHandler: (_level: string, message: unknown) => {
      failure ??= String(message)
        .replace(/^\[xmldom \w+\]\s*/, '')
        .replace(/\s*@#\[line:.*$/s, '');
    },
  }).parseFromString(text, 'text/xml');
  if (failure) throw new Error(`not well-formed XML (${briefOf(failure, 120)})`);
  if (!document?.documentElement) throw new Error('not an XML document');
  return document;
}

/** The element children of `parent` with the given namespace and local name. */
function childrenOf(parent: Element, namespace: string, localName: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    if (element.namespaceURI === namespace && element.localName === localName) found.push(element);
  }
  return found;
}

function childOf(parent: Element | undefined, namespace: string, localName: string): Element | undefined {
  return parent ? childrenOf(parent, namespace, localName)[0] : undefined;
}

function textOf(element: Element | undefined): string {
  return element?.textContent?.trim() ?? '';
}

function attributeOf(element: Element | undefined, name: string): string | null {
  if (!element?.hasAttribute(name)) return null;
  return element.getAttribute(name);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Compares two URLs as URLs (case of scheme and host, default ports), else as strings. */
function isSameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

// ---------------------------------------------------------------------------------------------
// IdP metadata

/** Outside production: any address (the caller passes the account's rule). */
const unrestrictedFetch = outboundFetch(createOutboundPolicy({ isRestricted: false }));

async function fetchMetadata(url: string, timeoutMs: number, fetcher: TOutboundFetch): Promise<string> {
  if (!isHttpUrl(url)) throw new Error('the metadata URL must start with http:// or https://');
  let response: Response;
  try {
    response = await fetcher(url, {
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml, */*' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // The outbound address rule: the caller tells it apart (its own code and message).
    const refusal: OutboundAddressError | null = outboundRefusalOf(error);
    if (refusal) throw refusal;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new Error(`the metadata URL did not answer within ${Math.round(timeoutMs / 1000)} s`);
    }
    if ((error as { code?: unknown }).code === 'OUTBOUND_ANSWER_TOO_LARGE') {
      throw new Error('the metadata document is too large');
    }
    const cause = error instanceof Error && error.cause ? briefOf(error.cause, 120) : briefOf(error, 120);
    throw new Error(`the metadata URL cannot be reached (${cause})`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`the metadata URL answered HTTP ${response.status}`);
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > maxMetadataChars) {
    await response.body?.cancel();
    throw new Error('the metadata document is too large');
  }
  const text = await response.text();
  if (text.length > maxMetadataChars) throw new Error('the metadata document is too large');
  return text;
}

/** The first EntityDescriptor (the root, or within an EntitiesDescriptor) with a SAML 2.0 IdP role. */
function findIdpEntity(root: Element): { entity: Element; idp: Element } | null {
  const candidates =
    root.namespaceURI === ns.metadata && root.localName === 'EntityDescriptor'
      ? [root]
      : Array.from(root.getElementsByTagNameNS(ns.metadata, 'EntityDescriptor'));
  for (const entity of candidates) {
    const idp = childrenOf(entity, ns.metadata, 'IDPSSODescriptor').find((descriptor) =>
      (attributeOf(descriptor, 'protocolSupportEnumeration') ?? '').split(/\s+/).includes(ns.protocol),
    );
    if (idp) return { entity, idp };
  }
  return null;
}

function signingCertificates(idp: Element): string[] {
  const certificates: string[] = [];
  for (const descriptor of childrenOf(idp, ns.metadata, 'KeyDescriptor')) {
    const use = attributeOf(descriptor, 'use');
    if (use && use !== 'signing') continue;
    for (const keyInfo of childrenOf(descriptor, ns.dsig, 'KeyInfo')) {
      for (const data of childrenOf(keyInfo, ns.dsig, 'X509Data')) {
        for (const element of childrenOf(data, ns.dsig, 'X509Certificate')) {
          const base64 = textOf(element).replace(/\s+/g, '');
          if (!base64) continue;
          try {
            new X509Certificate(Buffer.from(base64, 'base64'));
          } catch {
            throw new Error('the metadata holds a signing certificate that cannot be read');
          }
          if (!certificates.includes(base64)) certificates.push(base64);
        }
      }
    }
  }
  return certificates;
}

/**
 * Reads IdP metadata from a URL (fetched with the given timeout, http or https, through `fetch`:
 * pass the outbound address rule's) or from XML: the IdP entity id, the HTTP-Redirect (else
 * HTTP-POST) SingleSignOnService location, and the signing certificates (KeyDescriptor
 * use="signing" or without use), as base64 DER without whitespace. Throws Error with a short
 * reason when it cannot (OutboundAddressError when the rule refuses the address). Refuses DOCTYPE
 * and entities.
 */
export async function readIdpMetadata(
  source: { url?: string | null; xml?: string | null },
  options: { timeoutMs?: number; fetch?: TOutboundFetch } = {},
): Promise<TIdpMetadata> {
  const url = source.url?.trim();
  const xml = url
    ? await fetchMetadata(
        url,
        options.timeoutMs ?? defaultMetadataTimeoutMs,
        options.fetch ?? unrestrictedFetch,
      )
    : source.xml?.trim();
  if (!xml) throw new Error(url ? 'the metadata document is empty' : 'the metadata URL or XML is required');

  let document: Document;
  try {
    document = parseXml(xml);
  } catch (error) {
    throw new Error(`the metadata cannot be read: ${briefOf(error, 160)}`);
  }
  const found = findIdpEntity(document.documentElement);
  if (!found) throw new Error('the metadata has no SAML 2.0 identity provider (IDPSSODescriptor)');

  const entityId = attributeOf(found.entity, 'entityID')?.trim();
  if (!entityId) throw new Error('the metadata has no entityID');

  const services = childrenOf(found.idp, ns.metadata, 'SingleSignOnService');
  const service =
    services.find((s) => attributeOf(s, 'Binding') === bindings.redirect) ??
    services.find((s) => attributeOf(s, 'Binding') === bindings.post);
  const ssoUrl = attributeOf(service, 'Location')?.trim();
  if (!ssoUrl)
    throw new Error('the metadata has no SingleSignOnService with the HTTP-Redirect or HTTP-POST binding');
  if (!isHttpUrl(ssoUrl)) throw new Error('the SingleSignOnService location is not an http(s) URL');

  const certificates = signingCertificates(found.idp);
  if (certificates.length === 0) throw new Error('the metadata has no signing certificate');

  return { entityId, ssoUrl, certificates };
}

// ---------------------------------------------------------------------------------------------
// SP metadata and AuthnRequest

/**
 * Our SP metadata document (EntityDescriptor with SPSSODescriptor, AuthnRequestsSigned=false,
 * WantAssertionsSigned true, or false when the account accepts a signed response instead,
 * NameIDFormat unspecified, AssertionConsumerService HTTP-POST at acsUrl).
 */
export function serviceProviderMetadata(
  sp: TServiceProvider,
  signature: TSignaturePolicy = { acceptSignedResponse: false },
): string {
  const xml = generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: nameIdUnspecified,
    wantAssertionsSigned: true,
  });
  if (!signature.acceptSignedResponse) return xml;
  // node-saml leaves the attribute out when it is false (the schema's default): say it.
  const wanted = 'WantAssertionsSigned="true"';
  if (xml.split(wanted).length !== 2) throw new Error('unexpected SP metadata');
  return xml.replace(wanted, 'WantAssertionsSigned="false"');
}

/** A request-id store for node-saml that knows only the request this answer must belong to. */
function singleRequestCache(expectedRequestId: string): CacheProvider {
  return {
    saveAsync: async () => null,
    getAsync: async (key) => (key === expectedRequestId ? new Date().toISOString() : null),
    removeAsync: async () => null,
  };
}

/**
 * node-saml with its clock replaced by ours (`now`), so that the validity windows are checked at
 * the instant the caller gives.
 */
class ServiceProviderSaml extends SAML {
  #nowMs = Date.now();

  static create(input: {
    sp: TServiceProvider;
    idp: TIdpMetadata;
    signature?: TSignaturePolicy;
    expectedRequestId?: string;
    requestId?: string;
    now?: Date;
  }): ServiceProviderSaml {
    const acceptSignedResponse = input.signature?.acceptSignedResponse === true;
    const requestId = input.requestId;
    const saml = new ServiceProviderSaml({
      entryPoint: input.idp.ssoUrl,
      issuer: input.sp.entityId,
      callbackUrl: input.sp.acsUrl,
      audience: input.sp.entityId,
      idpIssuer: input.idp.entityId,
      idpCert: input.idp.certificates,
      identifierFormat: nameIdUnspecified,
      // No RequestedAuthnContext: the IdP chooses how its users authenticate.
      disableRequestedAuthnContext: true,
      // Exactly what the SP metadata says: the assertion signed (a signed response does not
      // stand in for it), or, when the account accepts it instead, the response signed.
      wantAuthnResponseSigned: acceptSignedResponse,
      wantAssertionsSigned: !acceptSignedResponse,
      acceptedClockSkewMs: samlClockSkewMs,
      validateInResponseTo: ValidateInResponseTo.always,
      cacheProvider: singleRequestCache(input.expectedRequestId ?? ''),
      ...(requestId ? { generateUniqueId: () => requestId } : {}),
    });
    if (input.now) saml.#nowMs = input.now.getTime();
    return saml;
  }

  protected override checkTimestampsValidityError(
    _nowMs: number,
    notBefore: string,
    notOnOrAfter: string,
    maxTimeLimitMs?: number,
  ): Error | null {
    return super.checkTimestampsValidityError(this.#nowMs, notBefore, notOnOrAfter, maxTimeLimitMs);
  }
}

/**
 * SP-initiated sign-in: the IdP URL (HTTP-Redirect binding with SAMLRequest and RelayState) and
 * the AuthnRequest id (the caller stores it and passes it back as expectedRequestId).
 */
export async function samlAuthnRequestUrl(input: {
  sp: TServiceProvider;
  idp: TIdpMetadata;
  relayState: string;
}): Promise<{ url: string; requestId: string }> {
  const requestId = `_${randomBytes(20).toString('hex')}`;
  const saml = ServiceProviderSaml.create({ sp: input.sp, idp: input.idp, requestId });
  const url = await saml.getAuthorizeUrlAsync(input.relayState, undefined, {});
  return { url, requestId };
}

// ---------------------------------------------------------------------------------------------
// The answer

function responseInvalid(detail: string): SsoFailure {
  return new SsoFailure('ssoResponseInvalid', { detail }, detail);
}

/** An answer no sign-in of the console asked for (IdP-initiated). */
export function unsolicited(detail: string): SsoFailure {
  return new SsoFailure('4134', {}, detail);
}

/** The short name of an algorithm URI, for the refusal's message. */
export function algorithmName(uri: string): string {
  const known = algorithmNames[uri];
  if (known) return known;
  const last = uri.replace(/^.*[#/]/, '').replace(/[^\w.+-]/g, '');
  return briefOf(last || uri || '(none)', 60);
}

/**
 * Refuses any signature of the answer (on the response, an assertion or anywhere else) whose
 * signature or digest algorithm is not on the allow-list: SHA-1 and weaker are named.
 */
function checkAlgorithms(document: Element): void {
  const signatures = Array.from(document.getElementsByTagNameNS(ns.dsig, 'Signature'));
  for (const signature of signatures) {
    const signedInfo = childOf(signature, ns.dsig, 'SignedInfo');
    const method = attributeOf(childOf(signedInfo, ns.dsig, 'SignatureMethod'), 'Algorithm') ?? '';
    if (!allowedSignatureAlgorithms.includes(method)) {
      const algorithm = algorithmName(method);
      throw new SsoFailure('4132', { algorithm }, `signature algorithm ${briefOf(method, 120)}`);
    }
    const references = signedInfo ? childrenOf(signedInfo, ns.dsig, 'Reference') : [];
    for (const reference of references) {
      const digest = attributeOf(childOf(reference, ns.dsig, 'DigestMethod'), 'Algorithm') ?? '';
      if (!allowedDigestAlgorithms.includes(digest)) {
        const algorithm = algorithmName(digest);
        throw new SsoFailure('4132', { algorithm }, `digest algorithm ${briefOf(digest, 120)}`);
      }
    }
  }
}

/**
 * Refuses an answer that lacks the signature the account requires: on the assertion (default), or
 * on the response (when the account accepts a signed response instead). Whether a present
 * signature verifies is node-saml's check, after this one.
 */
function checkSignaturePresence(response: Element, signature: TSignaturePolicy): void {
  const assertions = childrenOf(response, ns.assertion, 'Assertion').length;
  const encrypted = childrenOf(response, ns.assertion, 'EncryptedAssertion').length;
  // One assertion at most (node-saml refuses more as well): a second one is a wrapping attempt.
  if (assertions + encrypted > 1) {
    throw new SsoFailure('ssoSignatureInvalid', {}, 'more than one assertion');
  }
  if (signature.acceptSignedResponse) {
    if (childrenOf(response, ns.dsig, 'Signature').length === 0) {
      throw new SsoFailure('4131', {}, 'the response is not signed');
    }
    return;
  }
  for (const assertion of childrenOf(response, ns.assertion, 'Assertion')) {
    if (childrenOf(assertion, ns.dsig, 'Signature').length === 0) {
      throw new SsoFailure(
        '4130',
        {},
        childrenOf(response, ns.dsig, 'Signature').length > 0
          ? 'the response is signed but the assertion is not'
          : 'neither the response nor the assertion is signed',
      );
    }
  }
}

/**
 * What an answer says of itself before any check (never trusted): the request it answers, and the
 * audiences of its assertions. Null when it is not a readable SAML 2.0 Response.
 */
export function peekSamlResponse(
  samlResponse: string,
): { inResponseTo: string | null; audiences: string[] } | null {
  const encoded = samlResponse.replace(/\s+/g, '');
  if (!encoded || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  try {
    const response = parseXml(Buffer.from(encoded, 'base64').toString('utf8')).documentElement;
    if (response.namespaceURI !== ns.protocol || response.localName !== 'Response') return null;
    const audiences = childrenOf(response, ns.assertion, 'Assertion').flatMap((assertion) =>
      childrenOf(
        childOf(assertion, ns.assertion, 'Conditions') ?? assertion,
        ns.assertion,
        'AudienceRestriction',
      )
        .flatMap((restriction) => childrenOf(restriction, ns.assertion, 'Audience'))
        .map((audience) => textOf(audience)),
    );
    return { inResponseTo: attributeOf(response, 'InResponseTo'), audiences };
  } catch {
    return null;
  }
}

/** Turns node-saml's refusals into failure keys (its messages, lib/saml.js and lib/xml.js). */
function failureOf(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  if (error instanceof SamlStatusError) {
    // "SAML provider returned Responder error: AuthnFailed"
    const detail = briefOf(error.message.replace(/^SAML provider returned\s*/, ''));
    return new SsoFailure('ssoProviderError', { detail }, detail);
  }
  const message = error instanceof Error ? error.message : String(error);
  const detail = briefOf(message);
  if (
    /^SAML assertion (expired|not yet valid)/.test(message) ||
    message.startsWith('No valid subject confirmation')
  ) {
    return new SsoFailure('ssoAssertionExpired', {}, detail);
  }
  if (/audience/i.test(message)) return new SsoFailure('ssoAudienceInvalid', {}, detail);
  if (/signature|signed data|ref URI/i.test(message))
    return new SsoFailure('ssoSignatureInvalid', {}, detail);
  if (/InResponseTo is missing/.test(message)) return unsolicited(detail);
  if (/InResponseTo/.test(message)) {
    return new SsoFailure(
      'ssoResponseInvalid',
      { detail: 'it answers another sign-in request (InResponseTo)' },
      detail,
    );
  }
  if (/decryption key|EncryptedAssertion/.test(message))
    return responseInvalid('encrypted assertions are not supported');
  if (error instanceof TypeError)
    return new SsoFailure('ssoResponseInvalid', { detail: 'malformed assertion' }, detail);
  return responseInvalid(detail);
}

function timeOf(value: string | null, name: string): number | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw responseInvalid(`${name} is not a date`);
  return ms;
}

/** Checks the response element (outside the assertion): status, issuer, destination, InResponseTo. */
function checkResponseEnvelope(
  response: Element,
  input: { sp: TServiceProvider; idp: TIdpMetadata; expectedRequestId: string },
): void {
  const statusCode = childOf(childOf(response, ns.protocol, 'Status'), ns.protocol, 'StatusCode');
  const status = attributeOf(statusCode, 'Value');
  if (status !== statusSuccess) {
    const nested = attributeOf(childOf(statusCode, ns.protocol, 'StatusCode'), 'Value');
    const message = textOf(childOf(childOf(response, ns.protocol, 'Status'), ns.protocol, 'StatusMessage'));
    const detail = briefOf(
      [status, nested]
        .filter(Boolean)
        .map((code) => code?.replace(/^.*:/, ''))
        .join(' / ') + (message ? `: ${message}` : '') || 'no status',
    );
    throw new SsoFailure('ssoProviderError', { detail }, detail);
  }
  const issuer = childOf(response, ns.assertion, 'Issuer');
  if (issuer && textOf(issuer) !== input.idp.entityId) {
    throw new SsoFailure('ssoIssuerInvalid', {}, `response issuer ${briefOf(textOf(issuer), 120)}`);
  }
  const destination = attributeOf(response, 'Destination');
  if (destination !== null && !isSameUrl(destination, input.sp.acsUrl)) {
    throw new SsoFailure('ssoRecipientInvalid', {}, `destination ${briefOf(destination, 120)}`);
  }
  const inResponseTo = attributeOf(response, 'InResponseTo');
  if (inResponseTo === null) throw unsolicited('the response has no InResponseTo');
  if (inResponseTo !== input.expectedRequestId) {
    throw new SsoFailure(
      'ssoResponseInvalid',
      { detail: 'it answers another sign-in request (InResponseTo)' },
      'response InResponseTo mismatch',
    );
  }
}

/**
 * The username read from the (signed) assertion. A transient NameID (a fresh pseudonym at each
 * sign-in) is refused as a username.
 */
function usernameOf(assertion: Element, usernameAttribute: string): string {
  if (usernameAttribute === nameIdAttribute) {
    const nameId = childOf(childOf(assertion, ns.assertion, 'Subject'), ns.assertion, 'NameID');
    if (attributeOf(nameId, 'Format')?.trim() === nameIdTransient) {
      throw new SsoFailure('4133', {}, 'transient NameID');
    }
    return textOf(nameId);
  }
  const attributes = childrenOf(assertion, ns.assertion, 'AttributeStatement').flatMap((statement) =>
    childrenOf(statement, ns.assertion, 'Attribute'),
  );
  const attribute =
    attributes.find((a) => attributeOf(a, 'Name') === usernameAttribute) ??
    attributes.find((a) => attributeOf(a, 'FriendlyName') === usernameAttribute);
  if (!attribute) return '';
  for (const value of childrenOf(attribute, ns.assertion, 'AttributeValue')) {
    const text = textOf(value);
    if (text) return text;
  }
  return '';
}

/**
 * Validates an HTTP-POST SAMLResponse (base64): every signature with an allowed algorithm; a valid
 * signature by one of the IdP's certificates on the assertion (or, when `signature` accepts a
 * signed response instead, on the response); Issuer = idp.entityId; Audience =
 * sp.entityId; Destination (when present) and the bearer SubjectConfirmationData Recipient =
 * sp.acsUrl; NotBefore/NotOnOrAfter within 60 s of `now`; InResponseTo = expectedRequestId;
 * status Success. Answers the username (NameID, not a transient one, when usernameAttribute is
 * 'nameID', else the first value of that attribute), the assertion's ID, and until when the assertion could still be
 * accepted (its earliest NotOnOrAfter plus the accepted clock skew): remembering the id until then
 * makes a replay fail. Every refusal throws SsoFailure.
 */
export async function validateSamlResponse(input: {
  sp: TServiceProvider;
  idp: TIdpMetadata;
  samlResponse: string;
  expectedRequestId: string;
  usernameAttribute: string;
  signature?: TSignaturePolicy;
  now?: Date;
}): Promise<{ username: string; assertionId: string; expiresAt: Date }> {
  const signature = input.signature ?? { acceptSignedResponse: false };
  const nowMs = (input.now ?? new Date()).getTime();
  const encoded = input.samlResponse.replace(/\s+/g, '');
  if (!encoded || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded))
    throw responseInvalid('the SAMLResponse is not base64');

  // The envelope, read before any signature check: a refusal here never trusts its content.
  let response: Element;
  try {
    response = parseXml(Buffer.from(encoded, 'base64').toString('utf8')).documentElement;
  } catch (error) {
    throw responseInvalid(briefOf(error, 160));
  }
  if (response.namespaceURI !== ns.protocol || response.localName !== 'Response') {
    throw responseInvalid('the SAMLResponse is not a SAML 2.0 Response');
  }
  checkResponseEnvelope(response, input);
  checkAlgorithms(response);
  checkSignaturePresence(response, signature);

  let assertionXml: string;
  try {
    const saml = ServiceProviderSaml.create({
      sp: input.sp,
      idp: input.idp,
      signature,
      expectedRequestId: input.expectedRequestId,
      now: input.now,
    });
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: encoded });
    const signed = profile?.getAssertionXml?.();
    if (!signed) throw responseInvalid('the answer holds no assertion');
    assertionXml = signed;
  } catch (error) {
    throw failureOf(error);
  }

  // From here on, only the signed assertion is read.
  let assertion: Element;
  try {
    assertion = parseXml(assertionXml).documentElement;
  } catch (error) {
    throw responseInvalid(briefOf(error, 160));
  }
  if (assertion.namespaceURI !== ns.assertion || assertion.localName !== 'Assertion') {
    throw new SsoFailure('ssoSignatureInvalid', {}, 'the signed part is not an assertion');
  }

  const issuer = textOf(childOf(assertion, ns.assertion, 'Issuer'));
  if (issuer !== input.idp.entityId) {
    throw new SsoFailure('ssoIssuerInvalid', {}, `assertion issuer ${briefOf(issuer, 120)}`);
  }

  const assertionId = attributeOf(assertion, 'ID');
  if (!assertionId) throw responseInvalid('the assertion has no ID');

  // Bearer subject confirmation (SAML profiles 4.1.4.2): Recipient, NotOnOrAfter, InResponseTo.
  const subject = childOf(assertion, ns.assertion, 'Subject');
  const bearers = (subject ? childrenOf(subject, ns.assertion, 'SubjectConfirmation') : [])
    .filter((confirmation) => attributeOf(confirmation, 'Method') === bearerMethod)
    .map((confirmation) => childOf(confirmation, ns.assertion, 'SubjectConfirmationData'));
  if (bearers.length === 0) throw responseInvalid('the assertion has no bearer subject confirmation');
  const forUs = bearers.filter((data) => {
    const recipient = attributeOf(data, 'Recipient');
    return recipient !== null && isSameUrl(recipient, input.sp.acsUrl);
  });
  if (forUs.length === 0) {
    const recipient = bearers.map((data) => attributeOf(data, 'Recipient') ?? '(none)').join(', ');
    throw new SsoFailure('ssoRecipientInvalid', {}, `recipient ${briefOf(recipient, 120)}`);
  }
  const current = forUs.filter((data) => {
    const notBefore = timeOf(attributeOf(data, 'NotBefore'), 'NotBefore');
    const notOnOrAfter = timeOf(attributeOf(data, 'NotOnOrAfter'), 'NotOnOrAfter');
    if (notOnOrAfter === null) return false;
    if (notBefore !== null && nowMs + samlClockSkewMs < notBefore) return false;
    return nowMs - samlClockSkewMs < notOnOrAfter;
  });
  const confirmation = current.find((data) => {
    const inResponseTo = attributeOf(data, 'InResponseTo');
    return inResponseTo === null || inResponseTo === input.expectedRequestId;
  });
  if (!confirmation) {
    if (current.length > 0) {
      throw new SsoFailure(
        'ssoResponseInvalid',
        { detail: 'it answers another sign-in request (InResponseTo)' },
        'subject confirmation InResponseTo mismatch',
      );
    }
    throw new SsoFailure('ssoAssertionExpired', {}, 'no current bearer subject confirmation');
  }

  const username = usernameOf(assertion, input.usernameAttribute);
  if (!username) {
    throw new SsoFailure('ssoUsernameMissing', { claim: input.usernameAttribute }, null);
  }

  // The assertion is acceptable until the earlier of its conditions' and its confirmation's
  // NotOnOrAfter, plus the accepted skew.
  const ends = [
    timeOf(attributeOf(confirmation, 'NotOnOrAfter'), 'NotOnOrAfter'),
    timeOf(attributeOf(childOf(assertion, ns.assertion, 'Conditions'), 'NotOnOrAfter'), 'NotOnOrAfter'),
  ].filter((ms): ms is number => ms !== null);
  const expiresAt = new Date(Math.min(...ends) + samlClockSkewMs);

  return { username, assertionId, expiresAt };
}
