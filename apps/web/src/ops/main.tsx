/**
 * The entry of the back office's pages (`ops.html`, a build of its own: decision 0049). Nothing
 * of the customers' entry runs here, and nothing of this one is in the customers' bundles.
 * The language: the `cz-lang` cookie (the customers' switch), else the browser's.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAntdStyles } from '@/components/antd/antd-styles';
import { initLanguage } from '@/lib/language';
import { chunkLoader } from '@/lib/lazy';
import { createOpsI18n } from './lib/ops-i18n';
import '@/styles/tokens.css';
import '@/styles/base.css';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const lang = initLanguage(navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US');
  const [{ OpsApp }, i18n] = await Promise.all([
    chunkLoader(() => import('./app/ops-app'))(),
    createOpsI18n(lang),
    loadAntdStyles(),
  ]);
  createRoot(container).render(
    <StrictMode>
      <OpsApp i18n={i18n} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error('The back office could not start', error);
  const container = document.getElementById('root');
  if (container) {
    container.textContent =
      document.documentElement.lang === 'zh-CN'
        ? '无法加载运营后台，请刷新页面重试。'
        : 'The back office could not load. Reload the page to retry.';
    container.setAttribute('role', 'alert');
  }
});
