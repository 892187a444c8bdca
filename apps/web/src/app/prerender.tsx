/**
 * The login page rendered on the server (decision 0027): built as a module of its own
 * (`vite build --ssr`), loaded by the server at start, which renders the page once per language
 * with its console meta and serves it for `/login`; the browser then hydrates it (main.tsx).
 * The tree is the app's own, so that the hydration finds exactly this HTML.
 */
import type { TMeta } from '@console/contract';
import { Languages, type TLanguage } from '@console/contract/enums';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { setServerLocation } from '@/lib/history';
import { setServerLanguage } from '@/lib/language';
import { setMeta } from '@/lib/meta';
import { getPhrases, loadPhrases } from '@/lib/phrases';
import { App, loadFrame } from './app';
import { publicPage } from './public-pages';

export type TPrerenderedLogin = {
  lang: TLanguage;
  /** The page's title, as the page sets it. */
  title: string;
  /** A one-line description of the console (the login page's subtitle). */
  description: string;
  /** The HTML of the app's root element. */
  html: string;
};

/** Renders /login in every language for the given meta. */
export async function renderLogin(meta: TMeta): Promise<TPrerenderedLogin[]> {
  setMeta(meta);
  setServerLocation('/login');
  setServerLanguage(Languages[0]);
  await Promise.all([publicPage('login').preload(), loadFrame()]);
  const pages: TPrerenderedLogin[] = [];
  for (const lang of Languages) {
    await loadPhrases(['common', 'login', 'validation'], lang);
    setServerLanguage(lang);
    const t = getPhrases('login', lang);
    const c = getPhrases('common', lang);
    const html = renderToString(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // A part that failed on the server would leave the browser to draw it (React's fallback):
    // then this page is not served at all.
    if (html.includes('<!--$!-->')) throw new Error(`The login page did not render on the server (${lang})`);
    pages.push({ lang, title: `${t.pageTitle} · ${c.productName}`, description: t.brandSubtitle, html });
  }
  return pages;
}
