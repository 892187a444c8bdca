#!/usr/bin/env node
// `npm test`: every suite — the static checks (Biome, import boundaries, TypeScript), unit and
// integration tests (vitest: contract, phrases, server, web),
// the secrets check over what the integration tests' servers logged and answered, and browser
// tests (Playwright in Chromium on the built console) — then one line that sums them:
// "N passed, N failed". Integration tests use TEST_DATABASE_URL when set, PGlite otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const suites = [
  {
    name: 'static',
    command: ['node', 'scripts/check-static.mjs'],
    count: (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests }),
    file: 'static.json',
  },
  {
    name: 'unit and integration',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'vitest.json')}`,
    ],
    // What the integration tests' servers log and answer, for the secrets check below.
    env: { SECRET_CAPTURE_DIR: join(reports, 'secrets') },
    count: (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests }),
    file: 'vitest.json',
  },
  {
    name: 'secrets',
    command: ['node', 'scripts/check-secrets.mjs'],
    env: { SECRET_CAPTURE_DIR: join(reports, 'secrets') },
    count: (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests }),
    file: 'secrets.json',
  },
  {
    name: 'browser',
    // `test:e2e` installs Debian's Chromium first when it is missing (scripts/ensure-chromium.mjs).
    command: ['npm', 'run', 'test:e2e'],
    count: (report) => ({
      passed: (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0),
      failed: report.stats?.unexpected ?? 0,
    }),
    file: 'e2e.json',
  },
];

let passed = 0;
let failed = 0;
for (const suite of suites) {
  console.log(`\n=== ${suite.name} tests ===`);
  const result = spawnSync(suite.command[0], suite.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  });
  const file = join(reports, suite.file);
  let counted = { passed: 0, failed: 0 };
  if (existsSync(file)) counted = suite.count(JSON.parse(readFileSync(file, 'utf8')));
  if (result.status !== 0 && counted.failed === 0) {
    console.error(
      `${suite.name} tests exited with ${result.status ?? result.signal} before reporting a failure`,
    );
    counted.failed = 1;
  }
  console.log(`${suite.name}: ${counted.passed} passed, ${counted.failed} failed`);
  passed += counted.passed;
  failed += counted.failed;
}
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(reports, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(failed > 0 ? 1 : 0);
