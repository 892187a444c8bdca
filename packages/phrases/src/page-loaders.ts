/**
 * Loaders of the namespaces that only the other public pages (registration, recovery, the pages
 * opened from a link, the SSO error, the development outbox) and the console read, registered by
 * the public pages' table (`apps/web/src/app/public-page-table.ts`) and by the console's i18n, so
 * that the login page's first load does not carry them.
 */
import { registerNamespaceLoaders, type TNamespaceLoaders, type TPageNamespace } from './index';

export const pageLoaders = {
  'en-US': {
    outbox: () => import('./en-us/outbox'),
    password: () => import('./en-us/password'),
    recovery: () => import('./en-us/recovery'),
    register: () => import('./en-us/register'),
    contactChange: () => import('./en-us/contact-change'),
    invitation: () => import('./en-us/invitation'),
    sso: () => import('./en-us/sso'),
  },
  'zh-CN': {
    outbox: () => import('./zh-cn/outbox'),
    password: () => import('./zh-cn/password'),
    recovery: () => import('./zh-cn/recovery'),
    register: () => import('./zh-cn/register'),
    contactChange: () => import('./zh-cn/contact-change'),
    invitation: () => import('./zh-cn/invitation'),
    sso: () => import('./zh-cn/sso'),
  },
} satisfies TNamespaceLoaders<TPageNamespace>;

/** Makes the other public pages' namespaces loadable. */
export function registerPageNamespaces(): void {
  registerNamespaceLoaders(pageLoaders);
}
