/**
 * The back office's reads of customers' users across accounts (issue 40, item 3): the search (the
 * same substring index as the customers' user list, `users_search_trgm_idx`, without the account
 * filter) and one user's state. Every change goes through the owning module's service.
 */
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, passkeys, roles, sessions, userInvitations, userRoles, users } from '../../db/schema';

/** `like` pattern of a text searched as a substring: its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(text: string) {
  const asId = /^\d{1,15}$/.test(text) ? Number(text) : null;
  const contains = sql`lower(${users.username} || ' ' || ${users.displayName} || ' ' || coalesce(${users.phone}, '') || ' ' || coalesce(${users.email}, '')) like ${containing(text)}`;
  return asId === null ? contains : or(contains, eq(users.id, asId));
}

const rowColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  kind: users.kind,
  isEnabled: users.isEnabled,
  deletedAt: users.deletedAt,
  email: users.email,
  phone: users.phone,
  phoneCode: users.phoneCode,
  lastLoginAt: users.lastLoginAt,
  accountId: accounts.id,
  accountName: accounts.name,
  accountDisplayName: accounts.displayName,
  hasAuthenticator: sql<boolean>`(${users.mfaMethod} = 'GA' and ${users.totpSecret} is not null)`,
  passkeys: sql<number>`(select count(*) from ${passkeys} where ${passkeys.userId} = ${users.id})`.mapWith(
    Number,
  ),
  /** An invitation neither accepted nor revoked (pending, or expired unanswered). */
  isInvited: sql<boolean>`exists (select 1 from ${userInvitations}
    where ${userInvitations.userId} = ${users.id}
      and ${userInvitations.acceptedAt} is null and ${userInvitations.revokedAt} is null)`,
};

/** One page of the users matching `text`, newest first, and how many match in all. */
export async function searchUsers(db: TDb, text: string, limit: number, offset: number) {
  const where = searchCondition(text);
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(users)
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .where(where)
      .orderBy(desc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export type TUserListRow = Awaited<ReturnType<typeof searchUsers>>['rows'][number];

/** A user with its account and what the detail shows of it; null when no user has the id. */
export async function findUserState(db: TDb, userId: number) {
  const [row] = await db
    .select({
      ...rowColumns,
      createdAt: users.createdAt,
      lastLoginIp: users.lastLoginIp,
      mfaEnabled: users.mfaEnabled,
      mfaMethod: users.mfaMethod,
      accountMfaRequired: accounts.mfaRequired,
      adminRoleId: sql<
        number | null
      >`(select max(${roles.id}) from ${roles} where ${roles.accountId} = ${users.accountId})`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId));
  return row ?? null;
}

export function listUserRoles(db: TDb, userId: number) {
  return db
    .select({ id: roles.id, code: roles.code, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.id);
}

export function listUserPasskeys(db: TDb, userId: number) {
  return db
    .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.id);
}

/** Sessions neither ended, nor past their end, nor idle since before `idleSince`. */
export async function countActiveSessions(db: TDb, userId: number, now: Date, idleSince: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The user's latest invitation that was not accepted, if its latest one was not. */
export async function findOpenInvitation(db: TDb, userId: number) {
  const [row] = await db
    .select({
      channel: userInvitations.channel,
      sentTo: userInvitations.sentTo,
      createdAt: userInvitations.createdAt,
      expiresAt: userInvitations.expiresAt,
      acceptedAt: userInvitations.acceptedAt,
      revokedAt: userInvitations.revokedAt,
    })
    .from(userInvitations)
    .where(eq(userInvitations.userId, userId))
    .orderBy(desc(userInvitations.createdAt), desc(userInvitations.id))
    .limit(1);
  return row && row.acceptedAt === null ? row : null;
}
