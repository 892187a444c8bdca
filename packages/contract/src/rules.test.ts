import { describe, expect, it } from 'vitest';
import { isMainlandPhone, listedContact, maskEmail, maskPhone } from './contact-rules';
import { checkAccountName, checkLoginPassword, checkUsername } from './rules';
import { ZLoginRequest } from './schemas/auth';

describe('validation rules of spec section 5', () => {
  it('account name: required, letters only', () => {
    expect(checkAccountName('')).toBe('accountNameRequired');
    expect(checkAccountName('   ')).toBe('accountNameRequired');
    expect(checkAccountName('demo1')).toBe('accountNameLetters');
    expect(checkAccountName('de mo')).toBe('accountNameLetters');
    expect(checkAccountName('Demo')).toBeNull();
  });

  it('username: starts with a letter, then letters, digits or underscore, 5 to 32 characters', () => {
    expect(checkUsername('')).toBe('usernameRequired');
    expect(checkUsername('abcd')).toBe('usernameFormat');
    expect(checkUsername('1abcd')).toBe('usernameFormat');
    expect(checkUsername('abc-d')).toBe('usernameFormat');
    expect(checkUsername('a_b_1')).toBeNull();
    expect(checkUsername(`a${'b'.repeat(31)}`)).toBeNull();
    expect(checkUsername(`a${'b'.repeat(32)}`)).toBe('usernameFormat');
  });

  it('login password: required and bounded', () => {
    expect(checkLoginPassword('')).toBe('passwordRequired');
    expect(checkLoginPassword('x'.repeat(129))).toBe('passwordTooLong');
    expect(checkLoginPassword('Demo@2026pass')).toBeNull();
  });

  it('mainland phone: 1, a digit 3-9, then 9 digits', () => {
    expect(isMainlandPhone('13800000000')).toBe(true);
    expect(isMainlandPhone('12800000000')).toBe(false);
    expect(isMainlandPhone('1380000000')).toBe(false);
  });

  it('masks phone numbers and e-mail addresses', () => {
    expect(maskPhone('13800000000')).toBe('138****0000');
    expect(maskEmail('admin@demo.example')).toBe('ad***@demo.example');
    expect(maskEmail('a@b.c')).toBe('a***@b.c');
  });

  it('lists contacts masked the one way, in full only when revealed, absent ones absent', () => {
    expect(listedContact('phone', '13900000001')).toBe('139****0001');
    expect(listedContact('email', 'analyst@demo.example')).toBe('an***@demo.example');
    expect(listedContact('email', 'analyst@demo.example', true)).toBe('analyst@demo.example');
    expect(listedContact('phone', '13900000001', true)).toBe('13900000001');
    expect(listedContact('email', null)).toBeNull();
    expect(listedContact('phone', null, true)).toBeNull();
    // Never the whole value unless revealed.
    for (const email of ['x@y.z', 'ab@c.d', 'a.very.long.local.part@example.com']) {
      expect(listedContact('email', email)).not.toBe(email);
      expect(listedContact('email', email)).toContain('***@');
    }
  });

  it('the login schema trims names and carries message keys', () => {
    const ok = ZLoginRequest.safeParse({
      accountDisplayName: ' demo ',
      username: ' admin_demo ',
      password: 'x',
    });
    expect(ok.success && ok.data).toMatchObject({ accountDisplayName: 'demo', username: 'admin_demo' });
    const bad = ZLoginRequest.safeParse({ accountDisplayName: 'd3mo', username: '', password: '' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual([
      'validation.accountNameLetters',
      'validation.passwordRequired',
      'validation.usernameRequired',
    ]);
  });
});
