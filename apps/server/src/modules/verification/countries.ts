/**
 * Countries of the phone input: ISO region code, calling code (countries-list) and a name in the
 * request's language (i18n-iso-countries), sorted by name, China first.
 */

import { createRequire } from 'node:module';
import type { TCountry } from '@console/contract';
import type { TLanguage } from '@console/contract/enums';
import { countries } from 'countries-list';
import isoCountries, { type LocaleData } from 'i18n-iso-countries';

// JSON through require: the same in the sources and in the bundle, on every Node version.
const require = createRequire(import.meta.url);
isoCountries.registerLocale(require('i18n-iso-countries/langs/en.json') as LocaleData);
isoCountries.registerLocale(require('i18n-iso-countries/langs/zh.json') as LocaleData);

const cache = new Map<TLanguage, TCountry[]>();

export function countryList(lang: TLanguage): TCountry[] {
  const cached = cache.get(lang);
  if (cached) return cached;
  const locale = lang === 'zh-CN' ? 'zh' : 'en';
  const collator = new Intl.Collator(lang);
  const list: TCountry[] = [];
  for (const [code, country] of Object.entries(countries)) {
    const phone = country.phone[0];
    if (phone === undefined) continue;
    const name = isoCountries.getName(code, locale) ?? country.name;
    list.push({ name, region_code: code, phone_code: String(phone) });
  }
  list.sort((a, b) =>
    a.region_code === 'CN' ? -1 : b.region_code === 'CN' ? 1 : collator.compare(a.name, b.name),
  );
  cache.set(lang, list);
  return list;
}
