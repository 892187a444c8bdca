/**
 * Why an identity provider's configuration could not be read (OpenID discovery, SAML metadata from
 * a URL or pasted): which host could not be reached and why (lib/outbound-failure.ts), or what the
 * document it answered lacks. Each reason is a phrase of `errors` with its values, worded in the
 * request's language where it is shown (4043's `{{detail}}`, /sso-error, the SSO page's last
 * metadata refresh); the error's own message, in English, stays for the server log and the audit.
 */
import type { TPhrases } from '@console/phrases';
import {
  hostAndPort,
  httpFailure,
  outboundFailureOf,
  outboundFailurePhrase,
  type TErrorPhrase,
} from '../../lib/outbound-failure';

export type { TErrorPhrase };

/** What a SAML metadata document (or an OpenID discovery document) can lack. */
export type TDocumentProblem = keyof TPhrases['errors'] &
  (
    | 'ssoMetadataUrlScheme'
    | 'ssoMetadataEmpty'
    | 'ssoMetadataTooLarge'
    | 'ssoMetadataNotXml'
    | 'ssoMetadataNoIdp'
    | 'ssoMetadataNoEntityId'
    | 'ssoMetadataNoSsoService'
    | 'ssoMetadataSsoUrl'
    | 'ssoMetadataNoCertificate'
    | 'ssoMetadataBadCertificate'
  );

/** A reading of the provider's configuration that failed, with the phrase that says why. */
export class SsoSourceError extends Error {
  readonly phrase: TErrorPhrase;

  constructor(phrase: TErrorPhrase, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'SsoSourceError';
    this.phrase = phrase;
  }
}

/** A document that is not what it should be (`message`: the English words for the log). */
export function documentProblem(key: TDocumentProblem, message: string, cause?: unknown): SsoSourceError {
  return new SsoSourceError({ key, params: {} }, message, { cause });
}

/** A request for `url` that got no answer: the host, and why (`message`: for the log). */
export function requestProblem(
  error: unknown,
  url: string,
  options: { timeoutMs: number; message: string },
): SsoSourceError {
  const phrase = outboundFailurePhrase(outboundFailureOf(error, url, options));
  return new SsoSourceError(phrase, options.message, { cause: error });
}

/** A request for `url` that got no answer within `timeoutMs` (`message`: for the log). */
export function timeoutProblem(url: string, timeoutMs: number, message: string): SsoSourceError {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return new SsoSourceError(
    outboundFailurePhrase({ reason: 'timeout', ...hostAndPort(url), seconds }),
    message,
  );
}

/** An answer of `url` with another status than 200 (`message`: for the log). */
export function statusProblem(url: string, status: number, message: string): SsoSourceError {
  return new SsoSourceError(outboundFailurePhrase(httpFailure(url, status)), message);
}

const discoveryTimeoutMs = 10_000;

/**
 * The reason an OpenID discovery of `issuer` failed (openid-client's codes, or the request's own
 * failure): unreachable, a status, not a discovery document, or one naming another issuer.
 */
export function discoveryProblemOf(error: unknown, issuer: string): TErrorPhrase {
  if (error instanceof SsoSourceError) return error.phrase;
  const { host } = hostAndPort(issuer);
  const e = error as { code?: unknown; cause?: unknown } | null;
  switch (e?.code) {
    case 'OAUTH_RESPONSE_IS_NOT_CONFORM': {
      const status = (e.cause as { status?: unknown } | null)?.status;
      if (typeof status === 'number') return outboundFailurePhrase(httpFailure(issuer, status));
      return { key: 'ssoNotDiscovery', params: { host } };
    }
    case 'OAUTH_RESPONSE_IS_NOT_JSON':
    case 'OAUTH_PARSE_ERROR':
    case 'OAUTH_INVALID_RESPONSE':
      return { key: 'ssoNotDiscovery', params: { host } };
    case 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED': {
      const named = (e.cause as { body?: { issuer?: unknown } } | null)?.body?.issuer;
      return {
        key: 'ssoIssuerMismatch',
        params: { host, issuer: typeof named === 'string' ? named.slice(0, 200) : '?' },
      };
    }
    default:
      return outboundFailurePhrase(outboundFailureOf(error, issuer, { timeoutMs: discoveryTimeoutMs }));
  }
}
