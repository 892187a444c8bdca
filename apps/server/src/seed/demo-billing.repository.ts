/** SQL of the demo's money: the demo accounts' opened instances, a welcome voucher, a discount. */
import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { accountDiscounts, instances, vouchers } from '../db/schema';

/** The account's opened instances, oldest first. */
export function openedInstances(db: TDb, accountId: number) {
  return db
    .select({ instanceName: instances.instanceName, serviceId: instances.serviceId })
    .from(instances)
    .where(and(eq(instances.accountId, accountId), eq(instances.status, 1)))
    .orderBy(asc(instances.id));
}

export type TDemoVoucher = {
  accountId: number;
  code: string;
  nameZh: string;
  nameEn: string;
  fen: number;
  effectiveAt: Date;
  expiresAt: Date;
};

/** A voucher of every service and region, not yet spent. */
export async function insertDemoVoucher(db: TDb, v: TDemoVoucher): Promise<void> {
  await db.insert(vouchers).values({
    accountId: v.accountId,
    code: v.code,
    nameZh: v.nameZh,
    nameEn: v.nameEn,
    faceFen: v.fen,
    availableFen: v.fen,
    effectiveAt: v.effectiveAt,
    expiresAt: v.expiresAt,
  });
}

/** The account's discount rate (a decimal text, e.g. "0.85") for a category, or '*' for all. */
export async function insertDemoDiscount(db: TDb, accountId: number, category: string, rate: string) {
  await db.insert(accountDiscounts).values({ accountId, category, rate });
}
