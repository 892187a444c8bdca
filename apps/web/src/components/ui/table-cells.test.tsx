import { act, cleanup, fireEvent, renderHook, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { consoleI18n, renderConsole } from '@/testing/console-render';
import {
  amountColumn,
  DateTimeCell,
  EllipsisText,
  InlinePair,
  NameCell,
  NoWrap,
  nowrapColumn,
  phoneQuery,
  TableEmpty,
  tableScroll,
  useScreenColumns,
  useShowTotal,
} from './table-cells';

let en: i18n;
let zh: i18n;
beforeAll(async () => {
  en = await consoleI18n('en-US', ['common']);
  zh = await consoleI18n('zh-CN', ['common']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const longName = 'a_very_long_display_name_that_goes_on_and_on_for_sixty_chars';

/** Makes an element report its text as wider than its box (happy-dom lays nothing out). */
function makeCut(element: HTMLElement, isCut: boolean) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: isCut ? 600 : 100 });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: isCut ? 240 : 100 });
}

/** A matchMedia where only the phone's query matches, or nothing. */
function stubScreen(isPhone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isPhone && query === phoneQuery,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('table cells', () => {
  it('keeps identifiers on one line', () => {
    renderConsole(<NoWrap testId="phone">+86 139****0001</NoWrap>, en);
    const cell = screen.getByTestId('phone');
    expect(cell.className).toBe('cz-cell-nowrap');
    expect(cell.textContent).toBe('+86 139****0001');
  });

  it('cuts a 60-character name with an ellipsis and shows it whole in a tooltip only when cut', () => {
    expect(longName).toHaveLength(60);
    renderConsole(<EllipsisText text={longName} testId="name" maxWidth={200} />, en);
    // The tooltip is made when the pointer first reaches the text: the cell is drawn anew then.
    let cell = screen.getByTestId('name');
    expect(cell.className).toBe('cz-cell-ellipsis');
    expect(cell.style.maxWidth).toBe('200px');
    expect(cell.textContent).toBe(longName);

    vi.useFakeTimers();
    try {
      // Not cut: hovering opens no tooltip, however long.
      makeCut(cell, false);
      fireEvent.mouseEnter(cell);
      act(() => vi.advanceTimersByTime(2000));
      expect(screen.queryByRole('tooltip')).toBeNull();
      cell = screen.getByTestId('name');
      // The tooltip wraps the text's own box inside the cell, which the pointer is now over.
      const text = cell.querySelector<HTMLElement>('.cz-cell-ellipsis__text');
      if (!text) throw new Error('no text box in the cell once the pointer reached it');
      expect(text.textContent).toBe(longName);
      fireEvent.mouseLeave(text);
      act(() => vi.advanceTimersByTime(2000));

      // Cut: the tooltip holds the whole name.
      makeCut(text, true);
      fireEvent.mouseEnter(text);
      act(() => vi.advanceTimersByTime(2000));
      expect(screen.getByRole('tooltip').textContent).toBe(longName);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens the tooltip of a cut text on the first hover, and makes none before it', () => {
    renderConsole(<EllipsisText text={longName} testId="name" maxWidth={120} />, en);
    const cell = screen.getByTestId('name');
    vi.useFakeTimers();
    try {
      act(() => vi.advanceTimersByTime(2000));
      expect(document.querySelector('.ant-tooltip')).toBeNull();
      makeCut(cell, true);
      fireEvent.mouseEnter(cell);
      act(() => vi.advanceTimersByTime(2000));
      expect(screen.getByRole('tooltip').textContent).toBe(longName);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the pressed element in the page when the tooltip is made, so that a click reaches the row', () => {
    const opened = vi.fn();
    renderConsole(
      <table>
        <tbody>
          <tr onClick={opened}>
            <td>
              <EllipsisText text={longName} testId="name" maxWidth="cell" />
            </td>
          </tr>
        </tbody>
      </table>,
      en,
    );
    const cell = screen.getByTestId('name');
    // The press lands on the cell before the pointer's arrival has been drawn (a busy machine):
    // the tooltip comes between press and release.
    fireEvent.mouseDown(cell);
    fireEvent.mouseEnter(cell);
    expect(cell.isConnected).toBe(true);
    expect(screen.getByTestId('name')).toBe(cell);
    const text = cell.querySelector('.cz-cell-ellipsis__text');
    expect(text && cell.contains(text)).toBe(true);
    fireEvent.mouseUp(text as Element);
    fireEvent.click(cell);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('shows "-" for empty text, and secondary text in the secondary style', () => {
    renderConsole(
      <>
        <EllipsisText text={null} testId="empty" />
        <EllipsisText text="Demo Admin" testId="secondary" isSecondary />
      </>,
      en,
    );
    expect(screen.getByTestId('empty').textContent).toBe('-');
    expect(screen.getByTestId('secondary').className).toBe('cz-cell-ellipsis cz-cell-secondary');
    expect(screen.getByTestId('secondary').style.maxWidth).toBe('240px');
  });

  it('puts an instance and its region on one line', () => {
    renderConsole(<InlinePair primary="lhqufb3x" secondary="China East 2 (Shanghai)" testId="pair" />, en);
    const pair = screen.getByTestId('pair');
    expect(pair.className).toBe('cz-cell-nowrap');
    expect(pair.textContent).toBe('lhqufb3x · China East 2 (Shanghai)');
    expect(pair.querySelector('.cz-cell-secondary')?.textContent).toBe(' · China East 2 (Shanghai)');
  });

  it('stacks a username over its display name, each cut on its own line', () => {
    renderConsole(<NameCell name="admin_demo" secondary={longName} testId="user" />, en);
    const name = screen.getByTestId('user');
    expect(name.textContent).toBe('admin_demo');
    expect(name.className).toBe('cz-cell-ellipsis');
    const stack = name.parentElement as HTMLElement;
    expect(stack.className).toBe('cz-cell-stack');
    expect(stack.querySelector('.cz-cell-secondary')?.textContent).toBe(longName);
  });

  it('puts a date over its time, each on one line, and says what an empty one means', () => {
    renderConsole(<DateTimeCell value="2026-03-01T06:05:00.000Z" testId="when" lang="en-US" />, en);
    const when = screen.getByTestId('when');
    expect(when.tagName).toBe('TIME');
    expect(when.getAttribute('datetime')).toBe('2026-03-01T06:05:00.000Z');
    expect(when.className).toBe('cz-cell-stack');
    const [date, time] = [...when.children] as HTMLElement[];
    expect(date?.textContent).toMatch(/^Mar 1, 2026$/);
    expect(time?.textContent).toMatch(/^\d{1,2}:05\s?[AP]M$/);
    expect(time?.className).toBe('cz-cell-secondary');
    cleanup();
    renderConsole(<DateTimeCell value="2026-03-01T06:05:00.000Z" testId="when" lang="zh-CN" />, en);
    expect(screen.getByTestId('when').firstElementChild?.textContent).toBe('2026年3月1日');
    cleanup();
    renderConsole(<DateTimeCell value={null} empty="Never" testId="when" />, en);
    expect(screen.getByTestId('when').textContent).toBe('Never');
  });

  it('declares amount columns right-aligned in tabular figures, and tables that scroll in their box', () => {
    expect(amountColumn).toEqual({ align: 'right', className: 'cz-cell-amount' });
    expect(nowrapColumn).toEqual({ className: 'cz-cell-nowrap' });
    expect(tableScroll).toEqual({ x: 'max-content' });
  });

  it('says how many rows there are and what an empty list means, in both languages', () => {
    const wrapper = (instance: i18n) =>
      function Wrapper({ children }: { children: ReactNode }) {
        return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
      };
    expect(renderHook(() => useShowTotal(), { wrapper: wrapper(en) }).result.current(12)).toBe('12 in total');
    expect(renderHook(() => useShowTotal(), { wrapper: wrapper(zh) }).result.current(12)).toBe('共 12 条');

    renderConsole(<TableEmpty testId="generic" />, en);
    expect(screen.getByTestId('generic').textContent).toContain('No data');
    cleanup();
    renderConsole(<TableEmpty testId="generic" />, zh);
    expect(screen.getByTestId('generic').textContent).toContain('暂无数据');
    cleanup();
    renderConsole(<TableEmpty text="No users yet" testId="own" />, en);
    expect(screen.getByTestId('own').textContent).toContain('No users yet');
  });

  it('keeps the fixed ends of a table, except on a phone where the whole table scrolls', () => {
    const columns = [
      { key: 'name', fixed: 'left' as const },
      { key: 'email' },
      { key: 'actions', fixed: 'right' as const },
    ];
    stubScreen(false);
    const wide = renderHook(() => useScreenColumns()).result.current(columns);
    expect(wide.map((c) => c.fixed)).toEqual(['left', undefined, 'right']);
    stubScreen(true);
    const phone = renderHook(() => useScreenColumns()).result.current(columns);
    expect(phone.map((c) => c.fixed)).toEqual([undefined, undefined, undefined]);
    expect(phone.map((c) => c.key)).toEqual(['name', 'email', 'actions']);
  });
});
