/** SQL of sign-ins through an outside identity: the single-use flows, and the users they sign in. */
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { ssoFlows, users } from '../../db/schema';

export type TFlowKind = (typeof ssoFlows.$inferSelect)['kind'];
export type TFlowRow = typeof ssoFlows.$inferSelect;

export async function insertFlow(
  db: TDb,
  flow: {
    stateHash: Buffer;
    kind: TFlowKind;
    protocol: string;
    accountId: number;
    userId: number | null;
    secrets: string;
    requestIdHash: Buffer | null;
    returnTo: string | null;
    browserHash: Buffer | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(ssoFlows).values(flow).returning({ id: ssoFlows.id });
  if (!row) throw new Error('flow insert returned no row');
  return row.id;
}

/**
 * Marks the flow of `stateHash` used and answers it, once: a second call, an expired flow or an
 * unknown state answers null.
 */
export async function consumeFlow(db: TDb, stateHash: Buffer, now: Date): Promise<TFlowRow | null> {
  const rows = await db
    .update(ssoFlows)
    .set({ consumedAt: now })
    .where(and(eq(ssoFlows.stateHash, stateHash), isNull(ssoFlows.consumedAt), gt(ssoFlows.expiresAt, now)))
    .returning();
  return rows[0] ?? null;
}

/** The flow of a state digest (used, expired or not). */
export async function findFlowByStateHash(db: TDb, stateHash: Buffer): Promise<TFlowRow | null> {
  const rows = await db.select().from(ssoFlows).where(eq(ssoFlows.stateHash, stateHash));
  return rows[0] ?? null;
}

/** The kind and account of the flow of a state digest (used or not). */
export async function findFlowKind(
  db: TDb,
  stateHash: Buffer,
): Promise<{ kind: TFlowKind; accountId: number } | null> {
  const rows = await db
    .select({ kind: ssoFlows.kind, accountId: ssoFlows.accountId })
    .from(ssoFlows)
    .where(eq(ssoFlows.stateHash, stateHash));
  return rows[0] ?? null;
}

/** The flow of a SAML AuthnRequest id (used, expired or not), or null when the console made no such request. */
export async function findFlowByRequestIdHash(db: TDb, requestIdHash: Buffer): Promise<TFlowRow | null> {
  const rows = await db.select().from(ssoFlows).where(eq(ssoFlows.requestIdHash, requestIdHash)).limit(1);
  return rows[0] ?? null;
}

/** A user as a sign-in through an outside identity sees it. */
export type TExternalUser = {
  id: number;
  username: string;
  kind: 'regular' | 'service';
  isEnabled: boolean;
  isDeleted: boolean;
  phone: string | null;
  email: string | null;
};

const userColumns = {
  id: users.id,
  username: users.username,
  kind: users.kind,
  isEnabled: users.isEnabled,
  deletedAt: users.deletedAt,
  phone: users.phone,
  email: users.email,
};

async function findUser(db: TDb, where: SQL | undefined): Promise<TExternalUser | null> {
  const rows = await db.select(userColumns).from(users).where(where);
  const row = rows[0];
  if (!row) return null;
  const { deletedAt, ...rest } = row;
  return { ...rest, isDeleted: deletedAt !== null };
}

/** The account's user of a username (case-insensitively). */
export function findUserByUsername(
  db: TDb,
  accountId: number,
  username: string,
): Promise<TExternalUser | null> {
  return findUser(
    db,
    and(eq(users.accountId, accountId), sql`lower(${users.username}) = ${username.toLowerCase()}`),
  );
}

/** The account's user of an id. */
export function findUserById(db: TDb, accountId: number, userId: number): Promise<TExternalUser | null> {
  return findUser(db, and(eq(users.accountId, accountId), eq(users.id, userId)));
}
