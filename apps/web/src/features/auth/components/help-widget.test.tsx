/**
 * The help widget's panel is a chunk of its own: when it never arrives, the widget shows the load
 * error in the panel's place after the spec's 120 seconds, and the login page stays.
 */

import { LangCookie } from '@console/contract/enums';
import enCommon from '@console/phrases/en-us/common';
import zhCommon from '@console/phrases/zh-cn/common';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, setCookie } from '@/lib/cookies';
import { providePhrases } from '@/lib/phrases';
import { testMeta } from '@/testing/meta';
import { HelpWidget } from './help-widget';

// The panel's chunk never arrives.
vi.mock('./help-panel', () => new Promise(() => {}));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  providePhrases('en-US', 'common', enCommon);
  providePhrases('zh-CN', 'common', zhCommon);
});
afterEach(() => {
  vi.useRealTimers();
  deleteCookie(LangCookie);
});

const meta = testMeta({ support: { phone: '400-000-0000', emails: ['help@example.com'], qrUrl: null } });

describe('the help widget', () => {
  it('shows the load error in the panel’s place when its chunk does not arrive in 120 s', async () => {
    setCookie(LangCookie, 'en-US');
    render(<HelpWidget meta={meta} texts={enCommon.help} />);
    fireEvent.click(screen.getByTestId('help-button'));
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.queryByTestId('help-panel-failed')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId('help-panel-failed').textContent).toBe(
      'Failed to load the page. Check your network and reload.',
    );
    // The widget itself stays usable: it closes.
    fireEvent.click(screen.getByTestId('help-button'));
    expect(screen.queryByTestId('help-panel-failed')).toBeNull();
  });

  it('says it in Chinese too', async () => {
    render(<HelpWidget meta={meta} texts={zhCommon.help} />);
    fireEvent.click(screen.getByTestId('help-button'));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(screen.getByTestId('help-panel-failed').textContent).toBe('页面加载失败，请检查网络后刷新。');
  });
});
