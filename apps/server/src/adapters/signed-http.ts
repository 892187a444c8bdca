/**
 * The signed JSON requests the platform's provisioning API and the identity provider both take:
 * every request carries `x-cz-timestamp`, `x-cz-signature: hex(HMAC-SHA256(secret, timestamp +
 * "\n" + method + "\n" + path + "\n" + body))` and a fresh `x-cz-request-id`, beside the headers
 * the caller adds (an API key, an idempotency key). The timeout covers the whole answer: a body
 * that stalls after the headers is a timeout too. What an answer means (its status, its JSON) is
 * the caller's to read, as is the error it throws.
 */
import { createHmac, randomUUID } from 'node:crypto';

export type TSignedHttpOptions = {
  /** The API's base address; request paths are appended to it. */
  url: string;
  /** The HMAC key of the signature. */
  secret: string;
  timeoutMs: number;
  /** Headers of every request (an API key, say). */
  headers?: Record<string, string>;
};

/** A whole answer: its status and its body as text (empty when it has none). */
export type TSignedAnswer = { status: number; isOk: boolean; text: string };

/** Why no whole answer came: not within the timeout, or not at all. */
export type TSignedHttpFailure = 'TIMEOUT' | 'UNREACHABLE';

/** No whole answer came; `reason` says why. */
export class SignedHttpError extends Error {
  readonly reason: TSignedHttpFailure;
  constructor(reason: TSignedHttpFailure) {
    super(reason);
    this.name = 'SignedHttpError';
    this.reason = reason;
  }
}

export type TSignedHttp = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<TSignedAnswer>;

/** A client of one API: sends a signed request (a JSON body when given) and reads the whole answer. */
export function createSignedHttp(options: TSignedHttpOptions): TSignedHttp {
  return async (method, path, body, headers = {}) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', options.secret)
      .update(`${timestamp}\n${method}\n${path}\n${text}`)
      .digest('hex');
    try {
      const response = await fetch(`${options.url}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...options.headers,
          'x-cz-timestamp': timestamp,
          'x-cz-signature': signature,
          'x-cz-request-id': randomUUID(),
          ...headers,
        },
        ...(body === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      return { status: response.status, isOk: response.ok, text: await response.text() };
    } catch (error) {
      throw new SignedHttpError(
        error instanceof Error && error.name === 'TimeoutError' ? 'TIMEOUT' : 'UNREACHABLE',
      );
    }
  };
}
