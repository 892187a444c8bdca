/**
 * Human units of a job profile in the page language: data sizes (1024-based, B to PB), counts of
 * rows (compact: 1.2M / 1.2万, the exact count kept for a tooltip), durations (ms, s, min, h),
 * shares of the total and times to the second.
 */
import type { TLanguage } from '@console/contract/enums';
import type { TPhrases } from '@console/phrases';
import { interpolate } from '@console/phrases';

export type TUnitTexts = TPhrases['share']['units'];

const number = (lang: TLanguage, value: number, digits: number) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value);

/** "0 B", "512 B", "1.5 KB", "20.1 GB", "312 GB". */
export function formatBytes(bytes: number, texts: TUnitTexts, lang: TLanguage): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < texts.bytes.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${number(lang, value, digits)} ${texts.bytes[unit]}`;
}

/** Exact, with the language's grouping: "1,234,567". */
export function formatExactCount(count: number, lang: TLanguage): string {
  return number(lang, count, 0);
}

/** Below ten thousand as it is ("9,876"); above, compact ("1.2M" / "120万"). */
export function formatCount(count: number, lang: TLanguage): string {
  if (Math.abs(count) < 10_000) return formatExactCount(count, lang);
  return new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 }).format(count);
}

/** "850 ms", "4.56 s", "3 min 20 s", "1 h 2 min". */
export function formatDuration(ms: number, texts: TUnitTexts, lang: TLanguage): string {
  const value = Math.max(0, Math.round(ms));
  if (value < 1000) return interpolate(texts.ms, { value: number(lang, value, 0) });
  if (value < 60_000) {
    const seconds = value / 1000;
    return interpolate(texts.seconds, { value: number(lang, seconds, seconds < 10 ? 2 : 1) });
  }
  const totalSeconds = Math.round(value / 1000);
  if (totalSeconds < 3600) {
    return interpolate(texts.minutes, { minutes: Math.floor(totalSeconds / 60), seconds: totalSeconds % 60 });
  }
  const totalMinutes = Math.round(totalSeconds / 60);
  return interpolate(texts.hours, { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 });
}

/** A share of the total: "42.5%" (never more than 100 %). */
export function formatShare(share: number, lang: TLanguage): string {
  const value = Math.min(1, Math.max(0, share));
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** A date-time to the second in the page language; "-" for none. */
export function formatTime(iso: string | null, lang: TLanguage): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}
