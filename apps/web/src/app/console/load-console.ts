import { chunkLoader, lazyPage } from '@/lib/lazy';

/** The console chunk (providers, session gate, routes); the antd shell is a chunk of its own. */
const loadConsoleApp = chunkLoader(() => import('./console-app'));
export const ConsoleApp = lazyPage(loadConsoleApp);

/** Fetches the console's chunks ahead of need (after the login page's first paint). */
export function prefetchConsole(): void {
  loadConsoleApp()
    .then((m) => m.prefetchConsoleChunks())
    .catch(() => {});
}
