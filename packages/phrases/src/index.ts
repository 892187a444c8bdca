/**
 * Lazy loaders of the phrase namespaces, one module per language and namespace, so that a page
 * downloads only the texts it shows, in the language it shows them.
 */
import type { TLanguage } from '@console/contract/light-enums';
import type { TNamespace, TPhrases } from './types';

export type { TNamespace, TPhrases } from './types';
export { Namespaces } from './types';

export type TLoader<N extends TNamespace> = () => Promise<{ default: TPhrases[N] }>;
export type TNamespaceLoaders<N extends TNamespace> = Record<TLanguage, { [K in N]: TLoader<K> }>;

/** The namespaces only the console reads (their loaders come with the console's chunk). */
export type TConsoleNamespace =
  | 'shell'
  | 'mail'
  | 'account'
  | 'users'
  | 'audit'
  | 'ssoConfig'
  | 'services'
  | 'billing'
  | 'payment'
  | 'certification'
  | 'share';

/** The mobile login's namespace: its loaders come with its chunk (`@console/phrases/mobile-login-loaders`). */
export type TMobileLoginNamespace = 'mobileLogin';

/**
 * The namespaces only the other public pages and the console read: their loaders come with the
 * public pages' table and the console (`@console/phrases/page-loaders`).
 */
export type TPageNamespace =
  | 'outbox'
  | 'password'
  | 'recovery'
  | 'register'
  | 'contactChange'
  | 'invitation'
  | 'sso';

/**
 * The back office's namespaces (`ops-<area>.ts`): only its own build reads them, their loaders come
 * with it (`@console/phrases/ops-loaders`). Each area adds its namespace here and in ops-loaders.ts.
 */
export type TOpsNamespace = 'opsShell' | 'opsAccounts' | 'opsDashboard' | 'opsCatalogue' | 'opsPasskeys';

type TLoginNamespace = Exclude<
  TNamespace,
  TConsoleNamespace | TMobileLoginNamespace | TPageNamespace | TOpsNamespace
>;

/**
 * The loaders of the namespaces the login page and what it opens read (the second step, the
 * captcha, the licence activation). The other public pages and the console register the rest
 * (`registerNamespaceLoaders`, from `@console/phrases/page-loaders` and `console-loaders`), so that
 * the login page's first load does not grow with every namespace.
 */
const loaders: Record<TLanguage, Partial<{ [N in TNamespace]: TLoader<N> }>> = {
  'en-US': {
    common: () => import('./en-us/common'),
    errors: () => import('./en-us/errors'),
    validation: () => import('./en-us/validation'),
    login: () => import('./en-us/login'),
    mfa: () => import('./en-us/mfa'),
    license: () => import('./en-us/license'),
  },
  'zh-CN': {
    common: () => import('./zh-cn/common'),
    errors: () => import('./zh-cn/errors'),
    validation: () => import('./zh-cn/validation'),
    login: () => import('./zh-cn/login'),
    mfa: () => import('./zh-cn/mfa'),
    license: () => import('./zh-cn/license'),
  },
} satisfies TNamespaceLoaders<TLoginNamespace>;

/** Adds the loaders of more namespaces (the console's, when its chunk loads). */
export function registerNamespaceLoaders<N extends TNamespace>(more: TNamespaceLoaders<N>): void {
  for (const lang of Object.keys(more) as TLanguage[]) Object.assign(loaders[lang], more[lang]);
}

export async function loadNamespace<N extends TNamespace>(lang: TLanguage, ns: N): Promise<TPhrases[N]> {
  const loader = loaders[lang][ns] as TLoader<N> | undefined;
  if (!loader) throw new Error(`Phrase namespace ${ns} is not registered (console loaders not loaded)`);
  const mod = await loader();
  return mod.default;
}

/** Replaces `{{name}}` placeholders (the i18next syntax) with values. */
export function interpolate(text: string, values?: Record<string, unknown>): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
