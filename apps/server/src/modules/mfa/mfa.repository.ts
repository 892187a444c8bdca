import { and, eq, isNull, ne, sql } from 'drizzle-orm';
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

/**
 * Removes the user's second factors that can be lost: the authenticator app's secret (protection
 * by it turns off with it) and every passkey. Protection by a code to the phone or e-mail on record
 * stays (decision 0048). Answers what was removed.
 */
export async function removeLosableFactors(
  db: TDb,
  accountId: number,
  userId: number,
  now: Date,
): Promise<{ hadAuthenticator: boolean; removedPasskeys: number }> {
  const [before] = await db
    .select({ mfaMethod: users.mfaMethod, totpSecret: users.totpSecret })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  const hadAuthenticator = before?.mfaMethod === 'GA' && before.totpSecret !== null;
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.accountId, accountId)))
    .returning({ id: passkeys.id });
  if (before && (before.mfaMethod === 'GA' || before.totpSecret !== null)) {
    await db
      .update(users)
      .set({
        ...(before.mfaMethod === 'GA' ? { mfaEnabled: false, mfaMethod: null } : {}),
        totpSecret: null,
        totpLastStep: null,
        updatedAt: now,
      })
      .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  }
  return { hadAuthenticator, removedPasskeys: removed.length };
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

/** What a user has for the second step of a sign-in, as `groupSecondStepFacts` groups users by it. */
export type TSecondStepFacts = {
  hasPasskey: boolean;
  isGaBound: boolean;
  mfaEnabled: boolean;
  hasPhone: boolean;
  hasEmail: boolean;
};

/**
 * The account's enabled regular users that are not deleted (`exceptUserId` aside), grouped by what
 * they have for a second step: how many share each combination, and the usernames of the first
 * five of each (in creation order). At most 32 rows, whatever the number of users.
 */
export async function groupSecondStepFacts(
  db: TDb,
  accountId: number,
  exceptUserId: number,
): Promise<(TSecondStepFacts & { count: number; usernames: string[] })[]> {
  // Qualified by hand: in a select of one table, drizzle writes a column without its table, which
  // inside the subquery would name the passkey's own columns.
  const hasPasskey = sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys}."user_id" = ${users}."id")`;
  const isGaBound = sql<boolean>`(${users.mfaEnabled} and ${users.mfaMethod} = 'GA' and ${users.totpSecret} is not null)`;
  const hasPhone = sql<boolean>`(coalesce(${users.phone}, '') <> '')`;
  const hasEmail = sql<boolean>`(coalesce(${users.email}, '') <> '')`;
  return db
    .select({
      hasPasskey,
      isGaBound,
      mfaEnabled: users.mfaEnabled,
      hasPhone,
      hasEmail,
      count: sql<number>`count(*)::int`,
      usernames: sql<string[]>`(array_agg(${users.username} order by ${users.id}))[1:5]`,
    })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        eq(users.kind, 'regular'),
        eq(users.isEnabled, true),
        isNull(users.deletedAt),
        ne(users.id, exceptUserId),
      ),
    )
    .groupBy(sql`1, 2, 3, 4, 5`);
}
