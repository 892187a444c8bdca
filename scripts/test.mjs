#!/usr/bin/env node
// `npm test`: every suite — the static checks (Biome, import boundaries, TypeScript), unit and
// integration tests (vitest: contract, phrases, server, web, scripts),
// the secrets check over what the integration tests' servers logged and answered, and browser
// tests (Playwright in Chromium on the built console) — then one line that sums them:
// "N passed, N failed". Integration and browser tests use the PostgreSQL server of
// TEST_DATABASE_URL when set, else one that answers at 127.0.0.1:5432, else PGlite (the first line
// of the output says which; scripts/lib/test-database.mjs).
//
// First it makes sure the browser tests can run (scripts/ensure-chromium.mjs --check: Debian's
// Chromium and CJK fonts, installable as root, or one line saying how), so that a missing browser
// stops the run at once rather than after the other suites. Their installation (a fresh machine's
// download), the static checks and the build of the console for the browser tests run alongside
// the unit and integration tests, which leave about a third of two cores idle while they wait on
// PostgreSQL; the browser suite, which keeps both cores busy, then runs on its own. The static
// checks' output follows it.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { chooseTestDatabase } from './lib/test-database.mjs';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const vitestReport = (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests });
const suites = {
  static: {
    name: 'static',
    command: ['node', 'scripts/check-static.mjs'],
    count: vitestReport,
    file: 'static.json',
  },
  unit: {
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
    count: vitestReport,
    file: 'vitest.json',
  },
  secrets: {
    name: 'secrets',
    command: ['node', 'scripts/check-secrets.mjs'],
    env: { SECRET_CAPTURE_DIR: join(reports, 'secrets') },
    count: vitestReport,
    file: 'secrets.json',
  },
  build: {
    name: 'build',
    // The console the browser tests load (`npm run build`: the web app and the server).
    command: ['npm', 'run', 'build'],
  },
  browser: {
    name: 'browser',
    // Playwright on the build above (`npm run test:e2e` checks Chromium and builds first, for a run
    // of its own).
    command: ['npm', 'test', '-w', '@console/e2e'],
    count: (report) => ({
      passed: (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0),
      failed: report.stats?.unexpected ?? 0,
    }),
    file: 'e2e.json',
  },
};

let passed = 0;
let failed = 0;

/** Counts a finished suite from its report (a non-zero exit without a reported failure counts one). */
function tally(suite, status) {
  const file = join(reports, suite.file);
  let counted = { passed: 0, failed: 0 };
  if (existsSync(file)) counted = suite.count(JSON.parse(readFileSync(file, 'utf8')));
  if (status !== 0 && counted.failed === 0) {
    console.error(`${suite.name} tests exited with ${status} before reporting a failure`);
    counted.failed = 1;
  }
  console.log(`${suite.name}: ${counted.passed} passed, ${counted.failed} failed`);
  passed += counted.passed;
  failed += counted.failed;
}

function finish() {
  const summary = `${passed} passed, ${failed} failed`;
  writeFileSync(join(reports, 'summary.txt'), `${summary}\n`);
  console.log(summary);
  process.exit(failed > 0 ? 1 : 0);
}

/** Runs a suite in the foreground, its output as it comes. */
function runNow(suite) {
  console.log(`\n=== ${suite.name} tests ===`);
  const result = spawnSync(suite.command[0], suite.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  });
  tally(suite, result.status ?? result.signal);
}

/**
 * Starts a suite in the background, its output into a file of the reports (a pipe would wait for
 * this process, busy with the foreground suite); answers a promise of its output and status.
 */
function runAlongside(suite, logName) {
  const log = join(reports, logName);
  const fd = openSync(log, 'w');
  const child = spawn(suite.command[0], suite.command.slice(1), {
    cwd: root,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...suite.env },
  });
  closeSync(fd);
  return new Promise((done) => {
    child.on('close', (code, signal) => done({ output: readFileSync(log, 'utf8'), status: code ?? signal }));
  });
}

/**
 * Whether a PostgreSQL server answers at `url` and lets its role create databases (each test
 * file and each browser-test server gets a database of its own).
 * @returns {Promise<import('./lib/test-database.mjs').TProbe>}
 */
async function probeServer(url) {
  const pg = createRequire(join(root, 'e2e', 'package.json'))('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query(
      'select rolcreatedb or rolsuper as "canCreate" from pg_roles where rolname = current_user',
    );
    if (!rows[0]?.canCreate)
      return { ok: false, reason: `role "${new URL(url).username}" may not create databases` };
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

const database = await chooseTestDatabase({
  env: process.env,
  loginName: userInfo().username,
  probe: probeServer,
});
console.log(database.line);
if (database.kind === 'server') process.env.TEST_DATABASE_URL = database.url;

console.log('=== browser prerequisites ===');
const prerequisites = spawnSync('node', ['scripts/ensure-chromium.mjs', '--check'], {
  cwd: root,
  stdio: 'inherit',
});
if (prerequisites.status !== 0) {
  console.error('The browser tests cannot run on this machine (see above); no suite was run.');
  failed += 1;
  finish();
}

const installRun = runAlongside({ command: ['node', 'scripts/ensure-chromium.mjs'] }, 'browser-install.log');
const staticRun = runAlongside(suites.static, 'static.log');
const buildRun = runAlongside(suites.build, 'build.log');
runNow(suites.unit);
runNow(suites.secrets);
const installed = await installRun;
const built = await buildRun;
if (installed.status !== 0) {
  console.log(`\n=== ${suites.browser.name} tests ===`);
  process.stdout.write(installed.output);
  console.error('the browser tests cannot run on this machine (see above); no browser test was run');
  tally(suites.browser, installed.status);
} else if (built.status === 0) {
  process.stdout.write(installed.output);
  runNow(suites.browser);
} else {
  console.log(`\n=== ${suites.browser.name} tests ===`);
  process.stdout.write(built.output);
  console.error(`the build for the browser tests exited with ${built.status}; no browser test was run`);
  tally(suites.browser, built.status);
}
const staticResult = await staticRun;
console.log(`\n=== ${suites.static.name} tests (ran alongside the unit and integration tests) ===`);
process.stdout.write(staticResult.output);
tally(suites.static, staticResult.status);
finish();
