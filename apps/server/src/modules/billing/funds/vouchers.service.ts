/**
 * The operator's vouchers and discounts (the commands are in billing-admin.cli.ts): issuing with a
 * random unique code, voiding, listing, and the account's rate per SKU category. Each change runs
 * in one transaction with its audit entry in the account's chain, the system (an operator) as
 * actor (`voucher.issue`, `voucher.void`, `discount.set`); issuing and voiding queue an evaluation
 * of the account's balance alerts. What the operator asks that cannot be done throws
 * `OperatorInputError`, nothing changed.
 */
import { randomInt } from 'node:crypto';
import type { TAuditObjectType } from '@console/contract/audit-rules';
import { fenToYuan, type TVoucherState } from '@console/contract/billing-enums';
import type { TLanguage } from '@console/contract/enums';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { TDeps } from '../../../context';
import type { TDb } from '../../../db/client';
import { findAccountByName } from '../../account';
import { writeAudit } from '../../audit';
import { enqueueAlertCheck } from '../alerts/alerts.queue';
import { currencyOf } from '../money';
import {
  accountVoucherRows,
  anyDiscountRows,
  countAnyVouchers,
  deleteDiscount,
  discountRows,
  insertVoucher,
  listAnyVoucherRows,
  lockDiscountRate,
  lockVoucherByCode,
  markVoucherVoided,
  regionIdOf,
  servicesByCode,
  upsertDiscount,
} from './vouchers.repository';

const operator = { userId: null, username: null, isSuccess: true } as const;

/** What of the operator's request cannot be done: the back office answers a code for each. */
export type TOperatorInputProblem = 'account' | 'voucher' | 'voided' | 'services' | 'regions' | 'discount';

/** What the operator asked cannot be done (an unknown account, voucher, service or region). */
export class OperatorInputError extends Error {
  constructor(
    message: string,
    readonly problem: TOperatorInputProblem,
  ) {
    super(message);
  }
}

/**
 * Writes the audit entry of an operator's change, in the change's transaction. The commands write
 * the account's chain with the system as actor (`systemAudit`); the back office passes one that
 * also names the operator, their role and reason in the installation's chain.
 */
export type TOperatorAudit = (
  tx: TDb,
  entry: {
    accountId: number;
    action: string;
    objectType: TAuditObjectType;
    objectId: string | null;
    objectName: string | null;
    info: Record<string, unknown>;
    at: Date;
  },
) => Promise<void>;

export const systemAudit: TOperatorAudit = (tx, e) =>
  writeAudit(tx, {
    ...operator,
    accountId: e.accountId,
    action: e.action,
    objectType: e.objectType,
    objectId: e.objectId,
    objectName: e.objectName,
    info: e.info,
    createdAt: e.at,
  });

const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

async function accountOf(db: TDb, name: string): Promise<{ id: number; name: string }> {
  const account = await findAccountByName(db, name);
  if (!account) throw new OperatorInputError(`no account ${name}`, 'account');
  return { id: Number(account.id), name: account.name };
}

