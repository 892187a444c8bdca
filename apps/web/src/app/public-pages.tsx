/**
 * The light public pages (no antd, no i18next, no query library): each is a lazy chunk that
 * renders once its chunk and its phrase namespaces are loaded. The login page's loader is here;
 * the others are named by a small table of their own (`public-page-table.ts`, a chunk), so that
 * the login page's first load does not grow with every public page.
 */
import type { TPublicRoute } from '@/config/public-paths';
import { chunkLoader, lazyPage, type TLazyPage } from '@/lib/lazy';
import { getMeta } from '@/lib/meta';
import { loadPhrases } from '@/lib/phrases';
import type { TOtherPageId } from './public-page-table';

export type TPageId = 'login' | TOtherPageId;

const pages = new Map<TPageId, TLazyPage<object>>();

/** The page of a public route id, loaded with its phrases (memoised). */
export function publicPage(id: TPageId): TLazyPage<object> {
  let page = pages.get(id);
  if (!page) {
    page = lazyPage(
      chunkLoader(() =>
        id === 'login'
          ? Promise.all([
              import('@/features/auth/routes/login'),
              loadPhrases(['common', 'login', 'validation']),
            ]).then(([mod]) => mod)
          : import('./public-page-table').then((table) => table.loadPage(id)),
      ),
    );
    pages.set(id, page);
  }
  return page;
}

/** The page a public route shows: routes not built yet, or turned off, show the not-found page. */
export function publicPageOf(route: TPublicRoute): TPageId {
  const meta = getMeta();
  // The outbox exists only where development stand-ins deliver; registrations only where the meta
  // offers them (the server refuses them otherwise too).
  if (route.id === 'devOutbox' && !meta.devOutbox) return 'noFound';
  if (route.id === 'register' && !meta.features.register) return 'noFound';
  if (route.id === 'awsRegister' && !meta.features.marketplaceRegister) return 'noFound';
  // Every built route has its page (public-pages.test.ts).
  return route.isBuilt ? (route.id as TPageId) : 'noFound';
}
