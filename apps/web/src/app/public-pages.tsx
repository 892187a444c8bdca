/**
 * The light public pages (no antd, no i18next, no query library): each is a lazy chunk that
 * renders once its chunk and its phrase namespaces are loaded.
 */
import type { TNamespace } from '@console/phrases';
import type { ComponentType } from 'react';
import type { TPublicRoute } from '@/config/paths';
import { chunkLoader, lazyPage, type TLazyPage } from '@/lib/lazy';
import { getMeta } from '@/lib/meta';
import { loadPhrases } from '@/lib/phrases';

type TPageId = 'login' | 'noAuth' | 'noFound' | 'devOutbox';

function page(
  load: () => Promise<{ default: ComponentType }>,
  namespaces: readonly TNamespace[],
): TLazyPage<object> {
  // The chunk and its phrases load together.
  return lazyPage(chunkLoader(() => Promise.all([load(), loadPhrases(namespaces)]).then(([mod]) => mod)));
}

export const publicPages: Record<TPageId, TLazyPage<object>> = {
  login: page(() => import('@/features/auth/routes/login'), ['common', 'login', 'validation']),
  noAuth: page(() => import('./routes/no-auth'), ['common']),
  noFound: page(() => import('./routes/no-found'), ['common']),
  devOutbox: page(() => import('@/features/dev-outbox/routes/dev-outbox'), ['common', 'outbox']),
};

/** The page a public route shows: routes a later issue builds show the not-found page for now. */
export function publicPageOf(route: TPublicRoute): TPageId {
  // The outbox exists only outside production mode.
  if (route.id === 'devOutbox' && !getMeta().devOutbox) return 'noFound';
  if (route.isBuilt && route.id in publicPages) return route.id as TPageId;
  return 'noFound';
}
