import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCurrentUser } from '@/api/get-current-user';
import { syncLocation } from '@/lib/history';
import { setMeta } from '@/lib/meta';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { popoverLinks, UserPopover } from './user-popover';

const user: TCurrentUser = {
  id: 2,
  name: 'analyst_01',
  displayName: 'Analyst',
  accountId: 1,
  accountName: 'demo',
  accountDisplayName: 'demo',
  email: null,
  phone: null,
  phoneCode: '86',
  isAccountAdmin: false,
  lastLoginTime: null,
  lastLoginIp: null,
};

let en: i18n;
let isUserLoaded: boolean;

function goTo(url: string) {
  window.history.replaceState(null, '', url);
  syncLocation();
}

beforeAll(async () => {
  en = await consoleI18n('en-US', ['account', 'password', 'errors', 'validation']);
});
beforeEach(() => {
  setMeta(testMeta());
  isUserLoaded = true;
  fakeApi((call) => {
    if (call.path === '/api/portal/password/policy/get')
      return { requiredCharTypes: ['LOWERCASE', 'UPPERCASE'], minLength: 8, expireDays: 0 };
    if (call.path === '/api/portal/user/getCurrentUser') return isUserLoaded ? user : new Promise(() => {}); // still loading
    return { code: 404, message: 'not found' };
  });
});
afterEach(() => {
  cleanup(); // unmount before the fake API goes, or a query refetches for real
  vi.unstubAllGlobals();
  queryClient.clear();
  goTo('/');
  setMeta(null);
});

describe('the user popover', () => {
  it('opens the change-password dialog', async () => {
    goTo('/workbench');
    renderConsole(<UserPopover user={user} isCollapsed={false} />, en);
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('user-change-password'));
    // The first dialog of the file also loads antd's provider (the shell draws without it).
    expect(await screen.findByTestId('change-password-dialog')).toBeTruthy();
  });

  it('opens the change-password dialog for ?password_edit once the user info has loaded, and drops the flag', async () => {
    goTo('/accountManage/accountInfo?password_edit=1&tab=2');
    renderConsole(<UserPopover user={user} isCollapsed={false} />, en);
    expect(await screen.findByTestId('change-password-dialog')).toBeTruthy();
    expect(window.location.pathname).toBe('/accountManage/accountInfo');
    expect(window.location.search).toBe('?tab=2');
  });

  it('waits for the user info before opening it', async () => {
    isUserLoaded = false;
    goTo('/workbench?password_edit');
    renderConsole(<UserPopover user={user} isCollapsed={false} />, en);
    await waitFor(() => expect(window.location.search).toBe('?password_edit'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('change-password-dialog')).toBeNull();
    expect(window.location.search).toBe('?password_edit');
    // The user info arrives: the dialog opens and the flag goes.
    queryClient.setQueryData(['session', 'currentUser'], user);
    expect(await screen.findByTestId('change-password-dialog')).toBeTruthy();
    expect(window.location.search).toBe('');
  });
});

describe('the popover links (documentation only if studio is shown)', () => {
  const links = { docs: 'https://docs.example/', releaseNotes: null, studio: 'https://studio.example/' };
  const withStudio = testMeta({ features: { ...testMeta().features, studioLink: true }, links });

  it('shows the studio and documentation links where the studio link is on', async () => {
    setMeta(withStudio);
    goTo('/workbench');
    renderConsole(<UserPopover user={user} isCollapsed={false} />, en);
    fireEvent.click(screen.getByTestId('user-menu'));
    const studio = await screen.findByTestId('user-studio');
    expect(studio.getAttribute('href')).toBe('https://studio.example/');
    expect(studio.getAttribute('rel')).toBe('noopener noreferrer');
    const docs = screen.getByTestId('user-documentation');
    expect(docs.getAttribute('href')).toBe('https://docs.example/');
    expect(docs.textContent).toBe('Documentation');
  });

  it('shows neither when the studio link is off, although the addresses are configured', async () => {
    setMeta(testMeta({ links }));
    goTo('/workbench');
    renderConsole(<UserPopover user={user} isCollapsed={false} />, en);
    fireEvent.click(screen.getByTestId('user-menu'));
    await screen.findByTestId('user-change-password');
    expect(screen.queryByTestId('user-studio')).toBeNull();
    expect(screen.queryByTestId('user-documentation')).toBeNull();
  });

  it('decides from the flag and the addresses', () => {
    expect(popoverLinks(withStudio)).toEqual({
      studio: 'https://studio.example/',
      docs: 'https://docs.example/',
    });
    expect(popoverLinks({ ...withStudio, links: { ...links, docs: null } })).toEqual({
      studio: 'https://studio.example/',
      docs: null,
    });
    // The flag without a studio address shows no studio, hence no documentation either.
    expect(popoverLinks({ ...withStudio, links: { ...links, studio: null } })).toBeNull();
    expect(popoverLinks(testMeta({ links }))).toBeNull();
  });
});
