import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { loginAddressOf, remainingTrialDays } from './account.service';

const day = 86_400_000;
const created = new Date('2026-11-01T00:00:00Z');
const at = (days: number) => new Date(created.getTime() + days * day);

describe('remaining trial days', () => {
  it('is 30 minus the days since creation, with fractions, for trial accounts', () => {
    expect(remainingTrialDays({ type: 2, createdAt: created }, at(0))).toBe(30);
    expect(remainingTrialDays({ type: 2, createdAt: created }, at(12))).toBe(18);
    expect(remainingTrialDays({ type: 2, createdAt: created }, at(29.5))).toBe(0.5);
  });
  it('is 0 once 30 days or more have passed', () => {
    expect(remainingTrialDays({ type: 2, createdAt: created }, at(30))).toBe(0);
    expect(remainingTrialDays({ type: 2, createdAt: created }, at(400))).toBe(0);
  });
  it('is null for accounts that are not on trial', () => {
    for (const type of [0, 1, 3]) expect(remainingTrialDays({ type, createdAt: created }, at(3))).toBeNull();
  });
});

describe('login address', () => {
  it('is <account>.accounts.<console host> with the console scheme and port', () => {
    expect(loginAddressOf(loadConfig({ PUBLIC_URL: 'https://console.example.com/' }), 'Demo')).toBe(
      'https://demo.accounts.console.example.com',
    );
    expect(loginAddressOf(loadConfig({ PORT: '8080' }), 'acme')).toBe('http://acme.accounts.localhost:8080');
  });
});
