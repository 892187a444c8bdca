/**
 * A SAML 2.0 identity provider for the single sign-on tests, built on `samlify` (an
 * implementation independent of the console's own SAML library). It signs with the key pair of
 * test/fixtures/saml/idp-*.pem and can be told to answer wrongly: signed with another key
 * (other-*.pem), expired, for another audience, recipient, destination or issuer, unsigned, for
 * another request, unsolicited (no InResponseTo), with a non-Success status, with a transient
 * NameID, or signed with other algorithms (RSA-SHA1, a SHA-1 digest).
 *
 * `createSamlIdp` only builds answers; `startSamlIdp` also listens on a free local port, serves its
 * metadata at `metadataUrl`, and acts as the IdP's SSO URL for browser tests: a GET with
 * SAMLRequest and RelayState answers a page that posts the SAMLResponse for `nextUser` to the
 * service provider's ACS URL at once.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as samlifyModule from 'samlify';

// Node's own ESM loader (the browser tests) names only some of samlify's CommonJS exports (its
// getters are not detected); the whole module.exports is then the default export.
const samlify = (samlifyModule as unknown as { default?: typeof samlifyModule }).default ?? samlifyModule;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/saml/${name}`, import.meta.url), 'utf8');

export const samlTestKeys = {
  idp: { privateKey: fixture('idp-key.pem'), certificate: fixture('idp-cert.pem') },
  other: { privateKey: fixture('other-key.pem'), certificate: fixture('other-cert.pem') },
};

const bindings = {
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
};
const nameIdUnspecified = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
const statusSuccess = 'urn:oasis:names:tc:SAML:2.0:status:Success';

/** Signature algorithms the test IdP can sign with (samlify's names). */
export const samlSignatureAlgorithms = {
  'rsa-sha1': 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  'rsa-sha256': 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'rsa-sha512': 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
} as const;
export const samlDigestAlgorithms = {
  sha1: 'http://www.w3.org/2000/09/xmldsig#sha1',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
  sha512: 'http://www.w3.org/2001/04/xmlenc#sha512',
} as const;

// The test IdP trusts what it builds and parses: no XML schema validation.
samlify.setSchemaValidator({ validate: async () => 'skipped' });

export type TSamlResponseOptions = {
  /** NameID of the subject (default `alice`). */
  username?: string;
  /** Attributes of the assertion (default `{ username, email: username@idp.example.com }`). */
  attributes?: Record<string, string | string[]>;
  /** Which parts carry a signature (default `assertion`). */
  sign?: 'assertion' | 'response' | 'both' | 'none';
  /** Sign with a key the service provider does not know (a wrong signature). */
  signWithOtherKey?: boolean;
  /** NotOnOrAfter of the conditions and of the subject confirmation (default now + 5 min). */
  notOnOrAfter?: Date;
  /** NotBefore of the conditions (default now). */
  notBefore?: Date;
  /** Audience (default the requesting SP's entity id). */
  audience?: string;
  /** SubjectConfirmationData Recipient (default the request's ACS URL). */
  recipient?: string;
  /** Destination of the response (default the request's ACS URL; null leaves it out). */
  destination?: string | null;
  /** Issuer of the response and of the assertion (default the IdP's entity id). */
  issuer?: string;
  /** Issuer of the response only (default `issuer`; null leaves the optional element out). */
  responseIssuer?: string | null;
  /** InResponseTo of the response and of the subject confirmation (default the request's ID). */
  inResponseTo?: string;
  /** An IdP-initiated answer: no InResponseTo on the response nor on the subject confirmation. */
  unsolicited?: boolean;
  /** Format of the NameID (default unspecified), e.g. `urn:oasis:names:tc:SAML:2.0:nameid-format:transient`. */
  nameIdFormat?: string;
  /** Signature algorithm (default rsa-sha256). */
  signatureAlgorithm?: keyof typeof samlSignatureAlgorithms;
  /** Digest algorithm of the signature's references (default: the signature algorithm's hash). */
  digestAlgorithm?: keyof typeof samlDigestAlgorithms;
  /** A non-Success top-level status (e.g. `urn:oasis:names:tc:SAML:2.0:status:Responder`): no assertion. */
  status?: string;
  /** Second-level status code and status message that come with `status`. */
  subStatus?: string;
  statusMessage?: string;
};

export type TSamlAnswer = {
  /** The base64 SAMLResponse to post to `acsUrl`. */
  samlResponse: string;
  relayState: string | null;
  acsUrl: string;
  /** ID of the AuthnRequest answered. */
  requestId: string;
  /** ID of the assertion (null when there is none). */
  assertionId: string | null;
};

export type TSamlIdp = {
  entityId: string;
  ssoUrl: string;
  /** The IdP's metadata document (EntityDescriptor with IDPSSODescriptor and signing key). */
  metadataXml: string;
  /** The signing certificate as base64 DER (what `readIdpMetadata` reads from the metadata). */
  certificate: string;
  /** Answers the AuthnRequest carried by `authnRequestUrl` (our HTTP-Redirect URL to the IdP). */
  respond(authnRequestUrl: string, options?: TSamlResponseOptions): Promise<TSamlAnswer>;
};

