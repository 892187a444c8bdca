/**
 * The top of the app: one history (lib/history) decides between the light public pages and the
 * console. Public pages never load React Router, antd, i18next or the query library; the console
 * chunk brings them (see docs/decisions of apps/web: bundle budget of /login).
 */
import { Suspense, useEffect } from 'react';
import { DemoBanner } from '@/components/demo-banner';
import { ErrorBoundary } from '@/components/error-boundary';
import { StatusPage } from '@/components/status-page';
import { Toaster } from '@/components/toast/toaster';
import { Button } from '@/components/ui/button';
import { findPublicRoute, type TPublicRoute } from '@/config/paths';
import { useLocation } from '@/lib/history';
import { isChunkLoadError, whenIdle } from '@/lib/lazy';
import { getPhrases } from '@/lib/phrases';
import { ConsoleApp, prefetchConsole } from './console/load-console';
import { publicPage, publicPageOf } from './public-pages';

function Loading() {
  return (
    <div className="cz-boot" aria-busy="true">
      <span className="cz-spinner" />
    </div>
  );
}

function PublicPage({ route }: { route: TPublicRoute }) {
  const id = publicPageOf(route);
  const Page = publicPage(id);
  // After the login page's first paint, fetch the console while the user types.
  useEffect(() => (id === 'login' ? whenIdle(prefetchConsole) : undefined), [id]);
  return <Page />;
}

function PageError({ error }: { error: unknown }) {
  const c = getPhrases('common');
  return (
    <StatusPage
      kind="error"
      title={c.error}
      text={isChunkLoadError(error) ? c.chunkLoadFailed : c.pageError}
      action={
        <Button variant="primary" onClick={() => window.location.reload()} data-testid="reload">
          {c.reload}
        </Button>
      }
    />
  );
}

export function App() {
  const location = useLocation();
  const route = findPublicRoute(location.pathname);
  const c = getPhrases('common');
  return (
    <>
      <DemoBanner />
      <ErrorBoundary
        resetKey={route ? `public:${route.id}` : 'console'}
        fallback={(error) => <PageError error={error} />}
      >
        <Suspense fallback={<Loading />}>{route ? <PublicPage route={route} /> : <ConsoleApp />}</Suspense>
      </ErrorBoundary>
      <Toaster closeLabel={c.close} />
    </>
  );
}
