/**
 * The account center's first calls: every card's data for an account administrator, the user's
 * own for a member, and quietly (a failure shows nothing: the page asks again and says so itself).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '@/api/query-keys';
import { accountKeys } from '@/features/account/api/query-keys';
import { setNotifier, type TApiEvent } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { fakeApi } from '@/testing/console-render';
import { testAdmin } from '@/testing/user';
import { prefetchAccountInfo } from './prefetch-account-info';

const memberPaths = [
  '/api/portal/account/center',
  '/api/portal/mfa/status',
  '/api/portal/password/policy/get',
  '/api/portal/thirdparty/getUserBindingConfig',
];
const adminPaths = [
  ...memberPaths,
  '/api/portal/billing/certification/status',
  '/api/portal/user/pendingChanges',
];

let events: TApiEvent[];
beforeEach(() => {
  events = [];
  setNotifier({ show: () => {}, notifyApiEvent: (event) => events.push(event) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('prefetchAccountInfo', () => {
  it("makes every card's call for an account administrator, and caches the answers", async () => {
    const calls = fakeApi((call) =>
      call.path === '/api/portal/account/center' ? { companyName: 'Acme' } : {},
    );
    queryClient.setQueryData(sessionKeys.currentUser, testAdmin);
    await prefetchAccountInfo();
    expect(calls.map((call) => call.path).sort()).toEqual([...adminPaths].sort());
    expect(queryClient.getQueryData(accountKeys.center)).toEqual({ companyName: 'Acme' });
  });

  it("makes only the user's own calls for a member", async () => {
    const calls = fakeApi(() => ({}));
    queryClient.setQueryData(sessionKeys.currentUser, { ...testAdmin, isAccountAdmin: false });
    await prefetchAccountInfo();
    expect(calls.map((call) => call.path).sort()).toEqual([...memberPaths].sort());
  });

  it('settles quietly when the calls fail', async () => {
    fakeApi(() => ({ code: 500, message: 'down' }));
    queryClient.setQueryData(sessionKeys.currentUser, testAdmin);
    await expect(prefetchAccountInfo()).resolves.toBeUndefined();
    expect(events).toEqual([]);
    expect(queryClient.getQueryState(accountKeys.center)?.status).toBe('error');
  });
});
