import { describe, expect, it } from 'vitest';
import { checkCompanyName, checkDisplayName, checkUpgradeForm } from './account-forms';

const ok = { username: 'Li Lei', company: 'Acme Ltd', email: 'li@acme.example', agreement: true };

describe('upgrade form rules (spec section 5)', () => {
  it('passes a complete form', () => {
    expect(checkUpgradeForm(ok)).toEqual({});
  });
  it('limits the name to 128, the company to 255 and the e-mail to 128 characters', () => {
    expect(checkUpgradeForm({ ...ok, username: 'x'.repeat(128) }).username).toBeUndefined();
    expect(checkUpgradeForm({ ...ok, username: 'x'.repeat(129) }).username).toEqual({
      key: 'tooLong',
      max: 128,
    });
    expect(checkUpgradeForm({ ...ok, company: 'x'.repeat(255) }).company).toBeUndefined();
    expect(checkUpgradeForm({ ...ok, company: 'x'.repeat(256) }).company).toEqual({
      key: 'tooLong',
      max: 255,
    });
    expect(checkUpgradeForm({ ...ok, email: `${'x'.repeat(122)}@a.com` }).email).toBeUndefined();
    expect(checkUpgradeForm({ ...ok, email: `${'x'.repeat(123)}@a.com` }).email).toEqual({
      key: 'tooLong',
      max: 128,
    });
  });
  it('requires every field (after trimming), an e-mail of the right shape and the agreement', () => {
    expect(checkUpgradeForm({ username: ' ', company: '', email: '', agreement: false })).toEqual({
      username: { key: 'nameRequired' },
      company: { key: 'companyRequired' },
      email: { key: 'emailRequired' },
      agreement: { key: 'agreementRequired' },
    });
    expect(checkUpgradeForm({ ...ok, email: 'not an email' }).email).toEqual({ key: 'emailFormat' });
  });
});

describe('company and display names', () => {
  it('company name: required, at most 256', () => {
    expect(checkCompanyName('  ')).toEqual({ key: 'required' });
    expect(checkCompanyName('x'.repeat(256))).toBeNull();
    expect(checkCompanyName('x'.repeat(257))).toEqual({ key: 'tooLong', max: 256 });
  });
  it('display name: required, at most 64', () => {
    expect(checkDisplayName('')).toEqual({ key: 'displayNameRequired' });
    expect(checkDisplayName('x'.repeat(64))).toBeNull();
    expect(checkDisplayName('x'.repeat(65))).toEqual({ key: 'tooLong', max: 64 });
  });
});
