/**
 * The object store adapter against a real S3 API (s3rver) behind a front that checks the SigV4
 * signature of every request with the test tree's own verifier (test/provider-peers/s3-store.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Store, type TS3Store } from '../../test/provider-peers/s3-store';
import { loadConfig } from '../config';
import { createS3Storage, s3PartBytes, type TS3StorageSettings } from './s3-storage';

let store: TS3Store;
let settings: TS3StorageSettings;

beforeAll(async () => {
  store = await startS3Store();
  const config = loadConfig(store.env);
  if (config.storage.kind !== 's3') throw new Error('expected the s3 storage');
  settings = config.storage;
});
afterAll(() => store.close());
beforeEach(() => {
  store.requests.length = 0;
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `size` bytes in chunks of 64 KiB, made as they are read (never one buffer of the whole). */
function generated(size: number, seed: Buffer, failAfter?: number): Readable {
  let sent = 0;
  const hash = createHash('sha256');
  const stream = new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('the client went away'));
        return;
      }
      if (sent >= size) {
        (stream as Readable & { sha256?: string }).sha256 = hash.digest('hex');
        this.push(null);
        return;
      }
      const chunk = Buffer.alloc(Math.min(64 * 1024, size - sent), seed);
      hash.update(chunk);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return stream;
}

