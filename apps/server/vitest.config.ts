import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Migrates the template of the test databases once per run (PostgreSQL).
    globalSetup: ['./test/global-setup.ts'],
    // Files share the server's modules within a worker: each file builds its own app on its own
    // database (test/harness.ts) and no file mocks a module, so importing the server once per
    // worker rather than once per file changes nothing but the time (about half of it).
    isolate: false,
  },
});
