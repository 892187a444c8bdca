/** The SQL of the back office's operators and their sessions (decision 0047). */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { operators, opsSessions } from '../../db/schema';

export type TOperatorRow = typeof operators.$inferSelect;
export type TOpsSessionStage = (typeof opsSessions.$inferSelect)['stage'];

export async function findOperatorByUsername(db: TDb, username: string): Promise<TOperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.username, username));
  return row ?? null;
}

export async function findOperatorById(db: TDb, id: number): Promise<TOperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row ?? null;
}

/** The operator's row locked for the rest of the transaction. */
export async function lockOperator(db: TDb, id: number): Promise<TOperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).for('update');
  return row ?? null;
}

export async function listOperators(db: TDb): Promise<TOperatorRow[]> {
  return db.select().from(operators).orderBy(asc(operators.username));
}

/** Inserts an operator; null when the username is taken. */
export async function insertOperator(
  db: TDb,
  values: {
    username: string;
    passwordHash: string;
    role: TOperatorRow['role'];
    createdBy: number | null;
    createdAt: Date;
  },
): Promise<TOperatorRow | null> {
  const [row] = await db
    .insert(operators)
    .values({ ...values, passwordChangedAt: values.createdAt })
    .onConflictDoNothing({ target: operators.username })
    .returning();
  return row ?? null;
}

export async function updateOperator(
  db: TDb,
  id: number,
  values: Partial<Omit<TOperatorRow, 'id' | 'username' | 'createdAt' | 'createdBy'>>,
): Promise<TOperatorRow | null> {
  const [row] = await db.update(operators).set(values).where(eq(operators.id, id)).returning();
  return row ?? null;
}

/** Counts a failed sign-in step; at `max` in a row, pauses sign-in until `lockUntil`. */
export async function recordFailedSignIn(db: TDb, id: number, max: number, lockUntil: Date): Promise<void> {
  await db
    .update(operators)
    .set({
      failedSignIns: sql`case when ${operators.failedSignIns} + 1 >= ${max} then 0 else ${operators.failedSignIns} + 1 end`,
      lockedUntil: sql`case when ${operators.failedSignIns} + 1 >= ${max} then ${lockUntil.toISOString()}::timestamptz else ${operators.lockedUntil} end`,
    })
    .where(eq(operators.id, id));
}

export type TOpsSessionRow = {
  sessionId: number;
  operatorId: number;
  stage: TOpsSessionStage;
  lastSeenAt: Date;
  expiresAt: Date;
  secondFactorAt: Date | null;
  revokedAt: Date | null;
  username: string;
  role: TOperatorRow['role'];
  status: TOperatorRow['status'];
};

export async function findOpsSessionByTokenHash(db: TDb, tokenHash: Buffer): Promise<TOpsSessionRow | null> {
  const [row] = await db
    .select({
      sessionId: opsSessions.id,
      operatorId: opsSessions.operatorId,
      stage: opsSessions.stage,
      lastSeenAt: opsSessions.lastSeenAt,
      expiresAt: opsSessions.expiresAt,
      secondFactorAt: opsSessions.secondFactorAt,
      revokedAt: opsSessions.revokedAt,
      username: operators.username,
      role: operators.role,
      status: operators.status,
    })
    .from(opsSessions)
    .innerJoin(operators, eq(operators.id, opsSessions.operatorId))
    .where(eq(opsSessions.tokenHash, tokenHash));
  return row ?? null;
}

export async function insertOpsSession(
  db: TDb,
  values: {
    tokenHash: Buffer;
    operatorId: number;
    stage: TOpsSessionStage;
    createdAt: Date;
    expiresAt: Date;
    secondFactorAt: Date | null;
    ip: string | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(opsSessions)
    .values({ ...values, lastSeenAt: values.createdAt })
    .returning({ id: opsSessions.id });
  if (!row) throw new Error('ops session not inserted');
  return row.id;
}

export async function touchOpsSession(db: TDb, sessionId: number, now: Date): Promise<void> {
  await db.update(opsSessions).set({ lastSeenAt: now }).where(eq(opsSessions.id, sessionId));
}

export async function setSecondFactorAt(db: TDb, sessionId: number, at: Date): Promise<void> {
  await db
    .update(opsSessions)
    .set({ secondFactorAt: at, lastSeenAt: at })
    .where(eq(opsSessions.id, sessionId));
}

/** Ends a live session; false when it had ended already. */
export async function revokeOpsSession(
  db: TDb,
  sessionId: number,
  now: Date,
  reason: string,
): Promise<boolean> {
  const rows = await db
    .update(opsSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(opsSessions.id, sessionId), isNull(opsSessions.revokedAt)))
    .returning({ id: opsSessions.id });
  return rows.length > 0;
}

/** Ends every live session of an operator but `keepSessionId`; answers how many. */
export async function revokeOperatorSessions(
  db: TDb,
  operatorId: number,
  now: Date,
  reason: string,
  keepSessionId: number | null = null,
): Promise<number> {
  const rows = await db
    .update(opsSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(
      and(
        eq(opsSessions.operatorId, operatorId),
        isNull(opsSessions.revokedAt),
        ...(keepSessionId === null ? [] : [ne(opsSessions.id, keepSessionId)]),
      ),
    )
    .returning({ id: opsSessions.id });
  return rows.length;
}
