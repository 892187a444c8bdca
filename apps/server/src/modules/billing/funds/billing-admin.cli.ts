/**
 * Operator commands on vouchers and discounts (run through `npm run cli -- …`, see cli.ts):
 *
 *   voucher issue <accountName> <faceYuan> [--name N] [--name-zh N] [--name-en N] [--days D]
 *                 [--starts YYYY-MM-DD] [--services studio,hengshi] [--regions aliyun/cn-shanghai,...]
 *       issues a voucher with a random unique code: effective from the start day (UTC+8 midnight,
 *       default now) for D days (default 365), for the listed services and regions (default all);
 *       named N in both languages, or per language (--name-zh, --name-en), the platform's default
 *       name ("Voucher of CNY 500.00", "500.00 元代金券") where none is given
 *   voucher void <code> [reason]          voids a voucher (what is left of it is no longer spent)
 *   voucher list <accountName>            the account's vouchers with their amounts and state
 *   discount set <accountName> <category|*> <rate>
 *       the account's rate for a SKU category (compute, storage, network, ai) or for all (*):
 *       0 < rate <= 1, 0.8 = 20% off; usage rated afterwards uses it
 *   discount remove <accountName> <category|*>
 *       removes the account's rate for the category (or for all): usage rated afterwards pays
 *       the list price there (or the rate for all)
 *   discount list <accountName>           the account's rates
 *
 * Inputs are checked before anything changes: a wrong one prints what is wrong and exits 1. Each
 * change runs in one transaction with its audit entry in the account's chain, the system (an
 * operator) as actor (`voucher.issue`, `voucher.void`, `discount.set`, `discount.remove`); the back
 * office's finance pages call the same services. Issuing and voiding
 * queue an evaluation of the account's balance alerts.
 */
import { parseArgs } from 'node:util';
import { fenToYuan, SkuCategories, yuanToFen } from '@console/contract/billing-enums';
import type { TCliCommands, TCliOutput, TDeps } from '../../../context';
import { isDay, startOfDay } from '../../../lib/billing-day';
import {
  accountDiscounts,
  accountVouchers,
  issueVoucher,
  OperatorInputError,
  removeDiscount,
  setDiscount,
  voidVoucher,
} from './vouchers.service';

/** The first words of the commands this module runs. */
export const billingAdminCli: TCliCommands = {
  commands: ['voucher', 'discount'],
  run: (context, command, args, io) =>
    context.withDeps((deps) => runBillingAdminCommand(deps, command, args, io)),
};

const usage = [
  'usage:',
  '  voucher issue <accountName> <faceYuan> [--name N] [--name-zh N] [--name-en N] [--days D] [--starts YYYY-MM-DD] [--services studio,hengshi] [--regions aliyun/cn-shanghai,...]',
  '  voucher void <code> [reason]',
  '  voucher list <accountName>',
  '  discount set <accountName> <category|*> <rate>',
  '  discount remove <accountName> <category|*>',
  '  discount list <accountName>',
].join('\n');

