/** Recent account names of the login page: cookie `cz-recent-accounts`, most recent first, at most 10. */
import { RecentAccountsCookie } from '@console/contract/light-enums';
import { LightLimits } from '@console/contract/light-limits';
import { getCookie, setCookie } from '@/lib/cookies';

const cookieDays = 365;

export function readRecentAccounts(): string[] {
  const raw = getCookie(RecentAccountsCookie);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return normalise(value.filter((v): v is string => typeof v === 'string'));
  } catch {
    return [];
  }
}

function normalise(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of list) {
    const name = item.trim();
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
    if (out.length === LightLimits.recentAccounts) break;
  }
  return out;
}

function write(list: readonly string[]): string[] {
  const value = normalise(list);
  setCookie(RecentAccountsCookie, JSON.stringify(value), { days: cookieDays, path: '/' });
  return value;
}

/** Puts `name` first (once, whatever its case before), keeping at most 10 names. */
export function addRecentAccount(name: string): string[] {
  const trimmed = name.trim();
  if (!trimmed) return readRecentAccounts();
  const key = trimmed.toLowerCase();
  return write([trimmed, ...readRecentAccounts().filter((n) => n.toLowerCase() !== key)]);
}

export function removeRecentAccount(name: string): string[] {
  const key = name.trim().toLowerCase();
  return write(readRecentAccounts().filter((n) => n.toLowerCase() !== key));
}
