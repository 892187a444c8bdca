/**
 * Signing out: the client forgets whose session it was before telling the server, so a session the
 * server had already ended leads to the login page without the notice of an ended session (no
 * news to a user signing out); the account's next session is told again when it ends.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api-client';
import { CurrentUserInfoKey, storedAccountName } from '@/lib/current-user-info';
import { syncLocation } from '@/lib/history';
import { takeSessionNotice } from '@/lib/session-notice';
import { fakeApi } from '@/testing/console-render';
import { testAdmin } from '@/testing/user';
import { endClientSession, logout } from './logout';
import { primeSession } from './prime-session';

function goTo(path: string) {
  window.history.replaceState(null, '', path);
  syncLocation();
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.setItem(
    CurrentUserInfoKey,
    JSON.stringify({ id: 8, name: 'admin_demo', accountName: 'demo' }),
  );
  goTo('/workbench');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  goTo('/');
});

describe('logout', () => {
  it('of a session the server had ended already: the login page, without a notice', async () => {
    fakeApi(() => ({ code: 401, message: 'Session expired, please login again' }));
    await expect(logout()).rejects.toMatchObject({ code: 401 });
    endClientSession();
    expect(window.location.pathname).toBe('/login');
    expect(takeSessionNotice()).toBeNull();
    expect(storedAccountName()).toBeNull();
  });

  it('forgets the user; a later sign-in is told again when its session ends', async () => {
    fakeApi(() => null);
    await logout();
    endClientSession();
    expect(storedAccountName()).toBeNull();
    fakeApi(() => testAdmin);
    await primeSession(null, testAdmin);
    goTo('/auditManage');
    fakeApi(() => ({ code: 4004, message: 'Your session was ended' }));
    await expect(request('POST', '/api/portal/audit/list')).rejects.toMatchObject({ code: 4004 });
    expect(takeSessionNotice()).toMatchObject({ type: 'sessionRevoked', path: '/api/portal/audit/list' });
    expect(new URLSearchParams(window.location.search).get('account')).toBe(testAdmin.accountName);
  });
});