async function serviceIdsOf(db: TDb, codes: string[] | null): Promise<number[] | null> {
  if (!codes) return null;
  const rows = await servicesByCode(db, codes);
  const missing = codes.filter((c) => !rows.some((r) => r.code === c));
  if (missing.length > 0) throw new OperatorInputError(`unknown services: ${missing.join(', ')}`, 'services');
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

async function regionIdsOf(db: TDb, refs: string[] | null): Promise<number[] | null> {
  if (!refs) return null;
  const ids: number[] = [];
  const missing: string[] = [];
  for (const ref of refs) {
    const [csp, code, ...extra] = ref.split('/');
    const id = csp && code && extra.length === 0 ? await regionIdOf(db, csp, code) : null;
    if (id !== null) ids.push(id);
    else missing.push(ref);
  }
  if (missing.length > 0)
    throw new OperatorInputError(`unknown regions (csp/region): ${missing.join(', ')}`, 'regions');
  return ids.sort((a, b) => a - b);
}

function newVoucherCode(): string {
  let code = 'V';
  while (code.length < 13) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return code;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The platform's name of a voucher the operator did not name: "Voucher of CNY 500.00", "500.00 元代金券". */
function defaultVoucherName(deps: TDeps, lang: TLanguage, faceFen: number): string {
  const mail = serverPhrases[lang].mail;
  return interpolate(mail.billing.voucherName, {
    money: interpolate(mail.billing.money[currencyOf(deps.config.edition)], { amount: fenToYuan(faceFen) }),
  });
}

/** Issues a voucher to the account: all of it available from `effectiveAt` to `expiresAt`. */
export async function issueVoucher(
  deps: TDeps,
  input: {
    accountName: string;
    faceFen: number;
    /**
     * Its name in each language; a language without one gets the platform's default name in that
     * language (the reader sees the name of the page's language).
     */
    names: { 'zh-CN'?: string | undefined; 'en-US'?: string | undefined };
    effectiveAt: Date;
    expiresAt: Date;
    /** Service codes; null: every service. */
    services: string[] | null;
    /** `csp/region` references; null: every region. */
    regions: string[] | null;
  },
  audit: TOperatorAudit = systemAudit,
): Promise<{ id: number; code: string; accountName: string; accountId: number }> {
  const now = deps.clock.now();
  const account = await accountOf(deps.db, input.accountName);
  const serviceIds = await serviceIdsOf(deps.db, input.services);
  const regionIds = await regionIdsOf(deps.db, input.regions);
  const nameZh = input.names['zh-CN'] || defaultVoucherName(deps, 'zh-CN', input.faceFen);
  const nameEn = input.names['en-US'] || defaultVoucherName(deps, 'en-US', input.faceFen);
  for (let tries = 0; ; tries += 1) {
    const code = newVoucherCode();
    try {
      const id = await deps.db.transaction(async (tx) => {
        const voucherId = await insertVoucher(tx, {
          accountId: account.id,
          code,
          nameZh,
          nameEn,
          faceFen: input.faceFen,
          effectiveAt: input.effectiveAt,
          expiresAt: input.expiresAt,
          serviceIds,
          regionIds,
          createdAt: now,
        });
        await audit(tx, {
          accountId: account.id,
          action: 'voucher.issue',
          objectType: 'voucher',
          objectId: String(voucherId),
          objectName: code,
          info: {
            by: 'operator',
            name: { 'zh-CN': nameZh, 'en-US': nameEn },
            faceValue: fenToYuan(input.faceFen),
            effectiveTime: input.effectiveAt.toISOString(),
            expireTime: input.expiresAt.toISOString(),
            services: input.services ?? [],
            regions: input.regions ?? [],
          },
          at: now,
        });
        await enqueueAlertCheck(tx, account.id, now);
        return voucherId;
      });
      return { id, code, accountName: account.name, accountId: account.id };
    } catch (error) {
      // The random code was taken: another one.
      if (isUniqueViolation(error) && tries < 5) continue;
      throw error;
    }
  }
}

/** Voids a voucher (what is left of it is no longer spent); answers its code and what was left. */
export async function voidVoucher(
  deps: TDeps,
  code: string,
  reason: string | null,
  audit: TOperatorAudit = systemAudit,
): Promise<{ id: number; code: string; accountId: number; availableFen: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const voucher = await lockVoucherByCode(tx, code);
    if (!voucher) throw new OperatorInputError(`no voucher ${code}`, 'voucher');
    if (voucher.voidedAt !== null)
      throw new OperatorInputError(`voucher ${voucher.code} is voided already`, 'voided');
    await markVoucherVoided(tx, voucher.id, reason, now);
    await audit(tx, {
      accountId: voucher.accountId,
      action: 'voucher.void',
      objectType: 'voucher',
      objectId: String(voucher.id),
      objectName: voucher.code,
      info: { by: 'operator', reason, availableAmount: fenToYuan(voucher.availableFen) },
      at: now,
    });
    await enqueueAlertCheck(tx, voucher.accountId, now);
    return {
      id: voucher.id,
      code: voucher.code,
      accountId: voucher.accountId,
      availableFen: voucher.availableFen,
    };
  });
}

/**
 * A voucher's state at `now` (as the lists' SQL reads it, vouchers.repository.ts): voided, else
 * used up once nothing of it is left (its money was spent, whatever its dates say), else expired,
 * pending or in effect by its dates.
 */
