/**
 * The console shell: sider, header, and the routed page inside an error boundary. It draws without
 * antd (decision 0033); a page that uses antd brings it, with its provider, in its own load.
 */
import type { TAuthVo } from '@console/contract';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Router, Routes } from 'react-router';
import type { TCurrentUser } from '@/api/get-current-user';
import { lazyAntd, preloadAntd } from '@/components/antd/lazy-antd';
import { paths } from '@/config/paths';
import { useLocation } from '@/lib/history';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import type { TAccessDecision } from '../access';
import { ErrorBoundary } from '../error-boundary';
import { PageError } from './page-error';
import { appNavigator } from './router-navigator';
import { ShellHeader } from './shell-header';
import { ShellSider } from './shell-sider';
import { useIsNarrow } from './use-narrow';
import './console.css';

const WorkbenchPage = lazyPage(chunkLoader(() => import('../routes/workbench')));
const AccountInfoPage = lazyAntd(chunkLoader(() => import('../routes/account-info')));
const AuthenticationPage = lazyAntd(
  chunkLoader(() => import('@/features/certification/routes/authentication')),
);
const UserManagePage = lazyAntd(chunkLoader(() => import('@/features/users/routes/user-manage')));
const AuditManagePage = lazyAntd(chunkLoader(() => import('@/features/audit/routes/audit-manage')));
const SsoConfigPage = lazyAntd(chunkLoader(() => import('@/features/sso/routes/sso-config')));
const ServiceManagePage = lazyAntd(chunkLoader(() => import('@/features/services/routes/service-manage')));
const InsightUserManagePage = lazyAntd(
  chunkLoader(() => import('@/features/services/routes/insight-user-manage')),
);
const BillingOverviewPage = lazyAntd(chunkLoader(() => import('@/features/billing/routes/billing-overview')));
const CostPage = lazyAntd(chunkLoader(() => import('@/features/billing/routes/cost')));
const MonthBillPage = lazyAntd(chunkLoader(() => import('@/features/billing/routes/month-bill')));
const BalancePage = lazyAntd(chunkLoader(() => import('@/features/billing/routes/balance')));
const TopUpPage = lazyAntd(chunkLoader(() => import('@/features/billing/routes/top-up')));
const NotBuiltPage = lazyPage(chunkLoader(() => import('./not-built')));
/** The drawer of narrow windows: wide windows never load it. */
const ShellMenuDrawer = lazyPage(chunkLoader(() => import('./shell-menu-drawer')));

/** Fetches the workbench's chunk ahead of need. */
export function prefetchPages(): void {
  WorkbenchPage.preload().catch(() => {});
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
                  <Route path={paths.workbench} element={<WorkbenchPage />} />
                  <Route path={paths.accountInfo} element={<AccountInfoPage />} />
                  <Route path={paths.authentication} element={<AuthenticationPage />} />
                  <Route path={paths.userManage} element={<UserManagePage />} />
                  <Route path={paths.sso} element={<SsoConfigPage />} />
                  <Route path={paths.auditManage} element={<AuditManagePage />} />
                  <Route path={paths.serviceManage} element={<ServiceManagePage />} />
                  <Route path={paths.insightUserManage} element={<InsightUserManagePage />} />
                  <Route path={paths.billing} element={<BillingOverviewPage />} />
                  <Route path={paths.cost} element={<CostPage />} />
                  <Route path={paths.monthBill} element={<MonthBillPage />} />
                  <Route path={paths.balance} element={<BalancePage />} />
                  <Route path={paths.topUp} element={<TopUpPage />} />
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
