import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, activationCodes, formalApplications, users } from '../../db/schema';
import type { TAccountRow } from './account.repository';

/** The account row, locked for the rest of the transaction. */
export async function lockAccount(db: TDb, accountId: number): Promise<TAccountRow | null> {
  const rows = await db.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  return rows[0] ?? null;
}

export async function updateAccountColumns(
  db: TDb,
  accountId: number,
  values: Partial<
    Pick<
      TAccountRow,
      | 'companyName'
      | 'registrationPhone'
      | 'type'
      | 'trialExtensionDays'
      | 'formalApplicationSubmitted'
      | 'marketplaceCustomerId'
      | 'marketplaceAwsAccountId'
      | 'marketplaceLicenseArn'
      | 'marketplaceProductCode'
      | 'marketplaceCustomerIdentifier'
    >
  >,
  now: Date,
): Promise<void> {
  await db
    .update(accounts)
    .set({ ...values, updatedAt: now })
    .where(eq(accounts.id, accountId));
}

/** The account's status (`AccountStatus`): an operator suspends (stopped) or resumes it. */
export async function setAccountStatus(db: TDb, accountId: number, status: number, now: Date): Promise<void> {
  await db.update(accounts).set({ status, updatedAt: now }).where(eq(accounts.id, accountId));
}

/** Login protection among the account's regular, not deleted users. */
export async function countMfaUsers(db: TDb, accountId: number): Promise<{ enabled: number; total: number }> {
  const [row] = await db
    .select({
      enabled: sql<number>`count(*) filter (where ${users.mfaEnabled})::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.kind, 'regular'), isNull(users.deletedAt)));
  return { enabled: Number(row?.enabled ?? 0), total: Number(row?.total ?? 0) };
}

/** The account (other than `exceptAccountId`) registered with this phone, if any. */
export async function findAccountIdByRegistrationPhone(
  db: TDb,
  phone: string,
  exceptAccountId: number,
): Promise<number | null> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.registrationPhone, phone), sql`${accounts.id} <> ${exceptAccountId}`));
  return rows[0]?.id ?? null;
}

/** The account of a marketplace customer, or of its AWS account when given. */
export async function findAccountIdByMarketplaceCustomer(
  db: TDb,
  customerId: string,
  awsAccountId: string | null = null,
): Promise<number | null> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      sql`${accounts.marketplaceCustomerId} = ${customerId} or (${awsAccountId}::text is not null and ${accounts.marketplaceAwsAccountId} = ${awsAccountId})`,
    );
  return rows[0]?.id ?? null;
}

export type TActivationCodeRow = typeof activationCodes.$inferSelect;

export async function findActivationCode(db: TDb, codeHash: Buffer): Promise<TActivationCodeRow | null> {
  const rows = await db.select().from(activationCodes).where(eq(activationCodes.codeHash, codeHash));
  return rows[0] ?? null;
}

export async function insertActivationCode(
  db: TDb,
  input: {
    codeHash: Buffer;
    kind: 'formal' | 'extend';
    extendDays: number;
    note: string | null;
    expiresAt: Date | null;
    usedByAccountId: number;
    usedAt: Date;
  },
): Promise<number | null> {
  const [row] = await db
    .insert(activationCodes)
    .values(input)
    .onConflictDoNothing()
    .returning({ id: activationCodes.id });
  return row?.id ?? null;
}

export async function insertFormalApplication(
  db: TDb,
  input: {
    accountId: number;
    userId: number;
    contactName: string;
    company: string;
    email: string;
    openServices: number[];
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(formalApplications).values(input).returning({ id: formalApplications.id });
  if (!row) throw new Error('formal application insert returned no row');
  return row.id;
}

/** Formal applications still waiting: submitted by accounts that are not formal yet (the queue's count). */
export async function countPendingFormalApplications(db: TDb): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(and(eq(accounts.formalApplicationSubmitted, true), sql`${accounts.type} <> 3`));
  return Number(row?.n ?? 0);
}
