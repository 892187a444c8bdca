/**
 * The cash account of an account (`funds`), every movement of it (`transactions`), and the
 * account's billing state (in arrears, services paused, trial ended). SQL only: the rules that
 * move money and states are in funds.service.ts and arrears.service.ts.
 */
import { AccountStatus, AccountType } from '@console/contract/enums';
import { and, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import { accounts, certifications, funds, instances, transactions, vouchers } from '../../../db/schema';

export type TFundsRow = {
  accountId: number;
  cashFen: number;
  outstandingFen: number;
  arrearsSince: Date | null;
};

/** Locks the funds rows of the accounts (created when missing), in id order (no deadlocks). */
export async function lockFundsRows(db: TDb, accountIds: readonly number[]): Promise<TFundsRow[]> {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const list = `{${ids.join(',')}}`;
  await db
    .insert(funds)
    .values(ids.map((accountId) => ({ accountId })))
    .onConflictDoNothing();
  return db
    .select({
      accountId: funds.accountId,
      cashFen: funds.cashFen,
      outstandingFen: funds.outstandingFen,
      arrearsSince: funds.arrearsSince,
    })
    .from(funds)
    .where(sql`${funds.accountId} = any(${list}::bigint[])`)
    .orderBy(funds.accountId)
    .for('update');
}

export type TNewTransaction = {
  accountId: number;
  type: 'recharge' | 'consumption' | 'refund' | 'cash';
  channel: 'wechat' | 'alipay' | 'bank' | 'balance' | 'operator';
  amountFen: number;
  balanceAfterFen: number;
  serialNo: string;
  reference: string | null;
  remark: string | null;
  createdAt: Date;
};

export async function insertTransaction(db: TDb, t: TNewTransaction): Promise<void> {
  await db.insert(transactions).values(t);
}

/** Writes the funds row back. */
export async function updateFunds(db: TDb, row: TFundsRow, now: Date): Promise<void> {
  await db
    .update(funds)
    .set({
      cashFen: row.cashFen,
      outstandingFen: row.outstandingFen,
      arrearsSince: row.arrearsSince,
      updatedAt: now,
    })
    .where(eq(funds.accountId, row.accountId));
}

/** normal → owe. */
export async function markAccountOwing(db: TDb, accountId: number, now: Date): Promise<void> {
  await db
    .update(accounts)
    .set({ status: AccountStatus.owe, updatedAt: now })
    .where(and(eq(accounts.id, accountId), eq(accounts.status, AccountStatus.normal)));
}

/** When the account's services were paused; null when they are not. */
export async function servicesPausedAt(db: TDb, accountId: number): Promise<Date | null> {
  const [row] = await db
    .select({ pausedAt: accounts.servicesPausedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.pausedAt ?? null;
}

/** owe → normal, and the services no longer paused. */
export async function clearAccountArrears(db: TDb, accountId: number, now: Date): Promise<void> {
  await db
    .update(accounts)
    .set({
      status: sql`case when ${accounts.status} = ${AccountStatus.owe} then ${AccountStatus.normal} else ${accounts.status} end`,
      servicesPausedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(accounts.id, accountId),
        sql`(${accounts.status} = ${AccountStatus.owe} or ${accounts.servicesPausedAt} is not null)`,
      ),
    );
}

/** The account's instances that exist on the platform (opened or hidden). */
export async function liveInstanceIds(db: TDb, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.accountId, accountId), inArray(instances.status, [1, 3])));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// arrears and trials

/** Accounts in arrears since before `before` whose services run, oldest arrears first. */
export async function accountsInArrearsSince(db: TDb, before: Date, limit: number) {
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      outstandingFen: funds.outstandingFen,
      arrearsSince: funds.arrearsSince,
    })
    .from(funds)
    .innerJoin(accounts, eq(accounts.id, funds.accountId))
    .where(
      and(
        gt(funds.outstandingFen, 0),
        lt(funds.arrearsSince, before),
        sql`${accounts.servicesPausedAt} is null`,
      ),
    )
    .orderBy(funds.arrearsSince)
    .limit(limit);
}

