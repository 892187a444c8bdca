/**
 * SAML 2.0 service provider (`@node-saml/node-saml`), its settings side: reading the identity
 * provider's metadata, our own SP metadata and the SP-initiated AuthnRequest (HTTP-Redirect
 * binding). The check of the HTTP-POST answer is saml-response.ts.
 *
 * What the SP metadata says is what is enforced: by default the assertion itself must carry a
 * valid signature by one of the IdP's certificates (`WantAssertionsSigned="true"`); an account may
 * accept a signed response instead (`acceptSignedResponse`): the metadata then says
 * `WantAssertionsSigned="false"` and the response itself must be signed.
 */
import { randomBytes, X509Certificate } from 'node:crypto';
import {
  type CacheProvider,
  generateServiceProviderMetadata,
  SAML,
  ValidateInResponseTo,
} from '@node-saml/node-saml';
import {
  createOutboundPolicy,
  type OutboundAddressError,
  outboundFetch,
  outboundRefusalOf,
  type TOutboundFetch,
} from '../../lib/outbound';
import { briefOf } from '../external-sign-in';
import { attributeOf, childrenOf, isHttpUrl, ns, parseXml, textOf } from './saml-xml';
import { documentProblem, requestProblem, statusProblem, timeoutProblem } from './sso-source-problem';

export type TIdpMetadata = { entityId: string; ssoUrl: string; certificates: string[] };
export type TServiceProvider = { entityId: string; acsUrl: string };

/** How the IdP's answer must be signed: the assertion (default), or the response instead. */
export type TSignaturePolicy = { acceptSignedResponse: boolean };

const bindings = {
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
} as const;
const nameIdUnspecified = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';

/** Accepted difference between our clock and the IdP's. */
export const samlClockSkewMs = 60_000;
const defaultMetadataTimeoutMs = 10_000;
const maxMetadataChars = 1_000_000;

// ---------------------------------------------------------------------------------------------
// IdP metadata

/** Outside production: any address (the caller passes the account's rule). */
const unrestrictedFetch = outboundFetch(createOutboundPolicy({ isRestricted: false }));

/**
 * The metadata document at `url`. A failure is an SsoSourceError that says which host could not
 * be reached and why, or what the answer was (its English message is for the log); a refusal of
 * the outbound address rule is thrown as it is (the caller answers it with its own code).
 */
async function fetchMetadata(url: string, timeoutMs: number, fetcher: TOutboundFetch): Promise<string> {
  if (!isHttpUrl(url)) {
    throw documentProblem('ssoMetadataUrlScheme', 'the metadata URL must start with http:// or https://');
  }
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
      throw timeoutProblem(
        url,
        timeoutMs,
        `the metadata URL did not answer within ${Math.round(timeoutMs / 1000)} s`,
      );
    }
    if ((error as { code?: unknown }).code === 'OUTBOUND_ANSWER_TOO_LARGE') {
      throw documentProblem('ssoMetadataTooLarge', 'the metadata document is too large', error);
    }
    const cause = error instanceof Error && error.cause ? briefOf(error.cause, 120) : briefOf(error, 120);
    throw requestProblem(error, url, { timeoutMs, message: `the metadata URL cannot be reached (${cause})` });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw statusProblem(url, response.status, `the metadata URL answered HTTP ${response.status}`);
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > maxMetadataChars) {
    await response.body?.cancel();
    throw documentProblem('ssoMetadataTooLarge', 'the metadata document is too large');
  }
  const text = await response.text();
  if (text.length > maxMetadataChars) {
    throw documentProblem('ssoMetadataTooLarge', 'the metadata document is too large');
  }
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
            throw documentProblem(
              'ssoMetadataBadCertificate',
              'the metadata holds a signing certificate that cannot be read',
            );
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
 * use="signing" or without use), as base64 DER without whitespace. Throws an SsoSourceError
 * with the reason when it cannot (OutboundAddressError when the rule refuses the address).
 * Refuses DOCTYPE and entities.
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
  if (!xml) {
    if (url) throw documentProblem('ssoMetadataEmpty', 'the metadata document is empty');
    throw new Error('the metadata URL or XML is required');
  }

  let document: Document;
  try {
    document = parseXml(xml);
  } catch (error) {
    throw documentProblem('ssoMetadataNotXml', `the metadata cannot be read: ${briefOf(error, 160)}`, error);
  }
  const found = findIdpEntity(document.documentElement);
  if (!found) {
    throw documentProblem(
      'ssoMetadataNoIdp',
      'the metadata has no SAML 2.0 identity provider (IDPSSODescriptor)',
    );
  }

  const entityId = attributeOf(found.entity, 'entityID')?.trim();
  if (!entityId) throw documentProblem('ssoMetadataNoEntityId', 'the metadata has no entityID');

  const services = childrenOf(found.idp, ns.metadata, 'SingleSignOnService');
  const service =
    services.find((s) => attributeOf(s, 'Binding') === bindings.redirect) ??
    services.find((s) => attributeOf(s, 'Binding') === bindings.post);
  const ssoUrl = attributeOf(service, 'Location')?.trim();
  if (!ssoUrl) {
    throw documentProblem(
      'ssoMetadataNoSsoService',
      'the metadata has no SingleSignOnService with the HTTP-Redirect or HTTP-POST binding',
    );
  }
  if (!isHttpUrl(ssoUrl)) {
    throw documentProblem('ssoMetadataSsoUrl', 'the SingleSignOnService location is not an http(s) URL');
  }

  const certificates = signingCertificates(found.idp);
  if (certificates.length === 0) {
    throw documentProblem('ssoMetadataNoCertificate', 'the metadata has no signing certificate');
  }

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
export class ServiceProviderSaml extends SAML {
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
