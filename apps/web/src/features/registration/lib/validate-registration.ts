/** The registration form's rules (spec section 5 "Registration" and the password rules). */

import { checkEmail } from '@console/contract/contact-rules';
import { Limits } from '@console/contract/limits';
import { DefaultPasswordPolicy } from '@console/contract/password-rules';
import { checkUsername } from '@console/contract/rules';
import type { TPhrases } from '@console/phrases';
import { codeErrorKey } from '@/components/code-input/code-rules';
import { DefaultPhoneCode, type TPhoneValue, validatePhone } from '@/components/phone-input/phone-rules';
import { checkNewPassword } from '@/lib/password-policy';
import { interpolate } from '@/lib/phrases';

export type TRegisterValues = {
  username: string;
  password: string;
  confirm: string;
  phone: TPhoneValue;
  email: string;
  code: string;
  company: string;
  inviteCode: string;
  agreement: boolean;
};

export type TRegisterField =
  | 'username'
  | 'password'
  | 'confirm'
  | 'target'
  | 'code'
  | 'company'
  | 'inviteCode'
  | 'agreement';

/** In the order of the form (the first with an error gets the focus). */
export const registerFields: readonly TRegisterField[] = [
  'username',
  'password',
  'confirm',
  'target',
  'code',
  'company',
  'inviteCode',
  'agreement',
];

export type TRegisterErrors = Partial<Record<TRegisterField, string>>;

export type TRegisterRules = {
  /** E-mail and a required invite code (international edition); else the phone. */
  isInternational: boolean;
  /** The user agreement must be ticked (meta.features.gaAgreement). */
  needsAgreement: boolean;
};

export type TRegisterTexts = {
  validation: TPhrases['validation'];
  errors: TPhrases['errors'];
  password: TPhrases['password'];
};

export function emptyRegistration(): TRegisterValues {
  return {
    username: '',
    password: '',
    confirm: '',
    phone: { phoneCode: DefaultPhoneCode, phone: '' },
    email: '',
    code: '',
    company: '',
    inviteCode: '',
    agreement: false,
  };
}

/** The message of one field, or undefined. A new account has the default policy. */
export function registrationFieldError(
  field: TRegisterField,
  values: TRegisterValues,
  rules: TRegisterRules,
  texts: TRegisterTexts,
): string | undefined {
  const v = texts.validation;
  switch (field) {
    case 'username': {
      const key = checkUsername(values.username);
      return key ? v[key] : undefined;
    }
    case 'password':
    case 'confirm':
      return checkNewPassword(values.password, values.confirm, DefaultPasswordPolicy, texts)[field];
    case 'target': {
      const key = rules.isInternational ? checkEmail(values.email) : validatePhone(values.phone);
      return key ? v[key] : undefined;
    }
    case 'code': {
      const key = codeErrorKey(values.code);
      return key ? v[key] : undefined;
    }
    case 'company':
      return values.company.trim().length > Limits.registerCompanyMax ? v.companyTooLong : undefined;
    case 'inviteCode': {
      const code = values.inviteCode.trim();
      if (rules.isInternational && code === '') return v.inviteCodeRequired;
      return code.length > Limits.inviteCodeMax
        ? interpolate(v.tooLong, { maximum: Limits.inviteCodeMax })
        : undefined;
    }
    case 'agreement':
      return rules.needsAgreement && !values.agreement ? v.agreementRequired : undefined;
  }
}

export function validateRegistration(
  values: TRegisterValues,
  rules: TRegisterRules,
  texts: TRegisterTexts,
): TRegisterErrors {
  const out: TRegisterErrors = {};
  for (const field of registerFields) {
    const text = registrationFieldError(field, values, rules, texts);
    if (text) out[field] = text;
  }
  return out;
}

/** The target as the code and the account are addressed. */
export function registerTarget(values: TRegisterValues, isInternational: boolean) {
  return isInternational
    ? { email: values.email.trim() }
    : { phone: values.phone.phone.trim(), phoneCode: values.phone.phoneCode || DefaultPhoneCode };
}

/** Changes with the target and the code: a proof serves only the pair it was given for. */
export function proofKey(values: TRegisterValues, isInternational: boolean): string {
  const where = isInternational
    ? values.email.trim().toLowerCase()
    : `+${values.phone.phoneCode || DefaultPhoneCode} ${values.phone.phone.trim()}`;
  return `${where}|${values.code}`;
}
