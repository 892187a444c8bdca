/**
 * Uploaded files in an S3-compatible object store (`STORAGE=s3`): AWS S3, Alibaba Cloud OSS,
 * Tencent COS, MinIO. Through the official `@aws-sdk/client-s3`, with request checksums and
 * response checksum validation only when an operation requires them: the stores other than AWS
 * refuse the SDK's newer default (aws-chunked bodies with trailing CRC checksums).
 *
 * Streamed both ways, never whole in memory: a file goes up through `@aws-sdk/lib-storage`'s
 * Upload, one part at a time (a single PutObject when it fits in one part, a multipart upload of
 * 5 MiB parts otherwise, aborted when the content fails); a read answers the store's body stream.
 * The bucket stays private: the console reads every file itself, behind its permission checks.
 */

import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { TStorage } from './storage';
import { storageKeyPattern } from './storage';

export type TS3StorageSettings = {
  /** The store's address; null: AWS S3's own for the region. */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (`endpoint/bucket/key`, MinIO) rather than virtual-hosted (`bucket.endpoint/key`). */
  forcePathStyle: boolean;
  /** Prepended to every key (`uploads/`): the access policy can be limited to it. */
  prefix: string;
};

/** The smallest part S3 accepts: a larger file goes up in parts of this size, one at a time. */
export const s3PartBytes = 5 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

export function createS3Storage(settings: TS3StorageSettings): TStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A store that does not answer fails the request rather than holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });

  function keyOf(key: string): string {
    if (!storageKeyPattern.test(key)) throw new Error('invalid storage key');
    return `${settings.prefix}${key}`;
  }

  return {
    async put(key, content: Readable) {
      const upload = new Upload({
        client,
        params: {
          Bucket: settings.bucket,
          Key: keyOf(key),
          Body: content,
          ContentType: 'application/octet-stream',
        },
        partSize: s3PartBytes,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The content's own failure (a wrong type, a client gone) is the caller's to read, even
        // when aborting the multipart upload failed after it.
        const own = content.errored;
        content.destroy();
        throw own ?? error;
      }
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
    },
    close() {
      client.destroy();
    },
  };
}
