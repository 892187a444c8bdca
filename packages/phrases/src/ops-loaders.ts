/**
 * Loaders of the back office's namespaces (decision 0049), registered by its own entry
 * (`apps/web/src/ops/lib/ops-i18n.ts`): the customers' pages never carry them. An area of the back
 * office adds its `ops-<area>.ts` files here (both languages), in `TOpsNamespace` (index.ts) and
 * in `TPhrases` (types.ts).
 */
import { registerNamespaceLoaders, type TNamespaceLoaders, type TOpsNamespace } from './index';

export const opsLoaders = {
  'en-US': {
    opsShell: () => import('./en-us/ops-shell'),
    opsDashboard: () => import('./en-us/ops-dashboard'),
    opsCatalogue: () => import('./en-us/ops-catalogue'),
    opsSupport: () => import('./en-us/ops-support'),
  },
  'zh-CN': {
    opsShell: () => import('./zh-cn/ops-shell'),
    opsDashboard: () => import('./zh-cn/ops-dashboard'),
    opsCatalogue: () => import('./zh-cn/ops-catalogue'),
    opsSupport: () => import('./zh-cn/ops-support'),
  },
} satisfies TNamespaceLoaders<TOpsNamespace>;

/** Makes the back office's namespaces loadable. */
export function registerOpsNamespaces(): void {
  registerNamespaceLoaders(opsLoaders);
}
