/**
 * The cash account of an account (`funds`), and every movement of it (`transactions`). All
 * changes run inside the caller's transaction with the funds row locked, so concurrent credits
 * and deductions of one account apply one after the other. Money is integer fen.
 *
 * Every change queues the account's balance-alert check. A credit first pays what usage left outstanding; when nothing stays outstanding the account
 * leaves arrears (status owe 3 → normal 0) and paused services resume.
 */
import { randomBytes } from 'node:crypto';
import { AccountStatus } from '@console/contract/enums';
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client';
import { enqueueJob } from '../../jobs/runner';
import { enqueueAlertCheck } from './alerts.jobs';

export const pauseJobKind = 'instance.pause';

export type TFundsRow = {
  accountId: number;
  cashFen: number;
  outstandingFen: number;
  arrearsSince: Date | null;
};

/** Locks the funds rows of the accounts (created when missing), in id order (no deadlocks). */
export async function lockFunds(db: TDb, accountIds: readonly number[]): Promise<Map<number, TFundsRow>> {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  const out = new Map<number, TFundsRow>();
  if (ids.length === 0) return out;
  const list = `{${ids.join(',')}}`;
  await db.execute(sql`
    insert into funds (account_id) select unnest(${list}::bigint[]) on conflict (account_id) do nothing`);
  const rows = rowsOf<{
    account_id: number;
    cash_fen: number;
    outstanding_fen: number;
    arrears_since: Date | string | null;
  }>(
    await db.execute(sql`
      select account_id, cash_fen, outstanding_fen, arrears_since from funds
       where account_id = any(${list}::bigint[]) order by account_id for update`),
  );
  for (const r of rows) {
    out.set(Number(r.account_id), {
      accountId: Number(r.account_id),
      cashFen: Number(r.cash_fen),
      outstandingFen: Number(r.outstanding_fen),
      arrearsSince: r.arrears_since === null ? null : new Date(r.arrears_since),
    });
  }
  return out;
}

/** A serial number users can quote: date, then 12 random digits and letters. */
export function newSerialNo(now: Date, prefix = 'T'): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}${day}${randomBytes(8).toString('hex').toUpperCase().slice(0, 12)}`;
}

export async function insertTransaction(
  db: TDb,
  t: {
    accountId: number;
    type: 'recharge' | 'consumption' | 'refund' | 'cash';
    channel: 'wechat' | 'alipay' | 'bank' | 'balance' | 'operator';
    amountFen: number;
    balanceAfterFen: number;
    reference?: string | null;
    remark?: string | null;
    now: Date;
  },
): Promise<string> {
  const serialNo = newSerialNo(t.now);
  await db.execute(sql`
    insert into transactions (account_id, type, channel, amount_fen, balance_after_fen, serial_no, reference, remark, created_at)
    values (${t.accountId}, ${t.type}, ${t.channel}, ${t.amountFen}, ${t.balanceAfterFen}, ${serialNo},
            ${t.reference ?? null}, ${t.remark ?? null}, ${t.now})`);
  return serialNo;
}

/** Writes the funds row back, and moves the account into or out of arrears. */
export async function saveFunds(db: TDb, row: TFundsRow, now: Date): Promise<void> {
  const isOwing = row.outstandingFen > 0;
  const arrearsSince = isOwing ? (row.arrearsSince ?? now) : null;
  await db.execute(sql`
    update funds set cash_fen = ${row.cashFen}, outstanding_fen = ${row.outstandingFen},
                     arrears_since = ${arrearsSince}, updated_at = ${now}
     where account_id = ${row.accountId}`);
  row.arrearsSince = arrearsSince;
  // The balance moved: the alerts look at it again (once per account, however many changes).
  await enqueueAlertCheck(db, row.accountId, now);
  if (isOwing) {
    await db.execute(sql`
      update accounts set status = ${AccountStatus.owe}, updated_at = ${now}
       where id = ${row.accountId} and status = ${AccountStatus.normal}`);
    return;
  }
  const paused = rowsOf<{ services_paused_at: unknown }>(
    await db.execute(sql`select services_paused_at from accounts where id = ${row.accountId}`),
  )[0]?.services_paused_at;
  await db.execute(sql`
    update accounts set status = case when status = ${AccountStatus.owe} then ${AccountStatus.normal} else status end,
                        services_paused_at = null, updated_at = ${now}
     where id = ${row.accountId} and (status = ${AccountStatus.owe} or services_paused_at is not null)`);
  if (paused) await enqueuePauseJobs(db, row.accountId, false, now);
}

/** Tells every live instance of the account to pause or resume. */
export async function enqueuePauseJobs(
  db: TDb,
  accountId: number,
  isPaused: boolean,
  now: Date,
): Promise<void> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select id from instances where account_id = ${accountId} and status in (1, 3)`),
  );
  for (const { id } of rows) {
    await enqueueJob(db, {
      kind: pauseJobKind,
      payload: { instanceId: Number(id), isPaused },
      runAt: now,
      maxAttempts: 10,
    });
  }
}

/**
 * Credits cash (a top-up, a confirmed remittance, an operator's adjustment): the money first pays
 * the outstanding amount. Writes the recharge transaction, and a consumption transaction for what
 * paid the arrears. Answers the funds after the credit.
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
  const serialNo = await insertTransaction(db, {
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
    await insertTransaction(db, {
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
