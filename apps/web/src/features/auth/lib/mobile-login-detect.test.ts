import { afterEach, describe, expect, it, vi } from 'vitest';
import { isListedHost, isMobileLoginHere } from './mobile-login-detect';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1';
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const desktop =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';

describe('isListedHost', () => {
  it('matches names exactly and wildcards on sub-domains only', () => {
    const hosts = ['m.example.com', '*.mobile.test'];
    expect(isListedHost('m.example.com', hosts)).toBe(true);
    expect(isListedHost('M.Example.com', hosts)).toBe(true);
    expect(isListedHost('example.com', hosts)).toBe(false);
    expect(isListedHost('a.mobile.test', hosts)).toBe(true);
    expect(isListedHost('a.b.mobile.test', hosts)).toBe(true);
    expect(isListedHost('mobile.test', hosts)).toBe(false);
    expect(isListedHost('evilmobile.test', hosts)).toBe(false);
    expect(isListedHost('m.example.com', [])).toBe(false);
  });
});

describe('isMobileLoginHere', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  const stubDevice = (userAgent: string, isNarrowTouch: boolean) => {
    vi.stubGlobal('navigator', { ...navigator, userAgent });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: isNarrowTouch, media: query }));
  };
  const host = window.location.hostname;

  it('needs a phone (mobile user agent or narrow touch screen) on a listed host', () => {
    window.history.replaceState(null, '', '/login');
    stubDevice(iphone, false);
    expect(isMobileLoginHere([host])).toBe(true);
    expect(isMobileLoginHere([`*.${host}`])).toBe(false);
    expect(isMobileLoginHere([])).toBe(false);
    expect(isMobileLoginHere(['m.example.com'])).toBe(false);
    stubDevice(android, false);
    expect(isMobileLoginHere([host])).toBe(true);
    stubDevice(desktop, false);
    expect(isMobileLoginHere([host])).toBe(false);
    stubDevice(desktop, true);
    expect(isMobileLoginHere([host])).toBe(true);
  });

  it('applies on any device and host when the address names faceRecognition', () => {
    stubDevice(desktop, false);
    window.history.replaceState(null, '', '/faceRecognition?id=1');
    expect(isMobileLoginHere([])).toBe(true);
    window.history.replaceState(null, '', '/login?redirect=%2FfaceRecognition%3Fid%3D1');
    expect(isMobileLoginHere([])).toBe(true);
    window.history.replaceState(null, '', '/login?redirect=%2Fworkbench');
    expect(isMobileLoginHere([])).toBe(false);
  });
});
