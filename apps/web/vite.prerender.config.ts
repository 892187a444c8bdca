/**
 * The login page's server render (`src/app/prerender.tsx`, decision 0027): a module of its own in
 * `dist/.prerender`, with every dependency inside, that the server loads at start. Built after the
 * web app (`npm run build`); the chunks it names but never renders (the console) stay unloaded.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStyles } from './build/antd-styles';

export default defineConfig({
  plugins: [react(), antdStyles(fileURLToPath(new URL('./src', import.meta.url)))],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  publicDir: false,
  ssr: { noExternal: true },
  build: {
    ssr: 'src/app/prerender.tsx',
    outDir: 'dist/.prerender',
    emptyOutDir: true,
    target: 'node20',
    minify: true,
  },
});