export type TSamlIdpServer = TSamlIdp & {
  metadataUrl: string;
  /** The username the next sign-in through the SSO URL gets. */
  nextUser: string;
  /** Further answer options of the sign-ins through the SSO URL. */
  nextOptions: TSamlResponseOptions;
  close(): Promise<void>;
};

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function base64Der(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

function randomId(): string {
  return `_${crypto.randomUUID().replace(/-/g, '')}`;
}

function attributeStatement(attributes: Record<string, string | string[]>): string {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return '';
  const items = entries
    .map(([name, value]) => {
      const values = (Array.isArray(value) ? value : [value])
        .map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`)
        .join('');
      return `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values}</saml:Attribute>`;
    })
    .join('');
  return `<saml:AttributeStatement>${items}</saml:AttributeStatement>`;
}

const errorResponseTemplate =
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}"><saml:Issuer>{Issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="{StatusCode}">{SubStatus}</samlp:StatusCode>{StatusMessage}</samlp:Status></samlp:Response>';

function identityProvider(
  entityId: string,
  ssoUrl: string,
  keys: { privateKey: string; certificate: string },
  signatureAlgorithm: string = samlSignatureAlgorithms['rsa-sha256'],
) {
  return samlify.IdentityProvider({
    entityID: entityId,
    privateKey: keys.privateKey,
    signingCert: keys.certificate,
    requestSignatureAlgorithm: signatureAlgorithm,
    nameIDFormat: [nameIdUnspecified],
    wantAuthnRequestsSigned: false,
    singleSignOnService: [
      { Binding: bindings.redirect, Location: ssoUrl },
      { Binding: bindings.post, Location: ssoUrl },
    ],
    singleLogoutService: [{ Binding: bindings.redirect, Location: `${ssoUrl}/logout` }],
    generateID: randomId,
  });
}

/** Builds a test IdP (no server). */
export function createSamlIdp(options: { entityId?: string; ssoUrl?: string } = {}): TSamlIdp {
  const entityId = options.entityId ?? 'https://idp.example.test/saml';
  const ssoUrl = options.ssoUrl ?? 'https://idp.example.test/sso';
  const idp = identityProvider(entityId, ssoUrl, samlTestKeys.idp);
  const impostor = identityProvider(entityId, ssoUrl, samlTestKeys.other);

  async function respond(authnRequestUrl: string, answer: TSamlResponseOptions = {}): Promise<TSamlAnswer> {
    const query = Object.fromEntries(new URL(authnRequestUrl).searchParams);
    if (!query.SAMLRequest) throw new Error('the URL carries no SAMLRequest');

    // samlify parses (and checks) the AuthnRequest; the requesting SP is named by the request.
    const anySp = samlify.ServiceProvider({ entityID: 'unknown', assertionConsumerService: [] });
    const parsed = await idp.parseLoginRequest(anySp, 'redirect', { query });
    const request = parsed.extract.request as Record<string, string> | undefined;
    const spEntityId = String(parsed.extract.issuer ?? '');
    const acsUrl = request?.assertionConsumerServiceUrl ?? '';
    const requestId = request?.id ?? '';
    if (!spEntityId || !acsUrl || !requestId) throw new Error('the AuthnRequest lacks Issuer, ACS URL or ID');

    const sign = answer.status ? 'response' : (answer.sign ?? 'assertion');
    const sp = samlify.ServiceProvider({
      entityID: spEntityId,
      assertionConsumerService: [{ Binding: bindings.post, Location: acsUrl }],
      wantAssertionsSigned: sign === 'assertion' || sign === 'both',
      wantMessageSigned: sign === 'response' || sign === 'both' || sign === 'none',
    });

    const username = answer.username ?? 'alice';
    const now = new Date();
    const notOnOrAfter = (answer.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
    const assertionId = answer.status ? null : randomId();
    const values = {
      ID: randomId(),
      AssertionID: assertionId,
      IssueInstant: now.toISOString(),
      Destination: answer.destination === undefined ? acsUrl : answer.destination,
      InResponseTo: answer.inResponseTo ?? requestId,
      Issuer: answer.issuer ?? entityId,
      ResponseIssuer:
        answer.responseIssuer === undefined ? (answer.issuer ?? entityId) : answer.responseIssuer,
      StatusCode: answer.status ?? statusSuccess,
      NameIDFormat: answer.nameIdFormat ?? nameIdUnspecified,
      NameID: username,
      SubjectRecipient: answer.recipient ?? acsUrl,
      SubjectConfirmationDataNotOnOrAfter: notOnOrAfter,
      ConditionsNotBefore: (answer.notBefore ?? now).toISOString(),
      ConditionsNotOnOrAfter: notOnOrAfter,
      Audience: answer.audience ?? spEntityId,
    };
    const attributes = answer.attributes ?? { username, email: `${username}@idp.example.com` };

    const keys = answer.signWithOtherKey ? samlTestKeys.other : samlTestKeys.idp;
    const signatureAlgorithm = samlSignatureAlgorithms[answer.signatureAlgorithm ?? 'rsa-sha256'];
    const signer =
      answer.signatureAlgorithm && answer.signatureAlgorithm !== 'rsa-sha256'
        ? identityProvider(entityId, ssoUrl, keys, signatureAlgorithm)
        : answer.signWithOtherKey
          ? impostor
          : idp;
    // samlify takes the digest from the signature algorithm (its `algorithms.digest` table): for
    // another digest, that entry is changed while this answer is signed (answers are built one at
    // a time), then restored.
    const digestTable = samlify.Constants.algorithms.digest as Record<string, string>;
    const savedDigest = digestTable[signatureAlgorithm];
    if (answer.digestAlgorithm)
      digestTable[signatureAlgorithm] = samlDigestAlgorithms[answer.digestAlgorithm];
    const built = await signer
      .createLoginResponse(
        sp,
        { extract: parsed.extract },
        'post',
        { email: username },
        {
          customTagReplacement: (template) => {
            // The response's own Issuer is the first one of the templates.
            let xml = (answer.status ? errorResponseTemplate : template).replace(
              '<saml:Issuer>{Issuer}</saml:Issuer>',
              '<saml:Issuer>{ResponseIssuer}</saml:Issuer>',
            );
            if (answer.unsolicited) xml = xml.replaceAll(' InResponseTo="{InResponseTo}"', '');
            const filled = answer.status
              ? xml
                  .replace(
                    '{SubStatus}',
                    answer.subStatus ? `<samlp:StatusCode Value="${escapeXml(answer.subStatus)}"/>` : '',
                  )
                  .replace(
                    '{StatusMessage}',
                    answer.statusMessage
                      ? `<samlp:StatusMessage>${escapeXml(answer.statusMessage)}</samlp:StatusMessage>`
                      : '',
                  )
              : xml
                  .replace(
                    '{AuthnStatement}',
                    `<saml:AuthnStatement AuthnInstant="${values.IssueInstant}" SessionIndex="${randomId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
                  )
                  .replace('{AttributeStatement}', attributeStatement(attributes));
            return { id: values.ID, context: samlify.SamlLib.replaceTagsByValue(filled, values) };
          },
          relayState: query.RelayState,
        },
      )
      .finally(() => {
        if (savedDigest !== undefined) digestTable[signatureAlgorithm] = savedDigest;
      });

    let samlResponse = built.context;
    if (sign === 'none') {
      const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
      const unsigned = xml.replace(/<ds:Signature\b[\s\S]*?<\/ds:Signature>/g, '');
      if (unsigned === xml) throw new Error('no signature to remove');
      samlResponse = Buffer.from(unsigned, 'utf8').toString('base64');
    }
    return { samlResponse, relayState: query.RelayState ?? null, acsUrl, requestId, assertionId };
  }

  return {
    entityId,
    ssoUrl,
    metadataXml: idp.getMetadata(),
    certificate: base64Der(samlTestKeys.idp.certificate),
    respond,
  };
}

