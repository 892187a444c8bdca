/**
 * The back office's manual cash adjustments (`ops_adjustments`), SQL only. Deciding a pending one
 * is a conditional UPDATE (`status = 'pending'`): of concurrent approvals exactly one changes the
 * row, and only that one moves the money (ops-finance-adjustments.service.ts).
 */
import type { TOpsAdjustmentDirection, TOpsAdjustmentStatus } from '@console/contract/ops';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { accounts, operators, opsAdjustments } from '../../db/schema';

export type TAdjustmentRow = typeof opsAdjustments.$inferSelect;

export async function insertAdjustment(
  db: TDb,
  row: {
    accountId: number;
    direction: TOpsAdjustmentDirection;
    amountFen: number;
    reason: string;
    status: TOpsAdjustmentStatus;
    needsApproval: boolean;
    requestedBy: number;
    requestedAt: Date;
    decidedAt: Date | null;
    serialNo: string | null;
    balanceAfterFen: number | null;
  },
): Promise<TAdjustmentRow> {
  const [inserted] = await db.insert(opsAdjustments).values(row).returning();
  if (!inserted) throw new Error('adjustment not inserted');
  return inserted;
}

export async function findAdjustment(db: TDb, id: number): Promise<TAdjustmentRow | null> {
  const [row] = await db.select().from(opsAdjustments).where(eq(opsAdjustments.id, id));
  return row ?? null;
}

/**
 * Decides a pending adjustment: answers the row as it now is, or null when it was not pending
 * (decided by another request meanwhile; the row lock makes the later one wait and then miss).
 */
export async function decidePendingAdjustment(
  db: TDb,
  id: number,
  values: {
    status: 'applied' | 'rejected';
    decidedBy: number;
    decidedAt: Date;
    decisionNote: string | null;
  },
): Promise<TAdjustmentRow | null> {
  const [row] = await db
    .update(opsAdjustments)
    .set(values)
    .where(and(eq(opsAdjustments.id, id), eq(opsAdjustments.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Records the cash movement an applied adjustment made. */
export async function recordAdjustmentMovement(
  db: TDb,
  id: number,
  movement: { serialNo: string; balanceAfterFen: number },
): Promise<void> {
  await db.update(opsAdjustments).set(movement).where(eq(opsAdjustments.id, id));
}

export type TAdjustmentFilter = {
  status: TOpsAdjustmentStatus | undefined;
  accountId: number | undefined;
};

const filterOf = (q: TAdjustmentFilter) =>
  and(
    q.status ? eq(opsAdjustments.status, q.status) : undefined,
    q.accountId === undefined ? undefined : eq(opsAdjustments.accountId, q.accountId),
  );

export async function countAdjustments(db: TDb, q: TAdjustmentFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(opsAdjustments).where(filterOf(q));
  return row?.n ?? 0;
}

const requester = alias(operators, 'requester');
const decider = alias(operators, 'decider');

/** A page of adjustments, newest first, each with its account's name and both operators. */
export function listAdjustmentRows(
  db: TDb,
  q: TAdjustmentFilter & { ids?: readonly number[]; limit: number; offset: number },
) {
  return db
    .select({
      adjustment: opsAdjustments,
      accountName: accounts.name,
      requester: { id: requester.id, username: requester.username, role: requester.role },
      decider: { id: decider.id, username: decider.username, role: decider.role },
    })
    .from(opsAdjustments)
    .innerJoin(accounts, eq(accounts.id, opsAdjustments.accountId))
    .innerJoin(requester, eq(requester.id, opsAdjustments.requestedBy))
    .leftJoin(decider, eq(decider.id, opsAdjustments.decidedBy))
    .where(
      and(
        filterOf(q),
        q.ids ? sql`${opsAdjustments.id} = any(${`{${q.ids.join(',')}}`}::bigint[])` : undefined,
      ),
    )
    .orderBy(desc(opsAdjustments.requestedAt), desc(opsAdjustments.id))
    .limit(q.limit)
    .offset(q.offset);
}
