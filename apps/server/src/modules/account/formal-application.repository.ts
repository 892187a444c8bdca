/** Applications for a formal account (`formal_applications`) and their outcome. */
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, formalApplications, users } from '../../db/schema';

export type TFormalApplicationRow = typeof formalApplications.$inferSelect;
export type TFormalApplicationListRow = TFormalApplicationRow & {
  accountName: string;
  accountDisplayName: string;
};

function withAccount(db: TDb) {
  return db
    .select({
      id: formalApplications.id,
      accountId: formalApplications.accountId,
      userId: formalApplications.userId,
      contactName: formalApplications.contactName,
      company: formalApplications.company,
      email: formalApplications.email,
      openServices: formalApplications.openServices,
      status: formalApplications.status,
      reasonCode: formalApplications.reasonCode,
      reasonNote: formalApplications.reasonNote,
      decidedAt: formalApplications.decidedAt,
      createdAt: formalApplications.createdAt,
      accountName: accounts.name,
      accountDisplayName: accounts.displayName,
    })
    .from(formalApplications)
    .innerJoin(accounts, eq(accounts.id, formalApplications.accountId));
}

/** The applications waiting for an operator, oldest first (500 at most). */
export function listSubmittedApplications(db: TDb): Promise<TFormalApplicationListRow[]> {
  return withAccount(db)
    .where(eq(formalApplications.status, 'submitted'))
    .orderBy(asc(formalApplications.createdAt), asc(formalApplications.id))
    .limit(500);
}

export async function findApplication(db: TDb, id: number): Promise<TFormalApplicationListRow | null> {
  const [row] = await withAccount(db).where(eq(formalApplications.id, id));
  return row ?? null;
}

/** The account's latest application, or null. */
export async function latestApplication(db: TDb, accountId: number): Promise<TFormalApplicationRow | null> {
  const [row] = await db
    .select()
    .from(formalApplications)
    .where(eq(formalApplications.accountId, accountId))
    .orderBy(desc(formalApplications.createdAt), desc(formalApplications.id))
    .limit(1);
  return row ?? null;
}

/** submitted → approved or declined; answers the row when this call changed it. */
export async function decideApplication(
  db: TDb,
  id: number,
  outcome: { status: 'approved' | 'declined'; reasonCode: string | null; reasonNote: string | null },
  now: Date,
): Promise<TFormalApplicationRow | null> {
  const [row] = await db
    .update(formalApplications)
    .set({ ...outcome, decidedAt: now })
    .where(and(eq(formalApplications.id, id), eq(formalApplications.status, 'submitted')))
    .returning();
  return row ?? null;
}

/** The account's regular users that are not deleted. */
export async function countUsers(db: TDb, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.kind, 'regular'), isNull(users.deletedAt)));
  return Number(row?.n ?? 0);
}
