/**
 * Top-up orders (`recharges`). Settling an order is a conditional UPDATE on its status, so that of
 * concurrent or repeated settlements exactly one changes the row (and credits the account).
 */
import type { TPayChannel, TRechargeStatus } from '@console/contract/billing-enums';
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client';

export type TRechargeRow = {
  id: string;
  accountId: number;
  userId: number | null;
  channel: TPayChannel;
  amountFen: number;
  status: TRechargeStatus;
  codeUrl: string | null;
  providerTradeNo: string | null;
  failReason: string | null;
  notifyCount: number;
  createdAt: Date;
  expiresAt: Date;
  paidAt: Date | null;
};

type TRaw = {
  id: string;
  account_id: number | string;
  user_id: number | string | null;
  channel: TPayChannel;
  amount_fen: number | string;
  status: TRechargeStatus;
  code_url: string | null;
  provider_trade_no: string | null;
  fail_reason: string | null;
  notify_count: number;
  created_at: Date | string;
  expires_at: Date | string;
  paid_at: Date | string | null;
};

const columns = sql.raw(
  'id, account_id, user_id, channel, amount_fen, status, code_url, provider_trade_no, fail_reason, notify_count, created_at, expires_at, paid_at',
);

function rowOf(r: TRaw): TRechargeRow {
  return {
    id: r.id,
    accountId: Number(r.account_id),
    userId: r.user_id === null ? null : Number(r.user_id),
    channel: r.channel,
    amountFen: Number(r.amount_fen),
    status: r.status,
    codeUrl: r.code_url,
    providerTradeNo: r.provider_trade_no,
    failReason: r.fail_reason,
    notifyCount: Number(r.notify_count),
    createdAt: new Date(r.created_at),
    expiresAt: new Date(r.expires_at),
    paidAt: r.paid_at === null ? null : new Date(r.paid_at),
  };
}

export async function insertRecharge(
  db: TDb,
  r: {
    id: string;
    accountId: number;
    userId: number;
    channel: TPayChannel;
    amountFen: number;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.execute(sql`
    insert into recharges (id, account_id, user_id, channel, amount_fen, status, created_at, expires_at, updated_at)
    values (${r.id}, ${r.accountId}, ${r.userId}, ${r.channel}, ${r.amountFen}, 'pending', ${r.now}, ${r.expiresAt}, ${r.now})`);
}

export async function findRecharge(db: TDb, id: string): Promise<TRechargeRow | null> {
  const rows = rowsOf<TRaw>(await db.execute(sql`select ${columns} from recharges where id = ${id}`));
  return rows[0] ? rowOf(rows[0]) : null;
}

export async function setCodeUrl(db: TDb, id: string, codeUrl: string, now: Date): Promise<void> {
  await db.execute(sql`update recharges set code_url = ${codeUrl}, updated_at = ${now} where id = ${id}`);
}

/** The provider refused the order: pending → failed. */
export async function markFailed(db: TDb, id: string, reason: string, now: Date): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update recharges set status = 'failed', fail_reason = ${reason.slice(0, 500)}, updated_at = ${now}
       where id = ${id} and status = 'pending' returning id`),
  );
  return rows.length > 0;
}

/**
 * The provider confirmed the payment: → paid, unless already paid. Answers the order when this
 * call changed it (the caller then credits the account in the same transaction), else null. An
 * order closed or failed on our side is still paid when the provider says it was.
 */
export async function markPaid(
  db: TDb,
  id: string,
  p: { tradeNo: string | null; paidAt: Date; now: Date; isNotification: boolean },
): Promise<TRechargeRow | null> {
  const rows = rowsOf<TRaw>(
    await db.execute(sql`
      update recharges
         set status = 'paid', paid_at = ${p.paidAt}, provider_trade_no = coalesce(${p.tradeNo}, provider_trade_no),
             notify_count = notify_count + ${p.isNotification ? 1 : 0}, updated_at = ${p.now}
       where id = ${id} and status <> 'paid'
       returning ${columns}`),
  );
  return rows[0] ? rowOf(rows[0]) : null;
}

/** A verified notification of an order already settled. */
export async function countNotification(db: TDb, id: string, now: Date): Promise<void> {
  await db.execute(
    sql`update recharges set notify_count = notify_count + 1, updated_at = ${now} where id = ${id}`,
  );
}

/** pending → closed (expired unpaid). */
export async function markClosed(db: TDb, id: string, now: Date): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update recharges set status = 'closed', updated_at = ${now}
       where id = ${id} and status = 'pending' returning id`),
  );
  return rows.length > 0;
}

export async function accountNames(
  db: TDb,
  accountId: number,
): Promise<{ name: string; displayName: string } | null> {
  const rows = rowsOf<{ name: string; display_name: string }>(
    await db.execute(sql`select name, display_name from accounts where id = ${accountId}`),
  );
  return rows[0] ? { name: rows[0].name, displayName: rows[0].display_name } : null;
}
