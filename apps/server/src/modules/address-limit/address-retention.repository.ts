/**
 * Retention of the failure counts of client addresses (decision 0012): the retention job removes
 * the counts whose window and block both ended before `before` (at least a day ago).
 */
import { and, isNull, lt, or } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { addressAttempts } from '../../db/schema';

export async function deleteStaleAddressAttempts(db: TDb, before: Date): Promise<void> {
  await db
    .delete(addressAttempts)
    .where(
      and(
        lt(addressAttempts.updatedAt, before),
        or(isNull(addressAttempts.blockedUntil), lt(addressAttempts.blockedUntil, before)),
      ),
    );
}
