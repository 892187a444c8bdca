import { chunkLoader } from '@/lib/lazy';

/** The console chunk (providers, session gate, routes); the antd shell is a chunk of its own. */
export const loadConsole = chunkLoader(() => import('./console-app'));

/** Fetches the console's chunks ahead of need (after the login page's first paint). */
export function prefetchConsole(): void {
  loadConsole()
    .then((m) => m.prefetchConsoleChunks())
    .catch(() => {});
}
