/**
 * Tables wider than their card scroll sideways inside antd's `.ant-table-content` (or
 * `.ant-table-body`), an element without focusable content when the cells are plain text: keyboard
 * users could not scroll it (WCAG 2.1.1, axe `scrollable-region-focusable`). The answered callback
 * ref makes each such scroller inside its element a named, focusable region, also when antd draws
 * the table again.
 */
import { useCallback } from 'react';

const scrollers = '.ant-table-content, .ant-table-body';

export function useKeyboardScroll(label: string): (root: HTMLElement | null) => (() => void) | undefined {
  return useCallback(
    (root: HTMLElement | null) => {
      if (!root) return undefined;
      const mark = () => {
        for (const el of root.querySelectorAll<HTMLElement>(scrollers)) {
          if (el.getAttribute('aria-label') === label) continue;
          el.tabIndex = 0;
          el.setAttribute('role', 'region');
          el.setAttribute('aria-label', label);
        }
      };
      mark();
      const observer = new MutationObserver(mark);
      observer.observe(root, { childList: true, subtree: true });
      return () => observer.disconnect();
    },
    [label],
  );
}
