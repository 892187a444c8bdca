import { describe, expect, it } from 'vitest';
import { buildPath, consoleHome, loginPath, safeRedirect } from './console-paths';
import { findConsoleRoute } from './console-routes';
import { findPasswordPath, matchPath } from './paths';

const origin = 'http://console.test';

describe('paths', () => {
  it('match and build :param patterns', () => {
    expect(matchPath('/billing/cost/month/:id', '/billing/cost/month/2026-03')).toEqual({ id: '2026-03' });
    expect(matchPath('/billing/cost/month/:id', '/billing/cost/month')).toBeNull();
    expect(matchPath('/workbench', '/workbench/')).toEqual({});
    expect(buildPath('/billing/cost/month/:id', { id: 7 })).toBe('/billing/cost/month/7');
    expect(findConsoleRoute('/billing/balance/topUp')?.route).toMatchObject({ id: 'topUp', back: 'balance' });
  });

  it('build the console home per deployment mode', () => {
    expect(consoleHome('cloud', 9)).toBe('/workbench');
    expect(consoleHome('onprem', 9)).toBe('/accounts/9/workbench');
  });

  it('build the login path with a redirect', () => {
    expect(loginPath('/billing?x=1')).toBe('/login?redirect=%2Fbilling%3Fx%3D1');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?redirect=%2Fx')).toBe('/login');
  });

  it('accept only same-origin paths as redirect targets', () => {
    expect(safeRedirect('/billing/cost?x=1', origin)).toBe('/billing/cost?x=1');
    expect(safeRedirect('//evil.example/x', origin)).toBeNull();
    expect(safeRedirect('https://evil.example/x', origin)).toBeNull();
    expect(safeRedirect('/\\evil.example', origin)).toBeNull();
    expect(safeRedirect('javascript:alert(1)', origin)).toBeNull();
    expect(safeRedirect('/login', origin)).toBeNull();
    expect(safeRedirect(null, origin)).toBeNull();
  });

  it('carry the typed account name and username to the password reset', () => {
    expect(findPasswordPath(' demo ', ' analyst_01 ')).toBe('/findPassword?account=demo&username=analyst_01');
    expect(findPasswordPath('a&b', 'x y')).toBe('/findPassword?account=a%26b&username=x+y');
  });
});
