/**
 * Real-name verifications, their face sessions and the daily attempts (`certifications`, …), and
 * the account columns a passed verification changes.
 */
import { and, desc, eq, getTableColumns, gt, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, certificationAttempts, certifications, faceSessions, funds } from '../../db/schema';

export type TCertificationRow = typeof certifications.$inferSelect;
export type TCertificationInsert = typeof certifications.$inferInsert;
export type TFaceSessionRow = typeof faceSessions.$inferSelect;

export async function insertCertification(db: TDb, row: TCertificationInsert): Promise<TCertificationRow> {
  const [inserted] = await db.insert(certifications).values(row).returning();
  if (!inserted) throw new Error('certification not inserted');
  return inserted;
}

export async function updateCertification(
  db: TDb,
  id: number,
  values: Partial<
    Pick<
      TCertificationRow,
      'status' | 'result' | 'faceError' | 'manualReview' | 'reason' | 'decidedBy' | 'decidedAt' | 'updatedAt'
    >
  >,
): Promise<TCertificationRow> {
  const [row] = await db.update(certifications).set(values).where(eq(certifications.id, id)).returning();
  if (!row) throw new Error(`no certification ${id}`);
  return row;
}

export async function findCertification(
  db: TDb,
  id: number,
  forUpdate = false,
): Promise<TCertificationRow | null> {
  const query = db.select().from(certifications).where(eq(certifications.id, id));
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function latestCertification(db: TDb, accountId: number): Promise<TCertificationRow | null> {
  const rows = await db
    .select()
    .from(certifications)
    .where(eq(certifications.accountId, accountId))
    .orderBy(desc(certifications.id))
    .limit(1);
  return rows[0] ?? null;
}

/** What the account holds: a passed personal or enterprise verification, a pending manual review. */
export async function certificationFacts(
  db: TDb,
  accountId: number,
): Promise<{ personalPassed: boolean; enterprisePassed: boolean; manualPending: boolean }> {
  const c = certifications;
  const [row] = await db
    .select({
      personalPassed: sql<boolean>`coalesce(bool_or(${c.type} = 'personal' and ${c.status} = 'passed'), false)`,
      enterprisePassed: sql<boolean>`coalesce(bool_or(${c.type} = 'enterprise' and ${c.status} = 'passed'), false)`,
      manualPending: sql<boolean>`coalesce(bool_or(${c.status} = 'verifying' and ${c.manualReview}), false)`,
    })
    .from(c)
    .where(eq(c.accountId, accountId));
  return {
    personalPassed: row?.personalPassed === true,
    enterprisePassed: row?.enterprisePassed === true,
    manualPending: row?.manualPending === true,
  };
}

/** Ends the account's personal verifications still waiting for their face check (a new one starts). */
export async function supersedePersonal(db: TDb, accountId: number, now: Date): Promise<void> {
  await db
    .update(faceSessions)
    .set({ status: 'failed', errorCode: 'USER_EXIT', finishedAt: now })
    .where(and(eq(faceSessions.accountId, accountId), eq(faceSessions.status, 'waiting')));
  await db
    .update(certifications)
    .set({ status: 'failed', faceError: 'USER_EXIT', updatedAt: now })
    .where(
      and(
        eq(certifications.accountId, accountId),
        eq(certifications.type, 'personal'),
        eq(certifications.status, 'verifying'),
      ),
    );
}

/** Ends the account's face checks whose session expired unfinished (USER_EXIT). */
/** Ends the account's waiting face sessions past their expiry (USER_EXIT); answers the verifications it failed. */
export async function expireFaceSessions(
  db: TDb,
  accountId: number,
  now: Date,
): Promise<TCertificationRow[]> {
  const rows = await db
    .update(faceSessions)
    .set({ status: 'failed', errorCode: 'USER_EXIT', finishedAt: now })
    .where(
      and(
        eq(faceSessions.accountId, accountId),
        eq(faceSessions.status, 'waiting'),
        lte(faceSessions.expiresAt, now),
      ),
    )
    .returning({ certificationId: faceSessions.certificationId });
  const failed: TCertificationRow[] = [];
  for (const r of rows) {
    failed.push(
      ...(await db
        .update(certifications)
        .set({ status: 'failed', faceError: 'USER_EXIT', updatedAt: now })
        .where(and(eq(certifications.id, r.certificationId), eq(certifications.status, 'verifying')))
        .returning()),
    );
  }
  return failed;
}

/**
 * Resumes the account's paused services unless arrears keep them paused; answers whether they
 * were paused and are resumed now.
 */
export async function resumeServicesWithoutArrears(db: TDb, accountId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ servicesPausedAt: null, updatedAt: now })
    .where(
      and(
        eq(accounts.id, accountId),
        isNotNull(accounts.servicesPausedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(funds)
            .where(and(eq(funds.accountId, accountId), gt(funds.outstandingFen, 0))),
        ),
      ),
    )
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** The account's type (0 demo, 1 test, 2 trial, 3 formal), or null when there is no such account. */
export async function accountTypeOf(db: TDb, accountId: number): Promise<number | null> {
  const rows = await db.select({ type: accounts.type }).from(accounts).where(eq(accounts.id, accountId));
  return rows[0]?.type ?? null;
}

