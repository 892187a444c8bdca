/** Uploaded files (`uploads`): the bytes live in the storage adapter under `storage_key`. */
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client';

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
  await db.execute(sql`
    insert into uploads (id, account_id, user_id, purpose, file_name, content_type, size, storage_key, sha256, created_at)
    values (${u.id}, ${u.accountId}, ${u.userId}, ${u.purpose}, ${u.fileName}, ${u.contentType}, ${u.size},
            ${u.storageKey}, ${u.sha256}, ${u.now})`);
}

export async function findUpload(db: TDb, id: string): Promise<TUploadRow | null> {
  const rows = rowsOf<{
    id: string;
    account_id: number | string;
    user_id: number | string | null;
    purpose: string;
    file_name: string;
    content_type: string;
    size: number;
    storage_key: string;
    sha256: string;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      select id, account_id, user_id, purpose, file_name, content_type, size, storage_key, sha256, created_at
        from uploads where id = ${id}`),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    accountId: Number(r.account_id),
    userId: r.user_id === null ? null : Number(r.user_id),
    purpose: r.purpose,
    fileName: r.file_name,
    contentType: r.content_type,
    size: Number(r.size),
    storageKey: r.storage_key,
    sha256: r.sha256,
    createdAt: new Date(r.created_at),
  };
}
