import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TQuery } from '../../db/client';
import { sessions } from '../../db/schema';

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

type TRaw = {
  session_id: number;
  user_id: number;
  account_id: number;
  username: string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  revoke_reason: string | null;
  is_enabled: boolean;
  deleted_at: Date | string | null;
  kind: 'regular' | 'service';
  account_status: number;
  is_admin: boolean;
};

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** The session of a token digest with what is needed to authorise its requests, in one query. */
export async function findSessionByTokenHash(query: TQuery, tokenHash: Buffer): Promise<TSessionRow | null> {
  const rows = await query<TRaw>(
    'session_by_token',
    `select s.id as session_id, s.user_id, s.account_id, u.username, s.last_seen_at, s.expires_at,
            s.revoked_at, s.revoke_reason, u.is_enabled, u.deleted_at, u.kind, a.status as account_status,
            exists (
              select 1 from user_roles ur join roles r on r.id = ur.role_id
              where ur.user_id = u.id and r.code = 'account_admin'
            ) as is_admin
     from sessions s
     join users u on u.id = s.user_id and u.account_id = s.account_id
     join accounts a on a.id = s.account_id
     where s.token_hash = $1`,
    [tokenHash],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    sessionId: Number(r.session_id),
    userId: Number(r.user_id),
    accountId: Number(r.account_id),
    username: r.username,
    lastSeenAt: toDate(r.last_seen_at),
    expiresAt: toDate(r.expires_at),
    revokedAt: r.revoked_at === null ? null : toDate(r.revoked_at),
    revokeReason: r.revoke_reason,
    isEnabled: r.is_enabled,
    deletedAt: r.deleted_at === null ? null : toDate(r.deleted_at),
    kind: r.kind,
    accountStatus: Number(r.account_status),
    isAdmin: r.is_admin,
  };
}

export async function touchSession(query: TQuery, sessionId: number, now: Date): Promise<void> {
  await query('session_touch', 'update sessions set last_seen_at = $2 where id = $1', [sessionId, now]);
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
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update sessions set revoked_at = ${input.now}, revoke_reason = ${input.reason}
      where user_id = ${input.userId} and revoked_at is null
        and id <> ${input.keepSessionId ?? 0}
      returning id`),
  );
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
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      delete from sessions where id in (
        select id from sessions
        where ${or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore), lt(sessions.revokedAt, revokedBefore))}
        limit ${limit}
      ) returning id`),
  );
  return rows.length;
}
