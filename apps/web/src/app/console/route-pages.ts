/**
 * The console's pages by route: each page's chunk (with antd and its provider where the page uses
 * them), the phrase namespaces it reads, the chunks it draws at once and its first calls.
 * `preloadRoute` begins all of them side by side, as early as the address is known, so that the
 * page renders without suspending and its answers come with it (decision 0035). Before, each was
 * a level of its own: the page chunk, then its phrases (React holds the reveal of content that
 * suspended for up to 300 ms after the last fallback it showed), then the chunks it draws, then
 * its calls, made only once it had rendered.
 */
import type { TNamespace } from '@console/phrases';
import type { i18n } from 'i18next';
import { lazyAntd } from '@/components/antd/lazy-antd';
import type { TConsoleRouteId } from '@/config/console-routes';
import { chunkLoader, lazyPage, type TLazyPage } from '@/lib/lazy';
import { trackPromise } from '@/lib/use-settled';

type TRoutePage = {
  readonly page: TLazyPage<object>;
  /** The namespaces the page reads beside those of every console page (common, shell, validation). */
  readonly namespaces: readonly TNamespace[];
  /** Chunks the page draws at its first render, fetched with it rather than after it. */
  readonly drawsAtOnce?: () => Promise<unknown>;
  /**
   * Makes the page's first calls (of the address's search), quietly (no hints): the page shows what
   * failed. A session found ended leads to the login page from them as from any call.
   */
  readonly firstCalls?: (search: string) => Promise<unknown>;
};

function route(
  page: TLazyPage<object>,
  namespaces: readonly TNamespace[],
  extra: Pick<TRoutePage, 'drawsAtOnce' | 'firstCalls'> = {},
): TRoutePage {
  return { page, namespaces, ...extra };
}

const billing: readonly TNamespace[] = ['billing', 'errors'];
const loadAccountInfoCalls = chunkLoader(() => import('../routes/prefetch-account-info'));
const loadOverviewCalls = chunkLoader(() => import('@/features/billing/api/prefetch-overview'));
const loadServicesCalls = chunkLoader(() => import('@/features/services/api/prefetch-service-manage'));
const services: readonly TNamespace[] = ['services', 'share', 'errors'];

export const routePages: Readonly<Record<TConsoleRouteId, TRoutePage>> = {
  workbench: route(lazyPage(chunkLoader(() => import('../routes/workbench'))), []),
  // With the cards of the verification and the third-party accounts, which read their own phrases.
  accountInfo: route(
    lazyAntd(chunkLoader(() => import('../routes/account-info'))),
    ['account', 'mfa', 'certification', 'ssoConfig', 'errors'],
    { firstCalls: () => loadAccountInfoCalls().then((m) => m.prefetchAccountInfo()) },
  ),
  authentication: route(
    lazyAntd(chunkLoader(() => import('@/features/certification/routes/authentication'))),
    ['certification', 'errors'],
  ),
  userManage: route(lazyAntd(chunkLoader(() => import('@/features/users/routes/user-manage'))), [
    'users',
    'errors',
  ]),
  sso: route(lazyAntd(chunkLoader(() => import('@/features/sso/routes/sso-config'))), [
    'ssoConfig',
    'errors',
  ]),
  serviceManage: route(
    lazyAntd(chunkLoader(() => import('@/features/services/routes/service-manage'))),
    services,
    {
      firstCalls: () => loadServicesCalls().then((m) => m.prefetchServiceManage()),
    },
  ),
  insightUserManage: route(
    lazyAntd(chunkLoader(() => import('@/features/services/routes/insight-user-manage'))),
    services,
  ),
  billing: route(lazyAntd(chunkLoader(() => import('@/features/billing/routes/billing-overview'))), billing, {
    drawsAtOnce: chunkLoader(() => import('@/features/billing/components/details-table')),
    firstCalls: (search) => loadOverviewCalls().then((m) => m.prefetchBillingOverview(search)),
  }),
  cost: route(lazyAntd(chunkLoader(() => import('@/features/billing/routes/cost'))), billing),
  monthBill: route(lazyAntd(chunkLoader(() => import('@/features/billing/routes/month-bill'))), billing),
  balance: route(lazyAntd(chunkLoader(() => import('@/features/billing/routes/balance'))), billing),
  topUp: route(lazyAntd(chunkLoader(() => import('@/features/billing/routes/top-up'))), billing),
  auditManage: route(lazyAntd(chunkLoader(() => import('@/features/audit/routes/audit-manage'))), [
    'audit',
    'errors',
  ]),
};

const loads = new Map<TConsoleRouteId, Promise<unknown>>();

/**
 * Fetches a route's page and phrases side by side, with the chunks it draws at once, and makes its
 * first calls (once per route) once `session` has answered: a visitor whose session ended makes
 * none (the console's first page begins before the session is known). The promise settles when
 * the page and its phrases are there: the page then draws at once, with its loading states for
 * what is still on its way (waiting for the calls too would put off its first paint by theirs).
 * It is tracked (`trackPromise`), so that a render can tell at once whether it settled. A failed
 * load is left to the page's own loader, which reports it (or loads again) when the page renders.
 */
export function preloadRoute(
  id: TConsoleRouteId,
  i18nInstance: i18n | Promise<i18n>,
  session: Promise<unknown> = Promise.resolve(),
): Promise<unknown> {
  const known = loads.get(id);
  if (known) return known;
  const { page, namespaces, drawsAtOnce, firstCalls } = routePages[id];
  drawsAtOnce?.().catch(() => {});
  if (firstCalls) {
    const search = window.location.search;
    session.then(() => firstCalls(search)).catch(() => {});
  }
  const load = trackPromise(
    Promise.all([
      page.preload(),
      namespaces.length > 0
        ? Promise.resolve(i18nInstance).then((instance) => instance.loadNamespaces([...namespaces]))
        : null,
    ]),
  );
  loads.set(id, load);
  return load;
}
