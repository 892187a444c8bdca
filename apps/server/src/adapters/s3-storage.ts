/**
 * Uploaded files in an S3-compatible object store (`STORAGE=s3`): AWS S3, Alibaba Cloud OSS,
 * Tencent COS, MinIO. Through the official `@aws-sdk/client-s3`, with request checksums and
 * response checksum validation only when an operation requires them: the stores other than AWS
 * refuse the SDK's newer default (aws-chunked bodies with trailing CRC checksums).
 *
 * Streamed both ways, never whole in memory. Up: the content is copied into ONE part buffer of
 * 5 MiB (S3's smallest part), which goes up when full and is then filled again: a file that fits
 * goes as one PutObject, a larger one as a multipart upload of 5 MiB parts, one at a time (the
 * request's stream waits meanwhile), aborted when the content or the store fails. So an upload
 * holds at most 5 MiB of its own, whatever its size (`@aws-sdk/lib-storage` would hold two to
 * three parts: it concatenates the chunks of each). Down: the store's body stream is answered.
 * The bucket stays private: the console reads every file itself, behind its permission checks.
 */

import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
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

/**
 * The store's failure in words of our own: its error code, HTTP status and request id, never the
 * SDK's error itself, whose fields echo the request (the access key id among them) into the log.
 */
export class StoreError extends Error {
  constructor(error: unknown) {
    super(
      error instanceof S3ServiceException
        ? `the object store answered ${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'}, request ${error.$metadata.requestId ?? '?'})`
        : `the object store could not be reached (${(error as { code?: string }).code ?? (error as Error).name ?? 'error'})`,
    );
    this.name = 'StoreError';
  }
}

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
      const target = { Bucket: settings.bucket, Key: keyOf(key) };
      const part = Buffer.allocUnsafe(s3PartBytes);
      let filled = 0;
      let uploadId: string | undefined;
      const parts: CompletedPart[] = [];
      const sendPart = async () => {
        uploadId ??= (
          await client.send(
            new CreateMultipartUploadCommand({ ...target, ContentType: 'application/octet-stream' }),
          )
        ).UploadId;
        const PartNumber = parts.length + 1;
        const { ETag } = await client.send(
          new UploadPartCommand({
            ...target,
            UploadId: uploadId,
            PartNumber,
            Body: part.subarray(0, filled),
          }),
        );
        parts.push({ PartNumber, ETag });
        filled = 0;
      };
      try {
        for await (const chunk of content as AsyncIterable<Buffer>) {
          let at = 0;
          while (at < chunk.length) {
            const copied = chunk.copy(part, filled, at);
            filled += copied;
            at += copied;
            if (filled === s3PartBytes) await sendPart();
          }
        }
        if (uploadId === undefined) {
          await client.send(
            new PutObjectCommand({
              ...target,
              Body: part.subarray(0, filled),
              ContentType: 'application/octet-stream',
            }),
          );
          return;
        }
        if (filled > 0) await sendPart();
        await client.send(
          new CompleteMultipartUploadCommand({
            ...target,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      } catch (error) {
        if (uploadId !== undefined) {
          await client
            .send(new AbortMultipartUploadCommand({ ...target, UploadId: uploadId }))
            .catch(() => undefined);
        }
        // The content's own failure (a wrong type, a client gone) is the caller's to read.
        const own = content.errored;
        content.destroy();
        throw own ?? new StoreError(error);
      }
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw new StoreError(error);
      }
    },
    async remove(key) {
      await client
        .send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }))
        .catch((error: unknown) => {
          throw new StoreError(error);
        });
    },
    close() {
      client.destroy();
    },
  };
}
