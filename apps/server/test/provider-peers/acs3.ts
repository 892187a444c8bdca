/**
 * Alibaba Cloud's request signatures, recomputed from the algorithms in Alibaba Cloud's API
 * documentation without the SDK's code: V3 (`ACS3-HMAC-SHA256`, what the current SDKs send) and
 * the legacy RPC signature (HMAC-SHA1, `SignatureVersion=1.0`). The test peers check every request
 * they receive with `verifyAcs3`. Pinned by the documentation's worked examples (acs3.test.ts).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 percent-encoding, as both signatures encode names and values. */
export function acsEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The canonical query: pairs sorted by name, names and values encoded, joined by `&`. */
export function acsCanonicalQuery(params: ReadonlyArray<readonly [string, string]>): string {
  return [...params]
    .map(([name, value]) => [acsEncode(name), acsEncode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

export type TAcs3Input = {
  secret: string;
  method: string;
  path: string;
  /** The query's pairs, decoded. */
  query: ReadonlyArray<readonly [string, string]>;
  /** The signed headers: lower-case names with their values. */
  headers: ReadonlyArray<readonly [string, string]>;
  body: string | Buffer;
};

export function acs3CanonicalRequest(input: TAcs3Input): string {
  const headers = [...input.headers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonicalHeaders = headers.map(([name, value]) => `${name}:${value.trim()}\n`).join('');
  const signedHeaders = headers.map(([name]) => name).join(';');
  return [
    input.method,
    input.path,
    acsCanonicalQuery(input.query),
    canonicalHeaders,
    signedHeaders,
    sha256Hex(input.body),
  ].join('\n');
}

export function acs3Signature(input: TAcs3Input): string {
  const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(acs3CanonicalRequest(input))}`;
  return createHmac('sha256', input.secret).update(stringToSign).digest('hex');
}

/** The legacy RPC signature (HMAC-SHA1 over `METHOD&%2F&<encoded canonical query>`), base64. */
export function rpcSignature(secret: string, method: string, params: Record<string, string>): string {
  const query = acsCanonicalQuery(Object.entries(params).filter(([name]) => name !== 'Signature'));
  const stringToSign = `${method}&${acsEncode('/')}&${acsEncode(query)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

export type TAcs3Request = {
  method: string;
  /** The request's URL path with its query. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

/** Why a request's signature does not hold, in Alibaba Cloud's error codes; null when it holds. */
export type TAcs3Failure = { status: number; code: string; message: string };

const authorizationPattern =
  /^ACS3-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** The query of a URL as decoded pairs, in the order sent. */
export function queryPairs(url: string): [string, string][] {
  const at = url.indexOf('?');
  if (at === -1) return [];
  return [...new URLSearchParams(url.slice(at + 1)).entries()];
}

/**
 * Checks a received request as Alibaba Cloud does for V3: the key id is known, `host`, every
 * `x-acs-*` header and `content-type` (when sent) are signed, `x-acs-content-sha256` is the body's
 * hash, `x-acs-date` is within fifteen minutes of `now`, and the signature matches.
 */
export function verifyAcs3(
  request: TAcs3Request,
  secrets: Record<string, string>,
  now: Date = new Date(),
): TAcs3Failure | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const match = authorizationPattern.exec(header('authorization') ?? '');
  if (!match)
    return {
      status: 400,
      code: 'MissingAuthorization',
      message: 'Authorization is mandatory for this action.',
    };
  const [, keyId, signedList, signature] = match as unknown as [string, string, string, string];
  const secret = secrets[keyId];
  if (secret === undefined)
    return {
      status: 404,
      code: 'InvalidAccessKeyId.NotFound',
      message: 'Specified access key is not found.',
    };
  const signedNames = signedList.split(';');
  const mustSign = Object.keys(request.headers).filter(
    (name) => name === 'host' || name.startsWith('x-acs-') || name === 'content-type',
  );
  if (mustSign.some((name) => !signedNames.includes(name)))
    return {
      status: 400,
      code: 'IncompleteSignature',
      message: 'The request signature does not conform to Aliyun standards.',
    };
  const hash = header('x-acs-content-sha256');
  if (hash !== sha256Hex(request.body))
    return { status: 400, code: 'IncompleteSignature', message: 'The content hash does not match the body.' };
  const date = Date.parse(header('x-acs-date') ?? '');
  if (Number.isNaN(date) || Math.abs(now.getTime() - date) > 15 * 60_000)
    return {
      status: 400,
      code: 'InvalidTimeStamp.Expired',
      message: 'Specified time stamp or date value is expired.',
    };
  const queryAt = request.url.indexOf('?');
  const expected = acs3Signature({
    secret,
    method: request.method,
    path: queryAt === -1 ? request.url : request.url.slice(0, queryAt),
    query: queryPairs(request.url),
    headers: signedNames.map((name) => [name, header(name) ?? ''] as const),
    body: request.body,
  });
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature)))
    return {
      status: 400,
      code: 'SignatureDoesNotMatch',
      message: 'Specified signature is not matched with our calculation.',
    };
  return null;
}
