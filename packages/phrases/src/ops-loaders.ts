/**
 * Loaders of the back office's namespaces (decision 0049), registered by its own entry
 * (`apps/web/src/ops/lib/ops-i18n.ts`): the customers' pages never carry them. An area of the back
 * office adds its `ops-<area>.ts` files here (both languages) and its namespace (`opsArea`) to
 * `TPhrases` and `Namespaces` (types.ts); every namespace named `ops…` is the back office's.
 */
import { registerNamespaceLoaders, type TNamespaceLoaders, type TOpsNamespace } from './index';

export const opsLoaders = {
  'en-US': {
    opsShell: () => import('./en-us/ops-shell'),
    opsOperators: () => import('./en-us/ops-operators'),
    opsDashboard: () => import('./en-us/ops-dashboard'),
    opsCatalogue: () => import('./en-us/ops-catalogue'),
  },
  'zh-CN': {
    opsShell: () => import('./zh-cn/ops-shell'),
    opsOperators: () => import('./zh-cn/ops-operators'),
    opsDashboard: () => import('./zh-cn/ops-dashboard'),
    opsCatalogue: () => import('./zh-cn/ops-catalogue'),
  },
} satisfies TNamespaceLoaders<TOpsNamespace>;

/** Makes the back office's namespaces loadable. */
export function registerOpsNamespaces(): void {
  registerNamespaceLoaders(opsLoaders);
}
