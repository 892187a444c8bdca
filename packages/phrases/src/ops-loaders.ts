/**
 * Loaders of the back office's namespaces (decision 0049), registered by its own entry
 * (`apps/web/src/ops/lib/ops-i18n.ts`): the customers' pages never carry them. An area of the back
 * office adds its `ops-<area>.ts` files here (both languages), in `TOpsNamespace` (index.ts) and
 * in `TPhrases` (types.ts).
 */
import { registerNamespaceLoaders, type TLoader, type TNamespaceLoaders, type TOpsNamespace } from './index';

/** Each namespace's two files, one line each (en-US, zh-CN), so that areas add theirs apart. */
const files = {
  opsShell: [() => import('./en-us/ops-shell'), () => import('./zh-cn/ops-shell')],
  opsDashboard: [() => import('./en-us/ops-dashboard'), () => import('./zh-cn/ops-dashboard')],
  opsCatalogue: [() => import('./en-us/ops-catalogue'), () => import('./zh-cn/ops-catalogue')],
  opsPasskeys: [() => import('./en-us/ops-passkeys'), () => import('./zh-cn/ops-passkeys')],
  opsAccounts: [() => import('./en-us/ops-accounts'), () => import('./zh-cn/ops-accounts')],
} satisfies { [K in TOpsNamespace]: readonly [TLoader<K>, TLoader<K>] };

const entries = Object.entries(files) as [TOpsNamespace, (typeof files)[TOpsNamespace]][];

export const opsLoaders = {
  'en-US': Object.fromEntries(entries.map(([name, [en]]) => [name, en])),
  'zh-CN': Object.fromEntries(entries.map(([name, [, zh]]) => [name, zh])),
} as TNamespaceLoaders<TOpsNamespace>;

/** Makes the back office's namespaces loadable. */
export function registerOpsNamespaces(): void {
  registerNamespaceLoaders(opsLoaders);
}
