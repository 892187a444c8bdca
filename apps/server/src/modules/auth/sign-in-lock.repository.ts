/** The wrong-password counts of sign-in names (`login_attempts`), read and cleared by key. */
import { inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export type TAttemptRow = { key: Buffer; failures: number; lockedUntil: Date | null };

export async function findAttempts(db: TDb, keys: readonly Buffer[]): Promise<TAttemptRow[]> {
  if (keys.length === 0) return [];
  return db
    .select({
      key: loginAttempts.key,
      failures: loginAttempts.failures,
      lockedUntil: loginAttempts.lockedUntil,
    })
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, [...keys]));
}

/** Deletes the counts of `keys`; answers the rows deleted (with the lock each had). */
export async function deleteAttempts(db: TDb, keys: readonly Buffer[]): Promise<TAttemptRow[]> {
  if (keys.length === 0) return [];
  return db
    .delete(loginAttempts)
    .where(inArray(loginAttempts.key, [...keys]))
    .returning({
      key: loginAttempts.key,
      failures: loginAttempts.failures,
      lockedUntil: loginAttempts.lockedUntil,
    });
}
