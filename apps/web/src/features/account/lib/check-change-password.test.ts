import enAccount from '@console/phrases/en-us/account';
import enErrors from '@console/phrases/en-us/errors';
import enPassword from '@console/phrases/en-us/password';
import enValidation from '@console/phrases/en-us/validation';
import { describe, expect, it } from 'vitest';
import { checkChangePassword } from './check-change-password';

const texts = { account: enAccount, errors: enErrors, password: enPassword, validation: enValidation };
const policy = { requiredCharTypes: ['DIGIT', 'UPPERCASE'] as const, minLength: 10, expireDays: 0 };

describe('the change-password form', () => {
  it('needs every field', () => {
    expect(checkChangePassword({ current: '', password: '', confirm: '' }, policy, texts)).toEqual({
      current: 'Please enter your current password',
      password: 'Please enter password',
      confirm: 'Please enter the password again',
    });
  });

  it('checks the new password against the account’s policy, naming its rules', () => {
    const short = checkChangePassword(
      { current: 'Old@2026pass', password: 'ABC123', confirm: 'ABC123' },
      policy,
      texts,
    );
    expect(Object.keys(short)).toEqual(['password']);
    expect(short.password).toContain('at least 10 characters');
    expect(short.password).toContain('digits, uppercase letters');
    const noDigit = checkChangePassword(
      { current: 'Old@2026pass', password: 'ABCDEFGHIJK', confirm: 'ABCDEFGHIJK' },
      policy,
      texts,
    );
    expect(noDigit.password).toBeDefined();
    expect(
      checkChangePassword(
        { current: 'Old@2026pass', password: 'ABCDEFGHI1', confirm: 'ABCDEFGHI1' },
        policy,
        texts,
      ),
    ).toEqual({});
  });

  it('refuses the current password as the new one, and a confirmation that differs', () => {
    const same = checkChangePassword(
      { current: 'ABCDEFGHI1', password: 'ABCDEFGHI1', confirm: 'ABCDEFGHI1' },
      policy,
      texts,
    );
    expect(same.password).toMatch(/must differ from the current one/);
    expect(
      checkChangePassword(
        { current: 'Old@2026pass', password: 'ABCDEFGHI1', confirm: 'ABCDEFGHI2' },
        policy,
        texts,
      ),
    ).toEqual({ confirm: 'The two passwords are inconsistent' });
  });

  it('without a known policy, only needs the fields and a matching confirmation', () => {
    expect(checkChangePassword({ current: 'x', password: 'short', confirm: 'short' }, null, texts)).toEqual(
      {},
    );
    expect(checkChangePassword({ current: 'x', password: 'short', confirm: 'other' }, null, texts)).toEqual({
      confirm: 'The two passwords are inconsistent',
    });
  });
});
