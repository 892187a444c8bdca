/**
 * The statements of contact changes: the requests (pending, spent, revoked), the user they are
 * about, and the change itself when the user agrees.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, contactChangeRequests, users } from '../../db/schema';

export type TRequestRow = typeof contactChangeRequests.$inferSelect;

/** A user of the account that is not deleted, with its current phone and e-mail. */
export async function findChangeSubject(db: TDb, accountId: number, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      phone: users.phone,
      phoneCode: users.phoneCode,
      kind: users.kind,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId), isNull(users.deletedAt)));
  return user ?? null;
}

export async function findAccountName(db: TDb, accountId: number): Promise<string | null> {
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return account?.name ?? null;
}

export async function findUsername(db: TDb, userId: number): Promise<string | null> {
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return user?.username ?? null;
}

/** Revokes the user's pending request (neither spent nor revoked), if any. */
export async function revokePendingOfUser(db: TDb, userId: number, now: Date): Promise<void> {
  await db
    .update(contactChangeRequests)
    .set({ revokedAt: now })
    .where(
      and(
        eq(contactChangeRequests.userId, userId),
        isNull(contactChangeRequests.consumedAt),
        isNull(contactChangeRequests.revokedAt),
      ),
    );
}

export async function insertRequest(
  db: TDb,
  request: typeof contactChangeRequests.$inferInsert,
): Promise<TRequestRow> {
  const [inserted] = await db.insert(contactChangeRequests).values(request).returning();
  if (!inserted) throw new Error('change request insert returned no row');
  return inserted;
}

export async function revokeRequest(db: TDb, id: number, now: Date): Promise<void> {
  await db.update(contactChangeRequests).set({ revokedAt: now }).where(eq(contactChangeRequests.id, id));
}

/** The request of a token's digest; locked until the transaction ends with `forUpdate`. */
export async function findRequestByToken(
  db: TDb,
  tokenHash: Buffer,
  forUpdate = false,
): Promise<TRequestRow | null> {
  const query = db.select().from(contactChangeRequests).where(eq(contactChangeRequests.tokenHash, tokenHash));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Gives the user (not deleted) the request's new e-mail and phone; answers its username, or null. */
export async function applyChange(db: TDb, row: TRequestRow, now: Date): Promise<string | null> {
  const [user] = await db
    .update(users)
    .set({
      ...(row.newEmail ? { email: row.newEmail } : {}),
      ...(row.newPhone ? { phone: row.newPhone, phoneCode: row.newPhoneCode ?? '86' } : {}),
      updatedAt: now,
    })
    .where(and(eq(users.id, row.userId), eq(users.accountId, row.accountId), isNull(users.deletedAt)))
    .returning({ username: users.username });
  return user?.username ?? null;
}

export async function consumeRequest(db: TDb, id: number, now: Date): Promise<void> {
  await db.update(contactChangeRequests).set({ consumedAt: now }).where(eq(contactChangeRequests.id, id));
}

/** The account's live requests (neither spent, revoked nor expired), newest first, with their user's name. */
export async function listLiveRequests(
  db: TDb,
  accountId: number,
  now: Date,
): Promise<{ row: TRequestRow; userName: string }[]> {
  return db
    .select({ row: contactChangeRequests, userName: users.username })
    .from(contactChangeRequests)
    .innerJoin(users, eq(users.id, contactChangeRequests.userId))
    .where(
      and(
        eq(contactChangeRequests.accountId, accountId),
        isNull(contactChangeRequests.consumedAt),
        isNull(contactChangeRequests.revokedAt),
        gt(contactChangeRequests.expiresAt, now),
      ),
    )
    .orderBy(desc(contactChangeRequests.id));
}

/** Revokes a pending request of the account; answers its user, or null when there was none. */
export async function revokePendingRequest(
  db: TDb,
  accountId: number,
  id: number,
  now: Date,
): Promise<{ userId: number } | null> {
  const [revoked] = await db
    .update(contactChangeRequests)
    .set({ revokedAt: now })
    .where(
      and(
        eq(contactChangeRequests.id, id),
        eq(contactChangeRequests.accountId, accountId),
        isNull(contactChangeRequests.consumedAt),
        isNull(contactChangeRequests.revokedAt),
      ),
    )
    .returning({ userId: contactChangeRequests.userId });
  return revoked ?? null;
}
