import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import UserManagePage from './user-manage';

let en: i18n;
beforeAll(async () => {
  en = await consoleI18n('en-US', ['users', 'common', 'validation']);
});
beforeEach(() => {
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  fakeApi((call) => {
    if (call.path === '/api/portal/user/getCurrentUser') return testAdmin;
    if (call.path.includes('userList')) return { list: [], total: 0, pageNo: 1, pageSize: 20 };
    if (call.path.includes('roleList')) return [];
    return { list: [], total: 0 };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

describe('the user list', () => {
  it('keeps one label on the switch that shows phone numbers and e-mail addresses', async () => {
    renderConsole(
      <MemoryRouter initialEntries={['/accountManage/userManage']}>
        <UserManagePage />
      </MemoryRouter>,
      en,
    );
    const toggle = await screen.findByTestId('user-reveal');
    expect(screen.getByLabelText('Show phone and e-mail', { selector: 'button' })).toBe(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Show phone and e-mail')).toBeTruthy();
    expect(screen.queryByText('Hide phone and e-mail')).toBeNull();
  });
});
