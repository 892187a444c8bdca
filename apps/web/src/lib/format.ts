import { getLanguage } from './language';

/** A date-time in the page language, e.g. "2026-03-01 14:05" / "Mar 1, 2026, 2:05 PM". */
export function formatDateTime(value: string | null | undefined, lang = getLanguage()): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The date and the time of a date-time apart, in the page language: ["Mar 1, 2026", "2:05 PM"]. */
export function formatDateAndTime(value: string, lang = getLanguage()): [string, string] | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return [
    new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(date),
    new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(date),
  ];
}