/** The page an IdP answers at the end of a sign-in: it posts the SAMLResponse to the ACS URL. */
export function autoPostPage(answer: TSamlAnswer): string {
  const relay =
    answer.relayState === null
      ? ''
      : `<input type="hidden" name="RelayState" value="${escapeXml(answer.relayState)}">`;
  return [
    '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Test IdP</title></head>',
    '<body onload="document.forms[0].submit()">',
    `<form method="post" action="${escapeXml(answer.acsUrl)}">`,
    `<input type="hidden" name="SAMLResponse" value="${escapeXml(answer.samlResponse)}">`,
    relay,
    '<noscript><button type="submit">Continue</button></noscript>',
    '</form></body></html>',
  ].join('');
}

/** Starts a test IdP on a free local port (metadata at /metadata, SSO URL at /sso). */
export async function startSamlIdp(
  options: { port?: number; entityId?: string } = {},
): Promise<TSamlIdpServer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const idp = createSamlIdp({ entityId: options.entityId ?? `${base}/metadata`, ssoUrl: `${base}/sso` });

  const state: TSamlIdpServer = {
    ...idp,
    metadataUrl: `${base}/metadata`,
    nextUser: 'nobody',
    nextOptions: {},
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'GET' && url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml; charset=utf-8' });
      res.end(idp.metadataXml);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/sso') {
      idp
        .respond(url.toString(), { ...state.nextOptions, username: state.nextUser })
        .then((answer) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          res.end(autoPostPage(answer));
        })
        .catch((error: unknown) => {
          res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(`test IdP: ${error instanceof Error ? error.message : String(error)}`);
        });
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });

  return state;
}
