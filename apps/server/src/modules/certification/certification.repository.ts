/** Real-name verifications, their face sessions and the daily attempts (`certifications`, …). */
import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client';
import { certificationAttempts, certifications, faceSessions } from '../../db/schema';

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
  const rows = rowsOf<{ personal: boolean; enterprise: boolean; pending: boolean }>(
    await db.execute(sql`
      select coalesce(bool_or(type = 'personal' and status = 'passed'), false) as personal,
             coalesce(bool_or(type = 'enterprise' and status = 'passed'), false) as enterprise,
             coalesce(bool_or(status = 'verifying' and manual_review), false) as pending
        from certifications where account_id = ${accountId}`),
  );
  const r = rows[0];
  return {
    personalPassed: Boolean(r?.personal),
    enterprisePassed: Boolean(r?.enterprise),
    manualPending: Boolean(r?.pending),
  };
}

export async function hasEnterpriseCertification(db: TDb, accountId: number): Promise<boolean> {
  return (await certificationFacts(db, accountId)).enterprisePassed;
}

/** Ends the account's personal verifications still waiting for their face check (a new one starts). */
export async function supersedePersonal(db: TDb, accountId: number, now: Date): Promise<void> {
  await db.execute(sql`
    update face_sessions set status = 'failed', error_code = 'USER_EXIT', finished_at = ${now}
     where account_id = ${accountId} and status = 'waiting'`);
  await db.execute(sql`
    update certifications set status = 'failed', face_error = 'USER_EXIT', updated_at = ${now}
     where account_id = ${accountId} and type = 'personal' and status = 'verifying'`);
}

/** Ends the account's face checks whose session expired unfinished (USER_EXIT). */
export async function expireFaceSessions(db: TDb, accountId: number, now: Date): Promise<void> {
  const rows = rowsOf<{ certification_id: number }>(
    await db.execute(sql`
      update face_sessions set status = 'failed', error_code = 'USER_EXIT', finished_at = ${now}
       where account_id = ${accountId} and status = 'waiting' and expires_at <= ${now}
      returning certification_id`),
  );
  for (const r of rows) {
    await db.execute(sql`
      update certifications set status = 'failed', face_error = 'USER_EXIT', updated_at = ${now}
       where id = ${r.certification_id} and status = 'verifying'`);
  }
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
  where: { tokenHash: Buffer } | { providerSessionId: string },
  forUpdate = false,
): Promise<TFaceSessionRow | null> {
  const condition =
    'tokenHash' in where
      ? eq(faceSessions.tokenHash, where.tokenHash)
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

/** Every account's verifications (newest first), or those waiting for manual review. */
export async function listCertifications(db: TDb, isPendingOnly: boolean): Promise<TCertificationListRow[]> {
  const rows = rowsOf<{ id: number; account_name: string }>(
    await db.execute(sql`
      select c.id, a.name as account_name from certifications c join accounts a on a.id = c.account_id
       ${isPendingOnly ? sql`where c.status = 'verifying' and c.manual_review` : sql``}
       order by c.id desc limit 500`),
  );
  const out: TCertificationListRow[] = [];
  for (const r of rows) {
    const row = await findCertification(db, Number(r.id));
    if (row) out.push({ ...row, accountName: r.account_name });
  }
  return out;
}
