/**
 * The statements of job-profile share links: a link is found by its token's digest (never by
 * anything a visitor could alter to reach another), listed per account with its instance's name and
 * its creator's username, revoked, and counted when opened.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { instances, jobProfileShares, users } from '../../db/schema';

export type TShareRow = typeof jobProfileShares.$inferSelect;

/** A link with the names the service page shows. */
export type TListedShare = { row: TShareRow; instanceName: string; createdByName: string | null };

export async function insertShare(db: TDb, share: typeof jobProfileShares.$inferInsert): Promise<TShareRow> {
  const [inserted] = await db.insert(jobProfileShares).values(share).returning();
  if (!inserted) throw new Error('share insert returned no row');
  return inserted;
}

/** The link of a token's digest, whichever account's (the public read), or null. */
export async function findShareByToken(db: TDb, tokenHash: Buffer): Promise<TShareRow | null> {
  const [row] = await db.select().from(jobProfileShares).where(eq(jobProfileShares.tokenHash, tokenHash));
  return row ?? null;
}

/** A link of the account, locked until the transaction ends, or null (another account's, or none). */
export async function findAccountShareForUpdate(
  db: TDb,
  accountId: number,
  id: number,
): Promise<TShareRow | null> {
  const [row] = await db
    .select()
    .from(jobProfileShares)
    .where(and(eq(jobProfileShares.id, id), eq(jobProfileShares.accountId, accountId)))
    .for('update');
  return row ?? null;
}

export async function revokeShare(db: TDb, id: number, now: Date): Promise<void> {
  await db
    .update(jobProfileShares)
    .set({ revokedAt: now })
    .where(and(eq(jobProfileShares.id, id), isNull(jobProfileShares.revokedAt)));
}

/** Counts one opening of a link. */
export async function countOpening(db: TDb, id: number, now: Date): Promise<void> {
  await db
    .update(jobProfileShares)
    .set({ openCount: sql`${jobProfileShares.openCount} + 1`, lastOpenedAt: now })
    .where(eq(jobProfileShares.id, id));
}

/** A page of the account's links (of one instance, if given), newest first, and how many there are. */
export async function listAccountShares(
  db: TDb,
  input: { accountId: number; instanceId?: number | undefined; limit: number; offset: number },
): Promise<{ rows: TListedShare[]; total: number }> {
  const where = and(
    eq(jobProfileShares.accountId, input.accountId),
    input.instanceId === undefined ? undefined : eq(jobProfileShares.instanceId, input.instanceId),
  );
  const rows = await db
    .select({ row: jobProfileShares, instanceName: instances.instanceName, createdByName: users.username })
    .from(jobProfileShares)
    .innerJoin(instances, eq(instances.id, jobProfileShares.instanceId))
    .leftJoin(users, eq(users.id, jobProfileShares.createdBy))
    .where(where)
    .orderBy(desc(jobProfileShares.createdAt), desc(jobProfileShares.id))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await db.select({ n: count() }).from(jobProfileShares).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}
