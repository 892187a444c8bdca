/**
 * Lazy loaders of the phrase namespaces, one module per language and namespace, so that a page
 * downloads only the texts it shows, in the language it shows them.
 */
import type { TLanguage } from '@console/contract/enums';
import type { TNamespace, TPhrases } from './types';

export type { TNamespace, TPhrases } from './types';
export { Namespaces } from './types';

type TLoaders = { [N in TNamespace]: () => Promise<{ default: TPhrases[N] }> };

const loaders: Record<TLanguage, TLoaders> = {
  'en-US': {
    common: () => import('./en-us/common'),
    errors: () => import('./en-us/errors'),
    validation: () => import('./en-us/validation'),
    login: () => import('./en-us/login'),
    shell: () => import('./en-us/shell'),
    mail: () => import('./en-us/mail'),
    mfa: () => import('./en-us/mfa'),
    outbox: () => import('./en-us/outbox'),
  },
  'zh-CN': {
    common: () => import('./zh-cn/common'),
    errors: () => import('./zh-cn/errors'),
    validation: () => import('./zh-cn/validation'),
    login: () => import('./zh-cn/login'),
    shell: () => import('./zh-cn/shell'),
    mail: () => import('./zh-cn/mail'),
    mfa: () => import('./zh-cn/mfa'),
    outbox: () => import('./zh-cn/outbox'),
  },
};

export async function loadNamespace<N extends TNamespace>(lang: TLanguage, ns: N): Promise<TPhrases[N]> {
  const mod = await loaders[lang][ns]();
  return mod.default as TPhrases[N];
}

/** Replaces `{{name}}` placeholders (the i18next syntax) with values. */
export function interpolate(text: string, values?: Record<string, unknown>): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
