/** SQL of the funds rule of instances (funding.service.ts): the account's billing state. */
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, serviceVersions } from '../../db/schema';

/** The account's status (owe 3: in arrears) and its own billing flag; null for no such account. */
export async function findAccountBillingState(
  db: TDb,
  accountId: number,
): Promise<{ status: number; billingEnabled: boolean } | null> {
  const [row] = await db
    .select({ status: accounts.status, billingEnabled: accounts.billingEnabled })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

/** The code (trial, formal) of a service's version; null for none. */
export async function findVersionCode(db: TDb, serviceId: number, versionId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: serviceVersions.code })
    .from(serviceVersions)
    .where(and(eq(serviceVersions.id, versionId), eq(serviceVersions.serviceId, serviceId)));
  return row?.code ?? null;
}
