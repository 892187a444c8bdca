/**
 * Spec section 8: "chunk load failure shows a load error after timeout" (section 9: 120 seconds).
 * A console page whose chunk never arrives: the page area shows the load error at 120 s, not
 * before, and not after a second wait (React's immediate re-render after an error must not start
 * a new load).
 */
import { act, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/components/error-boundary';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import { consoleI18n, renderConsole } from '@/testing/console-render';
import { PageError } from './page-error';

let en: i18n;
let zh: i18n;

beforeAll(async () => {
  en = await consoleI18n('en-US', ['shell', 'common']);
  zh = await consoleI18n('zh-CN', ['shell', 'common']);
});
beforeEach(() => {
  // The timer's clock only: React's own scheduling runs as usual.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.useRealTimers());

function renderNeverArriving(i18nInstance: i18n) {
  const load = vi.fn(() => new Promise<{ default: () => null }>(() => {}));
  const Page = lazyPage(chunkLoader(load));
  renderConsole(
    <ErrorBoundary fallback={(error) => <PageError error={error} />}>
      <Page />
    </ErrorBoundary>,
    i18nInstance,
  );
  return load;
}

describe('a page chunk that never arrives', () => {
  it('shows the load error after 120 seconds (English)', async () => {
    const load = renderNeverArriving(en);
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.queryByTestId('page-error')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId('page-error').textContent).toContain(
      'Failed to load the page. Check your network and reload.',
    );
    expect(screen.getByTestId('reload')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the load error after 120 seconds (Chinese)', async () => {
    renderNeverArriving(zh);
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(screen.getByTestId('page-error').textContent).toContain('页面加载失败，请检查网络后刷新。');
  });
});
