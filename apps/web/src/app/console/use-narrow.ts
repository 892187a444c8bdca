/**
 * Whether the window is narrower than the console's breakpoint (992 px, antd's `lg`): below it the
 * menu is a drawer opened from the header; at or above it the sidebar is back, in the state the
 * user left it.
 */
import { useSyncExternalStore } from 'react';

export const narrowQuery = '(max-width: 991.98px)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(narrowQuery)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  if (!list) return () => {};
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isNarrowNow = () => media()?.matches ?? false;

export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, isNarrowNow, () => false);
}
