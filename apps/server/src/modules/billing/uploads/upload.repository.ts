/** Uploaded files (`uploads`): the bytes live in the storage adapter under `storage_key`. */
import { eq } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import { uploads } from '../../../db/schema';

export type TUploadRow = {
  id: string;
  accountId: number;
  userId: number | null;
  purpose: string;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
  sha256: string;
  createdAt: Date;
};

export async function insertUpload(
  db: TDb,
  u: Omit<TUploadRow, 'createdAt' | 'userId'> & { userId: number; now: Date },
): Promise<void> {
  await db.insert(uploads).values({
    id: u.id,
    accountId: u.accountId,
    userId: u.userId,
    purpose: u.purpose,
    fileName: u.fileName,
    contentType: u.contentType,
    size: u.size,
    storageKey: u.storageKey,
    sha256: u.sha256,
    createdAt: u.now,
  });
}

export async function selectUpload(db: TDb, id: string): Promise<TUploadRow | null> {
  const [row] = await db
    .select({
      id: uploads.id,
      accountId: uploads.accountId,
      userId: uploads.userId,
      purpose: uploads.purpose,
      fileName: uploads.fileName,
      contentType: uploads.contentType,
      size: uploads.size,
      storageKey: uploads.storageKey,
      sha256: uploads.sha256,
      createdAt: uploads.createdAt,
    })
    .from(uploads)
    .where(eq(uploads.id, id));
  return row ?? null;
}
