/**
 * The light public pages (no antd, no i18next, no query library): each is a lazy chunk that
 * renders once its chunk and its phrase namespaces are loaded.
 */
import type { TNamespace } from '@console/phrases';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { TPublicRoute } from '@/config/paths';
import { chunkLoader } from '@/lib/lazy';
import { loadPhrases } from '@/lib/phrases';

type TPageId = 'login' | 'noAuth' | 'noFound';

type TPageDef = { load: () => Promise<{ default: ComponentType }>; namespaces: readonly TNamespace[] };

const pageDefs: Record<TPageId, TPageDef> = {
  login: {
    load: chunkLoader(() => import('@/features/auth/routes/login')),
    namespaces: ['common', 'login', 'validation'],
  },
  noAuth: { load: chunkLoader(() => import('./routes/no-auth')), namespaces: ['common'] },
  noFound: { load: chunkLoader(() => import('./routes/no-found')), namespaces: ['common'] },
};

/** The page a public route shows: routes a later issue builds show the not-found page for now. */
export function publicPageOf(route: TPublicRoute): TPageId {
  if (route.isBuilt && route.id in pageDefs) return route.id as TPageId;
  return 'noFound';
}

/** Loads a page's chunk and phrases together (start-up calls it before the first render). */
export function preloadPublicPage(id: TPageId): Promise<{ default: ComponentType }> {
  const def = pageDefs[id];
  return Promise.all([def.load(), loadPhrases(def.namespaces)]).then(([mod]) => mod);
}

export const publicPages: Record<TPageId, LazyExoticComponent<ComponentType>> = {
  login: lazy(() => preloadPublicPage('login')),
  noAuth: lazy(() => preloadPublicPage('noAuth')),
  noFound: lazy(() => preloadPublicPage('noFound')),
};
