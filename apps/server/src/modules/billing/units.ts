/**
 * The SKUs' units in a language: the catalogue names each SKU's unit once ("CRU-hour", "GiB-day",
 * "GB", "1K tokens"); the bill's answers and exports write it in the request's language
 * ("CRU·小时", "GiB·天", "GB", "千 Token"). A unit the phrases do not know is written as stored.
 */
import type { TLanguage } from '@console/contract';
import enExport from '@console/phrases/en-us/billing-export';
import zhExport from '@console/phrases/zh-cn/billing-export';

export function unitIn(lang: TLanguage, unit: string): string {
  const units: Record<string, string> = (lang === 'zh-CN' ? zhExport : enExport).units;
  return Object.hasOwn(units, unit) ? (units[unit] as string) : unit;
}
