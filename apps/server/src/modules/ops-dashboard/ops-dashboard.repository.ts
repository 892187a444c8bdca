/**
 * The dashboard's statements: each daily series is one grouped query over the window of billing
 * days (UTC+8), summed in the database; the failing jobs and deliveries are counted and the
 * latest listed. Rows of days without activity are absent: the service fills them with zeros.
 */
import { and, count, desc, eq, gt, gte, lt, or, sql } from 'drizzle-orm';
import { type AnyPgColumn, union } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import {
  accounts,
  jobs,
  sessions,
  transactions,
  usageAccountDaily,
  webhookDeliveries,
} from '../../db/schema';

/** The billing day (UTC+8) of a timestamp column, as `YYYY-MM-DD`. */
function billingDay(column: AnyPgColumn) {
  return sql<string>`to_char(((${column} at time zone 'UTC') + interval '8 hours')::date, 'YYYY-MM-DD')`;
}

export type TWindow = { start: Date; end: Date; firstDay: string; lastDay: string };
type TDayCount = { day: string; n: number };

export async function signUpsPerDay(db: TDb, w: TWindow): Promise<TDayCount[]> {
  const day = billingDay(accounts.createdAt);
  return db
    .select({ day, n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(and(gte(accounts.createdAt, w.start), lt(accounts.createdAt, w.end)))
    .groupBy(day);
}

/** Accounts with a sign-in (a customer session opened) or a usage record that day. */
export async function activeAccountsPerDay(db: TDb, w: TWindow): Promise<TDayCount[]> {
  const signIns = db
    .selectDistinct({
      accountId: sessions.accountId,
      day: sql<string>`${billingDay(sessions.createdAt)}`.as('day'),
    })
    .from(sessions)
    .where(and(gte(sessions.createdAt, w.start), lt(sessions.createdAt, w.end)));
  const usage = db
    .selectDistinct({
      accountId: usageAccountDaily.accountId,
      day: sql<string>`${usageAccountDaily.day}::text`.as('day'),
    })
    .from(usageAccountDaily)
    .where(
      and(
        sql`${usageAccountDaily.day} >= ${w.firstDay}::date`,
        sql`${usageAccountDaily.day} <= ${w.lastDay}::date`,
      ),
    );
  const active = union(signIns, usage).as('active');
  return db
    .select({ day: active.day, n: sql<number>`count(distinct ${active.accountId})::int` })
    .from(active)
    .groupBy(active.day);
}

/** Money credited by top-ups (online payments and confirmed remittances), in fen. */
export async function topUpsPerDay(db: TDb, w: TWindow): Promise<TDayCount[]> {
  const day = billingDay(transactions.createdAt);
  return db
    .select({ day, n: sql<number>`coalesce(sum(${transactions.amountFen}), 0)::bigint` })
    .from(transactions)
    .where(
      and(
        eq(transactions.type, 'recharge'),
        gte(transactions.createdAt, w.start),
        lt(transactions.createdAt, w.end),
      ),
    )
    .groupBy(day);
}

/** Consumption rated per billing day, after discounts, in fen. */
export async function consumptionPerDay(db: TDb, w: TWindow): Promise<TDayCount[]> {
  const day = sql<string>`${usageAccountDaily.day}::text`;
  return db
    .select({ day, n: sql<number>`coalesce(sum(${usageAccountDaily.discountedFen}), 0)::bigint` })
    .from(usageAccountDaily)
    .where(
      and(
        sql`${usageAccountDaily.day} >= ${w.firstDay}::date`,
        sql`${usageAccountDaily.day} <= ${w.lastDay}::date`,
      ),
    )
    .groupBy(usageAccountDaily.day);
}

/** Jobs that gave up (failed) or failed at least once and wait for their next attempt. */
const failingJob = or(eq(jobs.status, 'failed'), and(eq(jobs.status, 'queued'), gt(jobs.attempts, 0)));

export async function failingJobs(db: TDb, limit: number) {
  const [counted] = await db.select({ n: count() }).from(jobs).where(failingJob);
  const list = await db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      status: jobs.status,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      lastError: jobs.lastError,
      runAt: jobs.runAt,
      updatedAt: jobs.updatedAt,
    })
    .from(jobs)
    .where(failingJob)
    .orderBy(desc(jobs.updatedAt), desc(jobs.id))
    .limit(limit);
  return { total: Number(counted?.n ?? 0), list };
}

const failingDelivery = or(
  eq(webhookDeliveries.status, 'failed'),
  and(eq(webhookDeliveries.status, 'pending'), gt(webhookDeliveries.attempts, 0)),
);

export async function failingDeliveries(db: TDb, limit: number) {
  const [counted] = await db.select({ n: count() }).from(webhookDeliveries).where(failingDelivery);
  const list = await db
    .select({
      id: webhookDeliveries.id,
      accountId: webhookDeliveries.accountId,
      accountName: accounts.name,
      kind: webhookDeliveries.kind,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      responseStatus: webhookDeliveries.responseStatus,
      error: webhookDeliveries.error,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(accounts, eq(accounts.id, webhookDeliveries.accountId))
    .where(failingDelivery)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  return { total: Number(counted?.n ?? 0), list };
}
