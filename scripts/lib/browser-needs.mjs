// What the browser tests need from the machine (a Chromium of Debian's, and CJK fonts so that the
// Chinese pages are drawn and measured as users see them), and what to do when some is missing:
// nothing, install with apt-get (as root, or through `sudo -n`), or stop with one line saying how.
// A pure decision over what was found, so that it can be tested without the machine.
//
// The tests run in Debian's headless shell of Chromium (package chromium-headless-shell): the same
// engine without the browser's own windows and services, it starts in a third of the time and
// spends less of the two cores per page (docs/decisions/0029-test-suite-speed.md). Where only the
// full browser is installed, they run in it.

export const headlessShellPath = '/usr/bin/chromium-headless-shell';
export const fullChromiumPath = '/usr/bin/chromium';

/**
 * The browser the tests run in: `CHROMIUM_PATH`, else the headless shell, else the full browser
 * when only it is there. @param {string | undefined} fromEnv @param {(path: string) => boolean} exists
 */
export function testBrowserPath(fromEnv, exists) {
  if (fromEnv) return fromEnv;
  if (!exists(headlessShellPath) && exists(fullChromiumPath)) return fullChromiumPath;
  return headlessShellPath;
}

/**
 * @typedef {{
 *   chromiumPath: string,
 *   pathFromEnv: boolean,
 *   hasChromium: boolean,
 *   hasCjkFonts: boolean,
 *   isRoot: boolean,
 *   hasSudo: boolean,
 * }} TFound
 * @typedef {{ kind: 'ready' }
 *   | { kind: 'stop', message: string }
 *   | { kind: 'warn', message: string }
 *   | { kind: 'install', packages: string[], sudo: boolean, how: string }} TPlan
 */

/** @param {string[]} packages */
function howToInstall(packages) {
  return `apt-get install -y ${packages.join(' ')}`;
}

/** What to do before the browser tests. @param {TFound} found @returns {TPlan} */
export function planBrowserNeeds(found) {
  if (!found.hasChromium && found.pathFromEnv) {
    return { kind: 'stop', message: `CHROMIUM_PATH names ${found.chromiumPath}, which does not exist.` };
  }
  const packages = [
    ...(found.hasChromium ? [] : ['chromium-headless-shell']),
    ...(found.hasCjkFonts ? [] : ['fonts-noto-cjk']),
  ];
  if (packages.length === 0) return { kind: 'ready' };
  const how = howToInstall(packages);
  if (found.isRoot || found.hasSudo) return { kind: 'install', packages, sudo: !found.isRoot, how };
  if (!found.hasChromium) {
    return {
      kind: 'stop',
      message: `Chromium is missing: install it with \`${how}\` (or set CHROMIUM_PATH).`,
    };
  }
  return {
    kind: 'warn',
    message: `CJK fonts are missing (\`${how}\`): Chinese pages will be drawn without them.`,
  };
}

/**
 * After an install: what remains to say. `installed` is whether apt-get succeeded, `found` what
 * is there now. @param {TFound} found @param {boolean} installed @param {string} how @returns {TPlan}
 */
export function planAfterInstall(found, installed, how) {
  if (!found.hasChromium) {
    return {
      kind: 'stop',
      message: `${installed ? 'Chromium is still missing' : 'Could not install Chromium'}: install it with \`${how}\` (or set CHROMIUM_PATH).`,
    };
  }
  if (!found.hasCjkFonts) {
    return {
      kind: 'warn',
      message: `Could not install the CJK fonts (\`${how}\`): Chinese pages will be drawn without them.`,
    };
  }
  return { kind: 'ready' };
}
