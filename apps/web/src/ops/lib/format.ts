/** Dates and money of the back office's pages, in the page's language. */
import { getLanguage } from '@/lib/language';

/** A moment as date and time to the minute, e.g. `2026-12-02 13:40` / `Dec 2, 2026, 1:40 PM`. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(getLanguage(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/** Integer fen as money with 2 decimals and its currency (CNY unless named). */
export function formatFen(fen: number, currency = 'CNY'): string {
  return new Intl.NumberFormat(getLanguage(), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(fen / 100);
}
