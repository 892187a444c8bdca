import enErrors from '@console/phrases/en-us/errors';
import enPassword from '@console/phrases/en-us/password';
import enValidation from '@console/phrases/en-us/validation';
import zhErrors from '@console/phrases/zh-cn/errors';
import zhPassword from '@console/phrases/zh-cn/password';
import zhValidation from '@console/phrases/zh-cn/validation';
import { describe, expect, it } from 'vitest';
import {
  emptyRegistration,
  proofKey,
  registerTarget,
  type TRegisterRules,
  type TRegisterTexts,
  type TRegisterValues,
  validateRegistration,
} from './validate-registration';

const en: TRegisterTexts = { validation: enValidation, errors: enErrors, password: enPassword };
const zh: TRegisterTexts = { validation: zhValidation, errors: zhErrors, password: zhPassword };
const domestic: TRegisterRules = { isInternational: false, needsAgreement: true };
const international: TRegisterRules = { isInternational: true, needsAgreement: true };

function filled(overrides: Partial<TRegisterValues> = {}): TRegisterValues {
  return {
    ...emptyRegistration(),
    username: 'owner_01',
    password: 'Owner@2026pass',
    confirm: 'Owner@2026pass',
    phone: { phoneCode: '86', phone: '13912345678' },
    email: 'owner@example.com',
    code: '123456',
    agreement: true,
    ...overrides,
  };
}

describe('validateRegistration', () => {
  it('accepts a complete domestic form without company or invite code', () => {
    expect(validateRegistration(filled(), domestic, en)).toEqual({});
  });

  it('names every missing field of an empty form, in the order of the form', () => {
    const errors = validateRegistration(emptyRegistration(), domestic, en);
    expect(Object.keys(errors)).toEqual(['username', 'password', 'confirm', 'target', 'code', 'agreement']);
    expect(errors.target).toBe(enValidation.phoneRequired);
    expect(errors.agreement).toBe(enValidation.agreementRequired);
  });

  it('checks the password under the default policy and names its length and types', () => {
    const errors = validateRegistration(filled({ password: 'Short', confirm: 'Short' }), domestic, en);
    expect(errors.password).toBe(
      'The password does not meet the password policy: at least 8 characters, with lowercase letters, uppercase letters.',
    );
    // Several rules broken at once (5064): the whole policy.
    const several = validateRegistration(filled({ password: 'short', confirm: 'short' }), domestic, en);
    expect(several.password).toBe(
      'The password does not meet the password policy: 8-32 characters, with lowercase letters, uppercase letters.',
    );
    const noUpper = validateRegistration(
      filled({ password: 'lowercase1', confirm: 'lowercase1' }),
      domestic,
      en,
    );
    expect(noUpper.password).toContain('it must contain lowercase letters, uppercase letters');
    const zhErrorsOf = validateRegistration(filled({ password: 'short', confirm: 'short' }), domestic, zh);
    expect(zhErrorsOf.password).toMatch(/8/);
    expect(zhErrorsOf.password).not.toBe(errors.password);
  });

  it('refuses a confirmation that differs', () => {
    expect(validateRegistration(filled({ confirm: 'Owner@2026pasS' }), domestic, en).confirm).toBe(
      enValidation.passwordMismatch,
    );
  });

  it('asks for the e-mail address and a required invite code in the international edition', () => {
    const errors = validateRegistration(filled({ email: 'not-an-address' }), international, en);
    expect(errors.target).toBe(enValidation.emailFormat);
    expect(errors.inviteCode).toBe(enValidation.inviteCodeRequired);
    expect(validateRegistration(filled({ inviteCode: 'DEMO2026' }), international, en)).toEqual({});
  });

  it('limits the company to 256 characters and the invite code to 16', () => {
    const errors = validateRegistration(
      filled({ company: 'x'.repeat(257), inviteCode: 'y'.repeat(17) }),
      domestic,
      en,
    );
    expect(errors.company).toBe(enValidation.companyTooLong);
    expect(errors.inviteCode).toContain('16');
  });

  it('needs the agreement only where the console asks for it', () => {
    const values = filled({ agreement: false });
    expect(validateRegistration(values, domestic, en).agreement).toBe(enValidation.agreementRequired);
    expect(validateRegistration(values, { ...domestic, needsAgreement: false }, en)).toEqual({});
  });

  it('refuses a malformed username and a code that is not six digits', () => {
    const errors = validateRegistration(filled({ username: '1owner', code: '12ab' }), domestic, en);
    expect(errors.username).toBe(enValidation.usernameFormat);
    expect(errors.code).toBeTruthy();
  });
});

describe('registration target', () => {
  it('addresses the phone with its country code, or the e-mail address', () => {
    expect(registerTarget(filled({ phone: { phoneCode: '', phone: ' 13912345678 ' } }), false)).toEqual({
      phone: '13912345678',
      phoneCode: '86',
    });
    expect(registerTarget(filled({ email: ' Owner@Example.com ' }), true)).toEqual({
      email: 'Owner@Example.com',
    });
  });

  it('binds a verified code to the target it was sent to', () => {
    const a = proofKey(filled(), false);
    expect(proofKey(filled({ phone: { phoneCode: '86', phone: '13912345679' } }), false)).not.toBe(a);
    expect(proofKey(filled({ code: '654321' }), false)).not.toBe(a);
    expect(proofKey(filled({ email: 'OWNER@example.com' }), true)).toBe(proofKey(filled(), true));
  });
});
