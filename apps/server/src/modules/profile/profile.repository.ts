/** The statements of the signed-in user's own profile. */
import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { users } from '../../db/schema';

/** The user's display name, phone and e-mail, while it is not deleted. */
export async function findProfile(db: TDb, accountId: number, userId: number) {
  const rows = await db
    .select({
      phone: users.phone,
      phoneCode: users.phoneCode,
      email: users.email,
      displayName: users.displayName,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId), isNull(users.deletedAt)));
  return rows[0] ?? null;
}

export async function updateProfileFields(
  db: TDb,
  accountId: number,
  userId: number,
  fields: { displayName?: string; phone?: string; phoneCode?: string; email?: string },
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
}
