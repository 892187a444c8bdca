/**
 * The statements of registration: the per-address count of new accounts, invite codes, whether a
 * phone, e-mail or marketplace customer is registered already, free account names, the
 * questionnaire saved with the registration key, and the buyers AWS Marketplace posted.
 */
import { desc, eq, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, inviteCodes, marketplaceArrivals } from '../../db/schema';

/** Accounts registered from the client address `ip` after `since` (none for no address). */
export async function countRegistrationsFrom(db: TDb, ip: string | null, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(sql`${accounts.registrationIp} = ${ip} and ${accounts.createdAt} > ${since}`);
  return row?.n ?? 0;
}

/** An invite code is usable while it has uses left and has not expired. */
function isInviteUsable(now: Date) {
  return sql<boolean>`(${inviteCodes.usedCount} < ${inviteCodes.maxUses} and (${inviteCodes.expiresAt} is null or ${inviteCodes.expiresAt} > ${now}))`;
}

export async function isInviteCodeUsable(db: TDb, code: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ isUsable: isInviteUsable(now) })
    .from(inviteCodes)
    .where(eq(inviteCodes.code, code));
  return row?.isUsable === true;
}

/** Stores an invite code; answers false when one of that text exists already. */
export async function insertInviteCode(
  db: TDb,
  invite: { code: string; maxUses: number; expiresAt: Date | null; createdAt?: Date },
): Promise<boolean> {
  const rows = await db
    .insert(inviteCodes)
    .values(invite)
    .onConflictDoNothing()
    .returning({ code: inviteCodes.code });
  return rows.length > 0;
}

/** A page of invite codes, newest first, and how many there are. */
export async function listInviteCodeRows(db: TDb, page: { offset: number; limit: number }) {
  const rows = await db
    .select()
    .from(inviteCodes)
    .orderBy(desc(inviteCodes.createdAt), inviteCodes.code)
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(inviteCodes);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Uses an invite code once, if it is still usable; answers whether it was. */
export async function useInviteCode(tx: TDb, code: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(inviteCodes)
    .set({ usedCount: sql`${inviteCodes.usedCount} + 1` })
    .where(sql`${inviteCodes.code} = ${code} and ${isInviteUsable(now)}`)
    .returning({ code: inviteCodes.code });
  return used.length > 0;
}

/**
 * Whether an account is registered with the phone (`+86 13800000000`, channel `sms`) or the
 * lower-cased e-mail, or from the marketplace customer when given.
 */
export async function isRegistered(
  db: TDb,
  contact: { channel: 'sms' | 'email'; target: string },
  marketplaceCustomerId: string | null,
): Promise<boolean> {
  const byContact =
    contact.channel === 'sms'
      ? sql`${accounts.registrationPhone} = ${contact.target}`
      : sql`lower(${accounts.registrationEmail}) = ${contact.target}`;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(
      sql`${byContact} or (${marketplaceCustomerId}::text is not null and ${accounts.marketplaceCustomerId} = ${marketplaceCustomerId})`,
    );
  return (row?.n ?? 0) > 0;
}

/** Whether `name` (lower-case) is an account's name or display name, in any case. */
export async function isAccountNameTaken(db: TDb, name: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(sql`lower(${accounts.name}) = ${name} or lower(${accounts.displayName}) = ${name}`);
  return (row?.n ?? 0) > 0;
}

/** The digest of an account's registration key, and when the account was made. */
export async function findRegistrationKey(
  db: TDb,
  accountId: number,
): Promise<{ keyHash: Buffer | null; createdAt: Date } | null> {
  const [row] = await db
    .select({ keyHash: accounts.registrationKeyHash, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

export async function updateRegistrationInfo(
  db: TDb,
  accountId: number,
  info: unknown,
  now: Date,
): Promise<void> {
  await db.update(accounts).set({ registrationInfo: info, updatedAt: now }).where(eq(accounts.id, accountId));
}

/** Whether an account was registered from the AWS account (`CustomerAWSAccountId`). */
export async function isAwsAccountRegistered(db: TDb, awsAccountId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(eq(accounts.marketplaceAwsAccountId, awsAccountId));
  return (row?.n ?? 0) > 0;
}

/** Holds a buyer's sealed token under the digest of its reference; drops holds that have expired. */
export async function insertMarketplaceArrival(
  db: TDb,
  arrival: { referenceHash: Buffer; tokenSealed: string; offerType: string | null; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(marketplaceArrivals).where(lt(marketplaceArrivals.expiresAt, now));
  await db.insert(marketplaceArrivals).values({ ...arrival, createdAt: now });
}

export async function findMarketplaceArrival(
  db: TDb,
  referenceHash: Buffer,
): Promise<{ tokenSealed: string; offerType: string | null; expiresAt: Date } | null> {
  const [row] = await db
    .select({
      tokenSealed: marketplaceArrivals.tokenSealed,
      offerType: marketplaceArrivals.offerType,
      expiresAt: marketplaceArrivals.expiresAt,
    })
    .from(marketplaceArrivals)
    .where(eq(marketplaceArrivals.referenceHash, referenceHash));
  return row ?? null;
}

/** A held token is used once: the registration it led to removes it. */
export async function deleteMarketplaceArrival(db: TDb, referenceHash: Buffer): Promise<void> {
  await db.delete(marketplaceArrivals).where(eq(marketplaceArrivals.referenceHash, referenceHash));
}
