/**
 * The console chunk: query client, i18next, and the session gate that applies the access rule
 * before the shell (a chunk of its own) draws the page.
 */

import { ErrorCode } from '@console/contract/codes';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Suspense, use, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { checkBillQueryOptions } from '@/api/check-bill';
import { accountDetailQueryOptions } from '@/api/get-account-detail';
import { currentUserQueryOptions } from '@/api/get-current-user';
import { userAuthQueryOptions } from '@/api/get-user-auth';
import { StatusPage } from '@/components/status-page';
import { Button } from '@/components/ui/button';
import { loginPath, splitOnpremPath } from '@/config/console-paths';
import { findConsoleRoute, type TConsoleRouteId } from '@/config/console-routes';
import { endedSessionAccount, isApiError, isSessionEnded, quietCall } from '@/lib/api-client';
import { clearCurrentUserInfo, storedAccountName } from '@/lib/current-user-info';
import { navigate, useLocation } from '@/lib/history';
import { createConsoleI18n } from '@/lib/i18n';
import { getLanguage } from '@/lib/language';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import { getMeta } from '@/lib/meta';
import { isBillingAvailable } from '@/lib/permissions';
import { getPhrases } from '@/lib/phrases';
import { queryClient } from '@/lib/query-client';
import { keepSessionNotice } from '@/lib/session-notice';
import { trackPromise, useSettled } from '@/lib/use-settled';
import { resolveAccess } from '../access';
import { preloadRoute } from './route-pages';

const i18nReady = trackPromise(createConsoleI18n(getLanguage()));
const loadConsoleShell = chunkLoader(() => import('./console-shell'));
const ConsoleShell = lazyPage(loadConsoleShell);
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
 * session gate's calls (and the header's), the shell's chunk, and the page of the address with its
 * phrases and first calls (`preloadRoute`). Answers when the console's own
 * phrases are there, so that the first render does not suspend (React holds the reveal of content
 * that suspended for up to 300 ms after the last fallback it showed).
 */
export function startConsole(): Promise<unknown> {
  if (!shellLoad) {
    const session = queryClient.fetchQuery(currentUserQueryOptions(gateOptions));
    session.catch(() => {});
    void queryClient.prefetchQuery(userAuthQueryOptions(gateOptions));
    void queryClient.prefetchQuery(checkBillQueryOptions(gateOptions));
    // The header's account name.
    void queryClient.prefetchQuery(accountDetailQueryOptions(gateOptions));
    shellLoad = trackPromise(ConsoleShell.preload());
    // The page of the address, after the console's phrases (the browser's six connections to the
    // server serve the gate's calls and the shell first).
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

/**
 * The gate found no session. A browser that had one (its currentUserInfo is kept) is told that it
 * expired, on the login page with its account name filled in; a first visit just signs in.
 */
function SessionEnded({ here, error }: { here: string; error: unknown }) {
  const [to] = useState(() => {
    const account = storedAccountName() ?? endedSessionAccount();
    if (account) {
      keepSessionNotice(
        isApiError(error, ErrorCode.sessionRevoked)
          ? { type: 'sessionRevoked', code: error.code, path: error.path, message: error.message }
          : { type: 'sessionExpired' },
      );
    }
    clearCurrentUserInfo();
    return loginPath(here, account);
  });
  return <Redirect to={to} />;
}

function SessionGate() {
  const location = useLocation();
  const meta = getMeta();
  const user = useQuery(currentUserQueryOptions(gateOptions));
  const auths = useQuery(userAuthQueryOptions(gateOptions));
  // Whether billing applies (menu, billing routes, workbench cards): asked once here, read from the
  // cache by the pages (decision 0018: the workbench's first load adds no call for it).
  const bill = useQuery(checkBillQueryOptions(gateOptions));
  const isShellReady = useSettled(shellLoad);
  const here = `${location.pathname}${location.search}`;

  const failed = [user, auths, bill].find((q) => q.isError);
  if (failed) {
    // No session, or one the server ended (4004: disabled, deleted, signed out elsewhere).
    if (isSessionEnded(failed.error)) return <SessionEnded here={here} error={failed.error} />;
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
