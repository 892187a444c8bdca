/**
 * Validation rules of spec section 5, free of any schema library so that the lightest pages can
 * use them. Each check answers `null` when the value passes, otherwise the key of its message in
 * the `validation` phrases. The zod schemas of this package are built on the same patterns.
 */
import { Limits } from './limits';

export const Patterns = {
  accountName: /^[A-Za-z]+$/,
  username: new RegExp(`^[A-Za-z][A-Za-z0-9_]{${Limits.usernameMin - 1},${Limits.usernameMax - 1}}$`),
  mainlandPhone: /^1[3-9]\d{9}$/,
  /** The {email} shape: something@something.tld, no spaces. */
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  code: new RegExp(`^\\d{${Limits.codeLength}}$`),
  /** Printable ASCII without spaces. */
  printableAscii: /^[\x21-\x7e]+$/,
} as const;

export type TValidationKey =
  | 'accountNameRequired'
  | 'accountNameLetters'
  | 'accountNameTooLong'
  | 'usernameRequired'
  | 'usernameFormat'
  | 'passwordRequired'
  | 'passwordTooLong'
  | 'phoneRequired'
  | 'phoneFormat'
  | 'emailRequired'
  | 'emailFormat'
  | 'codeRequired'
  | 'codeLength'
  | 'captchaRequired'
  | 'captchaTooLong';

export function checkAccountName(value: string): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'accountNameRequired';
  if (!Patterns.accountName.test(v)) return 'accountNameLetters';
  if (v.length > Limits.accountNameMax) return 'accountNameTooLong';
  return null;
}

/** The username rule of section 5; at sign-in only presence is required (see `checkLoginUsername`). */
export function checkUsername(value: string): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'usernameRequired';
  if (!Patterns.username.test(v)) return 'usernameFormat';
  return null;
}

/** Sign-in accepts any existing username, including ones created before the current rule. */
export function checkLoginUsername(value: string): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'usernameRequired';
  if (v.length > 64) return 'usernameFormat';
  return null;
}

export function checkLoginPassword(value: string): TValidationKey | null {
  if (value === '') return 'passwordRequired';
  if (value.length > Limits.loginPasswordMax) return 'passwordTooLong';
  return null;
}

export function isMainlandPhone(value: string): boolean {
  return Patterns.mainlandPhone.test(value);
}

/** Masks the middle of a phone number or the local part of an e-mail address. */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return phone.replace(/.(?=.)/g, '*');
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}***${email.slice(at)}`;
}

/** Phone number: required; the mainland format is checked only with the +86 prefix. */
export function checkPhone(value: string, phoneCode = '86'): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'phoneRequired';
  if (phoneCode.replace(/^\+/, '') === '86' ? !isMainlandPhone(v) : !/^\d{4,15}$/.test(v))
    return 'phoneFormat';
  return null;
}

/** E-mail address: trimmed, the {email} shape. */
export function checkEmail(value: string): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'emailRequired';
  if (!Patterns.email.test(v) || v.length > 254) return 'emailFormat';
  return null;
}

/** Verification code: exactly six characters. */
export function checkCode(value: string): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'codeRequired';
  if (v.length !== Limits.codeLength) return 'codeLength';
  return null;
}

/** Image captcha answer: required, at most ten characters. */
export function checkCaptcha(value: string): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'captchaRequired';
  if (v.length > Limits.captchaMax) return 'captchaTooLong';
  return null;
}

/** A phone number with its country code, as stored and as codes are addressed: `+86 13800000000`. */
export function fullPhone(phone: string, phoneCode = '86'): string {
  return `+${phoneCode.replace(/^\+/, '')} ${phone.trim()}`;
}

/** A password policy (spec section 3). Defaults: lower and upper case, 8, never expires. */
export type TPasswordRules = {
  requiredCharTypes: readonly ('DIGIT' | 'LOWERCASE' | 'UPPERCASE' | 'SPECIAL')[];
  minLength: number;
  expireDays: number;
};

export const DefaultPasswordPolicy: TPasswordRules = {
  requiredCharTypes: ['LOWERCASE', 'UPPERCASE'],
  minLength: 8,
  expireDays: 0,
};

const charTypeTests: Record<TPasswordRules['requiredCharTypes'][number], RegExp> = {
  DIGIT: /\d/,
  LOWERCASE: /[a-z]/,
  UPPERCASE: /[A-Z]/,
  SPECIAL: /[^A-Za-z0-9]/,
};

/**
 * Checks a new password against a policy (spec section 5): printable ASCII without spaces, every
 * required character class, length from the policy minimum to 32. Answers the response code of
 * the first rule broken (5062 characters, 5059 too short, 5060 too long, 5061 a class missing), or
 * null.
 */
export function checkPasswordPolicy(
  password: string,
  policy: TPasswordRules,
): 5059 | 5060 | 5061 | 5062 | null {
  if (!Patterns.printableAscii.test(password)) return 5062;
  if (password.length < policy.minLength) return 5059;
  if (password.length > Limits.passwordMax) return 5060;
  if (policy.requiredCharTypes.some((type) => !charTypeTests[type].test(password))) return 5061;
  return null;
}

/** The policy line of the account center, e.g. `8-32`, the classes, and `0` for permanent. */
export function policyLength(policy: Pick<TPasswordRules, 'minLength'>): string {
  return `${policy.minLength}-${Limits.passwordMax}`;
}
