import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStyles } from './build/antd-styles';

/**
 * What every page loads first, in one chunk: React, the app's start (everything the entry runs:
 * boot, the top of the app, the public pages' and the console's loaders) and the light shared
 * code of the public pages. Left to itself the bundler splits these into several small chunks,
 * each a request; and each boundary between two chunks of the first load costs bytes of its own
 * (what one imports from the other, and a gzip stream apart).
 */
const coreModules = [
  /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  /apps[\\/]web[\\/]src[\\/]app[\\/](boot|app|public-pages|console[\\/]load-console)\./,
  /apps[\\/]web[\\/]src[\\/]lib[\\/](history|cookies|meta|language|phrases|notify|lazy|render-env|session-notice)\./,
  /apps[\\/]web[\\/]src[\\/]config[\\/]public-paths\./,
  /apps[\\/]web[\\/]src[\\/]components[\\/](toast[\\/]toast-host|status-page|brand-mark|error-boundary|ui[\\/](app-link|button|icon|path-icon|language-switch|text-field|use-dismiss)\.)/,
  /packages[\\/]contract[\\/]src[\\/](light-enums|light-limits|patterns|rules)\./,
  /packages[\\/]phrases[\\/]src[\\/]index\./,
  // The login page's validation, recent accounts and sign-in hook, shared with the mobile login
  // and the second step that other pages open too (left out, each would be a request of its own on
  // /login).
  /apps[\\/]web[\\/]src[\\/]features[\\/]auth[\\/]lib[\\/](validate-login|recent-accounts|use-sign-in)\./,
];

/**
 * React's entry modules choose its production or development build when they run
 * (`module.exports = require('./cjs/…production.js')` in production). The build resolves them
 * straight to the production files, so the first load carries no switch modules around them; the
 * development server and the tests keep React's entries (and its development build).
 */
const require = createRequire(import.meta.url);
const reactProduction = (pkg: string, entry: string, file: string) => ({
  find: new RegExp(`^${entry.replace('/', '\\/')}$`),
  replacement: join(dirname(require.resolve(`${pkg}/package.json`)), 'cjs', file),
});
const reactProductionFiles = [
  reactProduction('react', 'react', 'react.production.js'),
  reactProduction('react', 'react/jsx-runtime', 'react-jsx-runtime.production.js'),
  reactProduction('react-dom', 'react-dom', 'react-dom.production.js'),
  reactProduction('react-dom', 'react-dom/client', 'react-dom-client.production.js'),
  reactProduction('scheduler', 'scheduler', 'scheduler.production.js'),
];

const apiUrl = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  // The back office's sources (src/ops) are a build of their own (vite.ops.config.ts): the
  // customers' antd stylesheet draws none of their components.
  plugins: [
    react(),
    antdStyles(fileURLToPath(new URL('./src', import.meta.url)), [
      fileURLToPath(new URL('./src/ops', import.meta.url)),
    ]),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? reactProductionFiles : []),
    ],
  },
  build: {
    outDir: 'dist',
    manifest: true,
    target: 'es2022',
    // Every browser the console supports has modulepreload: no polyfill on the critical path.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: (id: string) => coreModules.some((re) => re.test(id)),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiUrl,
      '/healthz': apiUrl,
      '/readyz': apiUrl,
    },
  },
}));
