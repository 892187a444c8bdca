import { PasswordCharTypes } from '@console/contract/enums';
import { DefaultPasswordPolicy, policyLength } from '@console/contract/password-rules';
import { describe, expect, it } from 'vitest';
import {
  charTypeOrder,
  checkPolicyForm,
  defaultPolicyForm,
  policyFormToBody,
  policyLengthText,
  policyToForm,
  type TPolicyForm,
  toggleCharType,
  withDaysBlurred,
  withValidity,
} from './policy-form';

const valid: TPolicyForm = {
  requiredCharTypes: ['DIGIT', 'LOWERCASE'],
  minLength: 10,
  validity: 'permanent',
  expireDays: null,
};

describe('the password policy form (spec section 5)', () => {
  it('keeps the contract’s order of character types and length text', () => {
    expect(charTypeOrder).toEqual(PasswordCharTypes);
    for (const minLength of [8, 12, 32])
      expect(policyLengthText({ minLength })).toBe(policyLength({ minLength }));
  });

  it('needs at least 2 character types', () => {
    const one = toggleCharType(valid, 'DIGIT', false);
    expect(one.requiredCharTypes).toEqual(['LOWERCASE']);
    expect(checkPolicyForm(one)).toEqual({ requiredCharTypes: 'policyCharTypes' });
    expect(policyFormToBody(one)).toEqual({ errors: { requiredCharTypes: 'policyCharTypes' } });
    expect(checkPolicyForm({ ...valid, requiredCharTypes: [] }).requiredCharTypes).toBe('policyCharTypes');
    expect(checkPolicyForm(valid)).toEqual({});
    expect(checkPolicyForm(toggleCharType(one, 'SPECIAL', true))).toEqual({});
  });

  it('sends the character types once each, in the canonical order', () => {
    const form = toggleCharType(toggleCharType(valid, 'SPECIAL', true), 'UPPERCASE', true);
    expect(form.requiredCharTypes).toEqual(['DIGIT', 'LOWERCASE', 'UPPERCASE', 'SPECIAL']);
    expect(toggleCharType(form, 'DIGIT', true).requiredCharTypes).toEqual(form.requiredCharTypes);
    expect(
      policyFormToBody({ ...valid, requiredCharTypes: ['UPPERCASE', 'DIGIT'] }).body?.requiredCharTypes,
    ).toEqual(['DIGIT', 'UPPERCASE']);
  });

  it('accepts a minimum length from 8 to 32 only, as an integer', () => {
    for (const minLength of [8, 9, 20, 32]) expect(checkPolicyForm({ ...valid, minLength })).toEqual({});
    for (const minLength of [null, 0, 7, 33, 100, 12.5])
      expect(checkPolicyForm({ ...valid, minLength }), String(minLength)).toEqual({
        minLength: 'policyMinLength',
      });
  });

  it('sends permanent as 0 days, whatever custom value was typed before', () => {
    expect(policyFormToBody(valid)).toEqual({
      body: { requiredCharTypes: ['DIGIT', 'LOWERCASE'], minLength: 10, expireDays: 0 },
    });
    const backToPermanent = withValidity({ ...valid, validity: 'custom', expireDays: 30 }, 'permanent');
    expect(policyFormToBody(backToPermanent).body?.expireDays).toBe(0);
    // An invalid custom value does not matter once permanent is chosen.
    expect(checkPolicyForm({ ...valid, validity: 'permanent', expireDays: 999 })).toEqual({});
  });

  it('fills in 180 days when switching to custom, and keeps a valid earlier value', () => {
    const custom = withValidity(valid, 'custom');
    expect(custom).toMatchObject({ validity: 'custom', expireDays: 180 });
    expect(policyFormToBody(custom).body?.expireDays).toBe(180);
    const earlier = withValidity(withValidity({ ...custom, expireDays: 45 }, 'permanent'), 'custom');
    expect(earlier.expireDays).toBe(45);
    expect(withValidity({ ...valid, expireDays: 400 }, 'custom').expireDays).toBe(180);
  });

  it('fills in 180 days when the custom days are left empty', () => {
    const emptied = { ...withValidity(valid, 'custom'), expireDays: null };
    expect(checkPolicyForm(emptied)).toEqual({ expireDays: 'policyExpireDays' });
    expect(withDaysBlurred(emptied).expireDays).toBe(180);
    expect(withDaysBlurred({ ...emptied, expireDays: 7 }).expireDays).toBe(7);
    expect(withDaysBlurred({ ...valid, expireDays: null })).toEqual({ ...valid, expireDays: null });
  });

  it('accepts custom days from 1 to 365 only, as an integer', () => {
    const custom = withValidity(valid, 'custom');
    for (const expireDays of [1, 90, 365]) {
      expect(checkPolicyForm({ ...custom, expireDays })).toEqual({});
      expect(policyFormToBody({ ...custom, expireDays }).body?.expireDays).toBe(expireDays);
    }
    for (const expireDays of [0, -1, 366, 1.5])
      expect(checkPolicyForm({ ...custom, expireDays }), String(expireDays)).toEqual({
        expireDays: 'policyExpireDays',
      });
  });

  it('shows a stored policy: 0 days as permanent, else custom with its days', () => {
    expect(policyToForm({ requiredCharTypes: ['SPECIAL', 'DIGIT'], minLength: 12, expireDays: 0 })).toEqual({
      requiredCharTypes: ['DIGIT', 'SPECIAL'],
      minLength: 12,
      validity: 'permanent',
      expireDays: null,
    });
    expect(
      policyToForm({ requiredCharTypes: ['DIGIT', 'UPPERCASE'], minLength: 9, expireDays: 90 }),
    ).toMatchObject({
      validity: 'custom',
      expireDays: 90,
    });
  });

  it('restores the defaults: lower and upper case, 8, permanent', () => {
    expect(defaultPolicyForm()).toEqual({
      requiredCharTypes: ['LOWERCASE', 'UPPERCASE'],
      minLength: 8,
      validity: 'permanent',
      expireDays: null,
    });
    expect(policyFormToBody(defaultPolicyForm())).toEqual({ body: DefaultPasswordPolicy });
  });
});
