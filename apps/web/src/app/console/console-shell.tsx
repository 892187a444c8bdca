/**
 * The console shell: sider, header, and the routed page inside an error boundary. It draws without
 * antd (decision 0033); a page that uses antd brings it, with its provider, in its own load.
 */
import type { TAuthVo } from '@console/contract';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Router, Routes } from 'react-router';
import type { TCurrentUser } from '@/api/get-current-user';
import { preloadAntd } from '@/components/antd/lazy-antd';
import { ErrorBoundary } from '@/components/error-boundary';
import type { TConsoleRouteId } from '@/config/console-routes';
import { paths } from '@/config/paths';
import { useLocation } from '@/lib/history';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import { useSettled } from '@/lib/use-settled';
import type { TAccessDecision } from '../access';
import { PageError } from './page-error';
import { preloadRoute, routePages } from './route-pages';
import { appNavigator } from './router-navigator';
import { ShellHeader } from './shell-header';
import { ShellSider } from './shell-sider';
import { useIsNarrow } from './use-narrow';
import './console.css';

const NotBuiltPage = lazyPage(chunkLoader(() => import('./not-built')));
/** The drawer of narrow windows: wide windows never load it. */
const ShellMenuDrawer = lazyPage(chunkLoader(() => import('./shell-menu-drawer')));

/** Fetches the workbench's chunk ahead of need. */
export function prefetchPages(): void {
  routePages.workbench.page.preload().catch(() => {});
}

export type TConsoleShellProps = {
  decision: Extract<TAccessDecision, { kind: 'console' }>;
  user: TCurrentUser;
  auths: readonly TAuthVo[];
  isBillingAvailable: boolean;
};

function PageLoading() {
  return (
    <div className="cz-page-loading" aria-busy="true" data-testid="page-loading">
      <span className="cz-spinner" />
    </div>
  );
}

/**
 * A route's page, drawn once its chunk and phrases are there (`preloadRoute`, which the console
 * begins for the page of the address before its first render); the page area shows the loading
 * state meanwhile, without suspending. The render that draws the page is a transition (see
 * `useSettled`): it yields to the browser every few milliseconds.
 */
function RoutePage({ id }: { id: TConsoleRouteId }) {
  const { i18n } = useTranslation();
  const isReady = useSettled(preloadRoute(id, i18n));
  if (!isReady) return <PageLoading />;
  const Page = routePages[id].page;
  return <Page />;
}

function DocumentTitle({ title }: { title: string }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = `${title} · ${t('productName')}`;
  }, [title, t]);
  return null;
}

export default function ConsoleShell({ decision, user, auths, isBillingAvailable }: TConsoleShellProps) {
  const location = useLocation();
  const { t } = useTranslation('shell');
  const { route, prefix } = decision;
  const isNarrow = useIsNarrow();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  // The drawer closes on every navigation, and is gone when the window widens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on a path change
  useEffect(() => setIsMenuOpen(false), [location.pathname, isNarrow]);
  // antd, which every page but the workbench uses, is fetched when the pointer or focus comes to
  // the menu: by the click it is usually there.
  const sider = { route, prefix, user, auths, isBillingAvailable, onIntent: preloadAntd };
  return (
    <Router basename={prefix || '/'} location={location} navigator={appNavigator}>
      <DocumentTitle title={t(`titles.${route.id}`)} />
      <div className="cz-shell" data-narrow={isNarrow || undefined}>
        {isNarrow ? (
          <Suspense fallback={null}>
            <ShellMenuDrawer {...sider} isOpen={isMenuOpen} onClose={() => setIsMenuOpen(false)} />
          </Suspense>
        ) : (
          <ShellSider {...sider} />
        )}
        <div className="cz-shell__main">
          {route.hasHeader || isNarrow ? (
            <ShellHeader
              route={route}
              auths={auths}
              onOpenMenu={isNarrow ? () => setIsMenuOpen(true) : undefined}
            />
          ) : null}
          <main className="cz-content" id="main-content">
            <ErrorBoundary resetKey={location.pathname} fallback={(error) => <PageError error={error} />}>
              <Suspense fallback={<PageLoading />}>
                <Routes>
                  <Route path={paths.workbench} element={<RoutePage id="workbench" />} />
                  <Route path={paths.accountInfo} element={<RoutePage id="accountInfo" />} />
                  <Route path={paths.authentication} element={<RoutePage id="authentication" />} />
                  <Route path={paths.userManage} element={<RoutePage id="userManage" />} />
                  <Route path={paths.sso} element={<RoutePage id="sso" />} />
                  <Route path={paths.auditManage} element={<RoutePage id="auditManage" />} />
                  <Route path={paths.serviceManage} element={<RoutePage id="serviceManage" />} />
                  <Route path={paths.insightUserManage} element={<RoutePage id="insightUserManage" />} />
                  <Route path={paths.billing} element={<RoutePage id="billing" />} />
                  <Route path={paths.cost} element={<RoutePage id="cost" />} />
                  <Route path={paths.monthBill} element={<RoutePage id="monthBill" />} />
                  <Route path={paths.balance} element={<RoutePage id="balance" />} />
                  <Route path={paths.topUp} element={<RoutePage id="topUp" />} />
                  <Route path="*" element={<NotBuiltPage />} />
                </Routes>
              </Suspense>
            </ErrorBoundary>
          </main>
        </div>
      </div>
    </Router>
  );
}
