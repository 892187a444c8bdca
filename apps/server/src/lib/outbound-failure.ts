/**
 * Why an outbound request (SAML metadata, OpenID discovery, a webhook) failed, as a reason a user
 * can act on, named by the host it was for: the name does not exist, the connection was refused,
 * nothing answered in time, the TLS certificate is not trusted, the status of the answer, the
 * outbound address rule... Read from the error's chain of causes (Node's and undici's codes:
 * `ENOTFOUND`, `ECONNREFUSED`, `CERT_HAS_EXPIRED`, `UND_ERR_CONNECT_TIMEOUT`, …), never from its
 * words. `outboundFailurePhrase` names the `errors` phrase (`outbound…`) that words it, which the
 * server translates into the request's language where it answers (a `{{detail}}` of 4043, 4072);
 * the original error stays for the log.
 */
import type { TPhrases } from '@console/phrases';
import { outboundRefusalOf } from './outbound';

export const OutboundReasons = [
  'notFound',
  'dnsFailed',
  'refused',
  'timeout',
  'reset',
  'unreachable',
  'certExpired',
  'certSelfSigned',
  'certUntrusted',
  'certName',
  'tls',
  'badPort',
  'httpStatus',
  'tooLarge',
  'redirects',
  'notAllowed',
  'failed',
] as const;
export type TOutboundReason = (typeof OutboundReasons)[number];

export type TOutboundFailure = {
  reason: TOutboundReason;
  /** The host (and port) the request was for. */
  host: string;
  port: string;
  /** `httpStatus`: the answer's status. */
  status?: number;
  /** `timeout`: the time the request was given. */
  seconds?: number;
  /** `failed`: the code (or the name) of the error, when it has one. */
  code?: string;
};

const codeReasons: Record<string, TOutboundReason> = {
  ENOTFOUND: 'notFound',
  EAI_NONAME: 'notFound',
  EAI_NODATA: 'notFound',
  ENODATA: 'notFound',
  EAI_AGAIN: 'dnsFailed',
  EAI_FAIL: 'dnsFailed',
  ESERVFAIL: 'dnsFailed',
  ETIMEOUT: 'dnsFailed',
  ECONNREFUSED: 'refused',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  OAUTH_TIMEOUT: 'timeout',
  TIMEOUT: 'timeout',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  UND_ERR_CLOSED: 'reset',
  INCOMPLETE: 'reset',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  ENETDOWN: 'unreachable',
  EADDRNOTAVAIL: 'unreachable',
  CERT_HAS_EXPIRED: 'certExpired',
  CERT_NOT_YET_VALID: 'certExpired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'certSelfSigned',
  SELF_SIGNED_CERT_IN_CHAIN: 'certSelfSigned',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certUntrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'certUntrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'certUntrusted',
  CERT_UNTRUSTED: 'certUntrusted',
  CERT_REJECTED: 'certUntrusted',
  CERT_REVOKED: 'certUntrusted',
  CERT_SIGNATURE_FAILURE: 'certUntrusted',
  CERT_CHAIN_TOO_LONG: 'certUntrusted',
  INVALID_CA: 'certUntrusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certName',
  HOSTNAME_MISMATCH: 'certName',
  EPROTO: 'tls',
  OUTBOUND_ANSWER_TOO_LARGE: 'tooLarge',
  OUTBOUND_ADDRESS_NOT_ALLOWED: 'notAllowed',
};

/** The host and port of an address (the scheme's port when none is written). */
export function hostAndPort(url: string | URL): { host: string; port: string } {
  try {
    const parsed = new URL(String(url));
    return {
      host: parsed.hostname.replace(/^\[|\]$/g, ''),
      port: parsed.port || (parsed.protocol === 'https:' ? '443' : '80'),
    };
  } catch {
    return { host: String(url).slice(0, 120), port: '' };
  }
}

/** The errors of the chain, the error first (at most 8). */
function chainOf(error: unknown): { code?: unknown; name?: unknown; message?: unknown }[] {
  const out: { code?: unknown; name?: unknown; message?: unknown }[] = [];
  for (let link: unknown = error; link && typeof link === 'object' && out.length < 8; ) {
    out.push(link as { code?: unknown; name?: unknown; message?: unknown });
    link = (link as { cause?: unknown }).cause;
  }
  return out;
}

/**
 * The reason a request for `url` failed without an answer (an answer with a bad status is
 * `httpFailure`). `timeoutMs` is the time it was given, said with a timeout.
 */
export function outboundFailureOf(
  error: unknown,
  url: string | URL,
  options: { timeoutMs: number },
): TOutboundFailure {
  const where = hostAndPort(url);
  const refusal = outboundRefusalOf(error);
  if (refusal) return { reason: 'notAllowed', ...where };
  const timeout = () => ({
    reason: 'timeout' as const,
    ...where,
    seconds: Math.max(1, Math.round(options.timeoutMs / 1000)),
  });
  let code: string | undefined;
  for (const link of chainOf(error)) {
    const name = typeof link.name === 'string' ? link.name : '';
    const message = typeof link.message === 'string' ? link.message : '';
    if (name === 'TimeoutError') return timeout();
    if (typeof link.code === 'string') {
      const reason = codeReasons[link.code];
      if (reason === 'timeout') return timeout();
      if (reason) return { reason, ...where };
      if (/^ERR_(SSL|TLS)_/.test(link.code)) return { reason: 'tls', ...where };
      code ??= link.code;
    }
    // undici's words for what has no code: a port fetch never uses, a loop of redirects.
    if (message === 'bad port') return { reason: 'badPort', ...where };
    if (/too many redirects|redirect count exceeded/i.test(message)) return { reason: 'redirects', ...where };
  }
  const first = chainOf(error)[0];
  return {
    reason: 'failed',
    ...where,
    code: code ?? (typeof first?.name === 'string' && first.name !== 'Error' ? first.name : 'request failed'),
  };
}

/** An answer whose status is not the one expected. */
export function httpFailure(url: string | URL, status: number): TOutboundFailure {
  return { reason: 'httpStatus', ...hostAndPort(url), status };
}

/** A phrase of the `errors` namespace with its values: translated where the answer is made. */
export type TErrorPhrase = {
  key: keyof TPhrases['errors'] & string;
  params: Record<string, string | number>;
};

const phraseKeys: Record<TOutboundReason, keyof TPhrases['errors'] & string> = {
  notFound: 'outboundNotFound',
  dnsFailed: 'outboundDnsFailed',
  refused: 'outboundRefused',
  timeout: 'outboundTimeout',
  reset: 'outboundReset',
  unreachable: 'outboundUnreachable',
  certExpired: 'outboundCertExpired',
  certSelfSigned: 'outboundCertSelfSigned',
  certUntrusted: 'outboundCertUntrusted',
  certName: 'outboundCertName',
  tls: 'outboundTls',
  badPort: 'outboundBadPort',
  httpStatus: 'outboundHttpStatus',
  tooLarge: 'outboundTooLarge',
  redirects: 'outboundRedirects',
  notAllowed: 'outboundNotAllowed',
  failed: 'outboundFailed',
};

/** The phrase that says which host, and why. */
export function outboundFailurePhrase(failure: TOutboundFailure): TErrorPhrase {
  return {
    key: phraseKeys[failure.reason],
    params: {
      host: failure.host,
      port: failure.port,
      ...(failure.status !== undefined ? { status: failure.status } : {}),
      ...(failure.seconds !== undefined ? { seconds: failure.seconds } : {}),
      ...(failure.code !== undefined ? { code: failure.code } : {}),
    },
  };
}
