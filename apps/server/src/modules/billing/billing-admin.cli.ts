/**
 * Operator commands on vouchers and discounts (run through `npm run cli -- …`, see cli.ts):
 *
 *   voucher issue <accountName> <faceYuan> [--name N] [--days D] [--starts YYYY-MM-DD]
 *                 [--services studio,hengshi] [--regions aliyun/cn-shanghai,...]
 *       issues a voucher with a random unique code: effective from the start day (UTC+8 midnight,
 *       default now) for D days (default 365), for the listed services and regions (default all)
 *   voucher void <code> [reason]          voids a voucher (what is left of it is no longer spent)
 *   voucher list <accountName>            the account's vouchers with their amounts and state
 *   discount set <accountName> <category|*> <rate>
 *       the account's rate for a SKU category (compute, storage, network, ai) or for all (*):
 *       0 < rate <= 1, 0.8 = 20% off; usage rated afterwards uses it
 *   discount list <accountName>           the account's rates
 *
 * Inputs are checked before anything changes: a wrong one prints what is wrong and exits 1. Each
 * change runs in one transaction with its audit entry in the account's chain, the system (an
 * operator) as actor (`voucher.issue`, `voucher.void`, `discount.set`). Issuing and voiding
 * queue an evaluation of the account's balance alerts.
 */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { fenToYuan, SkuCategories, yuanToFen } from '@console/contract/billing-enums';
import { interpolate, serverPhrases } from '@console/phrases/server';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../context';
import { rowsOf, type TDb } from '../../db/client';
import { findAccountByName } from '../account';
import { writeAudit } from '../audit';
import { enqueueAlertCheck } from './alerts.jobs';

/** The first words of the commands this module runs. */
export const billingAdminCommands: readonly string[] = ['voucher', 'discount'];

export type TCliOutput = { out(line: string): void; err(line: string): void };

const usage = [
  'usage:',
  '  voucher issue <accountName> <faceYuan> [--name N] [--days D] [--starts YYYY-MM-DD] [--services studio,hengshi] [--regions aliyun/cn-shanghai,...]',
  '  voucher void <code> [reason]',
  '  voucher list <accountName>',
  '  discount set <accountName> <category|*> <rate>',
  '  discount list <accountName>',
].join('\n');

const dayMs = 86_400_000;
const billingOffsetMs = 8 * 3_600_000;
const voucherDaysMax = 3650;
const voucherNameMax = 64;
const voidReasonMax = 256;
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const ratePattern = /^(?:0(?:\.\d{1,4})?|1(?:\.0{1,4})?)$/;

const operator = { userId: null, username: null, isSuccess: true } as const;

/** A wrong input: reported as it is, nothing changed. */
class UsageError extends Error {}

