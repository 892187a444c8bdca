import type { TPasswordCharType } from '@console/contract/enums';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { passwordPolicies, users } from '../../db/schema';

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
