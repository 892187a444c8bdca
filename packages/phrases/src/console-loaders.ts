/**
 * Loaders of the namespaces only the console reads, registered when the console's chunk loads
 * (`apps/web/src/app/console/console-app.tsx`).
 */
import { registerNamespaceLoaders, type TConsoleNamespace, type TNamespaceLoaders } from './index';

export const consoleLoaders = {
  'en-US': {
    shell: () => import('./en-us/shell'),
    mail: () => import('./en-us/mail'),
    account: () => import('./en-us/account'),
    users: () => import('./en-us/users'),
    audit: () => import('./en-us/audit'),
    ssoConfig: () => import('./en-us/sso-config'),
    services: () => import('./en-us/services'),
    billing: () => import('./en-us/billing'),
    payment: () => import('./en-us/payment'),
    certification: () => import('./en-us/certification'),
    share: () => import('./en-us/share'),
  },
  'zh-CN': {
    shell: () => import('./zh-cn/shell'),
    mail: () => import('./zh-cn/mail'),
    account: () => import('./zh-cn/account'),
    users: () => import('./zh-cn/users'),
    audit: () => import('./zh-cn/audit'),
    ssoConfig: () => import('./zh-cn/sso-config'),
    services: () => import('./zh-cn/services'),
    billing: () => import('./zh-cn/billing'),
    payment: () => import('./zh-cn/payment'),
    certification: () => import('./zh-cn/certification'),
    share: () => import('./zh-cn/share'),
  },
} satisfies TNamespaceLoaders<TConsoleNamespace>;

/** Makes the console's namespaces loadable. */
export function registerConsoleNamespaces(): void {
  registerNamespaceLoaders(consoleLoaders);
}
