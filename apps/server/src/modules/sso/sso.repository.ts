/** SQL of single sign-on: configurations, flows, accepted SAML assertion ids, and user lookup. */
import { and, asc, eq, gt, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, ssoAssertionIds, ssoConfigs, ssoFlows, users } from '../../db/schema';

export type TSsoConfigRow = typeof ssoConfigs.$inferSelect;
export type TNewSsoConfigRow = typeof ssoConfigs.$inferInsert;
export type TFlowKind = (typeof ssoFlows.$inferSelect)['kind'];
export type TFlowRow = typeof ssoFlows.$inferSelect;

export async function findSsoConfig(db: TDb, accountId: number): Promise<TSsoConfigRow | null> {
  const rows = await db.select().from(ssoConfigs).where(eq(ssoConfigs.accountId, accountId));
  return rows[0] ?? null;
}

export async function upsertSsoConfig(db: TDb, row: TNewSsoConfigRow): Promise<void> {
  const { accountId: _accountId, ...set } = row;
  await db.insert(ssoConfigs).values(row).onConflictDoUpdate({ target: ssoConfigs.accountId, set });
}

export type TMetadataUrlConfig = {
  accountId: number;
  metadataUrl: string;
  ssoUrl: string | null;
  certificates: string[];
  error: string | null;
};

/** SAML configurations that read their IdP metadata from a URL, after `afterAccountId`, in order. */
export async function listMetadataUrlConfigs(
  db: TDb,
  afterAccountId: number,
  limit: number,
): Promise<TMetadataUrlConfig[]> {
  const rows = await db
    .select({
      accountId: ssoConfigs.accountId,
      metadataUrl: ssoConfigs.samlMetadataUrl,
      ssoUrl: ssoConfigs.samlIdpSsoUrl,
      certificates: ssoConfigs.samlIdpCerts,
      error: ssoConfigs.samlMetadataError,
    })
    .from(ssoConfigs)
    .where(and(isNotNull(ssoConfigs.samlMetadataUrl), gt(ssoConfigs.accountId, afterAccountId)))
    .orderBy(asc(ssoConfigs.accountId))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    metadataUrl: row.metadataUrl as string,
    certificates: row.certificates ?? [],
  }));
}

/**
 * Records a reading of the account's metadata URL, if the URL is still the one read: on success
 * the SSO URL and certificates read (and no error), on failure only the error (the metadata read
 * before stays). Answers whether the row was changed.
 */
export async function recordMetadataReading(
  db: TDb,
  input: {
    accountId: number;
    metadataUrl: string;
    checkedAt: Date;
    read: { ssoUrl: string; certificates: string[] } | null;
    error: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(ssoConfigs)
    .set({
      samlMetadataCheckedAt: input.checkedAt,
      samlMetadataError: input.error,
      ...(input.read ? { samlIdpSsoUrl: input.read.ssoUrl, samlIdpCerts: input.read.certificates } : {}),
    })
    .where(and(eq(ssoConfigs.accountId, input.accountId), eq(ssoConfigs.samlMetadataUrl, input.metadataUrl)))
    .returning({ accountId: ssoConfigs.accountId });
  return rows.length === 1;
}

export type TNamedAccount = { id: number; name: string; displayName: string; status: number };

/** The account a login names: by display name, else by account name, case-insensitively. */
export async function findAccountByLoginName(db: TDb, name: string): Promise<TNamedAccount | null> {
  const lower = name.trim().toLowerCase();
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      displayName: accounts.displayName,
      status: accounts.status,
    })
    .from(accounts)
    .where(or(sql`lower(${accounts.displayName}) = ${lower}`, sql`lower(${accounts.name}) = ${lower}`))
    .orderBy(sql`(lower(${accounts.displayName}) = ${lower}) desc`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findAccountById(db: TDb, id: number): Promise<TNamedAccount | null> {
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      displayName: accounts.displayName,
      status: accounts.status,
    })
    .from(accounts)
    .where(eq(accounts.id, id));
  return rows[0] ?? null;
}

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

/** The flow of a SAML AuthnRequest id (used, expired or not), or null when the console made no such request. */
export async function findFlowByRequestIdHash(db: TDb, requestIdHash: Buffer): Promise<TFlowRow | null> {
  const rows = await db.select().from(ssoFlows).where(eq(ssoFlows.requestIdHash, requestIdHash)).limit(1);
  return rows[0] ?? null;
}

export type TConsumedFlow =
  | { status: 'ok'; flow: TFlowRow }
  | { status: 'used' | 'expired'; flow: TFlowRow }
  | { status: 'unknown' };

/** Uses the flow of `stateHash` once, and says why when it cannot (unknown, used or expired). */
export async function consumeFlowOnce(db: TDb, stateHash: Buffer, now: Date): Promise<TConsumedFlow> {
  const flow = await consumeFlow(db, stateHash, now);
  if (flow) return { status: 'ok', flow };
  const rows = await db.select().from(ssoFlows).where(eq(ssoFlows.stateHash, stateHash));
  const found = rows[0];
  if (!found) return { status: 'unknown' };
  return { status: found.consumedAt ? 'used' : 'expired', flow: found };
}

/**
 * Records an accepted SAML assertion id until the assertion expires; false when the account has
 * already accepted it (a replay).
 */
export async function rememberAssertion(
  db: TDb,
  accountId: number,
  assertionIdHash: Buffer,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .insert(ssoAssertionIds)
    .values({ accountId, assertionIdHash, expiresAt })
    .onConflictDoNothing()
    .returning({ accountId: ssoAssertionIds.accountId });
  return rows.length === 1;
}

export type TSsoUser = {
  id: number;
  username: string;
  kind: 'regular' | 'service';
  isEnabled: boolean;
  isDeleted: boolean;
  phone: string | null;
  email: string | null;
};

const ssoUserColumns = {
  id: users.id,
  username: users.username,
  kind: users.kind,
  isEnabled: users.isEnabled,
  deletedAt: users.deletedAt,
  phone: users.phone,
  email: users.email,
};

async function findSsoUser(db: TDb, where: SQL | undefined): Promise<TSsoUser | null> {
  const rows = await db.select(ssoUserColumns).from(users).where(where);
  const row = rows[0];
  if (!row) return null;
  const { deletedAt, ...rest } = row;
  return { ...rest, kind: row.kind as TSsoUser['kind'], isDeleted: deletedAt !== null };
}

/** The account's user of a username (case-insensitively). */
export function findUserByUsername(db: TDb, accountId: number, username: string): Promise<TSsoUser | null> {
  return findSsoUser(
    db,
    and(eq(users.accountId, accountId), sql`lower(${users.username}) = ${username.toLowerCase()}`),
  );
}

export function findUserById(db: TDb, accountId: number, userId: number): Promise<TSsoUser | null> {
  return findSsoUser(db, and(eq(users.accountId, accountId), eq(users.id, userId)));
}
