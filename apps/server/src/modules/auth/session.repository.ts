import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { preparedPer, type TDb } from '../../db/client';
import { accounts, roles, sessions, userRoles, users } from '../../db/schema';

export type TSessionRow = {
  sessionId: number;
  userId: number;
  accountId: number;
  username: string;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  revokeReason: string | null;
  isEnabled: boolean;
  deletedAt: Date | null;
  kind: 'regular' | 'service';
  accountStatus: number;
  isAdmin: boolean;
};

const p = sql.placeholder;

function prepareStatements(db: TDb) {
  const isAdmin = db
    .select({ one: sql`1` })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, users.id), eq(roles.code, 'account_admin')));
  return {
    byToken: db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        accountId: sessions.accountId,
        username: users.username,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        revokeReason: sessions.revokeReason,
        isEnabled: users.isEnabled,
        deletedAt: users.deletedAt,
        kind: users.kind,
        accountStatus: accounts.status,
        isAdmin: sql<boolean>`exists (${isAdmin})`,
      })
      .from(sessions)
      .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.accountId, sessions.accountId)))
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(eq(sessions.tokenHash, p('tokenHash')))
      .prepare('session_by_token'),
    touch: db
      .update(sessions)
      .set({ lastSeenAt: sql`${p('now')}::timestamptz` })
      .where(eq(sessions.id, p('sessionId')))
      .prepare('session_touch'),
  };
}

const statementsOf = preparedPer(prepareStatements);

/** The session of a token digest with what is needed to authorise its requests, in one query. */
export async function findSessionByTokenHash(db: TDb, tokenHash: Buffer): Promise<TSessionRow | null> {
  const [row] = await statementsOf(db).byToken.execute({ tokenHash });
  return row ?? null;
}

export async function touchSession(db: TDb, sessionId: number, now: Date): Promise<void> {
  await statementsOf(db).touch.execute({ sessionId, now });
}

export async function revokeSession(db: TDb, sessionId: number, now: Date, reason: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every live session of a user, except `keepSessionId`; answers how many. */
export async function revokeUserSessions(
  db: TDb,
  input: { userId: number; now: Date; reason: string; keepSessionId?: number },
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: input.now, revokeReason: input.reason })
    .where(
      and(
        eq(sessions.userId, input.userId),
        isNull(sessions.revokedAt),
        ne(sessions.id, input.keepSessionId ?? 0),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Deletes up to `limit` sessions that have ended: past their absolute end, idle since before
 * `idleBefore`, or revoked before `revokedBefore` (revoked ones are kept a while so that their
 * holder is told why). Returns how many were deleted.
 */
export async function deleteEndedSessions(
  db: TDb,
  bounds: { now: Date; idleBefore: Date; revokedBefore: Date },
  limit: number,
): Promise<number> {
  const { now, idleBefore, revokedBefore } = bounds;
  const ended = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, idleBefore),
        lt(sessions.revokedAt, revokedBefore),
      ),
    )
    .limit(limit);
  const rows = await db.delete(sessions).where(inArray(sessions.id, ended)).returning({ id: sessions.id });
  return rows.length;
}
