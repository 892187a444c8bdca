#!/usr/bin/env node
// The browser tests run in Debian's Chromium (browser tools cannot download their own here), with
// CJK fonts so that the Chinese pages are drawn (and measured) as users see them. What is missing
// is installed with apt-get (as root, or through `sudo -n`); otherwise the script says how.
// `CHROMIUM_PATH` names another executable.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path) && process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH names ${path}, which does not exist.`);
  process.exit(1);
}
const fontsList = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
const hasCjkFonts = fontsList.status === 0 && fontsList.stdout.trim() !== '';
const packages = [...(existsSync(path) ? [] : ['chromium']), ...(hasCjkFonts ? [] : ['fonts-noto-cjk'])];
if (packages.length === 0) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasSudo = !isRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
const how = `apt-get install -y ${packages.join(' ')}`;
if (!isRoot && !hasSudo) {
  if (!existsSync(path)) {
    console.error(`Chromium is missing: install it with \`${how}\` (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  console.warn(`CJK fonts are missing (\`${how}\`): Chinese pages will be drawn without them.`);
  process.exit(0);
}
const run = (args) =>
  spawnSync(isRoot ? args[0] : 'sudo', isRoot ? args.slice(1) : ['-n', ...args], {
    // apt's progress would bury the test output; its errors still show.
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status === 0;
console.log(`Installing ${packages.join(' and ')} from Debian…`);
if (!run(['apt-get', 'update', '-qq']) || !run(['apt-get', 'install', '-y', '-qq', ...packages])) {
  if (!existsSync(path)) {
    console.error(`Could not install Chromium: install it with \`${how}\` (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  console.warn(`Could not install the CJK fonts (\`${how}\`): Chinese pages will be drawn without them.`);
}
if (!existsSync(path)) {
  console.error(`Chromium is still missing: install it with \`${how}\` (or set CHROMIUM_PATH).`);
  process.exit(1);
}
