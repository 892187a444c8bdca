import { cleanup, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier, type TApiEvent } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import type { TUserRow } from '../api/users-api';
import { ConfirmAction } from './confirm-action';

const path = '/api/authority/v1/workspace/centre/listUserWorkspaces';
const instance = (over: Record<string, unknown>) => ({
  instanceId: 7,
  instanceName: 'lh-7f3k',
  serviceName: 'Lakehouse',
  regionName: 'Aliyun cn-shanghai',
  url: null,
  workspaces: [],
  isUnavailable: false,
  ...over,
});

let en: i18n;
let zh: i18n;
let calls: TApiCall[];
let events: TApiEvent[];
let answer: unknown;

beforeAll(async () => {
  en = await consoleI18n('en-US', ['users', 'common']);
  zh = await consoleI18n('zh-CN', ['users', 'common']);
});
beforeEach(() => {
  events = [];
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: (e) => events.push(e) });
  answer = [];
  calls = fakeApi((call) => {
    if (call.path === '/api/portal/user/ownedResources') {
      return { scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 };
    }
    if (call.path === path) return answer;
    return { code: 404 };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

function confirm(users: TUserRow[], lang: i18n, action: 'disable' | 'delete' = 'disable') {
  renderConsole(
    <ConfirmAction
      confirm={{ action, users }}
      title="x"
      retentionDays={7}
      onClose={() => {}}
      onConfirm={async () => {}}
    />,
    lang,
  );
}
const one = { id: 12, username: 'member_one' } as TUserRow;

describe('the workspaces of the disable and delete confirmation', () => {
  it("lists the user's workspaces per instance, asked about that user", async () => {
    answer = [
      instance({
        workspaces: [
          { name: 'default', role: 'workspace_admin', createTime: null },
          { name: 'sales', role: 'workspace_dev', createTime: null },
        ],
      }),
      instance({ instanceId: 8, instanceName: 'ai-1', serviceName: 'Data assistant' }),
    ];
    confirm([one], en, 'delete');
    await waitFor(() => expect(screen.getByTestId('confirm-workspaces').dataset.state).toBe('some'));
    expect(calls.find((c) => c.path === path)?.body).toEqual({ userId: 12 });
    expect(screen.getAllByTestId('confirm-workspace-instance').map((li) => li.textContent)).toEqual([
      'lh-7f3k (Lakehouse, Aliyun cn-shanghai): default (Workspace administrator), sales (Workspace developer)',
    ]);
  });

  it('names the roles in the page language, never by their codes; a custom role by its own name', async () => {
    answer = [
      instance({
        regionName: '阿里云 华东2（上海）',
        workspaces: [
          { name: 'default', role: 'workspace_analyst', createTime: null },
          { name: 'ods', role: 'workspace_sre', createTime: null },
          { name: 'finance', role: 'data_stewards', createTime: null },
        ],
      }),
    ];
    confirm([one], zh);
    await waitFor(() => expect(screen.getByTestId('confirm-workspaces').dataset.state).toBe('some'));
    const text = screen.getByTestId('confirm-workspace-instance').textContent ?? '';
    expect(text).toBe(
      'lh-7f3k（Lakehouse，阿里云 华东2（上海））：default（工作空间分析师）、ods（工作空间运维）、finance（data_stewards）',
    );
    expect(text).not.toMatch(/workspace_/);
  });

  it('says when the user belongs to no workspace, and names the instances that did not answer', async () => {
    answer = [instance({ isUnavailable: true })];
    confirm([one], zh);
    await waitFor(() => expect(screen.getByTestId('confirm-workspaces').dataset.state).toBe('none'));
    expect(screen.getByTestId('confirm-workspaces').textContent).toContain(
      '用户不属于已开通实例上的任何工作空间。',
    );
    expect(screen.getByTestId('confirm-workspaces-unavailable').textContent).toContain('lh-7f3k');
  });

  it('says so in the dialog when the lookup fails, without a toast', async () => {
    answer = { code: 4100, message: 'not configured' };
    confirm([one], en);
    await waitFor(() => expect(screen.getByTestId('confirm-workspaces').dataset.state).toBe('failed'));
    expect(screen.getByTestId('confirm-workspaces').textContent).toBe(
      'The workspaces the user belongs to could not be retrieved.',
    );
    expect(events).toEqual([]);
  });

  it('is not asked for several users at once', async () => {
    confirm([one, { id: 13, username: 'member_two' } as TUserRow], en);
    await screen.findByTestId('confirm-action');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/portal/user/ownedResources')).toBe(true));
    expect(screen.queryByTestId('confirm-workspaces')).toBeNull();
    expect(calls.some((c) => c.path === path)).toBe(false);
  });
});
