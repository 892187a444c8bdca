#!/usr/bin/env node
// The browser tests run in Debian's Chromium (browser tools cannot download their own here). When
// it is missing, installs it with apt-get (as root, or through `sudo -n`); otherwise says how.
// `CHROMIUM_PATH` names another executable.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH names ${path}, which does not exist.`);
  process.exit(1);
}

const isRoot = process.getuid?.() === 0;
const hasSudo = !isRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
if (!isRoot && !hasSudo) {
  console.error('Chromium is missing: install it with `apt-get install -y chromium` (or set CHROMIUM_PATH).');
  process.exit(1);
}
const run = (args) =>
  spawnSync(isRoot ? args[0] : 'sudo', isRoot ? args.slice(1) : ['-n', ...args], {
    // apt's progress would bury the test output; its errors still show.
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status === 0;
console.log('Installing Chromium from Debian…');
if (
  !run(['apt-get', 'update', '-qq']) ||
  !run(['apt-get', 'install', '-y', '-qq', 'chromium']) ||
  !existsSync(path)
) {
  console.error(
    'Could not install Chromium: install it with `apt-get install -y chromium` (or set CHROMIUM_PATH).',
  );
  process.exit(1);
}
