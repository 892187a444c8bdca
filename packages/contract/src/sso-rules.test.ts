import { describe, expect, it } from 'vitest';
import { fallbackHostOf, hasOpenidScope, isAllowedFallbackUrl, isSsoUrl, withToken } from './sso-rules';

describe('SSO URLs (spec section 5: start with http:// or https://)', () => {
  it.each([
    ['http://127.0.0.1:9000/oidc', true],
    ['https://idp.example.com', true],
    ['https://idp.example.com/realms/x/protocol/saml/descriptor?a=1', true],
    ['http://[::1]:8080/x', true],
    ['ftp://idp.example.com', false],
    ['idp.example.com', false],
    ['http://', false],
    ['https://a b.example.com', false],
    ['javascript:alert(1)', false],
  ])('%s → %s', (url, expected) => {
    expect(isSsoUrl(url)).toBe(expected);
  });

  it('scopes must include openid', () => {
    expect(hasOpenidScope('openid profile email')).toBe(true);
    expect(hasOpenidScope('  profile   openid ')).toBe(true);
    expect(hasOpenidScope('profile email')).toBe(false);
    expect(hasOpenidScope('openidx')).toBe(false);
  });
});

describe('fallback URL allow-list', () => {
  const hosts = ['app.example.com', '*.partner.example'];

  it('allows listed hosts and sub-domains of wildcard entries', () => {
    expect(isAllowedFallbackUrl('https://app.example.com/open?x=1', hosts)).toBe(true);
    expect(isAllowedFallbackUrl('http://APP.example.com:8443/', hosts)).toBe(true);
    expect(isAllowedFallbackUrl('https://bi.partner.example/', hosts)).toBe(true);
    expect(isAllowedFallbackUrl('https://a.b.partner.example/', hosts)).toBe(true);
  });

  it('refuses other hosts and URLs that hide their host', () => {
    for (const url of [
      'https://partner.example/',
      'https://evilpartner.example/',
      'https://app.example.com.evil.example/',
      'https://app.example.com@evil.example/',
      'https://evil.example\\@app.example.com/',
      'https://evil.example\\app.example.com',
      'https://app.example.com\n.evil.example/',
      '//app.example.com/',
      'javascript://app.example.com/%0aalert(1)',
      '/relative',
    ]) {
      expect(isAllowedFallbackUrl(url, hosts), url).toBe(false);
    }
    expect(isAllowedFallbackUrl('https://app.example.com/', [])).toBe(false);
    expect(fallbackHostOf('https://Host.Example:80/x')).toBe('host.example');
  });

  it('appends the token before any fragment', () => {
    expect(withToken('https://a.example/p', 't+1')).toBe('https://a.example/p?token=t%2B1');
    expect(withToken('https://a.example/p?x=1#frag', 'abc')).toBe('https://a.example/p?x=1&token=abc#frag');
    expect(withToken('https://a.example/p?', 'abc')).toBe('https://a.example/p?token=abc');
  });
});