export async function insertFaceSession(
  db: TDb,
  row: typeof faceSessions.$inferInsert,
): Promise<TFaceSessionRow> {
  const [inserted] = await db.insert(faceSessions).values(row).returning();
  if (!inserted) throw new Error('face session not inserted');
  return inserted;
}

export async function findFaceSession(
  db: TDb,
  where: { tokenHash: Buffer } | { providerSessionId: string } | { id: number },
  forUpdate = false,
): Promise<TFaceSessionRow | null> {
  const condition =
    'tokenHash' in where
      ? eq(faceSessions.tokenHash, where.tokenHash)
      : 'id' in where
        ? eq(faceSessions.id, where.id)
        : eq(faceSessions.providerSessionId, where.providerSessionId);
  const query = db.select().from(faceSessions).where(condition);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function finishFaceSession(
  db: TDb,
  id: number,
  status: 'passed' | 'failed',
  errorCode: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(faceSessions)
    .set({ status, errorCode, finishedAt: now })
    .where(and(eq(faceSessions.id, id), eq(faceSessions.status, 'waiting')))
    .returning({ id: faceSessions.id });
  return rows.length > 0;
}

/** Counts one attempt of the account on `day`; answers the day's count including it. */
export async function countAttempt(db: TDb, accountId: number, day: string): Promise<number> {
  const [row] = await db
    .insert(certificationAttempts)
    .values({ accountId, day, count: 1 })
    .onConflictDoUpdate({
      target: [certificationAttempts.accountId, certificationAttempts.day],
      set: { count: sql`${certificationAttempts.count} + 1` },
    })
    .returning({ count: certificationAttempts.count });
  return row?.count ?? 1;
}

export async function attemptsOn(db: TDb, accountId: number, day: string): Promise<number> {
  const rows = await db
    .select({ count: certificationAttempts.count })
    .from(certificationAttempts)
    .where(and(eq(certificationAttempts.accountId, accountId), eq(certificationAttempts.day, day)));
  return rows[0]?.count ?? 0;
}

export type TCertificationListRow = TCertificationRow & { accountName: string };

/** Every account's verifications (newest first, 500 at most), or those waiting for manual review. */
export async function listCertifications(db: TDb, isPendingOnly: boolean): Promise<TCertificationListRow[]> {
  return db
    .select({ ...getTableColumns(certifications), accountName: accounts.name })
    .from(certifications)
    .innerJoin(accounts, eq(accounts.id, certifications.accountId))
    .where(
      isPendingOnly
        ? and(eq(certifications.status, 'verifying'), eq(certifications.manualReview, true))
        : undefined,
    )
    .orderBy(desc(certifications.id))
    .limit(500);
}

/** Enterprise verifications waiting for an operator's manual review (the queue's count). */
export async function countManualReviewsPending(db: TDb): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(certifications)
    .where(and(eq(certifications.status, 'verifying'), eq(certifications.manualReview, true)));
  return Number(row?.n ?? 0);
}
