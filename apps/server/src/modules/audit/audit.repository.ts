import { AuditStatus } from '@console/contract/enums';
import type { TDb } from '../../db/client';
import { auditEntries } from '../../db/schema';

export type TAuditEntry = {
  accountId: number;
  userId: number | null;
  username: string | null;
  action: string;
  objectType: string;
  objectId?: string | null;
  objectName?: string | null;
  isSuccess: boolean;
  info?: Record<string, unknown>;
  ip?: string | null;
  requestId?: string | null;
  createdAt: Date;
};

/** Writes one audit entry; call it with the transaction of the change it records. */
export async function insertAuditEntry(db: TDb, entry: TAuditEntry): Promise<void> {
  await db.insert(auditEntries).values({
    accountId: entry.accountId,
    userId: entry.userId,
    username: entry.username,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId ?? null,
    objectName: entry.objectName ?? null,
    status: entry.isSuccess ? AuditStatus.success : AuditStatus.failure,
    info: entry.info ?? {},
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
    createdAt: entry.createdAt,
  });
}
