/**
 * The top of the app: one history (lib/history) decides between the light public pages and the
 * console. Public pages never load React Router, antd, i18next or the query library; the console
 * chunk brings them (see docs/decisions of apps/web: bundle budget of /login).
 */
import { Suspense, useEffect } from 'react';
import { ErrorBoundary } from '@/components/error-boundary';
import { StatusPage } from '@/components/status-page';
import { ToastHost } from '@/components/toast/toast-host';
import { Button } from '@/components/ui/button';
import { findPublicRoute, type TPublicRoute } from '@/config/public-paths';
import { useLocation } from '@/lib/history';
import { chunkLoader, isChunkLoadError, whenIdle } from '@/lib/lazy';
import { getMeta } from '@/lib/meta';
import { getPhrases } from '@/lib/phrases';
import { ConsoleApp, prefetchConsole } from './console/load-console';
import { publicPage, publicPageOf } from './public-pages';

let demoBanner: typeof import('@/components/demo-banner') | null = null;

/**
 * The banner of a demonstration installation (a chunk of its own): start-up loads it there only,
 * with the page's chunk, before the first render.
 */
const loadDemoBanner = chunkLoader(() =>
  import('@/components/demo-banner').then((loaded) => {
    demoBanner = loaded;
    return loaded;
  }),
);

/** What the app's frame draws besides the page on this installation, loaded before the first render. */
export function loadFrame(): Promise<unknown> {
  return getMeta().isDemonstration === true ? loadDemoBanner().catch(() => undefined) : Promise.resolve();
}

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
      {demoBanner ? <demoBanner.DemoBanner /> : null}
      <ErrorBoundary
        resetKey={route ? `public:${route.id}` : 'console'}
        fallback={(error) => <PageError error={error} />}
      >
        <Suspense fallback={<Loading />}>{route ? <PublicPage route={route} /> : <ConsoleApp />}</Suspense>
      </ErrorBoundary>
      <ToastHost closeLabel={c.close} />
    </>
  );
}
