/**
 * Whether the window is narrower than the console's breakpoint (992 px, antd's `lg`): below it the
 * menu is a drawer opened from the header; at or above it the sidebar is back, in the state the
 * user left it.
 */
import { useMediaQuery } from '@/lib/use-media-query';

export const narrowQuery = '(max-width: 991.98px)';

export function useIsNarrow(): boolean {
  return useMediaQuery(narrowQuery);
}