/** Pauses the services of an account still in arrears; false when they were paused or it paid. */
export async function pauseServicesInArrears(db: TDb, accountId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ servicesPausedAt: now, updatedAt: now })
    .where(
      and(
        eq(accounts.id, accountId),
        sql`${accounts.servicesPausedAt} is null`,
        sql`exists (select 1 from ${funds} where ${funds.accountId} = ${accountId} and ${funds.outstandingFen} > 0)`,
      ),
    )
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** Trial accounts whose trial (`trialDays` plus extensions) ended by `now` and is not marked yet. */
export async function endedTrials(db: TDb, now: Date, trialDays: number, limit: number) {
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      createdAt: accounts.createdAt,
      extension: accounts.trialExtensionDays,
    })
    .from(accounts)
    .where(
      and(
        eq(accounts.type, AccountType.trial),
        sql`${accounts.trialExpiredAt} is null`,
        sql`${accounts.createdAt} + make_interval(days => ${trialDays} + ${accounts.trialExtensionDays}) <= ${now}`,
      ),
    )
    .orderBy(accounts.id)
    .limit(limit);
}

/**
 * Marks the trial ended and its services paused (kept when they were paused already), with the
 * account's row locked; answers whether they were paused before, or null when another run did it.
 */
export async function markTrialExpired(
  db: TDb,
  accountId: number,
  now: Date,
): Promise<{ wasPaused: boolean } | null> {
  const old = db
    .select({
      id: accounts.id,
      wasPaused: sql<boolean>`${accounts.servicesPausedAt} is not null`.as('was_paused'),
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update')
    .as('old');
  const [row] = await db
    .update(accounts)
    .set({
      trialExpiredAt: now,
      servicesPausedAt: sql`coalesce(${accounts.servicesPausedAt}, ${now})`,
      updatedAt: now,
    })
    .from(old)
    .where(
      and(
        eq(accounts.id, old.id),
        eq(accounts.type, AccountType.trial),
        sql`${accounts.trialExpiredAt} is null`,
      ),
    )
    .returning({ wasPaused: old.wasPaused });
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// what the account reads

/** Cash, arrears, vouchers in effect, the account's state and whether it may ask for special VAT invoices. */
export async function fundsOverview(db: TDb, accountId: number, now: Date) {
  const [row] = await db
    .select({
      cashFen: funds.cashFen,
      outstandingFen: funds.outstandingFen,
      arrearsSince: funds.arrearsSince,
      status: accounts.status,
      servicesPausedAt: accounts.servicesPausedAt,
      hasEnterpriseCertification: sql<boolean>`exists (select 1 from ${certifications}
        where ${certifications.accountId} = ${accounts.id} and ${certifications.type} = 'enterprise'
          and ${certifications.status} = 'passed')`,
      voucherFen: sql<number>`(select coalesce(sum(${vouchers.availableFen}), 0) from ${vouchers}
        where ${vouchers.accountId} = ${accounts.id} and ${vouchers.voidedAt} is null
          and ${vouchers.effectiveAt} <= ${now} and ${vouchers.expiresAt} > ${now})::bigint`.mapWith(Number),
    })
    .from(accounts)
    .leftJoin(funds, eq(funds.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

export type TTransactionFilter = {
  accountId: number;
  type?: TNewTransaction['type'] | undefined;
  from: Date | null;
  to: Date | null;
};

function transactionFilter(q: TTransactionFilter) {
  return and(
    eq(transactions.accountId, q.accountId),
    q.type ? eq(transactions.type, q.type) : undefined,
    q.from ? gte(transactions.createdAt, q.from) : undefined,
    q.to ? lt(transactions.createdAt, q.to) : undefined,
  );
}

export async function countTransactions(db: TDb, q: TTransactionFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(transactionFilter(q));
  return row?.n ?? 0;
}

/** A page of the account's transactions, newest first (by offset, or after a keyset position). */
export async function listTransactionRows(
  db: TDb,
  q: TTransactionFilter & {
    /** Keyset position: rows strictly older than this one (then `offset` is not used). */
    after: { time: Date; id: number } | null;
    limit: number;
    offset: number;
  },
) {
  const page = db
    .select({
      id: transactions.id,
      type: transactions.type,
      channel: transactions.channel,
      amountFen: transactions.amountFen,
      balanceAfterFen: transactions.balanceAfterFen,
      serialNo: transactions.serialNo,
      remark: transactions.remark,
      createdAt: transactions.createdAt,
      accountName: accounts.displayName,
    })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .where(
      and(
        transactionFilter(q),
        q.after
          ? sql`(${transactions.createdAt}, ${transactions.id}) < (${q.after.time}, ${q.after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(q.limit);
  return q.after ? page : page.offset(q.offset);
}
