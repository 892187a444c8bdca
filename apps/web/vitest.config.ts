import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'http://console.test/' } },
    restoreMocks: true,
    // A file's first render imports antd: on a busy 2-core machine that alone can pass vitest's
    // default 5 s. The limit only stops a hung test; no test depends on timing.
    testTimeout: 15_000,
    setupFiles: ['./src/testing/setup.ts'],
    css: { include: [/tokens\.css/] },
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
