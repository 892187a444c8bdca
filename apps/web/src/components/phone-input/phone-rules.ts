/** Rules of the phone input (spec sections 2 "Phone input" and 5). */
import type { TCountry } from '@console/contract';
import { checkPhone } from '@console/contract/contact-rules';
import type { TValidationKey } from '@console/contract/rules';

/** The mainland prefix: fixed unless the global-phone setting is on. */
export const DefaultPhoneCode = '86';

export type TPhoneValue = { phoneCode: string; phone: string };

/** Required; the mainland format (1, then 3–9, then 9 digits) only with +86; other prefixes pass. */
export function validatePhone(value: TPhoneValue): TValidationKey | null {
  return checkPhone(value.phone, value.phoneCode || DefaultPhoneCode);
}

/** Keeps digits (and the spaces or dashes people type between them), at most 20 characters. */
export function cleanPhone(value: string): string {
  return value.replace(/[^\d\s-]/g, '').slice(0, 20);
}

/**
 * Countries matching a search by name, phone code or region code ("china", "+86", "86", "cn"):
 * exact code matches first, then the rest in list order.
 */
export function filterCountries(list: readonly TCountry[], query: string): TCountry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  const digits = q.replace(/^\+/, '');
  const isCode = /^\d+$/.test(digits);
  const scored: { country: TCountry; score: number; index: number }[] = [];
  list.forEach((country, index) => {
    let score = -1;
    if (isCode) {
      if (country.phone_code === digits) score = 0;
      else if (country.phone_code.startsWith(digits)) score = 2;
    } else {
      const region = country.region_code.toLowerCase();
      const name = country.name.toLowerCase();
      if (region === q) score = 0;
      else if (name.startsWith(q)) score = 1;
      else if (name.includes(q) || region.startsWith(q)) score = 3;
    }
    if (score >= 0) scored.push({ country, score, index });
  });
  return scored.sort((a, b) => a.score - b.score || a.index - b.index).map((s) => s.country);
}
