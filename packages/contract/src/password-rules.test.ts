import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, DefaultPasswordPolicy } from './password-rules';

const strict = {
  requiredCharTypes: ['DIGIT', 'LOWERCASE', 'UPPERCASE'] as const,
  minLength: 10,
  expireDays: 0,
};

describe('checkPasswordPolicy (spec section 5; codes 5059–5064 of section 8)', () => {
  it('accepts a password that keeps every rule', () => {
    expect(checkPasswordPolicy('Abcdefgh', DefaultPasswordPolicy)).toBeNull();
    expect(checkPasswordPolicy('Abcdefgh12', strict)).toBeNull();
  });

  it('names the one rule broken', () => {
    expect(checkPasswordPolicy('Abcdefg', DefaultPasswordPolicy)).toBe(5059);
    expect(checkPasswordPolicy(`Ab1${'x'.repeat(30)}`, strict)).toBe(5060);
    expect(checkPasswordPolicy('abcdefgh12', strict)).toBe(5061);
    expect(checkPasswordPolicy('Abcd efgh12', strict)).toBe(5062);
  });

  it('answers 5064 when the password breaks more than one rule', () => {
    // Too short and without an upper-case letter.
    expect(checkPasswordPolicy('short', DefaultPasswordPolicy)).toBe(5064);
    // A space, and no digit.
    expect(checkPasswordPolicy('Abcd efghij', strict)).toBe(5064);
    // Too long and a class missing.
    expect(checkPasswordPolicy('a'.repeat(33), DefaultPasswordPolicy)).toBe(5064);
  });
});
