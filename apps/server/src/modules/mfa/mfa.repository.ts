import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client';
import { accounts, mfaChallenges, users } from '../../db/schema';

export type TChallengeKind = 'login' | 'bind' | 'status';

export type TChallenge = {
  id: number;
  kind: TChallengeKind;
  accountId: number;
  userId: number;
  keyId: number;
  pendingSecret: string | null;
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
};

export async function insertChallenge(
  db: TDb,
  input: {
    uniqueIdHash: Buffer;
    kind: TChallengeKind;
    accountId: number;
    userId: number;
    keyId: number;
    pendingSecret: string | null;
    ip: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(mfaChallenges).values({
    uniqueIdHash: input.uniqueIdHash,
    kind: input.kind,
    accountId: input.accountId,
    userId: input.userId,
    keyId: input.keyId,
    pendingSecret: input.pendingSecret,
    ip: input.ip,
    createdAt: input.now,
    expiresAt: input.expiresAt,
  });
}

export async function findChallenge(
  db: TDb,
  uniqueIdHash: Buffer,
  forUpdate = false,
): Promise<TChallenge | null> {
  const rows = rowsOf<{
    id: number;
    kind: TChallengeKind;
    account_id: number;
    user_id: number;
    key_id: number;
    pending_secret: string | null;
    attempts: number;
    expires_at: Date | string;
    consumed_at: Date | string | null;
  }>(
    await db.execute(sql`
      select id, kind, account_id, user_id, key_id, pending_secret, attempts, expires_at, consumed_at
      from mfa_challenges where unique_id_hash = ${uniqueIdHash} ${forUpdate ? sql`for update` : sql``}`),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    kind: r.kind,
    accountId: Number(r.account_id),
    userId: Number(r.user_id),
    keyId: Number(r.key_id),
    pendingSecret: r.pending_secret,
    attempts: Number(r.attempts),
    expiresAt: new Date(r.expires_at),
    consumedAt: r.consumed_at === null ? null : new Date(r.consumed_at),
  };
}

export async function countFailedAttempt(
  db: TDb,
  challengeId: number,
  consume: boolean,
  now: Date,
): Promise<void> {
  await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1`, ...(consume ? { consumedAt: now } : {}) })
    .where(eq(mfaChallenges.id, challengeId));
}

export async function consumeChallenge(db: TDb, challengeId: number, now: Date): Promise<void> {
  await db.update(mfaChallenges).set({ consumedAt: now }).where(eq(mfaChallenges.id, challengeId));
}

export async function setPendingSecret(db: TDb, challengeId: number, sealed: string): Promise<void> {
  await db.update(mfaChallenges).set({ pendingSecret: sealed }).where(eq(mfaChallenges.id, challengeId));
}

export type TMfaUser = {
  id: number;
  accountId: number;
  username: string;
  accountName: string;
  accountDisplayName: string;
  phone: string | null;
  phoneCode: string;
  email: string | null;
  mfaEnabled: boolean;
  mfaMethod: 'GA' | 'PHONE' | 'EMAIL' | null;
  totpSecret: string | null;
  totpLastStep: number | null;
  accountMfaRequired: boolean;
};

export async function findMfaUser(db: TDb, accountId: number, userId: number): Promise<TMfaUser | null> {
  const rows = await db
    .select({
      id: users.id,
      accountId: users.accountId,
      username: users.username,
      accountName: accounts.name,
      accountDisplayName: accounts.displayName,
      phone: users.phone,
      phoneCode: users.phoneCode,
      email: users.email,
      mfaEnabled: users.mfaEnabled,
      mfaMethod: users.mfaMethod,
      totpSecret: users.totpSecret,
      totpLastStep: users.totpLastStep,
      accountMfaRequired: accounts.mfaRequired,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  return rows[0] ?? null;
}

export async function updateUserMfa(
  db: TDb,
  accountId: number,
  userId: number,
  values: Partial<{
    mfaEnabled: boolean;
    mfaMethod: 'GA' | 'PHONE' | 'EMAIL' | null;
    totpSecret: string | null;
    totpLastStep: number | null;
  }>,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
}

export async function setAccountMfaRequired(
  db: TDb,
  accountId: number,
  required: boolean,
  now: Date,
): Promise<void> {
  await db.update(accounts).set({ mfaRequired: required, updatedAt: now }).where(eq(accounts.id, accountId));
}
