import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { webIsolatedProject } from './apps/web/vitest.config';

export default defineConfig({
  test: {
    // A worker per core, and at least two: the integration tests wait on PostgreSQL for much of
    // their time, which one worker on a 2-core machine (vitest's default there) leaves idle.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      'packages/contract',
      'packages/phrases',
      'apps/server',
      'apps/web',
      // The web files that mock a module of the app, each in modules of its own.
      webIsolatedProject,
      // The repository's own scripts (what `npm test` decides before the browser tests).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
  },
});
