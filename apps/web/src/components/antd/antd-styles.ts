/**
 * antd's extracted stylesheet (decision 0036): loaded once, with antd's provider, and put first
 * in the document's head, where antd's runtime styles used to go, so that the console's own
 * styles still come after antd's in the cascade.
 */
import antdStylesUrl from 'virtual:antd-styles';

/** True where antd draws from the extracted stylesheet (a production build) rather than at runtime. */
export const antdZeroRuntime = antdStylesUrl !== null;

const loads = new Map<string, Promise<void>>();

/**
 * Puts the stylesheet at `url` first in the head, once; settles when it has loaded. A failed load
 * is forgotten (and its element removed), so a retry loads again.
 */
export function prependStylesheet(url: string): Promise<void> {
  const known = loads.get(url);
  if (known) return known;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  const loading = new Promise<void>((resolve, reject) => {
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      if (loads.get(url) === loading) loads.delete(url);
      reject(new Error(`Failed to fetch ${url}`));
    };
  });
  loads.set(url, loading);
  // The address last: setting it is what starts the load.
  link.href = url;
  document.head.prepend(link);
  return loading;
}

/** Loads antd's stylesheet; settles at once where antd styles at runtime. */
export function loadAntdStyles(): Promise<void> {
  if (antdStylesUrl === null || typeof document === 'undefined') return Promise.resolve();
  return prependStylesheet(antdStylesUrl);
}
