/**
 * Lazy loaders of the phrase namespaces, one module per language and namespace, so that a page
 * downloads only the texts it shows, in the language it shows them.
 */
import type { TLanguage } from '@console/contract/enums';
import type { TNamespace, TPhrases } from './types';

export type { TNamespace, TPhrases } from './types';
export { Namespaces } from './types';

type TLoader<N extends TNamespace> = () => Promise<{ default: TPhrases[N] }>;
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

type TPublicNamespace = Exclude<TNamespace, TConsoleNamespace | TMobileLoginNamespace>;

/**
 * The loaders of the namespaces the light public pages read. The console registers the rest
 * (`registerNamespaceLoaders`, from `@console/phrases/console-loaders`), so that the login page's
 * first load does not grow with every console namespace.
 */
const loaders: Record<TLanguage, Partial<{ [N in TNamespace]: TLoader<N> }>> = {
  'en-US': {
    common: () => import('./en-us/common'),
    errors: () => import('./en-us/errors'),
    validation: () => import('./en-us/validation'),
    login: () => import('./en-us/login'),
    mfa: () => import('./en-us/mfa'),
    outbox: () => import('./en-us/outbox'),
    password: () => import('./en-us/password'),
    recovery: () => import('./en-us/recovery'),
    register: () => import('./en-us/register'),
    contactChange: () => import('./en-us/contact-change'),
    invitation: () => import('./en-us/invitation'),
    sso: () => import('./en-us/sso'),
    license: () => import('./en-us/license'),
  },
  'zh-CN': {
    common: () => import('./zh-cn/common'),
    errors: () => import('./zh-cn/errors'),
    validation: () => import('./zh-cn/validation'),
    login: () => import('./zh-cn/login'),
    mfa: () => import('./zh-cn/mfa'),
    outbox: () => import('./zh-cn/outbox'),
    password: () => import('./zh-cn/password'),
    recovery: () => import('./zh-cn/recovery'),
    register: () => import('./zh-cn/register'),
    contactChange: () => import('./zh-cn/contact-change'),
    invitation: () => import('./zh-cn/invitation'),
    sso: () => import('./zh-cn/sso'),
    license: () => import('./zh-cn/license'),
  },
} satisfies TNamespaceLoaders<TPublicNamespace>;

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
