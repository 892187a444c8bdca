/** The monthly bill when its detail cannot be fetched (4073): the server's message, and a retry. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import MonthBillPage from './month-bill';

let zh: i18n;
let en: i18n;
let calls: TApiCall[];
const messages = {
  'en-US': 'Failed to fetch bill details. Try again later.',
  'zh-CN': '账单明细获取失败，请稍后重试。',
};
let lang: keyof typeof messages;

beforeAll(async () => {
  zh = await consoleI18n('zh-CN', ['billing', 'common']);
  en = await consoleI18n('en-US', ['billing', 'common']);
});
beforeEach(() => {
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  calls = fakeApi((call) => {
    if (call.path === '/api/portal/user/getCurrentUser') return testAdmin;
    // The server answers in the request's language.
    if (call.path === '/api/portal/billing/history/detail') return { code: 4073, message: messages[lang] };
    return { code: 404, message: 'not found' };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

function renderMonth(instance: i18n) {
  renderConsole(
    <MemoryRouter initialEntries={['/billing/cost/month/7']}>
      <Routes>
        <Route path="/billing/cost/month/:id" element={<MonthBillPage />} />
      </Routes>
    </MemoryRouter>,
    instance,
  );
}

describe('the monthly bill whose detail cannot be fetched', () => {
  it('shows the bill-detail-failed message and asks again on retry (English)', async () => {
    lang = 'en-US';
    renderMonth(en);
    const alert = await screen.findByTestId('month-load-failed');
    expect(alert.textContent).toContain(messages['en-US']);
    const before = calls.filter((c) => c.path === '/api/portal/billing/history/detail').length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/portal/billing/history/detail').length).toBeGreaterThan(
        before,
      ),
    );
    expect(screen.queryByTestId('month-not-found')).toBeNull();
  });

  it('shows it in Chinese', async () => {
    lang = 'zh-CN';
    renderMonth(zh);
    expect((await screen.findByTestId('month-load-failed')).textContent).toContain(messages['zh-CN']);
  });
});
