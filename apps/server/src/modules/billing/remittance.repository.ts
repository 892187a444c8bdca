/** Reported bank transfers (`remittances`) and their review by an operator. */
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client';

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

type TRaw = {
  id: number | string;
  account_id: number | string;
  account_name: string;
  amount_fen: number | string;
  payer_name: string;
  payer_account: string | null;
  upload_id: string;
  file_name: string;
  status: TRemittanceStatus;
  review_note: string | null;
  created_at: Date | string;
  reviewed_at: Date | string | null;
};

function rowOf(r: TRaw): TRemittanceRow {
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    accountName: r.account_name,
    amountFen: Number(r.amount_fen),
    payerName: r.payer_name,
    payerAccount: r.payer_account,
    uploadId: r.upload_id,
    fileName: r.file_name,
    status: r.status,
    reviewNote: r.review_note,
    createdAt: new Date(r.created_at),
    reviewedAt: r.reviewed_at === null ? null : new Date(r.reviewed_at),
  };
}

const select = sql`
  select r.id, r.account_id, a.name as account_name, r.amount_fen, r.payer_name, r.payer_account, r.upload_id,
         u.file_name, r.status, r.review_note, r.created_at, r.reviewed_at
    from remittances r join accounts a on a.id = r.account_id join uploads u on u.id = r.upload_id`;

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
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into remittances (account_id, user_id, amount_fen, payer_name, payer_account, upload_id, status, created_at)
      values (${r.accountId}, ${r.userId}, ${r.amountFen}, ${r.payerName}, ${r.payerAccount}, ${r.uploadId}, 'pending', ${r.now})
      returning id`),
  );
  return Number(rows[0]?.id);
}

export async function findRemittance(db: TDb, id: number): Promise<TRemittanceRow | null> {
  const rows = rowsOf<TRaw>(await db.execute(sql`${select} where r.id = ${id}`));
  return rows[0] ? rowOf(rows[0]) : null;
}

/** Whether a live (pending or confirmed) remittance already uses the file. */
export async function isUploadUsed(db: TDb, uploadId: string): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from remittances where upload_id = ${uploadId} and status <> 'rejected' limit 1`,
    ),
  );
  return rows.length > 0;
}

export async function listAccountRemittances(
  db: TDb,
  accountId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: TRemittanceRow[]; total: number }> {
  const rows = rowsOf<TRaw>(
    await db.execute(sql`${select} where r.account_id = ${accountId}
      order by r.created_at desc, r.id desc limit ${page.limit} offset ${page.offset}`),
  );
  const total = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from remittances where account_id = ${accountId}`),
  )[0]?.n;
  return { rows: rows.map(rowOf), total: Number(total ?? 0) };
}

/** Every account's remittances for the operator, oldest pending first. */
export async function listAllRemittances(db: TDb, isPendingOnly: boolean): Promise<TRemittanceRow[]> {
  const rows = rowsOf<TRaw>(
    await db.execute(sql`${select} ${isPendingOnly ? sql`where r.status = 'pending'` : sql``}
      order by case when r.status = 'pending' then 0 else 1 end, r.created_at, r.id limit 1000`),
  );
  return rows.map(rowOf);
}

/** pending → confirmed or rejected; answers the row when this call changed it. */
export async function reviewRemittance(
  db: TDb,
  id: number,
  status: 'confirmed' | 'rejected',
  note: string | null,
  now: Date,
): Promise<{ accountId: number; amountFen: number } | null> {
  const rows = rowsOf<{ account_id: number | string; amount_fen: number | string }>(
    await db.execute(sql`
      update remittances set status = ${status}, review_note = ${note}, reviewed_at = ${now}
       where id = ${id} and status = 'pending'
       returning account_id, amount_fen`),
  );
  const r = rows[0];
  return r ? { accountId: Number(r.account_id), amountFen: Number(r.amount_fen) } : null;
}
