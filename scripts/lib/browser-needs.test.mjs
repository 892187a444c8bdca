import { describe, expect, it } from 'vitest';
import { planAfterInstall, planBrowserNeeds, testBrowserPath } from './browser-needs.mjs';

/** A machine with everything the browser tests need, as a normal user without sudo. */
const ready = {
  chromiumPath: '/usr/bin/chromium-headless-shell',
  pathFromEnv: false,
  hasChromium: true,
  hasCjkFonts: true,
  isRoot: false,
  hasSudo: false,
};

describe('what the browser tests need from the machine', () => {
  it('is ready when Chromium and the CJK fonts are there', () => {
    expect(planBrowserNeeds(ready)).toEqual({ kind: 'ready' });
  });

  it('installs Debian’s headless Chromium and the fonts as root, with apt-get itself', () => {
    expect(planBrowserNeeds({ ...ready, hasChromium: false, hasCjkFonts: false, isRoot: true })).toEqual({
      kind: 'install',
      packages: ['chromium-headless-shell', 'fonts-noto-cjk'],
      sudo: false,
      how: 'apt-get install -y chromium-headless-shell fonts-noto-cjk',
    });
  });

  it('installs only what is missing, through sudo when it needs no password', () => {
    expect(planBrowserNeeds({ ...ready, hasCjkFonts: false, hasSudo: true })).toMatchObject({
      kind: 'install',
      packages: ['fonts-noto-cjk'],
      sudo: true,
    });
  });

  it('stops with one line saying how when Chromium is missing and cannot be installed', () => {
    const plan = planBrowserNeeds({ ...ready, hasChromium: false });
    expect(plan).toEqual({
      kind: 'stop',
      message:
        'Chromium is missing: install it with `apt-get install -y chromium-headless-shell` (or set CHROMIUM_PATH).',
    });
    expect(plan.kind === 'stop' && plan.message.includes('\n')).toBe(false);
  });

  it('goes on without the fonts when only they are missing and cannot be installed', () => {
    expect(planBrowserNeeds({ ...ready, hasCjkFonts: false })).toEqual({
      kind: 'warn',
      message:
        'CJK fonts are missing (`apt-get install -y fonts-noto-cjk`): Chinese pages will be drawn without them.',
    });
  });

  it('stops when CHROMIUM_PATH names a missing file, even as root (it names no package)', () => {
    expect(
      planBrowserNeeds({
        ...ready,
        chromiumPath: '/opt/chrome',
        pathFromEnv: true,
        hasChromium: false,
        isRoot: true,
      }),
    ).toEqual({ kind: 'stop', message: 'CHROMIUM_PATH names /opt/chrome, which does not exist.' });
  });

  it('after an install: stops when Chromium is still missing, warns when only the fonts are', () => {
    const how = 'apt-get install -y chromium-headless-shell fonts-noto-cjk';
    expect(planAfterInstall({ ...ready, hasChromium: false }, false, how)).toEqual({
      kind: 'stop',
      message: `Could not install Chromium: install it with \`${how}\` (or set CHROMIUM_PATH).`,
    });
    expect(planAfterInstall({ ...ready, hasChromium: false }, true, how)).toMatchObject({
      kind: 'stop',
      message: expect.stringMatching(/^Chromium is still missing/),
    });
    expect(planAfterInstall({ ...ready, hasCjkFonts: false }, false, how)).toMatchObject({ kind: 'warn' });
    expect(planAfterInstall(ready, true, how)).toEqual({ kind: 'ready' });
  });

  it('runs the tests in CHROMIUM_PATH, else the headless shell, else the full browser if only it is there', () => {
    const only =
      (...paths) =>
      (path) =>
        paths.includes(path);
    expect(testBrowserPath('/opt/chrome', only())).toBe('/opt/chrome');
    expect(testBrowserPath(undefined, only('/usr/bin/chromium-headless-shell', '/usr/bin/chromium'))).toBe(
      '/usr/bin/chromium-headless-shell',
    );
    expect(testBrowserPath(undefined, only('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
    // Neither: the headless shell, which the plan installs.
    expect(testBrowserPath(undefined, only())).toBe('/usr/bin/chromium-headless-shell');
  });
});
