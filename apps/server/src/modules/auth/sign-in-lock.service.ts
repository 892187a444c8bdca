/**
 * A user's sign-in lock (five wrong passwords in a row lock the name for a while, auth.service.ts):
 * read, and lifted by support before it runs out. The count is kept per typed name, the account
 * part being the account's name or its display name (a sign-in accepts either), so both are read
 * and cleared.
 */
import type { TDb } from '../../db/client';
import { attemptKey } from './auth.service';
import { deleteAttempts, findAttempts, type TAttemptRow } from './sign-in-lock.repository';

export type TSignInNames = { accountName: string; accountDisplayName: string; username: string };
export type TSignInLock = { lockedUntil: Date | null; failures: number };

function keysOf(names: TSignInNames): Buffer[] {
  const first = attemptKey(names.accountName, names.username);
  const other = attemptKey(names.accountDisplayName, names.username);
  return first.equals(other) ? [first] : [first, other];
}

/** The lock still running (the latest), else the failures counted towards one. */
function lockOf(rows: readonly TAttemptRow[], now: Date): TSignInLock {
  let lockedUntil: Date | null = null;
  let failures = 0;
  for (const row of rows) {
    const isLocked = row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
    if (isLocked && row.lockedUntil && (!lockedUntil || row.lockedUntil > lockedUntil)) {
      lockedUntil = row.lockedUntil;
    }
    // A lock that ran out counts from zero again at the next failure (auth.service.ts).
    if (row.lockedUntil === null || isLocked) failures = Math.max(failures, row.failures);
  }
  return { lockedUntil, failures };
}

/** The sign-in locks of several users at once (one statement), in the order of `names`. */
export async function signInLocksOf(
  db: TDb,
  names: readonly TSignInNames[],
  now: Date,
): Promise<TSignInLock[]> {
  const keys = names.map(keysOf);
  const rows = await findAttempts(db, keys.flat());
  return keys.map((own) =>
    lockOf(
      rows.filter((row) => own.some((key) => key.equals(row.key))),
      now,
    ),
  );
}

/** Until when the user's sign-in is locked (null: not locked), and the failures counted so far. */
export async function signInLockOf(db: TDb, names: TSignInNames, now: Date): Promise<TSignInLock> {
  return lockOf(await findAttempts(db, keysOf(names)), now);
}

/** Lifts the lock and clears the count, in the caller's transaction: answers the lock it lifted. */
export async function unlockSignIn(db: TDb, names: TSignInNames, now: Date): Promise<TSignInLock> {
  return lockOf(await deleteAttempts(db, keysOf(names)), now);
}
