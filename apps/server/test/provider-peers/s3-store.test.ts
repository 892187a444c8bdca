/**
 * The test S3 store's front, with requests signed by `aws4` (a SigV4 implementation independent
 * of the AWS SDK): it lets through what S3 would, and refuses what S3 would refuse.
 */
import { createHash } from 'node:crypto';
import aws4 from 'aws4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Store, type TS3Store } from './s3-store';

let store: TS3Store;
beforeAll(async () => {
  store = await startS3Store();
});
afterAll(() => store.close());

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** A request signed by aws4; `tamper` changes it after signing. */
async function signed(
  method: string,
  key: string,
  options: {
    body?: string;
    payloadHash?: string;
    secret?: string;
    tamper?: (headers: Record<string, string>, body: string | undefined) => string | undefined;
  } = {},
) {
  const url = new URL(store.url);
  const request = {
    host: url.host,
    method,
    path: `/${store.bucket}/uploads/${key}`,
    service: 's3',
    region: store.region,
    headers: {
      'x-amz-content-sha256': options.payloadHash ?? sha256Hex(options.body ?? ''),
    } as Record<string, string>,
    ...(options.body !== undefined ? { body: options.body } : {}),
  };
  aws4.sign(request, {
    accessKeyId: store.accessKeyId,
    secretAccessKey: options.secret ?? store.secretAccessKey,
  });
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !/^(host|content-length)$/i.test(name)),
  ) as Record<string, string>;
  const body = options.tamper ? options.tamper(headers, options.body) : options.body;
  const res = await fetch(`${store.url}${request.path}`, { method, headers, body });
  return { status: res.status, text: await res.text() };
}

describe('the S3 store front', () => {
  it('lets through requests signed with the key, with the body hashed or UNSIGNED-PAYLOAD', async () => {
    expect((await signed('PUT', 'aws4-hashed-01', { body: 'hashed body' })).status).toBe(200);
    expect(await signed('GET', 'aws4-hashed-01')).toEqual({ status: 200, text: 'hashed body' });
    expect(
      (await signed('PUT', 'aws4-unsigned-1', { body: 'unsigned body', payloadHash: 'UNSIGNED-PAYLOAD' }))
        .status,
    ).toBe(200);
    expect((await signed('GET', 'aws4-unsigned-1')).text).toBe('unsigned body');
  });

  it('refuses a wrong secret, an altered body or header, aws-chunked bodies and anonymous requests', async () => {
    const wrong = await signed('GET', 'aws4-hashed-01', { secret: `${store.secretAccessKey}x` });
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain('<Code>SignatureDoesNotMatch</Code>');

    const altered = await signed('PUT', 'aws4-altered-01', {
      body: 'signed body',
      tamper: () => 'other body',
    });
    expect(altered.status).toBe(403);
    expect(altered.text).toContain('<Code>XAmzContentSHA256Mismatch</Code>');

    const header = await signed('PUT', 'aws4-altered-02', {
      body: 'signed body',
      tamper: (headers, body) => {
        // One second later: still within the allowed skew, no longer what was signed.
        headers['X-Amz-Date'] = (headers['X-Amz-Date'] ?? '').replace(
          /(\d)Z$/,
          (_, d: string) => `${(Number(d) + 1) % 10}Z`,
        );
        return body;
      },
    });
    expect(header.status).toBe(403);
    expect(header.text).toContain('<Code>SignatureDoesNotMatch</Code>');

    const chunked = await signed('PUT', 'aws4-chunked-01', {
      body: 'x',
      payloadHash: 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
    });
    expect(chunked.status).toBe(400);

    const anonymous = await fetch(`${store.url}/${store.bucket}/uploads/aws4-hashed-01`);
    expect(anonymous.status).toBe(403);
    // Nothing refused reached the store.
    expect((await signed('GET', 'aws4-altered-01')).status).toBe(404);
    expect((await signed('GET', 'aws4-chunked-01')).status).toBe(404);
  });
});
