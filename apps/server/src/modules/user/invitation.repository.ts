/**
 * The statements of invitations: a user's links (only their digests), the user and account a link
 * is about, the one-time acceptance (a conditional update, so two concurrent acceptances cannot
 * both win), the password the invited user sets, and each listed user's latest invitation.
 */
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, userInvitations, users } from '../../db/schema';

export type TInvitationRow = typeof userInvitations.$inferSelect;

export async function insertInvitation(
  db: TDb,
  values: typeof userInvitations.$inferInsert,
): Promise<TInvitationRow> {
  const [row] = await db.insert(userInvitations).values(values).returning();
  if (!row) throw new Error('invitation insert returned no row');
  return row;
}

/** Ends the user's open invitations (neither accepted nor revoked); answers how many. */
export async function revokeOpenInvitations(
  db: TDb,
  accountId: number,
  userId: number,
  now: Date,
): Promise<TInvitationRow[]> {
  return db
    .update(userInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(userInvitations.accountId, accountId),
        eq(userInvitations.userId, userId),
        isNull(userInvitations.acceptedAt),
        isNull(userInvitations.revokedAt),
      ),
    )
    .returning();
}

export async function revokeInvitation(db: TDb, id: number, now: Date): Promise<void> {
  await db
    .update(userInvitations)
    .set({ revokedAt: now })
    .where(and(eq(userInvitations.id, id), isNull(userInvitations.acceptedAt)));
}

/** The invitation of a token's digest, with its user and account. */
export async function findInvitationByToken(db: TDb, tokenHash: Buffer) {
  const [row] = await db
    .select({
      invitation: userInvitations,
      user: {
        id: users.id,
        username: users.username,
        phone: users.phone,
        phoneCode: users.phoneCode,
        email: users.email,
        isEnabled: users.isEnabled,
        deletedAt: users.deletedAt,
      },
      account: {
        id: accounts.id,
        name: accounts.name,
        displayName: accounts.displayName,
        mfaRequired: accounts.mfaRequired,
      },
    })
    .from(userInvitations)
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .innerJoin(accounts, eq(accounts.id, userInvitations.accountId))
    .where(eq(userInvitations.tokenHash, tokenHash));
  return row ?? null;
}

export type TInvitationFound = NonNullable<Awaited<ReturnType<typeof findInvitationByToken>>>;

/**
 * Accepts the invitation once: only while it is neither accepted nor revoked nor expired at `now`.
 * Answers whether this call accepted it (false: another acceptance, a revocation or the clock won).
 */
export async function acceptOpenInvitation(db: TDb, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userInvitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(userInvitations.id, id),
        isNull(userInvitations.acceptedAt),
        isNull(userInvitations.revokedAt),
        gt(userInvitations.expiresAt, now),
      ),
    )
    .returning({ id: userInvitations.id });
  return rows.length === 1;
}

/** The password the invited user chose; answers false when the user is gone or disabled meanwhile. */
export async function setInvitedPassword(
  db: TDb,
  accountId: number,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      passwordHash,
      passwordChangedAt: now,
      mustResetPassword: false,
      passwordReminderSentAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(users.id, userId),
        eq(users.accountId, accountId),
        isNull(users.deletedAt),
        eq(users.isEnabled, true),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The user's latest invitation (any state), or null. */
export async function findLatestInvitation(
  db: TDb,
  accountId: number,
  userId: number,
): Promise<TInvitationRow | null> {
  const [row] = await db
    .select()
    .from(userInvitations)
    .where(and(eq(userInvitations.accountId, accountId), eq(userInvitations.userId, userId)))
    .orderBy(desc(userInvitations.id))
    .limit(1);
  return row ?? null;
}

/** The latest invitation of each of the users (users without one are absent). */
export async function listLatestInvitations(
  db: TDb,
  accountId: number,
  userIds: readonly number[],
): Promise<TInvitationRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectDistinctOn([userInvitations.userId])
    .from(userInvitations)
    .where(and(eq(userInvitations.accountId, accountId), inArray(userInvitations.userId, [...userIds])))
    .orderBy(userInvitations.userId, desc(userInvitations.id));
}

/** The account's name and display name (the invitation's texts name the account). */
export async function findAccountNames(db: TDb, accountId: number) {
  const [row] = await db
    .select({ name: accounts.name, displayName: accounts.displayName })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? null;
}
