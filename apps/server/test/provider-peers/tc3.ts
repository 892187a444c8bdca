/**
 * Tencent Cloud's request signature, TC3-HMAC-SHA256, recomputed from the algorithm in Tencent
 * Cloud's API documentation ("Signature v3"), without the SDK's code: the test peers check every
 * request they receive with it. Pinned by the documentation's worked example (tc3.test.ts).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

export type TTc3Input = {
  secretKey: string;
  service: string;
  /** Unix seconds (X-TC-Timestamp). */
  timestamp: number;
  method: string;
  /** Path and query as sent ("/" and "" for the JSON POSTs). */
  path: string;
  query: string;
  /** The signed headers, lower-case names, in the order of SignedHeaders. */
  headers: ReadonlyArray<readonly [string, string]>;
  body: string | Buffer;
};

/** The UTC date (YYYY-MM-DD) of a Unix timestamp: the credential scope's date. */
export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

export function tc3CanonicalRequest(input: TTc3Input): string {
  const canonicalHeaders = input.headers
    .map(([name, value]) => `${name}:${value.trim().toLowerCase()}\n`)
    .join('');
  const signedHeaders = input.headers.map(([name]) => name).join(';');
  return [input.method, input.path, input.query, canonicalHeaders, signedHeaders, sha256Hex(input.body)].join(
    '\n',
  );
}

export function tc3Signature(input: TTc3Input): string {
  const date = tc3Date(input.timestamp);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = [
    'TC3-HMAC-SHA256',
    String(input.timestamp),
    scope,
    sha256Hex(tc3CanonicalRequest(input)),
  ].join('\n');
  const secretDate = hmac(`TC3${input.secretKey}`, date);
  const secretService = hmac(secretDate, input.service);
  const secretSigning = hmac(secretService, 'tc3_request');
  return createHmac('sha256', secretSigning).update(stringToSign).digest('hex');
}

export type TTc3Request = {
  method: string;
  /** The request's URL path with its query. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

/** Why a request's signature does not hold, in Tencent Cloud's error codes; null when it holds. */
export type TTc3Failure = { code: string; message: string };

const authorizationPattern =
  /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/**
 * Checks a received request as Tencent Cloud does: the secret id is known, the timestamp is
 * within five minutes of `now`, the scope's date is the timestamp's, and the signature over the
 * signed headers matches. `services` are the service names the scope may carry (the SDK takes the
 * service from the endpoint's first label, so a peer on 127.0.0.1 sees "127"); the host is
 * accepted as sent and without its port (the SDK signs the endpoint's host without the port).
 */
export function verifyTc3(
  request: TTc3Request,
  secrets: Record<string, string>,
  services: readonly string[],
  now: Date = new Date(),
): TTc3Failure | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const match = authorizationPattern.exec(header('authorization') ?? '');
  if (!match)
    return { code: 'AuthFailure.InvalidAuthorization', message: 'Authorization header is malformed.' };
  const [, secretId, date, service, signedList, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const secretKey = secrets[secretId];
  if (secretKey === undefined)
    return { code: 'AuthFailure.SecretIdNotFound', message: 'The SecretId is not found.' };
  const timestamp = Number(header('x-tc-timestamp'));
  if (!Number.isInteger(timestamp))
    return { code: 'MissingParameter', message: 'X-TC-Timestamp is missing.' };
  if (Math.abs(now.getTime() / 1000 - timestamp) > 300)
    return { code: 'AuthFailure.SignatureExpire', message: 'Signature expired.' };
  if (date !== tc3Date(timestamp) || !services.includes(service))
    return {
      code: 'AuthFailure.SignatureFailure',
      message: 'The credential scope does not match the request.',
    };
  const signedNames = signedList.split(';');
  if (!signedNames.includes('content-type') || !signedNames.includes('host'))
    return { code: 'AuthFailure.SignatureFailure', message: 'content-type and host must be signed.' };
  const queryAt = request.url.indexOf('?');
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
  const host = header('host') ?? '';
  const hosts = [host, host.replace(/:\d+$/, '')];
  for (const candidateHost of hosts) {
    const headers = signedNames.map(
      (name) => [name, name === 'host' ? candidateHost : (header(name) ?? '')] as const,
    );
    const expected = tc3Signature({
      secretKey,
      service,
      timestamp,
      method: request.method,
      path,
      query,
      headers,
      body: request.body,
    });
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return null;
  }
  return {
    code: 'AuthFailure.SignatureFailure',
    message: 'The provided credentials could not be validated.',
  };
}
