/**
 * Exact money arithmetic: quantities, unit prices and rates are decimal texts, amounts integer
 * fen. Products are computed on scaled BigInts and rounded half up once, to the fen.
 */
import type { TEdition } from '@console/contract/enums';

/** "12.5" at scale 6 → 12500000n. Throws on anything that is not a plain decimal. */
export function scaled(text: string, scale: number): bigint {
  const t = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) throw new Error(`not a decimal: ${text}`);
  const negative = t.startsWith('-');
  const [whole = '0', part = ''] = (negative ? t.slice(1) : t).split('.');
  const digits = `${whole}${part.slice(0, scale).padEnd(scale, '0')}`;
  const value = BigInt(digits);
  return negative ? -value : value;
}

/** Divides and rounds half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const isUp = (r < 0n ? -r : r) * 2n >= d;
  return isUp ? q + (n < 0n ? -1n : 1n) : q;
}

/** quantity × unit price (fen per unit), rounded to the fen. */
export function rateFen(quantity: string, unitPriceFen: string): number {
  const product = scaled(quantity, 6) * scaled(unitPriceFen, 6);
  return Number(divRound(product, 1_000_000_000_000n));
}

/** amount × rate (0 < rate ≤ 1, up to 4 decimals), rounded to the fen. */
export function discountFen(amountFen: number, rate: string): number {
  return Number(divRound(BigInt(amountFen) * scaled(rate, 4), 10_000n));
}

/** Decimal text without trailing zeros ("12.500000" → "12.5"). */
export function trimDecimal(text: string): string {
  if (!text.includes('.')) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/** part / whole to four decimals; `whenZero` when there is no whole. */
export function ratio(part: number, whole: number, whenZero: number): number {
  return whole === 0 ? whenZero : Math.round((part / whole) * 10_000) / 10_000;
}

/**
 * The accounts' currency (decision 0016): CNY in the domestic edition, USD in the international
 * one. The language only formats numbers; it never changes the currency.
 */
export type TCurrency = 'CNY' | 'USD';

export function currencyOf(edition: TEdition): TCurrency {
  return edition === 'international' ? 'USD' : 'CNY';
}
