import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createLightNotifier } from '@/components/toast/light-notifier';
import { findPublicRoute } from '@/config/paths';
import { getLanguage, initLanguage } from '@/lib/language';
import { loadMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { getPhrases, loadPhrases } from '@/lib/phrases';
import { App } from './app';
import { loadConsole } from './console/load-console';
import { preloadPublicPage, publicPageOf } from './public-pages';
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

async function boot() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const root = createRoot(container);
  try {
    const meta = await loadMeta();
    initLanguage(meta.defaultLanguage);
    // Fetch the page's chunk and its phrases at once, while the shared phrases load.
    const route = findPublicRoute(window.location.pathname);
    const pageReady = route ? preloadPublicPage(publicPageOf(route)) : loadConsole();
    pageReady.catch(() => {}); // the page's own error boundary reports a failed load
    await loadPhrases(['common']);
    setNotifier(createLightNotifier(() => getPhrases('common')));
  } catch (error) {
    console.error('Start-up failed', error);
    root.render(<BootError />);
    return;
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
