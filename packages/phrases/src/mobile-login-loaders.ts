/**
 * Loaders of the mobile login's namespace, registered when its chunk loads
 * (`apps/web/src/features/auth/components/mobile-login.tsx`), so that the login page's first load
 * does not carry them.
 */
import { registerNamespaceLoaders, type TMobileLoginNamespace, type TNamespaceLoaders } from './index';

export const mobileLoginLoaders = {
  'en-US': { mobileLogin: () => import('./en-us/mobile-login') },
  'zh-CN': { mobileLogin: () => import('./zh-cn/mobile-login') },
} satisfies TNamespaceLoaders<TMobileLoginNamespace>;

/** Makes the mobile login's namespace loadable. */
export function registerMobileLoginNamespace(): void {
  registerNamespaceLoaders(mobileLoginLoaders);
}
