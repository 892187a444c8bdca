#!/usr/bin/env node
// The browser tests run in Debian's headless shell of Chromium (browser tools cannot download
// their own here), with CJK fonts so that the Chinese pages are drawn (and measured) as users see
// them. What is missing is installed with apt-get (as root, or through `sudo -n`); otherwise the
// script stops with one line saying how (scripts/lib/browser-needs.mjs decides). `CHROMIUM_PATH`
// names another executable. `npm run test:e2e` runs it first. `npm test` runs it with `--check`
// first, which only decides (and stops the run at once when nothing can be installed), then runs it
// again alongside the unit tests, so that a fresh machine's download and installation take no time
// of their own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { planAfterInstall, planBrowserNeeds, testBrowserPath } from './lib/browser-needs.mjs';

function look() {
  const chromiumPath = testBrowserPath(process.env.CHROMIUM_PATH, existsSync);
  const fontsList = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  const isRoot = process.getuid?.() === 0;
  return {
    chromiumPath,
    pathFromEnv: Boolean(process.env.CHROMIUM_PATH),
    hasChromium: existsSync(chromiumPath),
    hasCjkFonts: fontsList.status === 0 && fontsList.stdout.trim() !== '',
    isRoot,
    hasSudo: !isRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
  };
}

/** Says what a plan says; exits on a stop. */
function follow(plan) {
  if (plan.kind === 'stop') {
    console.error(plan.message);
    process.exit(1);
  }
  if (plan.kind === 'warn') console.warn(plan.message);
}

const plan = planBrowserNeeds(look());
follow(plan);
if (process.argv.includes('--check')) {
  if (plan.kind === 'install') console.log(`${plan.packages.join(' and ')} will be installed from Debian.`);
  process.exit(0);
}
if (plan.kind === 'install') {
  const run = (args) =>
    spawnSync(plan.sudo ? 'sudo' : args[0], plan.sudo ? ['-n', ...args] : args.slice(1), {
      // apt's progress would bury the test output; its errors still show.
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  console.log(`Installing ${plan.packages.join(' and ')} from Debian…`);
  const installed =
    run(['apt-get', 'update', '-qq']) && run(['apt-get', 'install', '-y', '-qq', ...plan.packages]);
  follow(planAfterInstall(look(), installed, plan.how));
}