describe('S3 storage', () => {
  it('stores, reads and removes a file; a missing file reads as null', async () => {
    const storage = createS3Storage(settings);
    const content = randomBytes(1000);
    await storage.put('stored-0001', Readable.from([content]));
    const got = await storage.get('stored-0001');
    expect(got?.size).toBe(1000);
    expect((await bytesOf(got?.stream as Readable)).equals(content)).toBe(true);
    await storage.remove('stored-0001');
    expect(await storage.get('stored-0001')).toBeNull();
    expect(await storage.get('never-stored-0001')).toBeNull();
    // Removing what is not there is not an error (the folder store's `rm --force`).
    await storage.remove('never-stored-0001');
    // Under the prefix the access policy names.
    expect(store.requests.find((r) => r.method === 'PUT')?.url).toMatch(
      new RegExp(`^/${store.bucket}/uploads/stored-0001(\\?|$)`),
    );
    // Every request was signed, checked and passed; none was aws-chunked.
    expect(store.requests.length).toBeGreaterThanOrEqual(5);
    expect(store.requests.filter((r) => r.refused !== null)).toEqual([]);
    expect(
      store.requests.some((r) => String(r.headers['x-amz-content-sha256']).startsWith('STREAMING-')),
    ).toBe(false);
    storage.close?.();
  });

  it('sends a large file in parts of at most 5 MiB, one at a time, and reads it back whole', async () => {
    const storage = createS3Storage(settings);
    const size = 12 * 1024 * 1024 + 123;
    const source = generated(size, Buffer.from('licence'));
    await storage.put('large-file-0001', source);
    const parts = store.requests.filter((r) => r.method === 'PUT' && r.url.includes('partNumber='));
    expect(parts.map((r) => r.size)).toEqual([s3PartBytes, s3PartBytes, size - 2 * s3PartBytes]);
    expect(store.requests.filter((r) => r.refused !== null)).toEqual([]);
    const got = await storage.get('large-file-0001');
    expect(got?.size).toBe(size);
    expect(sha256(await bytesOf(got?.stream as Readable))).toBe(
      (source as Readable & { sha256?: string }).sha256,
    );
    await storage.remove('large-file-0001');
    storage.close?.();
  });

  it("keeps nothing when the content fails, and answers the content's own error", async () => {
    const storage = createS3Storage(settings);
    class Refused extends Error {}
    const early = new Readable({
      read() {
        this.destroy(new Refused('wrong type'));
      },
    });
    await expect(storage.put('failing-early-01', early)).rejects.toBeInstanceOf(Refused);
    expect(await storage.get('failing-early-01')).toBeNull();
    // After a part went up: the multipart upload is aborted.
    const late = generated(12 * 1024 * 1024, Buffer.from('x'), 6 * 1024 * 1024);
    await expect(storage.put('failing-late-001', late)).rejects.toThrow('the client went away');
    expect(store.requests.some((r) => r.method === 'DELETE' && r.url.includes('uploadId='))).toBe(true);
    expect(await storage.get('failing-late-001')).toBeNull();
    storage.close?.();
  });

  it('is refused by the store with a wrong secret or an unknown key', async () => {
    const wrongSecret = createS3Storage({ ...settings, secretAccessKey: `${settings.secretAccessKey}x` });
    await expect(wrongSecret.put('refused-00001', Readable.from([Buffer.from('a')]))).rejects.toThrow(
      /^the object store answered SignatureDoesNotMatch \(HTTP 403, /,
    );
    await expect(wrongSecret.get('refused-00001')).rejects.toThrow(/answered SignatureDoesNotMatch/);
    const unknownKey = createS3Storage({ ...settings, accessKeyId: 'AKIAUNKNOWN000000000' });
    await expect(unknownKey.get('refused-00001')).rejects.toThrow(/answered InvalidAccessKeyId/);
    const unreachable = createS3Storage({ ...settings, endpoint: 'http://127.0.0.1:9' });
    await expect(unreachable.get('refused-00001')).rejects.toThrow(
      /^the object store could not be reached \(ECONNREFUSED\)$/,
    );
    unreachable.close?.();
    expect(store.requests.every((r) => r.refused !== null)).toBe(true);
    wrongSecret.close?.();
    unknownKey.close?.();
  });

  it('checks presigned URLs too: a good one reads, a tampered or expired one is refused', async () => {
    const storage = createS3Storage(settings);
    await storage.put('presigned-0001', Readable.from([Buffer.from('presigned content')]));
    const client = new S3Client({
      region: settings.region,
      endpoint: store.url,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
    const command = new GetObjectCommand({ Bucket: store.bucket, Key: 'uploads/presigned-0001' });
    const good = await getSignedUrl(client, command, { expiresIn: 60 });
    expect(await (await fetch(good)).text()).toBe('presigned content');
    const tampered = good.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
    );
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const expired = await getSignedUrl(client, command, {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 3_600_000),
    });
    expect((await fetch(expired)).status).toBe(403);
    client.destroy();
    storage.close?.();
  });
});

describe('S3 storage settings', () => {
  it('names every missing variable at once, never a value', () => {
    const secret = 'do-not-print-this-secret-value-0123';
    expect(() => loadConfig({ STORAGE: 's3', S3_SECRET_ACCESS_KEY: secret })).toThrow(
      /S3_REGION is required when STORAGE is s3\n {2}S3_BUCKET is required when STORAGE is s3\n {2}S3_ACCESS_KEY_ID is required when STORAGE is s3$/,
    );
    try {
      loadConfig({ STORAGE: 's3', S3_SECRET_ACCESS_KEY: secret });
    } catch (error) {
      expect(String(error)).not.toContain(secret);
    }
  });

  it('refuses S3 settings while uploads would stay in the folder', () => {
    expect(() => loadConfig({ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /STORAGE must be s3 when S3_BUCKET, S3_ACCESS_KEY_ID are set/,
    );
  });

  it('keeps the folder as the default, and reads the store settings', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'folder' });
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_ENDPOINT: 'https://cos.ap-guangzhou.myqcloud.com/',
        S3_REGION: 'ap-guangzhou',
        S3_BUCKET: 'console-1250000000',
        S3_ACCESS_KEY_ID: 'AKID',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'console/uploads/',
      }).storage,
    ).toEqual({
      kind: 's3',
      endpoint: 'https://cos.ap-guangzhou.myqcloud.com',
      region: 'ap-guangzhou',
      bucket: 'console-1250000000',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: 'console/uploads/',
    });
    expect(() => loadConfig({ S3_PREFIX: '/uploads' })).toThrow(/S3_PREFIX must be folder names/);
  });
});
