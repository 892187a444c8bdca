/**
 * The entry of the web app. What it runs (`boot.tsx`) lives in the first-load chunk with React and
 * the code every page shares (the `core` group of vite.config.ts), so that a page's first load is
 * that chunk and the page's own, with no chunk of the entry's modules in between.
 */
import { boot } from './boot';

void boot();
