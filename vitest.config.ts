import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/phrases', 'apps/server', 'apps/web'],
  },
});
