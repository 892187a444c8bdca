/**
 * Top-up orders (`recharges`). Settling an order is a conditional UPDATE on its status, so that of
 * concurrent or repeated settlements exactly one changes the row (and credits the account).
 */
import type { TPayChannel, TRechargeStatus } from '@console/contract/billing-enums';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import { accounts, recharges, transactions } from '../../../db/schema';

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

const columns = {
  id: recharges.id,
  accountId: recharges.accountId,
  userId: recharges.userId,
  channel: recharges.channel,
  amountFen: recharges.amountFen,
  status: recharges.status,
  codeUrl: recharges.codeUrl,
  providerTradeNo: recharges.providerTradeNo,
  failReason: recharges.failReason,
  notifyCount: recharges.notifyCount,
  createdAt: recharges.createdAt,
  expiresAt: recharges.expiresAt,
  paidAt: recharges.paidAt,
};

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
  await db.insert(recharges).values({
    id: r.id,
    accountId: r.accountId,
    userId: r.userId,
    channel: r.channel,
    amountFen: r.amountFen,
    status: 'pending',
    createdAt: r.now,
    expiresAt: r.expiresAt,
    updatedAt: r.now,
  });
}

export async function findRecharge(db: TDb, id: string): Promise<TRechargeRow | null> {
  const [row] = await db.select(columns).from(recharges).where(eq(recharges.id, id));
  return row ?? null;
}

export async function setCodeUrl(db: TDb, id: string, codeUrl: string, now: Date): Promise<void> {
  await db.update(recharges).set({ codeUrl, updatedAt: now }).where(eq(recharges.id, id));
}

/** The provider refused the order: pending → failed. */
export async function markFailed(db: TDb, id: string, reason: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recharges)
    .set({ status: 'failed', failReason: reason.slice(0, 500), updatedAt: now })
    .where(and(eq(recharges.id, id), eq(recharges.status, 'pending')))
    .returning({ id: recharges.id });
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
  const [row] = await db
    .update(recharges)
    .set({
      status: 'paid',
      paidAt: p.paidAt,
      providerTradeNo: sql`coalesce(${p.tradeNo}, ${recharges.providerTradeNo})`,
      notifyCount: sql`${recharges.notifyCount} + ${p.isNotification ? 1 : 0}`,
      updatedAt: p.now,
    })
    .where(and(eq(recharges.id, id), ne(recharges.status, 'paid')))
    .returning(columns);
  return row ?? null;
}

/** A verified notification of an order already settled. */
export async function countNotification(db: TDb, id: string, now: Date): Promise<void> {
  await db
    .update(recharges)
    .set({ notifyCount: sql`${recharges.notifyCount} + 1`, updatedAt: now })
    .where(eq(recharges.id, id));
}

/** pending → closed (expired unpaid). */
export async function markClosed(db: TDb, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recharges)
    .set({ status: 'closed', updatedAt: now })
    .where(and(eq(recharges.id, id), eq(recharges.status, 'pending')))
    .returning({ id: recharges.id });
  return rows.length > 0;
}

/**
 * An order as the back office looks it up by its number: with its account's name and the serial
 * number of the cash movement its payment made (null until paid). Never the QR code's content.
 */
export async function findRechargeForOperator(db: TDb, id: string) {
  const [row] = await db
    .select({
      id: recharges.id,
      accountId: recharges.accountId,
      accountName: accounts.name,
      channel: recharges.channel,
      amountFen: recharges.amountFen,
      status: recharges.status,
      providerTradeNo: recharges.providerTradeNo,
      failReason: recharges.failReason,
      notifyCount: recharges.notifyCount,
      createdAt: recharges.createdAt,
      expiresAt: recharges.expiresAt,
      paidAt: recharges.paidAt,
      updatedAt: recharges.updatedAt,
      serialNo: sql<string | null>`(select ${transactions.serialNo} from ${transactions}
        where ${transactions.reference} = ${recharges.id} and ${transactions.type} = 'recharge'
          and ${transactions.accountId} = ${recharges.accountId} limit 1)`,
    })
    .from(recharges)
    .innerJoin(accounts, eq(accounts.id, recharges.accountId))
    .where(eq(recharges.id, id));
  return row ?? null;
}
