import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/phrases',
      'apps/server',
      'apps/web',
      // The repository's own scripts (what `npm test` decides before the browser tests).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
  },
});
