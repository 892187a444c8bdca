import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
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

/** Ends every live session of an account's users (an operator suspended the account); answers how many. */
export async function revokeAccountSessions(
  db: TDb,
  input: { accountId: number; now: Date; reason: string },
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: input.now, revokeReason: input.reason })
    .where(and(eq(sessions.accountId, input.accountId), isNull(sessions.revokedAt)))
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

/** A live session as its lists show it. */
export type TLiveSessionRow = {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
  signInMethod: string | null;
};

const liveSessionColumns = {
  id: sessions.id,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  ip: sessions.ip,
  userAgent: sessions.userAgent,
  signInMethod: sessions.signInMethod,
};

/** The bounds of a live session: not ended, not past its absolute end, active since `idleSince`. */
export type TLiveBounds = { accountId: number; userId: number; now: Date; idleSince: Date };

function isLive(b: TLiveBounds) {
  return and(
    eq(sessions.accountId, b.accountId),
    eq(sessions.userId, b.userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, b.now),
    gt(sessions.lastSeenAt, b.idleSince),
  );
}

/** A user's live sessions, the most recently active first. */
export async function listLiveSessions(db: TDb, bounds: TLiveBounds): Promise<TLiveSessionRow[]> {
  return db
    .select(liveSessionColumns)
    .from(sessions)
    .where(isLive(bounds))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/**
 * Ends live sessions of a user: the one of `only`, or all of them but `exceptId`. Answers the
 * sessions it ended (none when `only` is not a live session of the user).
 */
export async function endLiveSessions(
  db: TDb,
  bounds: TLiveBounds & { reason: string; only?: number; exceptId?: number },
): Promise<TLiveSessionRow[]> {
  return db
    .update(sessions)
    .set({ revokedAt: bounds.now, revokeReason: bounds.reason })
    .where(
      and(
        isLive(bounds),
        bounds.only === undefined ? undefined : eq(sessions.id, bounds.only),
        bounds.exceptId === undefined ? undefined : ne(sessions.id, bounds.exceptId),
      ),
    )
    .returning(liveSessionColumns);
}

/** A user of the account (deleted ones too), for an administrator's view of its sessions. */
export async function findAccountUser(
  db: TDb,
  accountId: number,
  userId: number,
): Promise<{ id: number; username: string } | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
  return row ?? null;
}
