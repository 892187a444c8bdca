/**
 * Keyset paging behind a numbered pager: the server answers each page with the cursor of the page
 * after it, and the next page is asked for by that cursor (any depth costs what the first page
 * does). A page reached otherwise (a jump, a new page size) is asked for by its number. The
 * cursors are forgotten when the list changes (its filters, its page size).
 */
import { useCallback, useRef } from 'react';

export type TPageCursors = {
  /** The cursor that asks for this page, when the page before it was read. */
  cursorOf(pageNo: number): string | undefined;
  /** Keeps the cursor of the page after `pageNo` (null: the last page). */
  remember(pageNo: number, nextCursor: string | null | undefined): void;
};

/** Cursors of one list; `listKey` names the list (its filters and page size). */
export function usePageCursors(listKey: string): TPageCursors {
  const kept = useRef({ listKey, cursors: new Map<number, string>() });
  if (kept.current.listKey !== listKey) kept.current = { listKey, cursors: new Map() };
  const cursorOf = useCallback((pageNo: number) => kept.current.cursors.get(pageNo), []);
  const remember = useCallback((pageNo: number, nextCursor: string | null | undefined) => {
    if (nextCursor) kept.current.cursors.set(pageNo + 1, nextCursor);
  }, []);
  return { cursorOf, remember };
}
