/**
 * The check of an identity provider's HTTP-POST answer (SAML 2.0, `@node-saml/node-saml` for the
 * signatures): every signature of the answer must use an algorithm of the allow-list (RSA with
 * SHA-256 or stronger, SHA-256 or SHA-512 digests; SHA-1 is refused by name); the assertion (or,
 * when the account accepts it instead, the response) must be signed by one of the IdP's
 * certificates, a signed response around an unsigned assertion being refused by default. Issuer,
 * audience, destination, recipient, validity window, InResponseTo (an answer nobody asked for is
 * refused) and status are checked, a transient NameID is not taken for a username, and everything
 * read from the assertion comes from its signed part only.
 */
import { SamlStatusError } from '@node-saml/node-saml';
import { briefOf, SsoFailure } from '../external-sign-in';
import {
  ServiceProviderSaml,
  samlClockSkewMs,
  type TIdpMetadata,
  type TServiceProvider,
  type TSignaturePolicy,
} from './saml';
import { attributeOf, childOf, childrenOf, isSameUrl, ns, parseXml, textOf } from './saml-xml';

const statusSuccess = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const bearerMethod = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const nameIdTransient = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
/** The `usernameAttribute` value that reads the subject's NameID. */
const nameIdAttribute = 'nameID';

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
