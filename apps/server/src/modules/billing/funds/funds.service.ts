/**
 * The cash account's rules. All changes run inside the caller's transaction with the funds row
 * locked, so concurrent credits and deductions of one account apply one after the other. Money is
 * integer fen.
 *
 * Every change queues the account's balance-alert check. A credit first pays what usage left
 * outstanding; when nothing stays outstanding the account leaves arrears (status owe 3 → normal 0)
 * and paused services resume.
 */
import { randomBytes } from 'node:crypto';
import type { TDb } from '../../../db/client';
import { enqueueJob } from '../../../jobs/runner';
import { enqueueAlertCheck } from '../alerts/alerts.queue';
import {
  clearAccountArrears,
  insertTransaction,
  liveInstanceIds,
  lockFundsRows,
  markAccountOwing,
  servicesPausedAt,
  type TFundsRow,
  type TNewTransaction,
  updateFunds,
} from './funds.repository';

export type { TFundsRow } from './funds.repository';

export const pauseJobKind = 'instance.pause';

/** Locks the funds rows of the accounts (created when missing), in id order (no deadlocks). */
export async function lockFunds(db: TDb, accountIds: readonly number[]): Promise<Map<number, TFundsRow>> {
  const rows = await lockFundsRows(db, accountIds);
  return new Map(rows.map((r) => [r.accountId, r]));
}

/** A serial number users can quote: date, then 12 random digits and letters. */
export function newSerialNo(now: Date, prefix = 'T'): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}${day}${randomBytes(8).toString('hex').toUpperCase().slice(0, 12)}`;
}

/** Writes a movement of the cash account with a new serial number; answers the serial number. */
export async function recordTransaction(
  db: TDb,
  t: Omit<TNewTransaction, 'serialNo' | 'createdAt' | 'reference' | 'remark'> & {
    reference?: string | null;
    remark?: string | null;
    now: Date;
  },
): Promise<string> {
  const serialNo = newSerialNo(t.now);
  await insertTransaction(db, {
    accountId: t.accountId,
    type: t.type,
    channel: t.channel,
    amountFen: t.amountFen,
    balanceAfterFen: t.balanceAfterFen,
    serialNo,
    reference: t.reference ?? null,
    remark: t.remark ?? null,
    createdAt: t.now,
  });
  return serialNo;
}

/** Writes the funds row back, and moves the account into or out of arrears. */
export async function saveFunds(db: TDb, row: TFundsRow, now: Date): Promise<void> {
  const isOwing = row.outstandingFen > 0;
  row.arrearsSince = isOwing ? (row.arrearsSince ?? now) : null;
  await updateFunds(db, row, now);
  // The balance moved: the alerts look at it again (once per account, however many changes).
  await enqueueAlertCheck(db, row.accountId, now);
  if (isOwing) {
    await markAccountOwing(db, row.accountId, now);
    return;
  }
  const paused = await servicesPausedAt(db, row.accountId);
  await clearAccountArrears(db, row.accountId, now);
  if (paused) await enqueuePauseJobs(db, row.accountId, false, now);
}

/** Tells every live instance of the account to pause or resume (in the caller's transaction). */
export async function enqueuePauseJobs(
  db: TDb,
  accountId: number,
  isPaused: boolean,
  now: Date,
): Promise<void> {
  for (const id of await liveInstanceIds(db, accountId)) {
    await enqueueJob(db, {
      kind: pauseJobKind,
      payload: { instanceId: id, isPaused },
      runAt: now,
      maxAttempts: 10,
    });
  }
}

/**
 * Credits cash (a top-up, a confirmed remittance, an operator's adjustment) in the caller's
 * transaction: the money first pays the outstanding amount. Writes the recharge transaction, and
 * a consumption transaction for what paid the arrears. Answers the funds after the credit.
 */
export async function creditCash(
  db: TDb,
  input: {
    accountId: number;
    amountFen: number;
    type: 'recharge' | 'cash' | 'refund';
    channel: 'wechat' | 'alipay' | 'bank' | 'operator';
    reference: string | null;
    remark?: string | null;
    now: Date;
  },
): Promise<TFundsRow & { serialNo: string }> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0)
    throw new Error('credit must be positive fen');
  const funds = (await lockFunds(db, [input.accountId])).get(input.accountId) as TFundsRow;
  funds.cashFen += input.amountFen;
  const serialNo = await recordTransaction(db, {
    accountId: input.accountId,
    type: input.type,
    channel: input.channel,
    amountFen: input.amountFen,
    balanceAfterFen: funds.cashFen,
    reference: input.reference,
    remark: input.remark ?? null,
    now: input.now,
  });
  const settle = Math.min(funds.cashFen, funds.outstandingFen);
  if (settle > 0) {
    funds.cashFen -= settle;
    funds.outstandingFen -= settle;
    await recordTransaction(db, {
      accountId: input.accountId,
      type: 'consumption',
      channel: 'balance',
      amountFen: -settle,
      balanceAfterFen: funds.cashFen,
      reference: input.reference,
      remark: 'arrears',
      now: input.now,
    });
  }
  await saveFunds(db, funds, input.now);
  return { ...funds, serialNo };
}

/**
 * Debits cash (an operator's adjustment) in the caller's transaction: at most the cash there is
 * (a debit never makes arrears: those come from usage only). Writes the cash-account transaction.
 * Answers the funds after the debit, or null (nothing changed) when the cash is short.
 */
export async function debitCash(
  db: TDb,
  input: {
    accountId: number;
    amountFen: number;
    reference: string | null;
    remark?: string | null;
    now: Date;
  },
): Promise<(TFundsRow & { serialNo: string }) | null> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0)
    throw new Error('debit must be positive fen');
  const funds = (await lockFunds(db, [input.accountId])).get(input.accountId) as TFundsRow;
  if (funds.cashFen < input.amountFen) return null;
  funds.cashFen -= input.amountFen;
  const serialNo = await recordTransaction(db, {
    accountId: input.accountId,
    type: 'cash',
    channel: 'operator',
    amountFen: -input.amountFen,
    balanceAfterFen: funds.cashFen,
    reference: input.reference,
    remark: input.remark ?? null,
    now: input.now,
  });
  await saveFunds(db, funds, input.now);
  return { ...funds, serialNo };
}
