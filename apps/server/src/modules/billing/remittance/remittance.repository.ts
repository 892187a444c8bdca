/** Reported bank transfers (`remittances`) and their review by an operator. */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import { accounts, remittances, uploads } from '../../../db/schema';

export type TRemittanceStatus = 'pending' | 'confirmed' | 'rejected';

export type TRemittanceRow = {
  id: number;
  accountId: number;
  accountName: string;
  amountFen: number;
  payerName: string;
  payerAccount: string | null;
  uploadId: string;
  fileName: string;
  status: TRemittanceStatus;
  reviewNote: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
};

const columns = {
  id: remittances.id,
  accountId: remittances.accountId,
  accountName: accounts.name,
  amountFen: remittances.amountFen,
  payerName: remittances.payerName,
  payerAccount: remittances.payerAccount,
  uploadId: remittances.uploadId,
  fileName: uploads.fileName,
  status: remittances.status,
  reviewNote: remittances.reviewNote,
  createdAt: remittances.createdAt,
  reviewedAt: remittances.reviewedAt,
};

/** Remittances with their account's name and their certificate's file name. */
function selectRemittances(db: TDb) {
  return db
    .select(columns)
    .from(remittances)
    .innerJoin(accounts, eq(accounts.id, remittances.accountId))
    .innerJoin(uploads, eq(uploads.id, remittances.uploadId));
}

export async function insertRemittance(
  db: TDb,
  r: {
    accountId: number;
    userId: number;
    amountFen: number;
    payerName: string;
    payerAccount: string | null;
    uploadId: string;
    now: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(remittances)
    .values({
      accountId: r.accountId,
      userId: r.userId,
      amountFen: r.amountFen,
      payerName: r.payerName,
      payerAccount: r.payerAccount,
      uploadId: r.uploadId,
      status: 'pending',
      createdAt: r.now,
    })
    .returning({ id: remittances.id });
  return Number(row?.id);
}

export async function findRemittance(db: TDb, id: number): Promise<TRemittanceRow | null> {
  const [row] = await selectRemittances(db).where(eq(remittances.id, id));
  return row ?? null;
}

/** Whether a live (pending or confirmed) remittance already uses the file. */
export async function isUploadUsed(db: TDb, uploadId: string): Promise<boolean> {
  const rows = await db
    .select({ id: remittances.id })
    .from(remittances)
    .where(and(eq(remittances.uploadId, uploadId), ne(remittances.status, 'rejected')))
    .limit(1);
  return rows.length > 0;
}

export async function listAccountRemittances(
  db: TDb,
  accountId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: TRemittanceRow[]; total: number }> {
  const rows = await selectRemittances(db)
    .where(eq(remittances.accountId, accountId))
    .orderBy(desc(remittances.createdAt), desc(remittances.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(remittances)
    .where(eq(remittances.accountId, accountId));
  return { rows, total: count?.n ?? 0 };
}

/** Every account's remittances for the operator, oldest pending first. */
export async function listAllRemittances(db: TDb, isPendingOnly: boolean): Promise<TRemittanceRow[]> {
  return selectRemittances(db)
    .where(isPendingOnly ? eq(remittances.status, 'pending') : undefined)
    .orderBy(
      sql`case when ${remittances.status} = 'pending' then 0 else 1 end`,
      remittances.createdAt,
      remittances.id,
    )
    .limit(1000);
}

/** pending → confirmed or rejected; answers the row when this call changed it. */
export async function reviewRemittance(
  db: TDb,
  id: number,
  status: 'confirmed' | 'rejected',
  note: string | null,
  now: Date,
): Promise<{ accountId: number; amountFen: number } | null> {
  const [row] = await db
    .update(remittances)
    .set({ status, reviewNote: note, reviewedAt: now })
    .where(and(eq(remittances.id, id), eq(remittances.status, 'pending')))
    .returning({ accountId: remittances.accountId, amountFen: remittances.amountFen });
  return row ?? null;
}

/** Remittances waiting for an operator to confirm or reject them (the queue's count). */
export async function countPendingRemittanceRows(db: TDb): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(remittances)
    .where(eq(remittances.status, 'pending'));
  return Number(row?.n ?? 0);
}