/** Runs one command; answers the exit status (1 for a wrong input, with the reason on `err`). */
export async function runBillingAdminCommand(
  deps: TDeps,
  command: string,
  args: readonly string[],
  io: TCliOutput,
): Promise<number> {
  try {
    const [sub, ...rest] = args;
    if (command === 'voucher' && sub === 'issue') return await issueVoucher(deps, rest, io);
    if (command === 'voucher' && sub === 'void') return await voidVoucher(deps, rest, io);
    if (command === 'voucher' && sub === 'list') return await listVouchers(deps, rest, io);
    if (command === 'discount' && sub === 'set') return await setDiscount(deps, rest, io);
    if (command === 'discount' && sub === 'list') return await listDiscounts(deps, rest, io);
    throw new UsageError(`unknown command ${[command, ...args].join(' ')}\n${usage}`);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

function parse(args: readonly string[], options: Record<string, { type: 'string' }> = {}) {
  try {
    return parseArgs({ args: [...args], allowPositionals: true, options, strict: true });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
}

async function accountOf(db: TDb, name: string | undefined): Promise<{ id: number; name: string }> {
  if (!name) throw new UsageError(`the account name is required\n${usage}`);
  const account = await findAccountByName(db, name);
  if (!account) throw new UsageError(`no account ${name}`);
  return { id: Number(account.id), name: account.name };
}

/** YYYY-MM-DD as the start of that billing day (UTC+8). */
function startOfBillingDay(text: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text))
    throw new UsageError(`--starts must be a date YYYY-MM-DD, got "${text}"`);
  const date = new Date(`${text}T00:00:00+08:00`);
  if (
    Number.isNaN(date.getTime()) ||
    new Date(date.getTime() + billingOffsetMs).toISOString().slice(0, 10) !== text
  )
    throw new UsageError(`--starts is not a calendar day: ${text}`);
  return date;
}

function listOption(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  const items = [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  return items.length > 0 ? items : null;
}

async function serviceIdsOf(db: TDb, codes: string[] | null): Promise<number[] | null> {
  if (!codes) return null;
  const rows = rowsOf<{ id: number; code: string }>(
    await db.execute(sql`select id, code from services where code = any(${`{${codes.join(',')}}`}::text[])`),
  );
  const missing = codes.filter((c) => !rows.some((r) => r.code === c));
  if (missing.length > 0) throw new UsageError(`unknown services: ${missing.join(', ')}`);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

async function regionIdsOf(db: TDb, refs: string[] | null): Promise<number[] | null> {
  if (!refs) return null;
  const ids: number[] = [];
  const missing: string[] = [];
  for (const ref of refs) {
    const [csp, code, ...extra] = ref.split('/');
    const rows =
      csp && code && extra.length === 0
        ? rowsOf<{ id: number }>(
            await db.execute(sql`select id from regions where csp = ${csp} and code = ${code}`),
          )
        : [];
    if (rows[0]) ids.push(Number(rows[0].id));
    else missing.push(ref);
  }
  if (missing.length > 0) throw new UsageError(`unknown regions (csp/region): ${missing.join(', ')}`);
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

async function issueVoucher(deps: TDeps, args: readonly string[], io: TCliOutput): Promise<number> {
  const { values, positionals } = parse(args, {
    name: { type: 'string' },
    days: { type: 'string' },
    starts: { type: 'string' },
    services: { type: 'string' },
    regions: { type: 'string' },
  });
  const [accountName, faceText, ...extra] = positionals;
  if (!accountName || !faceText || extra.length > 0) throw new UsageError(usage);
  const faceFen = yuanToFen(faceText);
  if (faceFen === null || faceFen <= 0)
    throw new UsageError(
      `the face value must be an amount in yuan greater than 0 with at most two decimals, got "${faceText}"`,
    );
  const days = values.days === undefined ? 365 : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > voucherDaysMax)
    throw new UsageError(`--days must be a whole number from 1 to ${voucherDaysMax}`);
  const name = values.name?.trim() ?? '';
  if (values.name !== undefined && (name.length === 0 || name.length > voucherNameMax))
    throw new UsageError(`--name must be 1 to ${voucherNameMax} characters`);
  const now = deps.clock.now();
  const effectiveAt = values.starts === undefined ? now : startOfBillingDay(values.starts);
  const expiresAt = new Date(effectiveAt.getTime() + days * dayMs);
  if (expiresAt.getTime() <= now.getTime()) throw new UsageError('the voucher would have expired already');
  const account = await accountOf(deps.db, accountName);
  const serviceIds = await serviceIdsOf(deps.db, listOption(values.services));
  const regionIds = await regionIdsOf(deps.db, listOption(values.regions));
  const mail = serverPhrases[deps.config.defaultLanguage].mail;
  const voucherName =
    name ||
    interpolate(mail.billing.voucherName, {
      money: interpolate(mail.billing.money, { amount: fenToYuan(faceFen) }),
    });
  for (let tries = 0; ; tries += 1) {
    const code = newVoucherCode();
    try {
      const id = await deps.db.transaction(async (tx) => {
        const rows = rowsOf<{ id: number }>(
          await tx.execute(sql`
            insert into vouchers (account_id, code, name, face_fen, available_fen, effective_at, expires_at,
                                  service_ids, region_ids, created_at)
            values (${account.id}, ${code}, ${voucherName}, ${faceFen}, ${faceFen}, ${effectiveAt}, ${expiresAt},
                    ${serviceIds ? JSON.stringify(serviceIds) : null}::jsonb,
                    ${regionIds ? JSON.stringify(regionIds) : null}::jsonb, ${now})
            returning id`),
        );
        const voucherId = Number(rows[0]?.id);
        await writeAudit(tx, {
          ...operator,
          accountId: account.id,
          action: 'voucher.issue',
          objectType: 'voucher',
          objectId: String(voucherId),
          objectName: code,
          info: {
            by: 'operator',
            name: voucherName,
            faceValue: fenToYuan(faceFen),
            effectiveTime: effectiveAt.toISOString(),
            expireTime: expiresAt.toISOString(),
            services: listOption(values.services) ?? [],
            regions: listOption(values.regions) ?? [],
          },
          createdAt: now,
        });
        await enqueueAlertCheck(tx, account.id, now);
        return voucherId;
      });
      io.out(
        `issued voucher ${code} (id ${id}) of ${fenToYuan(faceFen)} yuan to ${account.name}: ` +
          `effective ${effectiveAt.toISOString()}, expires ${expiresAt.toISOString()}`,
      );
      return 0;
    } catch (error) {
      // The random code was taken: another one.
      if (isUniqueViolation(error) && tries < 5) continue;
      throw error;
    }
  }
}

async function voidVoucher(deps: TDeps, args: readonly string[], io: TCliOutput): Promise<number> {
  const { positionals } = parse(args);
  const [code, ...reasonWords] = positionals;
  if (!code) throw new UsageError(usage);
  const reason = reasonWords.join(' ').trim() || null;
  if (reason && reason.length > voidReasonMax)
    throw new UsageError(`the reason is at most ${voidReasonMax} characters`);
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const rows = rowsOf<{
      id: number;
      account_id: number;
      code: string;
      available_fen: number | string;
      voided_at: Date | string | null;
    }>(
      await tx.execute(sql`
        select id, account_id, code, available_fen, voided_at from vouchers where upper(code) = upper(${code}) for update`),
    );
    const voucher = rows[0];
    if (!voucher) throw new UsageError(`no voucher ${code}`);
    if (voucher.voided_at !== null) throw new UsageError(`voucher ${voucher.code} is voided already`);
    await tx.execute(
      sql`update vouchers set voided_at = ${now}, void_reason = ${reason} where id = ${voucher.id}`,
    );
    const accountId = Number(voucher.account_id);
    await writeAudit(tx, {
      ...operator,
      accountId,
      action: 'voucher.void',
      objectType: 'voucher',
      objectId: String(voucher.id),
      objectName: voucher.code,
      info: { by: 'operator', reason, availableAmount: fenToYuan(Number(voucher.available_fen)) },
      createdAt: now,
    });
    await enqueueAlertCheck(tx, accountId, now);
    return { code: voucher.code, available: Number(voucher.available_fen) };
  });
  io.out(`voided voucher ${result.code} (${fenToYuan(result.available)} yuan were left)`);
  return 0;
}

function stateOf(
  v: { voided_at: unknown; effective_at: Date | string; expires_at: Date | string },
  now: Date,
) {
  if (v.voided_at !== null) return 'voided';
  if (new Date(v.effective_at).getTime() > now.getTime()) return 'pending';
  if (new Date(v.expires_at).getTime() <= now.getTime()) return 'expired';
  return 'inEffect';
}

async function listVouchers(deps: TDeps, args: readonly string[], io: TCliOutput): Promise<number> {
  const { positionals } = parse(args);
  if (positionals.length !== 1) throw new UsageError(usage);
  const account = await accountOf(deps.db, positionals[0]);
  const rows = rowsOf<{
    code: string;
    name: string;
    face_fen: number | string;
    available_fen: number | string;
    effective_at: Date | string;
    expires_at: Date | string;
    voided_at: Date | string | null;
    service_ids: unknown;
    region_ids: unknown;
  }>(
    await deps.db.execute(sql`
      select code, name, face_fen, available_fen, effective_at, expires_at, voided_at, service_ids, region_ids
        from vouchers where account_id = ${account.id} order by expires_at, id`),
  );
  if (rows.length === 0) {
    io.out(`${account.name} has no vouchers`);
    return 0;
  }
  const now = deps.clock.now();
  const scope = (v: unknown) => {
    const ids = typeof v === 'string' ? (JSON.parse(v) as number[] | null) : (v as number[] | null);
    return ids ? ids.join(',') : 'all';
  };
  io.out('code\tstate\tface\tavailable\teffective\texpires\tservices\tregions\tname');
  for (const r of rows) {
    io.out(
      [
        r.code,
        stateOf(r, now),
        fenToYuan(Number(r.face_fen)),
        fenToYuan(Number(r.available_fen)),
        new Date(r.effective_at).toISOString(),
        new Date(r.expires_at).toISOString(),
        scope(r.service_ids),
        scope(r.region_ids),
        r.name,
      ].join('\t'),
    );
  }
  return 0;
}

async function setDiscount(deps: TDeps, args: readonly string[], io: TCliOutput): Promise<number> {
  const { positionals } = parse(args);
  const [accountName, category, rateText, ...extra] = positionals;
  if (!accountName || !category || !rateText || extra.length > 0) throw new UsageError(usage);
  if (category !== '*' && !(SkuCategories as readonly string[]).includes(category))
    throw new UsageError(`the category is one of ${SkuCategories.join(', ')} or * (all), got "${category}"`);
  if (!ratePattern.test(rateText) || Number(rateText) <= 0)
    throw new UsageError(
      `the rate is a number with at most 4 decimals, greater than 0 and at most 1 (0.8 = 20% off), got "${rateText}"`,
    );
  const rate = Number(rateText).toFixed(4);
  const account = await accountOf(deps.db, accountName);
  const now = deps.clock.now();
  const previous = await deps.db.transaction(async (tx) => {
    const before = rowsOf<{ rate: string }>(
      await tx.execute(sql`
        select rate::text as rate from account_discounts
         where account_id = ${account.id} and category = ${category} for update`),
    )[0]?.rate;
    await tx.execute(sql`
      insert into account_discounts (account_id, category, rate, updated_at)
      values (${account.id}, ${category}, ${rate}::numeric, ${now})
      on conflict (account_id, category) do update set rate = excluded.rate, updated_at = excluded.updated_at`);
    await writeAudit(tx, {
      ...operator,
      accountId: account.id,
      action: 'discount.set',
      objectType: 'account',
      objectId: String(account.id),
      objectName: account.name,
      info: { by: 'operator', category, rate, previous: before ?? null },
      createdAt: now,
    });
    return before ?? null;
  });
  io.out(
    previous === null
      ? `discount of ${account.name} for ${category} set to ${rate}`
      : `discount of ${account.name} for ${category} changed from ${previous} to ${rate}`,
  );
  return 0;
}

async function listDiscounts(deps: TDeps, args: readonly string[], io: TCliOutput): Promise<number> {
  const { positionals } = parse(args);
  if (positionals.length !== 1) throw new UsageError(usage);
  const account = await accountOf(deps.db, positionals[0]);
  const rows = rowsOf<{ category: string; rate: string; updated_at: Date | string }>(
    await deps.db.execute(sql`
      select category, rate::text as rate, updated_at from account_discounts
       where account_id = ${account.id} order by category = '*' desc, category`),
  );
  if (rows.length === 0) {
    io.out(`${account.name} has no discounts (every rate is 1)`);
    return 0;
  }
  io.out('category\trate\tupdated');
  for (const r of rows) io.out(`${r.category}\t${r.rate}\t${new Date(r.updated_at).toISOString()}`);
  return 0;
}
