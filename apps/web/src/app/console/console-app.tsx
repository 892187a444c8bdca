/**
 * The console chunk: query client, i18next, and the session gate that applies the access rule
 * before the shell (a chunk of its own) draws the page.
 */

import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Suspense, use, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { checkBillQueryOptions } from '@/api/check-bill';
import { accountDetailQueryOptions } from '@/api/get-account-detail';
import { currentUserQueryOptions } from '@/api/get-current-user';
import { userAuthQueryOptions } from '@/api/get-user-auth';
import { StatusPage } from '@/components/status-page';
import { Button } from '@/components/ui/button';
import { splitOnpremPath } from '@/config/console-paths';
import { findConsoleRoute, type TConsoleRouteId } from '@/config/console-routes';
import { findPublicRoute } from '@/config/paths';
import { isSessionEnded, quietCall } from '@/lib/api-client';
import { storeCurrentUserInfo } from '@/lib/current-user-info';
import { navigate, useLocation } from '@/lib/history';
import { createConsoleI18n } from '@/lib/i18n';
import { getLanguage } from '@/lib/language';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import { getMeta } from '@/lib/meta';
import { isBillingAvailable } from '@/lib/permissions';
import { getPhrases } from '@/lib/phrases';
import { queryClient } from '@/lib/query-client';
import { trackPromise, useSettled } from '@/lib/use-settled';
import { resolveAccess } from '../access';
import { preloadRoute } from './route-pages';

const i18nReady = trackPromise(createConsoleI18n(getLanguage()));
const loadConsoleShell = chunkLoader(() => import('./console-shell'));
const ConsoleShell = lazyPage(loadConsoleShell);
/**
 * The gate's calls show no toast (the gate shows a failure itself); a session found gone leads to
 * the login page from them as from every call (the API client).
 */
const gateOptions = quietCall;

/** The shell's load, once `startConsole` began it. */
let shellLoad: Promise<unknown> | null = null;

/** The console route of the address (after the on-premise prefix), if it is one. */
function routeOfAddress(): TConsoleRouteId | null {
  const { pathname } = window.location;
  const path = getMeta().deployMode === 'onprem' ? splitOnpremPath(pathname)?.rest : pathname;
  return path ? (findConsoleRoute(path)?.route.id ?? null) : null;
}

/**
 * Begins what the console's first page needs, before the first render rather than after it: the
 * session, then the gate's other calls (and the header's) and the page's first calls; meanwhile the
 * shell's chunk, and the page of the address with its phrases (`preloadRoute`). Answers when the
 * console's own phrases are there, so that the first render does not suspend (React holds the
 * reveal of content that suspended for up to 300 ms after the last fallback it showed).
 * The session is asked first and alone: a visitor without one makes that call only, and the API
 * client leads to the login page (decision 0041).
 */
export function startConsole(): Promise<unknown> {
  if (!shellLoad) {
    const session = queryClient.fetchQuery(currentUserQueryOptions(gateOptions));
    session.then(
      (user) => {
        // This tab knows whose session it is (to fill the login form in, should it end).
        storeCurrentUserInfo(user);
        void queryClient.prefetchQuery(userAuthQueryOptions(gateOptions));
        void queryClient.prefetchQuery(checkBillQueryOptions(gateOptions));
        // The header's account name.
        void queryClient.prefetchQuery(accountDetailQueryOptions(gateOptions));
      },
      () => {},
    );
    shellLoad = trackPromise(ConsoleShell.preload());
    // The page of the address, after the console's phrases (the browser's six connections to the
    // server serve the gate's calls and the shell first); its first calls wait for the session.
    const route = routeOfAddress();
    if (route) void i18nReady.then((i18n) => preloadRoute(route, i18n, session).catch(() => {}));
  }
  return i18nReady;
}

/** Fetches the shell and the workbench ahead of need. */
export function prefetchConsoleChunks(): void {
  loadConsoleShell()
    .then((m) => m.prefetchPages())
    .catch(() => {});
}

function Loading() {
  return (
    <div className="cz-boot" aria-busy="true" data-testid="console-loading">
      <span className="cz-spinner" />
    </div>
  );
}

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return <Loading />;
}

function SessionGate() {
  const location = useLocation();
  const meta = getMeta();
  // A failed session is not asked again when the gate mounts: the console can still be drawn for a
  // moment after the API client left for /login, and must not ask again then (see below).
  const user = useQuery({ ...currentUserQueryOptions(gateOptions), retryOnMount: false });
  const isSessionGone = user.isError && isSessionEnded(user.error);
  // Back on a console page after the console left for /login (the browser's Back button): asking
  // again leads to the login page again.
  useEffect(() => {
    if (isSessionGone && findPublicRoute(window.location.pathname) === null) {
      void queryClient.fetchQuery(currentUserQueryOptions(gateOptions)).catch(() => {});
    }
  }, [isSessionGone]);
  // Nothing else is asked before the session has answered.
  const hasSession = user.data !== undefined;
  const auths = useQuery({ ...userAuthQueryOptions(gateOptions), enabled: hasSession });
  // Whether billing applies (menu, billing routes, workbench cards): asked once here, read from the
  // cache by the pages (decision 0018: the workbench's first load adds no call for it).
  const bill = useQuery({ ...checkBillQueryOptions(gateOptions), enabled: hasSession });
  const isShellReady = useSettled(shellLoad);

  const failed = [user, auths, bill].find((q) => q.isError);
  if (failed) {
    // No session, or one the server ended (4004: disabled, deleted, signed out elsewhere): the API
    // client has left for the login page, with the notice when this browser had a session.
    if (isSessionEnded(failed.error)) return <Loading />;
    const c = getPhrases('common');
    return (
      <StatusPage
        kind="error"
        title={c.requestFailed}
        text={failed.error instanceof Error && failed.error.message ? failed.error.message : c.networkError}
        action={
          <Button
            variant="primary"
            onClick={() => {
              for (const q of [user, auths, bill]) if (q.isError) void q.refetch();
            }}
          >
            {c.retry}
          </Button>
        }
      />
    );
  }
  // The shell draws once its chunk is there (waiting without suspending: see `useSettled`).
  if (!user.data || !auths.data || !bill.data || !isShellReady) return <Loading />;

  const decision = resolveAccess({
    pathname: location.pathname,
    search: location.search,
    deployMode: meta.deployMode,
    session: {
      accountId: user.data.accountId,
      accountName: user.data.accountName,
      accountDisplayName: user.data.accountDisplayName,
      auths: auths.data,
      isBillingAvailable: isBillingAvailable(bill.data),
    },
  });
  if (decision.kind === 'redirect') return <Redirect to={decision.to} />;
  if (decision.kind === 'public') return <Loading />; // the app draws public pages itself
  return (
    <ConsoleShell
      decision={decision}
      user={user.data}
      auths={auths.data}
      isBillingAvailable={isBillingAvailable(bill.data)}
    />
  );
}

export default function ConsoleApp() {
  const i18n = use(i18nReady);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<Loading />}>
          <SessionGate />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
