/**
 * Vouchers, what they paid (`voucher_deductions`) and the account discounts (SQL only): the
 * account's lists, and the operator's issuing, voiding and rates.
 */
import type { TVoucherState } from '@console/contract/billing-enums';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import {
  accountDiscounts,
  accounts,
  csps,
  instances,
  regions,
  services,
  skus,
  voucherDeductions,
  vouchers,
} from '../../../db/schema';

export type { TVoucherState };

/**
 * A voucher's state at `now` (as `stateOf` of vouchers.service.ts): voided, else used up when
 * nothing of it is left, else expired, pending or in effect by its dates.
 */
const stateAt = (now: Date) =>
  sql<TVoucherState>`case when ${vouchers.voidedAt} is not null then 'voided'
    when ${vouchers.availableFen} = 0 then 'usedUp'
    when ${vouchers.expiresAt} <= ${now} then 'expired' when ${vouchers.effectiveAt} > ${now} then 'pending'
    else 'inEffect' end`;

const voucherFilter = (accountId: number, state: TVoucherState | undefined, now: Date) =>
  and(eq(vouchers.accountId, accountId), state ? sql`${stateAt(now)} = ${state}` : undefined);

export async function countVouchers(
  db: TDb,
  accountId: number,
  state: TVoucherState | undefined,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vouchers)
    .where(voucherFilter(accountId, state, now));
  return row?.n ?? 0;
}

/** A page of the account's vouchers: those in effect first, then by expiry. */
export function listVoucherRows(
  db: TDb,
  q: { accountId: number; state: TVoucherState | undefined; now: Date; limit: number; offset: number },
) {
  return db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      name_zh: vouchers.nameZh,
      name_en: vouchers.nameEn,
      faceFen: vouchers.faceFen,
      availableFen: vouchers.availableFen,
      effectiveAt: vouchers.effectiveAt,
      expiresAt: vouchers.expiresAt,
      serviceIds: vouchers.serviceIds,
      regionIds: vouchers.regionIds,
      state: stateAt(q.now),
    })
    .from(vouchers)
    .where(voucherFilter(q.accountId, q.state, q.now))
    .orderBy(sql`(${stateAt(q.now)} = 'inEffect') desc`, vouchers.expiresAt, vouchers.id)
    .limit(q.limit)
    .offset(q.offset);
}

/** Names of every service, and of every region with its cloud provider's. */
export async function scopeNameRows(db: TDb) {
  const serviceRows = await db
    .select({ id: services.id, name_zh: services.nameZh, name_en: services.nameEn })
    .from(services);
  const regionRows = await db
    .select({
      id: regions.id,
      name_zh: regions.nameZh,
      name_en: regions.nameEn,
      cspZh: csps.nameZh,
      cspEn: csps.nameEn,
    })
    .from(regions)
    .innerJoin(csps, eq(csps.code, regions.csp));
  return { serviceRows, regionRows };
}

const deductionFilter = (accountId: number, voucherId: number | undefined) =>
  and(
    eq(voucherDeductions.accountId, accountId),
    voucherId ? eq(voucherDeductions.voucherId, voucherId) : undefined,
  );

export async function countDeductions(db: TDb, accountId: number, voucherId: number | undefined) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(voucherDeductions)
    .where(deductionFilter(accountId, voucherId));
  return row?.n ?? 0;
}

/** A page of what the account's vouchers paid, newest day first. */
export function listDeductionRows(
  db: TDb,
  q: { accountId: number; voucherId: number | undefined; limit: number; offset: number },
) {
  return db
    .select({
      voucherId: voucherDeductions.voucherId,
      code: vouchers.code,
      voucher: { name_zh: vouchers.nameZh, name_en: vouchers.nameEn },
      day: voucherDeductions.day,
      instanceName: instances.instanceName,
      name_zh: skus.nameZh,
      name_en: skus.nameEn,
      amountFen: voucherDeductions.amountFen,
    })
    .from(voucherDeductions)
    .innerJoin(vouchers, eq(vouchers.id, voucherDeductions.voucherId))
    .innerJoin(instances, eq(instances.id, voucherDeductions.instanceId))
    .innerJoin(skus, eq(skus.code, voucherDeductions.skuCode))
    .where(deductionFilter(q.accountId, q.voucherId))
    .orderBy(
      desc(voucherDeductions.day),
      voucherDeductions.voucherId,
      instances.instanceName,
      voucherDeductions.skuCode,
    )
    .limit(q.limit)
    .offset(q.offset);
}

// ---------------------------------------------------------------------------------------------
// the operator's commands

/** The services of these codes (those that exist). */
export function servicesByCode(db: TDb, codes: readonly string[]) {
  return db
    .select({ id: services.id, code: services.code })
    .from(services)
    .where(sql`${services.code} = any(${`{${codes.join(',')}}`}::text[])`);
}

/** The id of a cloud provider's region; null when there is none. */
export async function regionIdOf(db: TDb, csp: string, code: string): Promise<number | null> {
  const [row] = await db
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.csp, csp), eq(regions.code, code)));
  return row?.id ?? null;
}

export type TNewVoucher = {
  accountId: number;
  code: string;
  nameZh: string;
  nameEn: string;
  faceFen: number;
  effectiveAt: Date;
  expiresAt: Date;
  serviceIds?: number[] | null;
  regionIds?: number[] | null;
  /** Absent: the database's clock. */
  createdAt?: Date;
};

/** A new voucher, all of it available; answers its id. */
export async function insertVoucher(db: TDb, v: TNewVoucher): Promise<number> {
  const [row] = await db
    .insert(vouchers)
    .values({ ...v, availableFen: v.faceFen })
    .returning({ id: vouchers.id });
  return Number(row?.id);
}

