import { chunkLoader, lazyPage } from '@/lib/lazy';

/** The console chunk (providers, session gate, routes); the antd shell is a chunk of its own. */
export const ConsoleApp = lazyPage(chunkLoader(() => import('./console-app')));

/** Fetches the console's chunks ahead of need (after the login page's first paint). */
export function prefetchConsole(): void {
  ConsoleApp.preload()
    .then(() => import('./console-app'))
    .then((m) => m.prefetchConsoleChunks())
    .catch(() => {});
}
