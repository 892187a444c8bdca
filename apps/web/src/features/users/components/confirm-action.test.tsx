import type { TOwnedResources } from '@console/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import type { TUserRow } from '../api/users-api';
import { ConfirmAction, ownedToList } from './confirm-action';

let en: i18n;
let zh: i18n;
let owned: TOwnedResources;
let calls: TApiCall[];

const user = { id: 12, username: 'member_one' } as TUserRow;

beforeAll(async () => {
  en = await consoleI18n('en-US', ['users', 'common']);
  zh = await consoleI18n('zh-CN', ['users', 'common']);
});
beforeEach(() => {
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  owned = { scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 };
  calls = fakeApi((call) => (call.path === '/api/portal/user/ownedResources' ? owned : { code: 404 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

function renderDisable(lang: i18n) {
  renderConsole(
    <ConfirmAction
      confirm={{ action: 'disable', users: [user] }}
      title={user.username}
      retentionDays={7}
      onClose={() => {}}
      onConfirm={async () => {}}
    />,
    lang,
  );
}

describe('the disable confirmation', () => {
  it('lists no owned tasks for a user who owns none', async () => {
    renderDisable(en);
    const body = await screen.findByTestId('confirm-action');
    await waitFor(() => expect(body.getAttribute('data-owned')).toBe('none'));
    expect(calls.find((c) => c.path === '/api/portal/user/ownedResources')).toBeTruthy();
    expect(screen.queryByTestId('confirm-owned')).toBeNull();
    expect(screen.queryByText('What the user owns that will be affected:')).toBeNull();
    expect(body.textContent).toBe(
      'Disabling stops all of its operations at once: its sessions end now, and the service instances follow shortly.',
    );
  });

  it('lists what a user owns, and only that', async () => {
    owned = { scheduledTasks: 3, syncTasks: 0, permissionApprovals: 1 };
    renderDisable(en);
    const list = await screen.findByTestId('confirm-owned');
    expect(screen.getByTestId('confirm-action').getAttribute('data-owned')).toBe('some');
    expect(list.textContent).toBe(
      'What the user owns that will be affected:Scheduled tasks: 3Table-permission approvals: 1',
    );
    expect(screen.queryByTestId('confirm-owned-syncTasks')).toBeNull();
  });

  it('says the same in Chinese', async () => {
    owned = { scheduledTasks: 0, syncTasks: 2, permissionApprovals: 0 };
    renderDisable(zh);
    const list = await screen.findByTestId('confirm-owned');
    expect(screen.getByTestId('confirm-owned-syncTasks').textContent).toContain('2');
    expect(list.querySelectorAll('li')).toHaveLength(1);
  });
});

describe('what is listed', () => {
  it('keeps the kinds owned at least once, in order', () => {
    expect(ownedToList({ scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 })).toEqual([]);
    expect(ownedToList({ scheduledTasks: 1, syncTasks: 0, permissionApprovals: 2 })).toEqual([
      'scheduledTasks',
      'permissionApprovals',
    ]);
  });
});