/** The voucher of this code (any case), locked until the transaction ends. */
export async function lockVoucherByCode(db: TDb, code: string) {
  const [row] = await db
    .select({
      id: vouchers.id,
      accountId: vouchers.accountId,
      code: vouchers.code,
      availableFen: vouchers.availableFen,
      voidedAt: vouchers.voidedAt,
    })
    .from(vouchers)
    .where(sql`upper(${vouchers.code}) = upper(${code})`)
    .for('update');
  return row ?? null;
}

export async function markVoucherVoided(db: TDb, id: number, reason: string | null, now: Date) {
  await db.update(vouchers).set({ voidedAt: now, voidReason: reason }).where(eq(vouchers.id, id));
}

/** Every voucher of the account, by expiry. */
export function accountVoucherRows(db: TDb, accountId: number) {
  return db
    .select({
      code: vouchers.code,
      nameZh: vouchers.nameZh,
      nameEn: vouchers.nameEn,
      faceFen: vouchers.faceFen,
      availableFen: vouchers.availableFen,
      effectiveAt: vouchers.effectiveAt,
      expiresAt: vouchers.expiresAt,
      voidedAt: vouchers.voidedAt,
      serviceIds: vouchers.serviceIds,
      regionIds: vouchers.regionIds,
    })
    .from(vouchers)
    .where(eq(vouchers.accountId, accountId))
    .orderBy(vouchers.expiresAt, vouchers.id);
}

/** The account's rate for a category (or '*'), locked; null when it has none. */
export async function lockDiscountRate(db: TDb, accountId: number, category: string): Promise<string | null> {
  const [row] = await db
    .select({ rate: accountDiscounts.rate })
    .from(accountDiscounts)
    .where(and(eq(accountDiscounts.accountId, accountId), eq(accountDiscounts.category, category)))
    .for('update');
  return row?.rate ?? null;
}

/** Sets the account's rate for a category (or '*'); `now` absent: the database's clock. */
export async function upsertDiscount(
  db: TDb,
  d: { accountId: number; category: string; rate: string; now?: Date },
): Promise<void> {
  const updatedAt = d.now ?? sql`now()`;
  await db
    .insert(accountDiscounts)
    .values({ accountId: d.accountId, category: d.category, rate: d.rate, updatedAt })
    .onConflictDoUpdate({
      target: [accountDiscounts.accountId, accountDiscounts.category],
      set: { rate: d.rate, updatedAt },
    });
}

/** The account's rates, the one for all categories first. */
export function discountRows(db: TDb, accountId: number) {
  return db
    .select({
      category: accountDiscounts.category,
      rate: accountDiscounts.rate,
      updatedAt: accountDiscounts.updatedAt,
    })
    .from(accountDiscounts)
    .where(eq(accountDiscounts.accountId, accountId))
    .orderBy(sql`${accountDiscounts.category} = '*' desc`, asc(accountDiscounts.category));
}

/** Removes the account's rate for a category (or '*'). */
export async function deleteDiscount(db: TDb, accountId: number, category: string): Promise<void> {
  await db
    .delete(accountDiscounts)
    .where(and(eq(accountDiscounts.accountId, accountId), eq(accountDiscounts.category, category)));
}

// ---------------------------------------------------------------------------------------------
// the back office's lists, across accounts

export type TVoucherListFilter = {
  /** One voucher (the answer of an act on it). */
  voucherId?: number | undefined;
  accountId: number | undefined;
  state: TVoucherState | undefined;
  now: Date;
};

const anyVoucherFilter = (q: TVoucherListFilter) =>
  and(
    q.voucherId === undefined ? undefined : eq(vouchers.id, q.voucherId),
    q.accountId === undefined ? undefined : eq(vouchers.accountId, q.accountId),
    q.state ? sql`${stateAt(q.now)} = ${q.state}` : undefined,
  );

export async function countAnyVouchers(db: TDb, q: TVoucherListFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(vouchers).where(anyVoucherFilter(q));
  return row?.n ?? 0;
}

/** A page of vouchers of every account (or one), newest first, each with its account. */
export function listAnyVoucherRows(db: TDb, q: TVoucherListFilter & { limit: number; offset: number }) {
  return db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      accountId: vouchers.accountId,
      accountName: accounts.name,
      nameZh: vouchers.nameZh,
      nameEn: vouchers.nameEn,
      faceFen: vouchers.faceFen,
      availableFen: vouchers.availableFen,
      effectiveAt: vouchers.effectiveAt,
      expiresAt: vouchers.expiresAt,
      voidedAt: vouchers.voidedAt,
      voidReason: vouchers.voidReason,
      createdAt: vouchers.createdAt,
      state: stateAt(q.now),
    })
    .from(vouchers)
    .innerJoin(accounts, eq(accounts.id, vouchers.accountId))
    .where(anyVoucherFilter(q))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(q.limit)
    .offset(q.offset);
}

/** Every account's rates (or one account's), by account name, the rate for all first. */
export function anyDiscountRows(db: TDb, accountId: number | undefined) {
  return db
    .select({
      accountId: accountDiscounts.accountId,
      accountName: accounts.name,
      category: accountDiscounts.category,
      rate: accountDiscounts.rate,
      updatedAt: accountDiscounts.updatedAt,
    })
    .from(accountDiscounts)
    .innerJoin(accounts, eq(accounts.id, accountDiscounts.accountId))
    .where(accountId === undefined ? undefined : eq(accountDiscounts.accountId, accountId))
    .orderBy(accounts.name, sql`${accountDiscounts.category} = '*' desc`, asc(accountDiscounts.category))
    .limit(1000);
}
