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
  },
});
