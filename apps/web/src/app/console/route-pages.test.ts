/**
 * `preloadRoute`: a page's chunk, phrases and first calls begin together, once per route, and the
 * calls wait for the session: a visitor whose session ended makes none.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '@/api/query-keys';
import { setMeta } from '@/lib/meta';
import { queryClient } from '@/lib/query-client';
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
