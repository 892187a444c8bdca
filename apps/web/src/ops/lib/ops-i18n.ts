/**
 * i18next for the back office's pages: the same phrase modules as the customers' console, loaded
 * per language and namespace; the back office's own namespaces (`ops-<area>`) are registered here,
 * so that the customers' bundles never carry their loaders.
 */
import type { TLanguage } from '@console/contract/light-enums';
import { loadNamespace, type TNamespace } from '@console/phrases';
import { registerOpsNamespaces } from '@console/phrases/ops-loaders';
import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chunkLoader } from '@/lib/lazy';

registerOpsNamespaces();

const phrasesBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    chunkLoader(() => loadNamespace(language as TLanguage, namespace as TNamespace))().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Namespaces every page of the back office reads (`errors` and `common` for the shared texts). */
export const opsNamespaces: readonly TNamespace[] = ['opsShell', 'common', 'errors'];

export async function createOpsI18n(lang: TLanguage): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(phrasesBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: ['zh-CN', 'en-US'],
      load: 'currentOnly',
      ns: [...opsNamespaces],
      defaultNS: 'opsShell',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return instance;
}
