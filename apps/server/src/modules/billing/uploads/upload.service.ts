/**
 * Uploads of transfer certificates and business licences (`/certification/upload`, multipart field
 * `file`): JPG, JPEG, PNG or PDF, judged by the content's first bytes and the name's extension
 * together, at most `BillingLimits.uploadMaxBytes`. Files are stored under a random id, never under
 * the user's name; only administrators of the account download them. The bytes stream from the
 * request to the storage (a folder, or an S3-compatible store) and back, never whole in memory;
 * a storage that fails answers 503 (try again later).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ZUploaded } from '@console/contract';
import { BillingLimits } from '@console/contract/billing-enums';
import { ErrorCode } from '@console/contract/codes';
import type { TLanguage } from '@console/contract/enums';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TAuth, TDeps, TRequestMeta } from '../../../context';
import type { TDb } from '../../../db/client';
import { AppError } from '../../../errors';
import { translateValidation } from '../../../i18n';
import { writeAudit } from '../../audit';
import { insertUpload, selectUpload, type TUploadRow } from './upload.repository';

export type TUploadPurpose = 'remittance' | 'businessLicense';
type TKind = 'jpeg' | 'png' | 'pdf';
type TUploaded = z.infer<typeof ZUploaded>;

const contentTypes: Record<TKind, string> = { jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };
const kindOfExtension: Record<string, TKind> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', pdf: 'pdf' };
const signatures: [TKind, Buffer][] = [
  ['jpeg', Buffer.from([0xff, 0xd8, 0xff])],
  ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['pdf', Buffer.from('%PDF-', 'latin1')],
];
const sniffBytes = 8;

/** The file type its first bytes show, or null. */
export function sniffKind(head: Buffer): TKind | null {
  for (const [kind, signature] of signatures) {
    if (head.length >= signature.length && head.subarray(0, signature.length).equals(signature)) return kind;
  }
  return null;
}

export function kindOfFileName(fileName: string): TKind | null {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? null : (kindOfExtension[fileName.slice(dot + 1).toLowerCase()] ?? null);
}

function fieldError(code: number, lang: TLanguage, key: 'uploadType' | 'uploadSize'): AppError {
  return new AppError(code, { data: { fieldErrors: { file: translateValidation(lang, key) } } });
}

class WrongTypeError extends Error {}

/**
 * The bytes of `source`, checked for the expected type on their first bytes, counted and hashed
 * on the way; lazy, so nothing flows before the storage reads it.
 */
function inspected(source: AsyncIterable<Buffer>, expected: TKind) {
  const hash = createHash('sha256');
  const stats = { size: 0, sha256: '' };
  async function* pass() {
    let head = Buffer.alloc(0);
    for await (const chunk of source) {
      stats.size += chunk.length;
      hash.update(chunk);
      if (head.length < sniffBytes) {
        head = Buffer.concat([head, chunk.subarray(0, sniffBytes - head.length)]);
        if (head.length >= sniffBytes && sniffKind(head) !== expected) throw new WrongTypeError();
      }
      yield chunk;
    }
    if (head.length < sniffBytes && sniffKind(head) !== expected) throw new WrongTypeError();
    stats.sha256 = hash.digest('hex');
  }
  return { stream: Readable.from(pass()), stats };
}

/** The upload (any account's: the caller checks the owner), read in the caller's transaction or not. */
export function findUpload(db: TDb, id: string): Promise<TUploadRow | null> {
  return selectUpload(db, id);
}

/**
 * Removes a file that will not be kept. A failure leaves an object no row names, never read
 * again: it does not change the answer the user gets.
 */
async function discard(deps: TDeps, id: string): Promise<void> {
  await deps.storage.remove(id).catch(() => undefined);
}

export function newFileId(): string {
  return randomBytes(18).toString('base64url');
}

export async function uploadFile(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  query: { fileName: string; purpose: TUploadPurpose },
  request: FastifyRequest,
  meta: TRequestMeta,
): Promise<TUploaded> {
  const max = BillingLimits.uploadMaxBytes;
  const declared = Number(request.headers['content-length']);
  // A body far beyond the limit is refused before it is read.
  if (Number.isFinite(declared) && declared > max + 64 * 1024) {
    throw fieldError(ErrorCode.payloadTooLarge, lang, 'uploadSize');
  }
  const expected = kindOfFileName(query.fileName);
  if (!expected || !request.isMultipart()) throw fieldError(ErrorCode.badRequest, lang, 'uploadType');
  const part = await request.file({
    limits: { fileSize: max, files: 1, fields: 10 },
    throwFileSizeLimit: false,
  });
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw fieldError(ErrorCode.badRequest, lang, 'uploadType');
  }
  const id = newFileId();
  const check = inspected(part.file, expected);
  try {
    await deps.storage.put(id, check.stream);
  } catch (error) {
    part.file.resume();
    if (error instanceof WrongTypeError) throw fieldError(ErrorCode.badRequest, lang, 'uploadType');
    // The store refused or could not be reached (its cause is logged): try again later.
    throw new AppError(ErrorCode.unavailable, { cause: error });
  }
  const { size, sha256 } = check.stats;
  if (part.file.truncated) {
    await discard(deps, id);
    throw fieldError(ErrorCode.payloadTooLarge, lang, 'uploadSize');
  }
  if (size === 0) {
    await discard(deps, id);
    throw fieldError(ErrorCode.badRequest, lang, 'uploadType');
  }
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      await insertUpload(tx, {
        id,
        accountId: auth.accountId,
        userId: auth.userId,
        purpose: query.purpose,
        fileName: query.fileName,
        contentType: contentTypes[expected],
        size,
        storageKey: id,
        sha256,
        now,
      });
      await writeAudit(tx, {
        accountId: auth.accountId,
        userId: auth.userId,
        username: auth.username,
        action: 'upload.create',
        objectType: 'upload',
        objectId: id,
        objectName: query.fileName,
        isSuccess: true,
        info: { purpose: query.purpose, contentType: contentTypes[expected], size },
        ip: meta.ip,
        requestId: meta.requestId,
        createdAt: now,
      });
    });
  } catch (error) {
    await discard(deps, id);
    throw error;
  }
  return { fileId: id, fileName: query.fileName, size };
}

/** The file of the account as an attachment; another account's file is 403. */
export async function downloadFile(
  deps: TDeps,
  auth: TAuth,
  fileId: string,
  reply: FastifyReply,
): Promise<null> {
  const upload = await findUpload(deps.db, fileId);
  if (!upload) throw new AppError(ErrorCode.notFound);
  if (upload.accountId !== auth.accountId)
    throw new AppError(ErrorCode.forbidden, { messageKey: 'otherAccount' });
  const file = await deps.storage.get(upload.storageKey).catch((error: unknown) => {
    throw new AppError(ErrorCode.unavailable, { cause: error });
  });
  if (!file) throw new AppError(ErrorCode.notFound);
  const ascii = upload.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // Awaited: the handler ends once the file has been sent.
  await reply
    .header('content-type', upload.contentType)
    .header('content-length', String(file.size))
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(upload.fileName)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
  return null;
}
