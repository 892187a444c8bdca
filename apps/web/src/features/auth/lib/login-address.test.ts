import { describe, expect, it } from 'vitest';
import { accountNameFromHost } from './login-address';

describe('the account of a login address', () => {
  it('reads <name>.accounts.<console domain>', () => {
    expect(accountNameFromHost('demo.accounts.console.example.com', 'https://console.example.com')).toBe(
      'demo',
    );
    expect(accountNameFromHost('acme.accounts.localhost:8090', 'http://localhost:8090')).toBe('acme');
  });

  it('answers null on other hosts and for names that are not letters', () => {
    expect(accountNameFromHost('console.example.com', 'https://console.example.com')).toBeNull();
    expect(accountNameFromHost('demo.accounts.other.com', 'https://console.example.com')).toBeNull();
    expect(
      accountNameFromHost('de-mo.accounts.console.example.com', 'https://console.example.com'),
    ).toBeNull();
    expect(accountNameFromHost('demo.accounts.console.example.com', 'not a url')).toBeNull();
  });
});
