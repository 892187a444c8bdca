/**
 * AWS Signature Version 4, recomputed from the algorithm in the AWS IAM user guide ("Create a
 * signed AWS API request"), without the SDK's code: the test peers (AWS Marketplace, the S3 store's
 * front) check every request they receive with it. Pinned by AWS's published examples
 * (sigv4.test.ts). Both ways of carrying a signature are read: the Authorization header and the
 * query string of a presigned URL.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is escaped. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, '%20'));
  } catch {
    return value;
  }
}

export type TSigV4Input = {
  secretAccessKey: string;
  region: string;
  service: string;
  /** ISO basic format, e.g. 20130524T000000Z. */
  amzDate: string;
  method: string;
  /** The path as sent (already URI-encoded once). */
  path: string;
  /** The raw query string, without the leading "?" (and without X-Amz-Signature). */
  query: string;
  /** The signed headers, lower-case names, in the order of SignedHeaders. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The payload's hex SHA-256 (or UNSIGNED-PAYLOAD, or S3's streaming marker). */
  payloadHash: string;
};

function canonicalQuery(query: string): string {
  if (!query) return '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const key = at === -1 ? pair : pair.slice(0, at);
      const value = at === -1 ? '' : pair.slice(at + 1);
      return [uriEncode(decode(key)), uriEncode(decode(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/**
 * The canonical path: S3 signs the path as sent; every other service encodes each segment once
 * more (and normalizes an empty path to "/").
 */
function canonicalPath(path: string, service: string): string {
  if (service === 's3') return path || '/';
  return (path || '/')
    .split('/')
    .map((segment) => uriEncode(decode(segment)))
    .join('/');
}

export function sigV4CanonicalRequest(input: TSigV4Input): string {
  const headers = input.headers
    .map(([name, value]) => `${name}:${value.trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  return [
    input.method,
    canonicalPath(input.path, input.service),
    canonicalQuery(input.query),
    headers,
    input.headers.map(([name]) => name).join(';'),
    input.payloadHash,
  ].join('\n');
}

export function sigV4Signature(input: TSigV4Input): string {
  const date = input.amzDate.slice(0, 8);
  const scope = `${date}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    input.amzDate,
    scope,
    sha256Hex(sigV4CanonicalRequest(input)),
  ].join('\n');
  const kDate = hmac(`AWS4${input.secretAccessKey}`, date);
  const kRegion = hmac(kDate, input.region);
  const kService = hmac(kRegion, input.service);
  const kSigning = hmac(kService, 'aws4_request');
  return createHmac('sha256', kSigning).update(stringToSign).digest('hex');
}

export type TSigV4Request = {
  method: string;
  /** The request's URL path with its query, as received. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as received (checked against x-amz-content-sha256 or hashed for other services). */
  body: Buffer;
};

export type TSigV4Failure = { code: string; message: string };

const credentialPattern = /^([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request$/;
const headerPattern =
  /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

function parseAmzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return Number.NaN;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/**
 * Checks a received request as AWS does: a known access key, a scope for `service` (and
 * `region` when given) on the request's date, a date within 15 minutes of `now` (or, presigned,
 * not past its X-Amz-Expires), the payload hash (bodies of services other than S3 are hashed
 * here; S3 may send UNSIGNED-PAYLOAD), and the signature. Answers null when all hold.
 */
export function verifySigV4(
  request: TSigV4Request,
  secrets: Record<string, string>,
  expected: { service: string; region?: string },
  now: Date = new Date(),
): TSigV4Failure | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const queryAt = request.url.indexOf('?');
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
  const params = new URLSearchParams(rawQuery);

  let credential: string;
  let signedList: string;
  let signature: string;
  let amzDate: string;
  let query = rawQuery;
  let payloadHash: string;
  const presigned = params.has('X-Amz-Signature');
  if (presigned) {
    credential = params.get('X-Amz-Credential') ?? '';
    signedList = params.get('X-Amz-SignedHeaders') ?? '';
    signature = params.get('X-Amz-Signature') ?? '';
    amzDate = params.get('X-Amz-Date') ?? '';
    if (params.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
      return {
        code: 'AuthorizationQueryParametersError',
        message: 'X-Amz-Algorithm must be AWS4-HMAC-SHA256.',
      };
    const expires = Number(params.get('X-Amz-Expires'));
    if (!Number.isInteger(expires) || expires < 1 || expires > 604_800)
      return { code: 'AuthorizationQueryParametersError', message: 'X-Amz-Expires is not valid.' };
    if (now.getTime() > parseAmzDate(amzDate) + expires * 1000)
      return { code: 'AccessDenied', message: 'Request has expired' };
    query = rawQuery
      .split('&')
      .filter((pair) => !pair.startsWith('X-Amz-Signature='))
      .join('&');
    payloadHash = 'UNSIGNED-PAYLOAD';
  } else {
    const match = headerPattern.exec(header('authorization') ?? '');
    if (!match)
      return { code: 'MissingAuthenticationToken', message: 'Missing or malformed Authorization header.' };
    [, credential, signedList, signature] = match as unknown as [string, string, string, string];
    amzDate = header('x-amz-date') ?? '';
    if (Number.isNaN(parseAmzDate(amzDate)) || Math.abs(now.getTime() - parseAmzDate(amzDate)) > 15 * 60_000)
      return {
        code: 'RequestTimeTooSkewed',
        message: 'The difference between the request time and the current time is too large.',
      };
    const bodyHash = sha256Hex(request.body);
    const sent = header('x-amz-content-sha256');
    if (expected.service === 's3') {
      if (!sent) return { code: 'InvalidRequest', message: 'Missing required header x-amz-content-sha256.' };
      if (sent !== 'UNSIGNED-PAYLOAD' && !sent.startsWith('STREAMING-') && sent !== bodyHash)
        return {
          code: 'XAmzContentSHA256Mismatch',
          message: 'The provided x-amz-content-sha256 does not match.',
        };
      payloadHash = sent;
    } else {
      payloadHash = bodyHash;
    }
  }
  const scope = credentialPattern.exec(credential);
  if (!scope) return { code: 'IncompleteSignatureException', message: 'Credential is malformed.' };
  const [, accessKeyId, date, region, service] = scope as unknown as [string, string, string, string, string];
  const secretAccessKey = secrets[accessKeyId];
  if (secretAccessKey === undefined)
    return {
      code: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    };
  if (
    date !== amzDate.slice(0, 8) ||
    service !== expected.service ||
    (expected.region && region !== expected.region)
  )
    return {
      code: 'SignatureDoesNotMatch',
      message: 'Credential should be scoped to a valid region and service.',
    };
  const signedNames = signedList.split(';');
  if (!signedNames.includes('host'))
    return { code: 'SignatureDoesNotMatch', message: 'The host header must be signed.' };
  const computed = sigV4Signature({
    secretAccessKey,
    region,
    service,
    amzDate,
    method: request.method,
    path,
    query,
    headers: signedNames.map((name) => [name, header(name) ?? ''] as const),
    payloadHash,
  });
  if (computed.length === signature.length && timingSafeEqual(Buffer.from(computed), Buffer.from(signature)))
    return null;
  return {
    code: 'SignatureDoesNotMatch',
    message: 'The request signature we calculated does not match the signature you provided.',
  };
}
