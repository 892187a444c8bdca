/**
 * The SQL of operators' passkeys and of their WebAuthn challenges (decision 0050). Every statement
 * on passkeys filters by the operator; a challenge is spent by the one statement that finds it.
 */
import { and, asc, count, eq, isNull, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { operatorPasskeys, operatorWebauthnChallenges } from '../../db/schema';

export type TOperatorPasskeyRow = typeof operatorPasskeys.$inferSelect;
export type TOperatorChallengeRow = typeof operatorWebauthnChallenges.$inferSelect;
export type TOperatorChallengePurpose = TOperatorChallengeRow['purpose'];

export function listOperatorPasskeys(db: TDb, operatorId: number): Promise<TOperatorPasskeyRow[]> {
  return db
    .select()
    .from(operatorPasskeys)
    .where(eq(operatorPasskeys.operatorId, operatorId))
    .orderBy(asc(operatorPasskeys.createdAt), asc(operatorPasskeys.id));
}

export async function countOperatorPasskeys(db: TDb, operatorId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(operatorPasskeys)
    .where(eq(operatorPasskeys.operatorId, operatorId));
  return Number(row?.n ?? 0);
}

/** A passkey by its credential id, whoever's it is (the caller checks the operator). */
export async function findOperatorPasskeyByCredential(
  db: TDb,
  credentialId: string,
): Promise<TOperatorPasskeyRow | null> {
  const [row] = await db
    .select()
    .from(operatorPasskeys)
    .where(eq(operatorPasskeys.credentialId, credentialId));
  return row ?? null;
}

/** Inserts a passkey; null when the credential is registered already. */
export async function insertOperatorPasskey(
  db: TDb,
  row: typeof operatorPasskeys.$inferInsert,
): Promise<TOperatorPasskeyRow | null> {
  const [inserted] = await db
    .insert(operatorPasskeys)
    .values(row)
    .onConflictDoNothing({ target: operatorPasskeys.credentialId })
    .returning();
  return inserted ?? null;
}

export async function renameOperatorPasskey(
  db: TDb,
  key: { operatorId: number; id: number },
  name: string,
): Promise<TOperatorPasskeyRow | null> {
  const [row] = await db
    .update(operatorPasskeys)
    .set({ name })
    .where(and(eq(operatorPasskeys.id, key.id), eq(operatorPasskeys.operatorId, key.operatorId)))
    .returning();
  return row ?? null;
}

export async function deleteOperatorPasskey(
  db: TDb,
  key: { operatorId: number; id: number },
): Promise<TOperatorPasskeyRow | null> {
  const [row] = await db
    .delete(operatorPasskeys)
    .where(and(eq(operatorPasskeys.id, key.id), eq(operatorPasskeys.operatorId, key.operatorId)))
    .returning();
  return row ?? null;
}

/** Deletes every passkey of an operator (the owner's reset); answers how many. */
export async function deleteAllOperatorPasskeys(db: TDb, operatorId: number): Promise<number> {
  const rows = await db
    .delete(operatorPasskeys)
    .where(eq(operatorPasskeys.operatorId, operatorId))
    .returning({ id: operatorPasskeys.id });
  return rows.length;
}

/** Records a use: the new counter (only forward), when and from where. */
export async function recordOperatorPasskeyUse(
  db: TDb,
  id: number,
  use: { counter: number; at: Date; ip: string | null; backedUp: boolean },
): Promise<void> {
  await db
    .update(operatorPasskeys)
    .set({
      counter: sql`greatest(${operatorPasskeys.counter}, ${use.counter})`,
      lastUsedAt: use.at,
      lastUsedIp: use.ip,
      backedUp: use.backedUp,
    })
    .where(eq(operatorPasskeys.id, id));
}

export async function insertOperatorChallenge(
  db: TDb,
  row: typeof operatorWebauthnChallenges.$inferInsert,
): Promise<void> {
  await db.insert(operatorWebauthnChallenges).values(row);
}

/**
 * Spends the challenge of this digest: answers it once, whatever its state (the caller checks
 * purpose, session and expiry), and never again.
 */
export async function spendOperatorChallenge(
  db: TDb,
  hash: Buffer,
  now: Date,
): Promise<TOperatorChallengeRow | null> {
  const [row] = await db
    .update(operatorWebauthnChallenges)
    .set({ consumedAt: now })
    .where(
      and(eq(operatorWebauthnChallenges.challengeHash, hash), isNull(operatorWebauthnChallenges.consumedAt)),
    )
    .returning();
  return row ?? null;
}

/** Deletes challenges that ended before `before` (retention). */
export async function deleteEndedOperatorChallenges(db: TDb, before: Date): Promise<number> {
  const rows = await db
    .delete(operatorWebauthnChallenges)
    .where(lt(operatorWebauthnChallenges.expiresAt, before))
    .returning({ id: operatorWebauthnChallenges.id });
  return rows.length;
}
