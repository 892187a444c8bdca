/** SQL of single sign-on: configurations (with their SAML metadata readings) and accepted SAML assertion ids. */
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { ssoAssertionIds, ssoConfigs } from '../../db/schema';

export type TSsoConfigRow = typeof ssoConfigs.$inferSelect;
export type TNewSsoConfigRow = typeof ssoConfigs.$inferInsert;

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
