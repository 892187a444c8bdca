/**
 * Balance alerts (SQL only): the account's saved configuration, the figures an evaluation needs,
 * and the state of each alert kind, which makes an alert go out once per crossing.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import {
  accounts,
  alertConfigs,
  alertStates,
  funds,
  roles,
  usageDaily,
  userRoles,
  users,
  vouchers,
} from '../../../db/schema';

/** An account's saved alert configuration, as stored. */
export type TAlertConfigRow = {
  isLowBalanceEnabled: boolean;
  lowBalanceFen: number;
  isSmartEnabled: boolean;
  smartDays: number[];
  recipientUserIds: number[];
  methods: string[];
  webhookIds: number[];
  updatedAt: Date;
};

const configColumns = {
  isLowBalanceEnabled: alertConfigs.isLowBalanceEnabled,
  lowBalanceFen: alertConfigs.lowBalanceFen,
  isSmartEnabled: alertConfigs.isSmartEnabled,
  smartDays: alertConfigs.smartDays,
  recipientUserIds: alertConfigs.recipientUserIds,
  methods: alertConfigs.methods,
  webhookIds: alertConfigs.webhookIds,
  updatedAt: alertConfigs.updatedAt,
};

/** A regular user of the account that is not deleted. */
function regularUserOf(accountId: number) {
  return and(eq(users.accountId, accountId), eq(users.kind, 'regular'), sql`${users.deletedAt} is null`);
}

/** Regular users of the account holding the administrator role, not deleted, enabled. */
export async function administratorIds(db: TDb, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        regularUserOf(accountId),
        users.isEnabled,
        sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
                     where ${userRoles.userId} = ${users.id} and ${roles.code} = 'account_admin')`,
      ),
    )
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/** The saved configuration; null when the account saved none. */
export async function findAlertConfig(db: TDb, accountId: number): Promise<TAlertConfigRow | null> {
  const [row] = await db
    .select(configColumns)
    .from(alertConfigs)
    .where(eq(alertConfigs.accountId, accountId));
  return row ?? null;
}

export async function saveAlertConfig(
  db: TDb,
  accountId: number,
  s: Omit<TAlertConfigRow, 'updatedAt'>,
  userId: number | null,
  now: Date,
): Promise<void> {
  const values = { ...s, updatedAt: now, updatedBy: userId };
  await db
    .insert(alertConfigs)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: alertConfigs.accountId, set: values });
}

/** Which of these ids are regular users of the account that are not deleted. */
export async function recipientIdsOf(db: TDb, accountId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(regularUserOf(accountId), inArray(users.id, [...ids])));
  return rows.map((r) => r.id);
}

/** Contacts of the recipients that can still receive alerts (regular, enabled, not deleted). */
export async function recipientRows(db: TDb, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, phone: users.phone, phoneCode: users.phoneCode })
    .from(users)
    .where(and(regularUserOf(accountId), users.isEnabled, inArray(users.id, [...ids])))
    .orderBy(users.id);
}

/** A jsonb value as the driver gives it (parsed, or text on some drivers). */
function jsonOf<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The figures of these accounts at `now`: funds, vouchers in effect, the spend of the billing days
 * [`fromDay`, `toDay`), the saved configuration (absent: null fields) and the active alert kinds.
 */
export async function alertFactRows(
  db: TDb,
  accountIds: readonly number[],
  now: Date,
  fromDay: string,
  toDay: string,
) {
  if (accountIds.length === 0) return [];
  return db
    .select({
      accountId: accounts.id,
      accountName: accounts.name,
      displayName: accounts.displayName,
      isBillable: sql<boolean>`(${accounts.status} <> 2 and ${accounts.billingEnabled})`,
      cashFen: sql<number>`coalesce(${funds.cashFen}, 0)`.mapWith(Number),
      outstandingFen: sql<number>`coalesce(${funds.outstandingFen}, 0)`.mapWith(Number),
      voucherFen: sql<number>`coalesce((select sum(${vouchers.availableFen}) from ${vouchers}
                    where ${vouchers.accountId} = ${accounts.id} and ${vouchers.voidedAt} is null
                      and ${vouchers.effectiveAt} <= ${now} and ${vouchers.expiresAt} > ${now}), 0)`.mapWith(
        Number,
      ),
      spentFen: sql<number>`coalesce((select sum(${usageDaily.discountedFen}) from ${usageDaily}
                  where ${usageDaily.accountId} = ${accounts.id}
                    and ${usageDaily.day} >= ${fromDay}::date and ${usageDaily.day} < ${toDay}::date), 0)`.mapWith(
        Number,
      ),
      hasConfig: sql<boolean>`${alertConfigs.accountId} is not null`,
      ...configColumns,
      activeKinds: sql<string[]>`coalesce((select jsonb_agg(${alertStates.kind}) from ${alertStates}
                     where ${alertStates.accountId} = ${accounts.id} and ${alertStates.isActive}), '[]'::jsonb)`.mapWith(
        (v: unknown) => jsonOf<string[]>(v, []),
      ),
    })
    .from(accounts)
    .leftJoin(funds, eq(funds.accountId, accounts.id))
    .leftJoin(alertConfigs, eq(alertConfigs.accountId, accounts.id))
    .where(inArray(accounts.id, [...accountIds]))
    .orderBy(accounts.id);
}

/**
 * Locks the account's alert states (created inactive when missing) until the transaction ends:
 * evaluations of one account run one after the other. Answers the kinds active now.
 */
export async function lockAlertStates(
  db: TDb,
  accountId: number,
  kinds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  await db
    .insert(alertStates)
    .values(kinds.map((kind) => ({ accountId, kind, isActive: false, changedAt: now })))
    .onConflictDoNothing();
  const rows = await db
    .select({ kind: alertStates.kind, isActive: alertStates.isActive })
    .from(alertStates)
    .where(eq(alertStates.accountId, accountId))
    .orderBy(alertStates.kind)
    .for('update');
  return new Set(rows.filter((r) => r.isActive).map((r) => r.kind));
}

export async function setAlertState(
  db: TDb,
  accountId: number,
  kind: string,
  isActive: boolean,
  isFired: boolean,
  now: Date,
): Promise<void> {
  await db
    .update(alertStates)
    .set({ isActive, changedAt: now, ...(isFired ? { firedAt: now } : {}) })
    .where(and(eq(alertStates.accountId, accountId), eq(alertStates.kind, kind)));
}

/** Accounts the sweep checks (with funds or an alert configuration), after `afterId`, in id order. */
export async function accountsToSweep(db: TDb, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        gt(accounts.id, afterId),
        sql`${accounts.status} <> 2`,
        accounts.billingEnabled,
        sql`(exists (select 1 from ${funds} where ${funds.accountId} = ${accounts.id})
             or exists (select 1 from ${alertConfigs} where ${alertConfigs.accountId} = ${accounts.id}))`,
      ),
    )
    .orderBy(asc(accounts.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function accountNameOf(db: TDb, accountId: number): Promise<string | null> {
  const [row] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return row?.name ?? null;
}
