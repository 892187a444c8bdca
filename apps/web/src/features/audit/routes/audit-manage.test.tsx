import { AuditObjectTypes } from '@console/contract/audit-rules';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { objectTypeChoices } from '../lib/audit-labels';
import AuditManagePage from './audit-manage';

const phrases = (i18n: i18n) =>
  i18n.getResourceBundle(i18n.language, 'audit').objectTypes as Record<string, string>;

let en: i18n;
let zh: i18n;
beforeAll(async () => {
  en = await consoleI18n('en-US', ['audit', 'common']);
  zh = await consoleI18n('zh-CN', ['audit', 'common']);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  queryClient.clear();
});

const row = (id: number, fields: Record<string, unknown>) => ({
  id,
  seq: id,
  createdAt: '2026-11-28T06:30:00.000000Z',
  userId: 8,
  username: 'admin_demo',
  ip: '203.0.113.7',
  action: 'auth.login',
  objectType: 'session',
  objectId: '41',
  objectName: 'admin_demo',
  status: 1,
  info: { method: 'password' },
  requestId: 'req-1',
  ...fields,
});

const entries = [
  row(4, { action: 'user.resetPassword', objectType: 'user', objectId: '9', objectName: 'analyst_01' }),
  row(3, { userId: null, username: 'system', action: 'user.create', objectType: 'user', objectName: 'svc' }),
  row(2, { userId: null, username: null, action: 'instance.opened', objectType: 'instance' }),
  row(1, { action: 'legacy.removed', objectType: 'gadget', objectName: null, objectId: '5' }),
];

function serve(page: { list: unknown[]; total: number; isTotalCapped?: boolean }) {
  return fakeApi((call: TApiCall) =>
    call.path === '/api/portal/audit/list'
      ? { pageSize: 50, nextCursor: null, hasMore: false, isTotalCapped: false, ...page }
      : null,
  );
}

const cellsOf = (testId: string) => screen.getAllByTestId(testId).map((e) => e.textContent);

