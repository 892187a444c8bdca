import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject, type TestProjectInlineConfiguration } from 'vitest/config';
import { antdStyles } from './build/antd-styles';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The test files under `dir` that mock a module (`vi.mock`, `vi.doMock`), or that test a module's
 * own state from its first import (marked `// test-isolated`: a call left over from a file before,
 * in the same worker, could otherwise change that state in the middle of a test).
 */
function filesThatMock(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesThatMock(path);
    if (!/\.test\.tsx?$/.test(entry.name)) return [];
    const text = readFileSync(path, 'utf8');
    return /\bvi\.(mock|doMock)\(|^\/\/ test-isolated\b/m.test(text) ? [relative(root, path)] : [];
  });
}

/**
 * The files that mock a module of the app, found in the sources so that a new one cannot be
 * missed: a mock holds only where the module was not imported before, so these run each in
 * modules of their own (the project `web-isolated`, which the root config lists). Every other file
 * shares one page and its modules with the files before it in its worker (`isolate: false`):
 * importing antd and the app once per worker rather than once per file makes the project about
 * four times faster. The setup file gives each file a fresh page.
 */
const isolatedFiles = filesThatMock(join(root, 'src'));

const shared = {
  root,
  // antd styles at runtime in the unit tests (the plugin answers `null` outside a production build).
  plugins: [react(), antdStyles(join(root, 'src'))],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
};

const sharedTest: NonNullable<TestProjectInlineConfiguration['test']> = {
  environment: 'happy-dom',
  environmentOptions: { happyDOM: { url: 'http://console.test/' } },
  restoreMocks: true,
  // A file's first render imports antd: on a busy 2-core machine that alone can pass vitest's
  // default 5 s. The limit only stops a hung test; no test depends on timing.
  testTimeout: 15_000,
  setupFiles: ['./src/testing/setup.ts'],
  css: { include: [/tokens\.css/] },
};

/** The files that mock a module, each in modules of its own. */
export const webIsolatedProject = defineProject({
  ...shared,
  test: { ...sharedTest, name: 'web-isolated', include: isolatedFiles, isolate: true },
});

export default defineProject({
  ...shared,
  test: {
    ...sharedTest,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    exclude: isolatedFiles,
    isolate: false,
  },
});
