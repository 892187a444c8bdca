import { chunkLoader, lazyPage } from '@/lib/lazy';

/** The console chunk (providers, session gate, routes); the shell is a chunk of its own. */
const loadConsoleApp = chunkLoader(() => import('./console-app'));
/**
 * The console, ready to draw: its chunk, which then begins the first page's calls and chunks
 * (`startConsole`), and its phrases.
 */
export const ConsoleApp = lazyPage(
  chunkLoader(async () => {
    const app = await loadConsoleApp();
    await app.startConsole();
    return app;
  }),
);

let isPrefetched = false;

/**
 * Fetches the console's chunks ahead of need (after the login page's first paint). The
 * prerendered login page names their files (`data-prefetch`, from the build's manifest): they are
 * only fetched into the cache, so that nothing runs on the main thread while the user types.
 * Without the list (the page drawn by the browser), the chunks are imported.
 */
export function prefetchConsole(): void {
  if (isPrefetched) return;
  isPrefetched = true;
  const files = document.getElementById('root')?.dataset.prefetch?.split(' ').filter(Boolean);
  if (files?.length) {
    for (const href of files) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      // As the module loader will ask for it, so that the cached answer serves that request.
      if (href.endsWith('.js')) link.crossOrigin = '';
      document.head.append(link);
    }
    return;
  }
  loadConsoleApp()
    .then((m) => m.prefetchConsoleChunks())
    .catch(() => {});
}