describe('the audit log page', () => {
  it('reads in English: operation names, objects by type and name, one system name, the total', async () => {
    serve({ list: entries, total: 1234 });
    renderConsole(<AuditManagePage />, en);
    expect(await screen.findByText('1,234 entries')).toBeTruthy();
    expect(cellsOf('audit-row-action')).toEqual([
      "Reset a user's password",
      'Created a user',
      'Instance opened',
      'legacy.removed',
    ]);
    expect(cellsOf('audit-row-user')).toEqual(['admin_demo', 'System', 'System', 'admin_demo']);
    expect(cellsOf('audit-row-object-type')).toEqual(['User', 'User', 'Service instance', 'gadget']);
    expect(cellsOf('audit-row-object')).toEqual(['analyst_01', 'svc', 'admin_demo', '5']);
    expect(screen.queryByText('user.resetPassword')).toBeNull();

    // The details drawer keeps the code.
    fireEvent.click(screen.getAllByTestId('audit-row-details')[0] as HTMLElement);
    expect((await screen.findByTestId('audit-details-code')).textContent).toBe('user.resetPassword');
    const drawer = screen.getByTestId('audit-details');
    expect(within(drawer).getByText("Reset a user's password")).toBeTruthy();
    expect(within(drawer).getByText('Operation code')).toBeTruthy();
  });

  it('opens an entry’s details on a tap anywhere on its row, or from its time, the row’s button', async () => {
    serve({ list: entries, total: 4 });
    renderConsole(<AuditManagePage />, en);
    const rows = await screen.findAllByTestId('audit-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByTestId('audit-row-action'));
    expect((await screen.findByTestId('audit-details-code')).textContent).toBe('user.create');

    // For the keyboard and screen readers: a button named for what it opens, its time in the name.
    const open = within(rows[0] as HTMLElement).getByTestId('audit-row-open');
    expect(open.tagName).toBe('BUTTON');
    expect(open.getAttribute('aria-label')).toBe(`Details of the entry at ${open.textContent}`);
    fireEvent.click(open);
    await waitFor(() =>
      expect(screen.getByTestId('audit-details-code').textContent).toBe('user.resetPassword'),
    );
  });

  it('reads in Chinese, and a capped count says "more than"', async () => {
    serve({ list: entries, total: 10_000, isTotalCapped: true });
    renderConsole(<AuditManagePage />, zh);
    expect(await screen.findByText('超过 10,000 条')).toBeTruthy();
    expect(cellsOf('audit-row-action')).toEqual(['重置用户密码', '创建用户', '实例已开通', 'legacy.removed']);
    expect(cellsOf('audit-row-user')).toEqual(['admin_demo', '系统', '系统', 'admin_demo']);
    expect(cellsOf('audit-row-object-type')).toEqual(['用户', '用户', '服务实例', 'gadget']);
  });

  it.each([
    ['en-US', () => en, 'All', 'Top-up order'],
    ['zh-CN', () => zh, '全部', '充值订单'],
  ])(
    'the object type filter lists every type by name (%s), searchable, and asks for the chosen one',
    async (_lang, i18n, all, topUp) => {
      const calls = serve({ list: entries, total: 4 });
      renderConsole(<AuditManagePage />, i18n());
      await screen.findAllByTestId('audit-row');
      const select = within(screen.getByTestId('audit-filter-object-type')).getByRole('combobox');
      fireEvent.mouseDown(select);
      const options = await screen.findAllByRole('option');
      const names = options.map((o) => o.textContent);
      expect(names).toEqual([
        all,
        ...objectTypeChoices({ objectTypes: phrases(i18n()) }, i18n().language).map((c) => c.label),
      ]);
      expect(names).toHaveLength(AuditObjectTypes.length + 1);
      expect(names).toContain(topUp);
      // Typing part of a name narrows the list to it.
      fireEvent.change(select, { target: { value: topUp.slice(0, 2) } });
      await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain(topUp));
      expect(screen.getAllByRole('option').length).toBeLessThan(names.length);
      fireEvent.click(screen.getByTitle(topUp));
      await act(async () => fireEvent.click(screen.getByTestId('audit-filter-apply')));
      await waitFor(() =>
        expect(calls.filter((c) => c.path === '/api/portal/audit/list').at(-1)?.body).toMatchObject({
          objectType: 'recharge',
        }),
      );
    },
  );

  it('says so when nothing matches', async () => {
    serve({ list: [], total: 0 });
    renderConsole(<AuditManagePage />, en);
    await waitFor(() => expect(screen.getByTestId('audit-total').textContent).toBe('0 entries'));
    expect(screen.getByText('No audit entries match these filters.')).toBeTruthy();
    expect(screen.queryAllByTestId('audit-row')).toHaveLength(0);
  });

  it('one entry is "1 entry"', async () => {
    serve({ list: entries.slice(0, 1), total: 1 });
    renderConsole(<AuditManagePage />, en);
    expect(await screen.findByText('1 entry')).toBeTruthy();
  });

  it('a preset asks for its range at the search; a reset goes back to everything', async () => {
    // A fixed clock (only the date: the query's timers run as usual).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 28, 14, 35));
    const calls = serve({ list: entries, total: 4 });
    renderConsole(<AuditManagePage />, en);
    await screen.findByText('4 entries');
    fireEvent.mouseDown(within(screen.getByTestId('audit-filter-preset')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Last 7 days'));
    // No custom range picker unless asked for.
    expect(screen.queryByTestId('audit-filter-time')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('audit-filter-apply')));
    const lists = () => calls.filter((c) => c.path === '/api/portal/audit/list');
    await waitFor(() => expect(lists().length).toBe(2));
    const body = lists()[1]?.body as { from?: string; to?: string };
    expect(body.from).toBe(new Date(2026, 10, 22).toISOString());
    expect(body.to).toBeUndefined();

    // "Today" too, after a reset to any time (whose list is the first one, from the cache).
    await act(async () => fireEvent.click(screen.getByTestId('audit-filter-reset')));
    expect(within(screen.getByTestId('audit-filter-preset')).getByText('Any time')).toBeTruthy();
    fireEvent.mouseDown(within(screen.getByTestId('audit-filter-preset')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Today'));
    await act(async () => fireEvent.click(screen.getByTestId('audit-filter-apply')));
    await waitFor(() => expect(lists().length).toBe(3));
    expect(lists()[2]?.body).toEqual({ from: new Date(2026, 10, 28).toISOString(), pageSize: 50 });
    expect(lists().filter((c) => !(c.body as { from?: string }).from)).toHaveLength(1);
  });
});
