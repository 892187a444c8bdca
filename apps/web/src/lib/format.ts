import { getLanguage } from './language';

/** A date-time in the page language, e.g. "2026-03-01 14:05" / "Mar 1, 2026, 2:05 PM". */
export function formatDateTime(value: string | null | undefined, lang = getLanguage()): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
