/** SQL of third-party binding and sign-in: the account's setting and its users' bound identities. */
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { thirdPartyBindings, thirdPartySettings } from '../../db/schema';

export type TBindingRow = typeof thirdPartyBindings.$inferSelect;

/** Whether the account lets its users sign in through a bound identity (off until an administrator turns it on). */
export async function isLoginEnabled(db: TDb, accountId: number): Promise<boolean> {
  const rows = await db
    .select({ loginEnabled: thirdPartySettings.loginEnabled })
    .from(thirdPartySettings)
    .where(eq(thirdPartySettings.accountId, accountId));
  return rows[0]?.loginEnabled ?? false;
}

export async function upsertLoginEnabled(
  db: TDb,
  row: { accountId: number; loginEnabled: boolean; updatedAt: Date; updatedBy: number },
): Promise<void> {
  await db
    .insert(thirdPartySettings)
    .values(row)
    .onConflictDoUpdate({
      target: thirdPartySettings.accountId,
      set: { loginEnabled: row.loginEnabled, updatedAt: row.updatedAt, updatedBy: row.updatedBy },
    });
}

/** The user's bound identities, one per provider at most. */
export async function listBindings(db: TDb, accountId: number, userId: number): Promise<TBindingRow[]> {
  return db
    .select()
    .from(thirdPartyBindings)
    .where(and(eq(thirdPartyBindings.accountId, accountId), eq(thirdPartyBindings.userId, userId)));
}

/** The binding of a provider's identity in the account, whoever holds it. */
export async function findBindingBySubject(
  db: TDb,
  accountId: number,
  provider: string,
  subject: string,
): Promise<TBindingRow | null> {
  const rows = await db
    .select()
    .from(thirdPartyBindings)
    .where(
      and(
        eq(thirdPartyBindings.accountId, accountId),
        eq(thirdPartyBindings.provider, provider),
        eq(thirdPartyBindings.subject, subject),
      ),
    );
  return rows[0] ?? null;
}

/**
 * Binds the identity to the user; an identity of the same provider bound before is replaced.
 * Throws a unique violation when another user of the account holds the identity.
 */
export async function upsertBinding(
  db: TDb,
  row: {
    accountId: number;
    userId: number;
    provider: string;
    subject: string;
    externalName: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insert(thirdPartyBindings)
    .values(row)
    .onConflictDoUpdate({
      target: [thirdPartyBindings.userId, thirdPartyBindings.provider],
      set: { subject: row.subject, externalName: row.externalName, createdAt: row.createdAt },
    });
}

/** Removes the user's binding of a provider; answers the removed row, or null when there was none. */
export async function deleteBinding(
  db: TDb,
  accountId: number,
  userId: number,
  provider: string,
): Promise<TBindingRow | null> {
  const rows = await db
    .delete(thirdPartyBindings)
    .where(
      and(
        eq(thirdPartyBindings.accountId, accountId),
        eq(thirdPartyBindings.userId, userId),
        eq(thirdPartyBindings.provider, provider),
      ),
    )
    .returning();
  return rows[0] ?? null;
}
