/**
 * Starts the app (imported by the entry, main.tsx): the meta, the language, the page's chunk and
 * phrases side by side, then the first render, hydrating the server's /login (decision 0027).
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createToastNotifier } from '@/components/toast/toast-host';
import { findPublicRoute } from '@/config/public-paths';
import { getLanguage, initLanguage } from '@/lib/language';
import { loadMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notify';
import { getPhrases, loadPhrases } from '@/lib/phrases';
import { holdSubmits, setHydrating } from '@/lib/render-env';
import { App, loadFrame } from './app';
import { ConsoleApp } from './console/load-console';
import { publicPage, publicPageOf } from './public-pages';
import '@/styles/tokens.css';
import '@/styles/base.css';

function BootError() {
  const isZh = getLanguage() === 'zh-CN';
  return (
    <div className="cz-boot" role="alert">
      <div style={{ textAlign: 'center' }}>
        <p>
          {isZh
            ? '无法连接到控制台服务，请检查网络后重试。'
            : 'The console service could not be reached. Check your network and retry.'}
        </p>
        <button type="button" onClick={() => window.location.reload()}>
          {isZh ? '重新加载' : 'Reload'}
        </button>
      </div>
    </div>
  );
}

export async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  // The server sends /login prerendered in the page's language (`data-prerender`, `data-lang`).
  const prerendered = container.dataset.prerender;
  if (prerendered) holdSubmits(container);
  try {
    const meta = await loadMeta();
    initLanguage(meta.defaultLanguage);
    // Fetch the page's chunk and its phrases at once, while the shared phrases load.
    const route = findPublicRoute(window.location.pathname);
    const pageReady = Promise.all([
      route ? publicPage(publicPageOf(route)).preload() : ConsoleApp.preload(),
      loadFrame(),
    ]);
    await loadPhrases(['common']);
    // The first render waits for the page, so that it paints at once (a failed load is reported
    // by the page's error boundary).
    await pageReady.catch(() => {});
    setNotifier(createToastNotifier(() => getPhrases('common')));
  } catch (error) {
    console.error('Start-up failed', error);
    setHydrating(false);
    delete container.dataset.prerender;
    createRoot(container).render(<BootError />);
    return;
  }
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const route = findPublicRoute(window.location.pathname);
  if (prerendered && prerendered === route?.id && container.dataset.lang === getLanguage()) {
    // The page's first render gives the server's HTML; the page then reads the address.
    setHydrating(true);
    hydrateRoot(container, app);
  } else {
    // Anything else replaces what the server drew (and the root is no longer the server's).
    setHydrating(false);
    delete container.dataset.prerender;
    createRoot(container).render(app);
  }
}
