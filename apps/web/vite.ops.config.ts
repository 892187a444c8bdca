/**
 * The back office's pages (decision 0049): a build of their own from `ops.html` into
 * `dist-ops`, which the ops listener serves (OPS_PORT). Apart from the customers' build
 * (vite.config.ts), so the customers' bundles, chunking and first-load budgets never see it.
 * In development (`npm run dev` with OPS_PORT set) this server answers `ops.html` for every page
 * path and sends `/api/ops` to the ops listener.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdStyles } from './build/antd-styles';

const opsApiUrl = process.env.OPS_API_URL ?? 'http://localhost:8090';

/** The development server's history fallback: page paths answer `ops.html`. */
function opsPageFallback(): Plugin {
  return {
    name: 'console:ops-page-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        const isPage =
          req.method === 'GET' &&
          !path.startsWith('/api/') &&
          !path.startsWith('/@') &&
          !path.startsWith('/src/') &&
          !path.startsWith('/node_modules/') &&
          !/\.[a-z0-9]+$/i.test(path);
        if (isPage) req.url = '/ops.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), antdStyles(fileURLToPath(new URL('./src', import.meta.url))), opsPageFallback()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  appType: 'mpa',
  build: {
    outDir: 'dist-ops',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // A console for a few operators, not a first-load budget: antd, the contract's schemas and the
    // pages' shared code make one large chunk, fetched once and cached (hashed names).
    chunkSizeWarningLimit: 1200,
    rolldownOptions: { input: fileURLToPath(new URL('./ops.html', import.meta.url)) },
  },
  server: {
    port: 5174,
    proxy: { '/api/ops': opsApiUrl },
  },
});
