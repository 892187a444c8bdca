import type { TPasswordCharType } from '@console/contract/enums';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, passwordPolicies, users } from '../../db/schema';

export type TStoredPolicy = { requiredCharTypes: TPasswordCharType[]; minLength: number; expireDays: number };

export async function findPolicy(db: TDb, accountId: number): Promise<TStoredPolicy | null> {
  const rows = await db
    .select({
      requiredCharTypes: passwordPolicies.requiredCharTypes,
      minLength: passwordPolicies.minLength,
      expireDays: passwordPolicies.expireDays,
    })
    .from(passwordPolicies)
    .where(eq(passwordPolicies.accountId, accountId));
  const row = rows[0];
  return row ? { ...row, requiredCharTypes: row.requiredCharTypes as TPasswordCharType[] } : null;
}

export async function upsertPolicy(
  db: TDb,
  accountId: number,
  policy: TStoredPolicy,
  by: number,
  now: Date,
): Promise<void> {
  const values = {
    requiredCharTypes: policy.requiredCharTypes,
    minLength: policy.minLength,
    expireDays: policy.expireDays,
    updatedAt: now,
    updatedBy: by,
  };
  await db
    .insert(passwordPolicies)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: passwordPolicies.accountId, set: values });
}

export async function findPasswordHolder(db: TDb, accountId: number, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      accountId: users.accountId,
      username: users.username,
      passwordHash: users.passwordHash,
      kind: users.kind,
      isDeleted: users.deletedAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  return rows[0] ?? null;
}

export async function storePassword(
  db: TDb,
  accountId: number,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      passwordChangedAt: now,
      mustResetPassword: false,
      passwordReminderSentAt: null,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
}

/** A password that expires soon, of a user with an e-mail address. */
export type TExpiringPassword = {
  id: number;
  username: string;
  email: string;
  account: string;
  expiresAt: Date;
};

/**
 * Enabled regular users (not deleted, with an e-mail) whose password expires under their account's
 * policy after `now` and by `until`, and who got no reminder for this password yet; in id order,
 * at most `limit`.
 */
export async function findExpiringPasswords(
  db: TDb,
  now: Date,
  until: Date,
  limit: number,
): Promise<TExpiringPassword[]> {
  const expiresAt = sql`${users.passwordChangedAt} + make_interval(days => ${passwordPolicies.expireDays})`;
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      account: accounts.name,
      expiresAt: expiresAt.mapWith(users.passwordChangedAt),
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .innerJoin(
      passwordPolicies,
      and(eq(passwordPolicies.accountId, users.accountId), gt(passwordPolicies.expireDays, 0)),
    )
    .where(
      and(
        isNull(users.deletedAt),
        eq(users.kind, 'regular'),
        eq(users.isEnabled, true),
        isNotNull(users.email),
        or(isNull(users.passwordReminderSentAt), lt(users.passwordReminderSentAt, users.passwordChangedAt)),
        sql`${expiresAt} > ${now}`,
        sql`${expiresAt} <= ${until}`,
      ),
    )
    .orderBy(users.id)
    .limit(limit);
  return rows.flatMap((row) => (row.email === null ? [] : [{ ...row, email: row.email }]));
}

export async function markReminderSent(db: TDb, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ passwordReminderSentAt: now }).where(eq(users.id, userId));
}
