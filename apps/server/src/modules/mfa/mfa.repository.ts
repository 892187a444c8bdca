import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, mfaChallenges, passkeys, users } from '../../db/schema';

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

export async function findChallenge(db: TDb, uniqueIdHash: Buffer): Promise<TChallenge | null> {
  const rows = await db
    .select({
      id: mfaChallenges.id,
      kind: mfaChallenges.kind,
      accountId: mfaChallenges.accountId,
      userId: mfaChallenges.userId,
      keyId: mfaChallenges.keyId,
      pendingSecret: mfaChallenges.pendingSecret,
      attempts: mfaChallenges.attempts,
      expiresAt: mfaChallenges.expiresAt,
      consumedAt: mfaChallenges.consumedAt,
    })
    .from(mfaChallenges)
    .where(eq(mfaChallenges.uniqueIdHash, uniqueIdHash));
  return rows[0] ?? null;
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
  /** How many passkeys the user has registered. */
  passkeyCount: number;
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
      passkeyCount: sql<number>`(select count(*) from ${passkeys} where ${passkeys.userId} = ${users.id})::int`,
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

/** The account's login-protection policy; `passkeySignIn` stays as it is when undefined. */
export async function setAccountMfaPolicy(
  db: TDb,
  accountId: number,
  policy: { required: boolean; passkeySignIn?: boolean | undefined },
  now: Date,
): Promise<void> {
  await db
    .update(accounts)
    .set({
      mfaRequired: policy.required,
      ...(policy.passkeySignIn === undefined ? {} : { passkeySignIn: policy.passkeySignIn }),
      updatedAt: now,
    })
    .where(eq(accounts.id, accountId));
}
