/**
 * Money as the billing pages show it (spec sections 3 and 9): the API sends amount texts with two
 * decimals ("1234.50"); a page shows them with two decimals, thousands separators and the sign of
 * the account's currency: CNY/¥ in the domestic edition, USD/$ in the international one (decision
 * 0016). The page language never changes the currency. Display only: the texts are never turned
 * into floating point numbers here; rounding, where a text has more decimals, is done on the
 * digits.
 */
import type { TEdition } from '@console/contract/enums';

export type TCurrency = 'CNY' | 'USD';

export const currencySymbols: Record<TCurrency, string> = { CNY: '¥', USD: '$' };

/** The accounts' currency of an edition: USD for the international edition, CNY for the domestic. */
export function currencyOf(edition: TEdition): TCurrency {
  return edition === 'international' ? 'USD' : 'CNY';
}

const amountPattern = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/** Adds one to a string of digits ("099" → "100"). */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * "1234.5" → "1,234.50"; "-0.005" → "-0.01" (half away from zero); null, empty or not a decimal
 * text → null.
 */
export function formatAmount(text: string | null | undefined): string | null {
  const m = amountPattern.exec((text ?? '').trim());
  if (!m) return null;
  const sign = m[1] === '-' ? '-' : '';
  let whole = (m[2] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = m[3] ?? '';
  let cents = fraction.slice(0, 2).padEnd(2, '0');
  if (Number(fraction[2] ?? '0') >= 5) {
    const bumped = incrementDigits(`${whole}${cents}`);
    whole = bumped.slice(0, -2) || '0';
    cents = bumped.slice(-2);
  }
  const isZero = /^0+$/.test(whole) && cents === '00';
  return `${isZero ? '' : sign}${groupThousands(whole)}.${cents}`;
}

/** "1234.5" → "¥1,234.50" (CNY) or "$1,234.50" (USD); "-12.3" → "-¥12.30"; unreadable → "-". */
export function formatMoney(text: string | null | undefined, currency: TCurrency): string {
  const amount = formatAmount(text);
  if (amount === null) return '-';
  const symbol = currencySymbols[currency];
  return amount.startsWith('-') ? `-${symbol}${amount.slice(1)}` : `${symbol}${amount}`;
}

/** Whether a yuan text is below zero (a sign only, no arithmetic). */
export function isNegative(text: string | null | undefined): boolean {
  const amount = formatAmount(text);
  return amount?.startsWith('-') ?? false;
}

/** Whether a yuan text is more than zero. */
export function isPositive(text: string | null | undefined): boolean {
  const amount = formatAmount(text);
  return amount !== null && !amount.startsWith('-') && /[1-9]/.test(amount);
}

/** A rate (0.85) as a percentage with at most two decimals ("85%", "87.5%"); 1 → "100%". */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '-';
  const percent = Math.round(rate * 10000) / 100;
  return `${percent.toFixed(2).replace(/\.?0+$/, '')}%`;
}

/**
 * A comprehensive discount rate (discounted / original) where something was consumed: with nothing
 * consumed there is no rate to read ("-"), whatever number the answer carries (the spec's
 * `discountPercent` is 0 then, a row's rate 1).
 */
export function formatDiscountRate(
  rate: number | null | undefined,
  originalAmount: string | null | undefined,
): string {
  return isPositive(originalAmount) ? formatRate(rate) : '-';
}

/** A decimal quantity with its unit: "12.5 CRU-hour", "12.5 CRU·小时". */
export function formatUsage(usage: string, unit: string): string {
  const m = amountPattern.exec(usage.trim());
  if (!m) return `${usage} ${unit}`.trim();
  const whole = groupThousands((m[2] ?? '0').replace(/^0+(?=\d)/, ''));
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  return `${m[1] === '-' ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''} ${unit}`.trim();
}