const dayMs = 86_400_000;
const voucherDaysMax = 3650;
const voucherNameMax = 64;
const voidReasonMax = 256;
const ratePattern = /^(?:0(?:\.\d{1,4})?|1(?:\.0{1,4})?)$/;

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
    if (command === 'voucher' && sub === 'issue') return await issueCommand(deps, rest, io);
    if (command === 'voucher' && sub === 'void') return await voidCommand(deps, rest, io);
    if (command === 'voucher' && sub === 'list') return await listVouchersCommand(deps, rest, io);
    if (command === 'discount' && sub === 'set') return await setDiscountCommand(deps, rest, io);
    if (command === 'discount' && sub === 'remove') return await removeDiscountCommand(deps, rest, io);
    if (command === 'discount' && sub === 'list') return await listDiscountsCommand(deps, rest, io);
    throw new UsageError(`unknown command ${[command, ...args].join(' ')}\n${usage}`);
  } catch (error) {
    if (error instanceof UsageError || error instanceof OperatorInputError) {
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

function accountNameOf(name: string | undefined): string {
  if (!name) throw new UsageError(`the account name is required\n${usage}`);
  return name;
}

/** YYYY-MM-DD as the start of that billing day (UTC+8). */
function startOfBillingDay(text: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text))
    throw new UsageError(`--starts must be a date YYYY-MM-DD, got "${text}"`);
  if (!isDay(text)) throw new UsageError(`--starts is not a calendar day: ${text}`);
  return startOfDay(text);
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

async function issueCommand(deps: TDeps, args: readonly string[], io: TCliOutput): Promise<number> {
  const { values, positionals } = parse(args, {
    name: { type: 'string' },
    'name-zh': { type: 'string' },
    'name-en': { type: 'string' },
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
  const nameOf = (option: 'name' | 'name-zh' | 'name-en'): string | undefined => {
    const given = values[option];
    if (given === undefined) return undefined;
    const name = given.trim();
    if (name.length === 0 || name.length > voucherNameMax)
      throw new UsageError(`--${option} must be 1 to ${voucherNameMax} characters`);
    return name;
  };
  const both = nameOf('name');
  const names = { 'zh-CN': nameOf('name-zh') ?? both, 'en-US': nameOf('name-en') ?? both };
  const now = deps.clock.now();
  const effectiveAt = values.starts === undefined ? now : startOfBillingDay(values.starts);
  const expiresAt = new Date(effectiveAt.getTime() + days * dayMs);
  if (expiresAt.getTime() <= now.getTime()) throw new UsageError('the voucher would have expired already');
  const issued = await issueVoucher(deps, {
    accountName,
    faceFen,
    names,
    effectiveAt,
    expiresAt,
    services: listOption(values.services),
    regions: listOption(values.regions),
  });
  io.out(
    `issued voucher ${issued.code} (id ${issued.id}) of ${fenToYuan(faceFen)} yuan to ${issued.accountName}: ` +
      `effective ${effectiveAt.toISOString()}, expires ${expiresAt.toISOString()}`,
  );
  return 0;
}

async function voidCommand(deps: TDeps, args: readonly string[], io: TCliOutput): Promise<number> {
  const { positionals } = parse(args);
  const [code, ...reasonWords] = positionals;
  if (!code) throw new UsageError(usage);
  const reason = reasonWords.join(' ').trim() || null;
  if (reason && reason.length > voidReasonMax)
    throw new UsageError(`the reason is at most ${voidReasonMax} characters`);
  const result = await voidVoucher(deps, code, reason);
  io.out(`voided voucher ${result.code} (${fenToYuan(result.availableFen)} yuan were left)`);
  return 0;
}

async function listVouchersCommand(deps: TDeps, args: readonly string[], io: TCliOutput): Promise<number> {
  const { positionals } = parse(args);
  if (positionals.length !== 1) throw new UsageError(usage);
  const { account, vouchers } = await accountVouchers(deps, accountNameOf(positionals[0]));
  if (vouchers.length === 0) {
    io.out(`${account.name} has no vouchers`);
    return 0;
  }
  const scope = (ids: number[] | null) => (ids ? ids.join(',') : 'all');
  io.out('code\tstate\tface\tavailable\teffective\texpires\tservices\tregions\tname (zh-CN)\tname (en-US)');
  for (const v of vouchers) {
    io.out(
      [
        v.code,
        v.state,
        fenToYuan(v.faceFen),
        fenToYuan(v.availableFen),
        v.effectiveAt.toISOString(),
        v.expiresAt.toISOString(),
        scope(v.serviceIds),
        scope(v.regionIds),
        v.nameZh,
        v.nameEn,
      ].join('\t'),
    );
  }
  return 0;
}

async function setDiscountCommand(deps: TDeps, args: readonly string[], io: TCliOutput): Promise<number> {
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
  const { account, previous } = await setDiscount(deps, accountName, category, rate);
  io.out(
    previous === null
      ? `discount of ${account.name} for ${category} set to ${rate}`
      : `discount of ${account.name} for ${category} changed from ${previous} to ${rate}`,
  );
  return 0;
}

async function removeDiscountCommand(deps: TDeps, args: readonly string[], io: TCliOutput): Promise<number> {
  const { positionals } = parse(args);
  const [accountName, category, ...extra] = positionals;
  if (!accountName || !category || extra.length > 0) throw new UsageError(usage);
  const { account, previous } = await removeDiscount(deps, accountName, category);
  io.out(`discount of ${account.name} for ${category} (${previous}) removed`);
  return 0;
}

async function listDiscountsCommand(deps: TDeps, args: readonly string[], io: TCliOutput): Promise<number> {
  const { positionals } = parse(args);
  if (positionals.length !== 1) throw new UsageError(usage);
  const { account, discounts } = await accountDiscounts(deps, accountNameOf(positionals[0]));
  if (discounts.length === 0) {
    io.out(`${account.name} has no discounts (every rate is 1)`);
    return 0;
  }
  io.out('category\trate\tupdated');
  for (const r of discounts) io.out(`${r.category}\t${r.rate}\t${r.updatedAt.toISOString()}`);
  return 0;
}
