/**
 * An S3-compatible store for tests: `s3rver` (a real S3 API over a folder) behind a front that
 * checks the AWS SigV4 signature of EVERY request with this folder's own verifier (sigv4.ts), as
 * S3 does, before it forwards the request. s3rver's own check is not relied on (it accepted a
 * request signed with a wrong secret); the front answers S3's XML errors
 * (`SignatureDoesNotMatch`, `InvalidAccessKeyId`, …) with 403 itself.
 *
 * The payload hash the client declares (`x-amz-content-sha256`) is checked against the body:
 * a hex SHA-256 or `UNSIGNED-PAYLOAD`. The console's client computes checksums only when
 * required, so it never sends aws-chunked (`STREAMING-…`) bodies: the front refuses them, which
 * makes any such regression fail loudly.
 *
 * s3rver 3.7.1 lacks AbortMultipartUpload: the front answers it as S3 does (204).
 *
 * Usable from vitest and the e2e spec (`startS3Store()`), and from the benches as a process of its
 * own (s3-store-process.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifySigV4 } from './sigv4';

type TS3rver = { run(): Promise<AddressInfo>; close(): Promise<void> };
type TS3rverConstructor = new (options: Record<string, unknown>) => TS3rver;
const S3rver = createRequire(import.meta.url)('s3rver') as TS3rverConstructor;

export type TS3StoreRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** Bytes of the body received. */
  size: number;
  /** null when the signature held and the request went on to the store; else S3's error code. */
  refused: string | null;
};

export type TS3Store = {
  /** http://127.0.0.1:PORT: the front that checks signatures (`S3_ENDPOINT`). */
  url: string;
  port: number;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The settings that point the console at this store. */
  env: Record<string, string>;
  /** Every request the front received, in order (bodies are not kept). */
  requests: TS3StoreRequest[];
  close(): Promise<void>;
};

export type TS3StoreOptions = {
  port?: number;
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/** Query parameters of a presigned URL: checked here, not forwarded. */
const presignParams = new Set([
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Security-Token',
]);

function xmlError(code: string, message: string): string {
  const escapeXml = (text: string) => text.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message><RequestId>s3-store-peer</RequestId></Error>`;
}

/** Starts s3rver on a folder of its own and the signature-checking front before it. */
export async function startS3Store(options: TS3StoreOptions = {}): Promise<TS3Store> {
  const bucket = options.bucket ?? 'console-uploads';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? 'AKIACONSOLETEST00001';
  const secretAccessKey = options.secretAccessKey ?? 'console/test/secret/key/0123456789abcdefABCD';
  const directory = mkdtempSync(join(tmpdir(), 'console-s3-store-'));
  const store = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const inner = await store.run();
  const requests: TS3StoreRequest[] = [];

  const front: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? 'GET';
      const url = req.url ?? '/';
      const entry: TS3StoreRequest = { method, url, headers: req.headers, size: body.length, refused: null };
      requests.push(entry);
      const refuse = (status: number, code: string, message: string) => {
        entry.refused = code;
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(method === 'HEAD' ? undefined : xmlError(code, message));
      };
      const sent = req.headers['x-amz-content-sha256'];
      if (typeof sent === 'string' && sent.startsWith('STREAMING-')) {
        refuse(400, 'InvalidRequest', 'aws-chunked payloads are not expected from this client.');
        return;
      }
      const failure = verifySigV4(
        { method, url, headers: req.headers, body },
        { [accessKeyId]: secretAccessKey },
        {
          service: 's3',
          region,
        },
      );
      if (failure) {
        const status =
          failure.code === 'InvalidRequest' || failure.code.startsWith('Authorization') ? 400 : 403;
        refuse(
          status,
          failure.code === 'UnrecognizedClientException' ? 'InvalidAccessKeyId' : failure.code,
          failure.message,
        );
        return;
      }
      // s3rver 3.7.1 has no AbortMultipartUpload: answered here as S3 does (204), the parts stay
      // in its folder, out of any object.
      if (method === 'DELETE' && /[?&]uploadId=/.test(url)) {
        res.writeHead(204);
        res.end();
        return;
      }
      // Signature held: on to the store, without the credentials (s3rver serves anonymous requests).
      const at = url.indexOf('?');
      const path = at === -1 ? url : url.slice(0, at);
      const query = at === -1 ? '' : url.slice(at + 1);
      const kept = query
        .split('&')
        .filter((pair) => pair && !presignParams.has(decodeURIComponent(pair.split('=')[0] ?? '')));
      const headers = { ...req.headers, host: `127.0.0.1:${inner.port}` };
      delete headers.authorization;
      const forwarded = httpRequest(
        {
          host: '127.0.0.1',
          port: inner.port,
          method,
          path: kept.length > 0 ? `${path}?${kept.join('&')}` : path,
          headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forwarded.on('error', (error) => {
        if (!res.headersSent) refuse(502, 'InternalError', error.message);
        else res.destroy(error);
      });
      forwarded.end(body);
    });
  });
  await new Promise<void>((done) => front.listen(options.port ?? 0, '127.0.0.1', done));
  const { port } = front.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: url,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    requests,
    close: async () => {
      await new Promise<void>((done) => {
        front.closeAllConnections();
        front.close(() => done());
      });
      await store.close().catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
