/**
 * A tiny typed translator for the light public pages: phrase namespaces are loaded (one chunk
 * per language and namespace) before a page renders, then read as plain typed objects.
 * The console uses i18next over the same phrase modules (lib/i18n.ts).
 */
import type { TLanguage } from '@console/contract/light-enums';
import { interpolate, loadNamespace, type TNamespace, type TPhrases } from '@console/phrases';
import { getLanguage } from './language';
import { chunkLoader } from './lazy';

const cache = new Map<string, unknown>();
const pending = new Map<string, Promise<unknown>>();

const keyOf = (lang: TLanguage, ns: TNamespace) => `${lang}:${ns}`;

export function loadPhrases(
  namespaces: readonly TNamespace[],
  lang: TLanguage = getLanguage(),
): Promise<void> {
  return Promise.all(
    namespaces.map((ns) => {
      const key = keyOf(lang, ns);
      if (cache.has(key)) return undefined;
      let p = pending.get(key);
      if (!p) {
        // A phrase module is a chunk too: it gets the same load timeout as the pages.
        p = chunkLoader(() => loadNamespace(lang, ns))().then((value) => {
          cache.set(key, value);
          return value;
        });
        pending.set(key, p);
        // A failed load is forgotten, so that a retry (a reload of the page's chunk) loads again.
        p.catch(() => pending.delete(key));
      }
      return p;
    }),
  ).then(() => undefined);
}

export function hasPhrases(ns: TNamespace, lang: TLanguage = getLanguage()): boolean {
  return cache.has(keyOf(lang, ns));
}

/** The phrases of a loaded namespace (load them first with `loadPhrases`). */
export function getPhrases<N extends TNamespace>(ns: N, lang: TLanguage = getLanguage()): TPhrases[N] {
  const value = cache.get(keyOf(lang, ns));
  if (!value) throw new Error(`Phrases ${lang}/${ns} used before they were loaded`);
  return value as TPhrases[N];
}

/** For tests: makes phrases available without loading. */
export function providePhrases<N extends TNamespace>(lang: TLanguage, ns: N, value: TPhrases[N]): void {
  cache.set(keyOf(lang, ns), value);
}

export { interpolate };
