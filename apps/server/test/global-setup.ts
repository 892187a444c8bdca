/**
 * Before the server's tests: on PostgreSQL (TEST_DATABASE_URL), the migrated template every test
 * file's database is copied from (see template-database.ts). PGlite databases migrate in memory.
 */
import type { TestProject } from 'vitest/node';
import { ensureTemplateDatabase } from './template-database';

declare module 'vitest' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface ProvidedContext {
    /** The migrated template on the PostgreSQL server of TEST_DATABASE_URL; null on PGlite. */
    testTemplateDatabase: string | null;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  project.provide('testTemplateDatabase', adminUrl ? await ensureTemplateDatabase(adminUrl) : null);
}
