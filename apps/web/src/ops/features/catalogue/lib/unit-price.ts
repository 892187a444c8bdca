/** A list price as the catalogue keeps it (minor unit per unit, an exact decimal text) shown as money. */
import { getLanguage } from '@/lib/language';

/**
 * fen per unit as money per unit, with at least 2 decimals and every place the price has:
 * "40" → "¥0.40", "42.5" → "¥0.425", "0.015" → "¥0.00015".
 */
export function formatUnitPrice(
  unitPriceFen: string,
  currency: string,
  lang: string = getLanguage(),
): string {
  const [whole = '0', part = ''] = unitPriceFen.trim().split('.');
  const places = Math.max(2, Math.min(20, part.replace(/0+$/, '').length + 2));
  return new Intl.NumberFormat(lang, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: places,
  }).format(Number(`${whole}.${part || '0'}`) / 100);
}