export function stateOf(
  v: { voidedAt: Date | null; availableFen: number; effectiveAt: Date; expiresAt: Date },
  now: Date,
): TVoucherState {
  if (v.voidedAt !== null) return 'voided';
  if (v.availableFen === 0) return 'usedUp';
  if (v.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (v.effectiveAt.getTime() > now.getTime()) return 'pending';
  return 'inEffect';
}

/** The account's vouchers by expiry, each with its state now. */
export async function accountVouchers(deps: TDeps, accountName: string) {
  const account = await accountOf(deps.db, accountName);
  const now = deps.clock.now();
  const rows = await accountVoucherRows(deps.db, account.id);
  return { account, vouchers: rows.map((r) => ({ ...r, state: stateOf(r, now) })) };
}

/**
 * Sets the account's rate for a SKU category or for all ('*'); usage rated afterwards uses it.
 * Answers the rate it replaced (null when there was none).
 */
export async function setDiscount(
  deps: TDeps,
  accountName: string,
  category: string,
  rate: string,
  audit: TOperatorAudit = systemAudit,
): Promise<{ account: { id: number; name: string }; previous: string | null }> {
  const account = await accountOf(deps.db, accountName);
  const now = deps.clock.now();
  const previous = await deps.db.transaction(async (tx) => {
    const before = await lockDiscountRate(tx, account.id, category);
    await upsertDiscount(tx, { accountId: account.id, category, rate, now });
    await audit(tx, {
      accountId: account.id,
      action: 'discount.set',
      objectType: 'account',
      objectId: String(account.id),
      objectName: account.name,
      info: { by: 'operator', category, rate, previous: before },
      at: now,
    });
    return before;
  });
  return { account, previous };
}

/**
 * Removes the account's rate for a SKU category (or for all, '*'): usage rated afterwards pays
 * the list price there (or the rate for all). Answers the rate it removed.
 */
export async function removeDiscount(
  deps: TDeps,
  accountName: string,
  category: string,
  audit: TOperatorAudit = systemAudit,
): Promise<{ account: { id: number; name: string }; previous: string }> {
  const account = await accountOf(deps.db, accountName);
  const now = deps.clock.now();
  const previous = await deps.db.transaction(async (tx) => {
    const before = await lockDiscountRate(tx, account.id, category);
    if (before === null)
      throw new OperatorInputError(`${account.name} has no discount for ${category}`, 'discount');
    await deleteDiscount(tx, account.id, category);
    await audit(tx, {
      accountId: account.id,
      action: 'discount.remove',
      objectType: 'account',
      objectId: String(account.id),
      objectName: account.name,
      info: { by: 'operator', category, previous: before },
      at: now,
    });
    return before;
  });
  return { account, previous };
}

/** The account's rates, the one for all categories first. */
export async function accountDiscounts(deps: TDeps, accountName: string) {
  const account = await accountOf(deps.db, accountName);
  return { account, discounts: await discountRows(deps.db, account.id) };
}

/**
 * The back office's list of vouchers: of every account or one (by name), in a state or any,
 * newest first.
 */
export async function listAnyVouchers(
  deps: TDeps,
  q: {
    accountName?: string | undefined;
    state?: TVoucherState | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const accountId = q.accountName ? (await accountOf(deps.db, q.accountName)).id : undefined;
  const filter = { accountId, state: q.state, now: deps.clock.now() };
  const [total, rows] = await Promise.all([
    countAnyVouchers(deps.db, filter),
    listAnyVoucherRows(deps.db, { ...filter, limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize }),
  ]);
  return { total, rows };
}

/** One voucher as the back office lists it (after an act on it); null when there is none. */
export async function voucherForOperator(deps: TDeps, voucherId: number) {
  const [row] = await listAnyVoucherRows(deps.db, {
    voucherId,
    accountId: undefined,
    state: undefined,
    now: deps.clock.now(),
    limit: 1,
    offset: 0,
  });
  return row ?? null;
}

/** Every account's rates, or one account's (by name). */
export async function listAnyDiscounts(deps: TDeps, accountName: string | undefined) {
  const accountId = accountName ? (await accountOf(deps.db, accountName)).id : undefined;
  return anyDiscountRows(deps.db, accountId);
}
