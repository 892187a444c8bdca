/**
 * `preloadRoute`: a page's chunk, phrases and first calls begin together, once per route, and the
 * calls wait for the session: a visitor whose session ended makes none. First calls that find the
 * session ended on their way lead to the login page with its notice, once, as every call does.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '@/api/query-keys';
import { loginPath } from '@/config/console-paths';
import type { TConsoleRouteId } from '@/config/console-routes';
import { paths } from '@/config/paths';
import { configureApiClient, resetSessionEnd } from '@/lib/api-client';
import { CurrentUserInfoKey } from '@/lib/current-user-info';
import { navigate, syncLocation } from '@/lib/history';
import { setMeta } from '@/lib/meta';
import { queryClient } from '@/lib/query-client';
import { takeSessionNotice } from '@/lib/session-notice';
import { consoleI18n, fakeApi, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import { preloadRoute, routePages } from './route-pages';

let calls: TApiCall[];

beforeAll(async () => {
  setMeta(testMeta());
  // The pages' modules, evaluated one after the other before the tests load them side by side. Node
  // 20's require() of an ES module can fail ("reading 'getStatus'") when a CommonJS dependency
  // requires a module that a concurrent import() has linked but not yet evaluated (nodejs/node
  // #57187). The browser loads bundled chunks, so this is a matter of the test's runtime only.
  await import('@/components/antd/antd-provider');
  await import('@/features/billing/routes/billing-overview');
  await import('@/features/billing/components/details-table');
  await import('@/features/billing/api/prefetch-overview');
  await import('@/features/services/routes/service-manage');
  await import('@/features/services/api/prefetch-service-manage');
}, 60_000);
beforeEach(() => {
  calls = fakeApi((call) =>
    call.path === '/api/portal/service/serviceList' ? [] : { list: [], total: 0, pageNo: 1, pageSize: 20 },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('preloadRoute', () => {
  it('settles with the page and its phrases, makes the first calls once the session answered, and only once', async () => {
    const i18n = await consoleI18n('en-US', ['common']);
    queryClient.setQueryData(sessionKeys.currentUser, testAdmin);
    let answerSession: (value: unknown) => void = () => {};
    const session = new Promise((resolve) => {
      answerSession = resolve;
    });
    const load = preloadRoute('billing', i18n, session);
    await load;
    expect(i18n.hasLoadedNamespace('billing')).toBe(true);
    // The page's chunk is there: it renders without suspending.
    await expect(routePages.billing.page.preload()).resolves.toBeDefined();
    expect(calls).toEqual([]);
    answerSession(testAdmin);
    // The calls leave once the page's data module has loaded, which on a busy machine can take
    // longer than waitFor's default second.
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/portal/billing/count'), {
      timeout: 15_000,
    });
    // Once per route: the page's second visit asks for its own data, if it is stale.
    expect(preloadRoute('billing', i18n, Promise.resolve())).toBe(load);
    await Promise.resolve();
    expect(calls.filter((c) => c.path === '/api/portal/billing/count')).toHaveLength(1);
  });

  it('makes no call when the session failed (a visitor whose session ended)', async () => {
    const i18n = await consoleI18n('en-US', ['common']);
    const session = Promise.reject(new Error('401'));
    await preloadRoute('serviceManage', i18n, session);
    await session.catch(() => {});
    await Promise.resolve();
    expect(i18n.hasLoadedNamespace('services')).toBe(true);
    expect(calls).toEqual([]);
  });
});

describe('first calls that find the session ended', () => {
  const withFirstCalls = (Object.keys(routePages) as TConsoleRouteId[]).filter(
    (id) => routePages[id].firstCalls,
  );

  beforeEach(() => {
    resetSessionEnd();
    sessionStorage.clear();
    localStorage.setItem(
      CurrentUserInfoKey,
      JSON.stringify({ id: 8, name: 'admin_demo', accountName: 'demo' }),
    );
  });
  afterEach(() => {
    configureApiClient({
      goToLogin: (redirect, account) => navigate(loginPath(redirect, account), { replace: true }),
    });
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    syncLocation();
  });

  it('are made by some pages (each is tested below)', () => {
    expect(withFirstCalls).toContain('serviceManage');
  });

  for (const id of withFirstCalls) {
    for (const [kind, ended] of [
      ['expired (401)', { code: 401, message: 'Session expired, please login again' }],
      ['ended elsewhere (4004)', { code: 4004, message: 'Your session was ended' }],
    ] as const) {
      it(`${id}: ${kind}, quiet as they are, lead to /login with the notice, once`, async () => {
        const firstCalls = routePages[id].firstCalls;
        if (!firstCalls) throw new Error(`${id} has no first calls`);
        window.history.replaceState(null, '', paths[id]);
        syncLocation();
        const goToLogin = vi.fn((redirect: string, account: string | null) =>
          navigate(loginPath(redirect, account), { replace: true }),
        );
        configureApiClient({ goToLogin, onSessionEnd: () => localStorage.removeItem(CurrentUserInfoKey) });
        queryClient.setQueryData(sessionKeys.currentUser, testAdmin);
        const made = fakeApi(() => ended);
        await firstCalls('');
        expect(made.length).toBeGreaterThan(1);
        expect(goToLogin).toHaveBeenCalledOnce();
        expect(goToLogin).toHaveBeenCalledWith(paths[id], 'demo');
        expect(window.location.pathname).toBe('/login');
        expect(new URLSearchParams(window.location.search).get('account')).toBe('demo');
        expect(takeSessionNotice()).toMatchObject({
          type: ended.code === 401 ? 'sessionExpired' : 'sessionRevoked',
        });
        expect(takeSessionNotice()).toBeNull();
      });
    }
  }
});
