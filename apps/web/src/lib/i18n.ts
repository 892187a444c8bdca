/**
 * i18next for the console pages: the same phrase modules as the public pages, loaded lazily per
 * language and namespace through `loadNamespace` (an i18next backend). Importing this module
 * registers the namespaces the login page does not read (their loaders are not on its first load).
 */
import type { TLanguage } from '@console/contract/enums';
import { loadNamespace, type TNamespace, type TPhrases } from '@console/phrases';
import { registerConsoleNamespaces } from '@console/phrases/console-loaders';
import { registerPageNamespaces } from '@console/phrases/page-loaders';
import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chunkLoader } from './lazy';

declare module 'i18next' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface CustomTypeOptions {
    defaultNS: 'shell';
    resources: TPhrases;
  }
}

registerConsoleNamespaces();
// The console's dialogs read some of the other public pages' namespaces too (e.g. `password`).
registerPageNamespaces();

const phrasesBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    // A phrase module is a chunk too: it gets the same load timeout as the pages.
    chunkLoader(() => loadNamespace(language as TLanguage, namespace as TNamespace))().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Namespaces every console page needs. */
export const consoleNamespaces: readonly TNamespace[] = ['common', 'shell', 'validation'];

export async function createConsoleI18n(lang: TLanguage, namespaces = consoleNamespaces): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(phrasesBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: ['zh-CN', 'en-US'],
      load: 'currentOnly',
      ns: [...namespaces],
      defaultNS: 'shell',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return instance;
}
