/**
 * SQL of passkeys and of WebAuthn challenges. Every statement on a user's passkeys filters by the
 * account and the user; a challenge is spent by the one statement that finds it.
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { passkeys, webauthnChallenges } from '../../db/schema';

export type TPasskeyRow = typeof passkeys.$inferSelect;
export type TWebAuthnChallenge = typeof webauthnChallenges.$inferSelect;
export type TChallengePurpose = TWebAuthnChallenge['purpose'];

export function listPasskeys(db: TDb, accountId: number, userId: number): Promise<TPasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.accountId, accountId), eq(passkeys.userId, userId)))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** A passkey by its credential id, whoever's it is (the caller checks the account). */
export async function findPasskeyByCredential(db: TDb, credentialId: string): Promise<TPasskeyRow | null> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return rows[0] ?? null;
}

export async function insertPasskey(db: TDb, row: typeof passkeys.$inferInsert): Promise<TPasskeyRow | null> {
  const rows = await db
    .insert(passkeys)
    .values(row)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return rows[0] ?? null;
}

export async function renamePasskey(
  db: TDb,
  key: { accountId: number; userId: number; id: number },
  name: string,
): Promise<TPasskeyRow | null> {
  const rows = await db
    .update(passkeys)
    .set({ name })
    .where(
      and(eq(passkeys.id, key.id), eq(passkeys.accountId, key.accountId), eq(passkeys.userId, key.userId)),
    )
    .returning();
  return rows[0] ?? null;
}

export async function deletePasskey(
  db: TDb,
  key: { accountId: number; userId: number; id: number },
): Promise<TPasskeyRow | null> {
  const rows = await db
    .delete(passkeys)
    .where(
      and(eq(passkeys.id, key.id), eq(passkeys.accountId, key.accountId), eq(passkeys.userId, key.userId)),
    )
    .returning();
  return rows[0] ?? null;
}

/** Records a use: the new counter (only forward), when and from where. */
export async function recordPasskeyUse(
  db: TDb,
  id: number,
  use: { counter: number; at: Date; ip: string | null; backedUp: boolean },
): Promise<void> {
  await db
    .update(passkeys)
    .set({
      counter: sql`greatest(${passkeys.counter}, ${use.counter})`,
      lastUsedAt: use.at,
      lastUsedIp: use.ip,
      backedUp: use.backedUp,
    })
    .where(eq(passkeys.id, id));
}

export async function insertChallenge(db: TDb, row: typeof webauthnChallenges.$inferInsert): Promise<void> {
  await db.insert(webauthnChallenges).values(row);
}

/**
 * Spends the challenge of this digest: answers it once, whatever its state (the caller checks
 * purpose, owner and expiry), and never again.
 */
export async function spendChallenge(db: TDb, hash: Buffer, now: Date): Promise<TWebAuthnChallenge | null> {
  const rows = await db
    .update(webauthnChallenges)
    .set({ consumedAt: now })
    .where(and(eq(webauthnChallenges.challengeHash, hash), isNull(webauthnChallenges.consumedAt)))
    .returning();
  return rows[0] ?? null;
}

/** Deletes challenges that ended before `before` (retention). */
export async function deleteEndedChallenges(db: TDb, before: Date): Promise<number> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, before))
    .returning({ id: webauthnChallenges.id });
  return rows.length;
}
