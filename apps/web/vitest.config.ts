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
    setupFiles: ['./src/testing/setup.ts'],
    css: { include: [/tokens\.css/] },
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
